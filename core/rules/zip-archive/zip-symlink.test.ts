import { describe, expect, it } from 'vitest';
import { brief, only } from '../../../test/rx/rule-helpers.ts';
import { craftZip } from '../../../test/rx/build-zip.ts';

describe('RXA006 zip-symlink', () => {
  it('accepts regular files with a Unix mode', () => {
    expect(
      only('RXA006', craftZip([{ name: 'a.txt', data: new Uint8Array(3), unixMode: 0o100644 }])),
    ).toEqual([]);
  });

  it('reports a symbolic link with its target', () => {
    const zip = craftZip([
      { name: 'zones.dbf', data: new TextEncoder().encode('../../secret'), method: 0, unixMode: 0o120777 },
    ]);
    const ds = only('RXA006', zip);
    expect(brief(ds)).toEqual([
      { messageId: 'symlink', severity: 'error', location: { entry: 'zones.dbf' } },
    ]);
    expect(ds[0]?.message).toBe(
      'Entry "zones.dbf" is a symbolic link to "../../secret"; links are not followed',
    );
  });
});
