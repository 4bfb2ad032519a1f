import { describe, expect, it } from 'vitest';
import { readShapefile } from '../../shapefile/read-shapefile.ts';
import { buildShapefile, square } from '../../../test/rx/build-shapefile.ts';

const files = buildShapefile({ records: [[square(0, 0, 1)], [square(1, 0, 1)]] });
const check = (shp: Uint8Array, shx = files.shx) =>
  readShapefile({ shp, shx }, { selection: { select: ['RXS006'] }, names: { shp: 'z.shp', shx: 'z.shx' } })
    .diagnostics;
const setDouble = (bytes: Uint8Array, at: number, v: number) => {
  const copy = bytes.slice();
  new DataView(copy.buffer).setFloat64(at, v, true);
  return copy;
};

describe('RXS006 bbox-mismatch', () => {
  it('accepts boxes that are the extent of the coordinates', () => {
    expect(check(files.shp)).toEqual([]);
  });

  it('reports a record box that misses points (error) and one that is only larger (warning)', () => {
    // Record 1 content starts at 108: type (4), then xmin, ymin, xmax, ymax.
    const misses = check(setDouble(files.shp, 108 + 4 + 16, 0.5)).filter((d) => d.messageId === 'record');
    expect(misses.map((d) => [d.severity, d.location, d.message])).toEqual([
      [
        'error',
        { entry: 'z.shp', record: 1 },
        'Record 1: its bounding box [0, 0, 0.5, 1] does not contain all its points ([0, 0, 1, 1])',
      ],
    ]);
    const loose = check(setDouble(files.shp, 108 + 4, -1)).filter((d) => d.messageId === 'recordLoose');
    expect(loose[0]).toMatchObject({ severity: 'warning', location: { entry: 'z.shp', record: 1 } });
  });

  it('reports header boxes of the .shp and the .shx', () => {
    const ds = check(setDouble(files.shp, 52, 1.5));
    expect(ds.map((d) => [d.messageId, d.severity, d.location])).toEqual([
      ['header', 'error', { entry: 'z.shp' }],
      ['headerLoose', 'warning', { entry: 'z.shx' }],
    ]);
    expect(ds[0]?.message).toBe(
      'The .shp header’s bounding box [0, 0, 1.5, 1] does not contain all records ([0, 0, 2, 1])',
    );
  });
});
