import { describe, expect, it } from 'vitest';
import { brief, only } from '../../../test/rx/rule-helpers.ts';
import { rxZip } from '../../../test/rx/build-zip.ts';
import { square } from '../../../test/rx/build-shapefile.ts';

describe('RXS003 shape-type-z-m', () => {
  it('accepts plain Polygon', () => {
    expect(only('RXS003', rxZip({ shapefile: { records: [[square(0, 0, 0.01)]] } }))).toEqual([]);
  });

  it('flags PolygonZ and PolygonM', () => {
    const z = only('RXS003', rxZip({ shapefile: { shapeType: 15, records: [[square(0, 0, 0.01)]] } }));
    expect(brief(z)).toEqual([{ messageId: 'zm', severity: 'warning', location: { entry: 'zones.shp' } }]);
    expect(z[0]?.message).toBe(
      'The shapefile is PolygonZ (15): it carries Z (and M) values a prescription does not use',
    );
    const m = only('RXS003', rxZip({ shapefile: { shapeType: 25, records: [[square(0, 0, 0.01)]] } }));
    expect(m[0]?.message).toBe(
      'The shapefile is PolygonM (25): it carries M values a prescription does not use',
    );
  });
});
