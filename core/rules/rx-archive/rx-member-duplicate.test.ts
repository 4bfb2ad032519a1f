import { describe, expect, it } from 'vitest';
import { brief, only } from '../../../test/rx/rule-helpers.ts';
import { rxZip } from '../../../test/rx/build-zip.ts';

describe('RXA013 rx-member-duplicate', () => {
  it('accepts one of each member', () => {
    expect(only('RXA013', rxZip())).toEqual([]);
  });

  it('reports two shapefiles in one ZIP', () => {
    const zip = rxZip({
      extra: [
        { name: 'south.shp', bytes: new Uint8Array(100) },
        { name: 'south.dbf', bytes: new Uint8Array(40) },
      ],
    });
    const ds = only('RXA013', zip);
    expect(brief(ds)).toEqual([
      { messageId: 'duplicate', severity: 'error', location: { entry: 'south.shp' } },
    ]);
    expect(ds[0]?.message).toBe(
      'The archive has 2 .shp files (zones.shp, south.shp); a prescription holds exactly one',
    );
  });
});
