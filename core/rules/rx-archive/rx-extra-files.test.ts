import { describe, expect, it } from 'vitest';
import { brief, only } from '../../../test/rx/rule-helpers.ts';
import { rxZip } from '../../../test/rx/build-zip.ts';

describe('RXA018 rx-extra-files', () => {
  it('lists nothing when the ZIP holds just the members (a .cpg included)', () => {
    expect(only('RXA018', rxZip({ cpg: 'UTF-8' }))).toEqual([]);
  });

  it('lists the other files, macOS resource forks included', () => {
    const ds = only(
      'RXA018',
      rxZip({
        extra: [
          { name: 'zones.shp.xml', bytes: new Uint8Array(3) },
          { name: '__MACOSX/._zones.shp', bytes: new Uint8Array(3) },
        ],
      }),
    );
    expect(brief(ds)).toEqual([{ messageId: 'extra', severity: 'info', location: {} }]);
    expect(ds[0]?.message).toBe(
      'The archive also holds 2 file(s) the prescription does not use: zones.shp.xml, __MACOSX/._zones.shp',
    );
  });
});
