import { describe, expect, it } from 'vitest';
import { brief, only } from '../../../test/rx/rule-helpers.ts';
import { rxZip } from '../../../test/rx/build-zip.ts';
import { square } from '../../../test/rx/build-shapefile.ts';

describe('RXS002 shape-type-not-polygon', () => {
  it('accepts polygons', () => {
    expect(only('RXS002', rxZip({ shapefile: { records: [[square(0, 0, 0.01)]] } }))).toEqual([]);
  });

  it('reports points and lines', () => {
    const points = only('RXS002', rxZip({ shapefile: { shapeType: 1, records: [[1, 2]] } }));
    expect(brief(points)).toEqual([
      { messageId: 'notPolygon', severity: 'error', location: { entry: 'zones.shp' } },
    ]);
    expect(points[0]?.message).toBe(
      'The shapefile holds Point (1) geometry; a prescription needs Polygon zones',
    );
    const lines = only('RXS002', rxZip({ shapefile: { shapeType: 3, records: [[[0, 0, 1, 1]]] } }));
    expect(lines[0]?.message).toBe(
      'The shapefile holds PolyLine (3) geometry; a prescription needs Polygon zones',
    );
  });
});
