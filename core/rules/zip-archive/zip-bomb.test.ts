import { describe, expect, it } from 'vitest';
import { brief, only } from '../../../test/rx/rule-helpers.ts';
import { craftZip, rxZip, zeroBomb } from '../../../test/rx/build-zip.ts';

describe('RXA004 zip-bomb', () => {
  it('accepts real shapefile members, which compress far less', () => {
    expect(only('RXA004', rxZip())).toEqual([]);
  });

  it('reports an entry compressed over the ratio limit, from its header', () => {
    const zip = craftZip([{ name: 'a.dbf', raw: zeroBomb(8), uncompressedSize: 8 * 1024 * 1024 }]);
    const ds = only('RXA004', zip);
    expect(brief(ds)).toEqual([{ messageId: 'ratio', severity: 'error', location: { entry: 'a.dbf' } }]);
  });

  it('stops an entry that unpacks beyond its declared size at that size', () => {
    const zip = craftZip([
      { name: 'zones.shp', raw: zeroBomb(16), uncompressedSize: 100 },
      { name: 'zones.shx', data: new Uint8Array(100) },
      { name: 'zones.dbf', data: new Uint8Array(100) },
    ]);
    const ds = only('RXA004', zip);
    expect(brief(ds)).toEqual([
      { messageId: 'overrun', severity: 'error', location: { entry: 'zones.shp' } },
    ]);
    expect(ds[0]?.message).toBe(
      'Entry "zones.shp" unpacks to more than the 100 bytes its header declares; unpacking was stopped at 100 bytes',
    );
  });
});
