import { describe, expect, it } from 'vitest';
import { buildShapefile, square, type TestField } from '../../test/rx/build-shapefile.ts';
import { rxZip } from '../../test/rx/build-zip.ts';
import { brief, only } from '../../test/rx/rule-helpers.ts';
import type { ReportDescriptor, Rule } from '../rules/rule.ts';
import {
  coordinatesNotDegrees,
  extentImplausible,
  nullShape,
  rateColumn,
  rateColumnMissing,
  rateEmpty,
  rateInvalid,
  shapeTypeNotPolygon,
  shapeTypeZM,
  zoneCount,
  zoneRulesInReportOrder,
  zonesOverlap,
} from './zone-rules.ts';
import type { RateValue, ZoneStage } from './zone-stages.ts';
import type { ShapeFamily } from '../shapefile/shape-types.ts';

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

describe('RXS009 null-shape', () => {
  it('accepts zones that all have geometry', () => {
    expect(only('RXS009', rxZip({ shapefile: { records: [[square(0, 0, 0.01)]] } }))).toEqual([]);
  });

  it('reports Null records and polygons without parts, by record', () => {
    const zip = rxZip({ shapefile: { records: [[square(0, 0, 0.01)], null, []] } });
    const ds = only('RXS009', zip);
    expect(brief(ds)).toEqual([
      { messageId: 'empty', severity: 'error', location: { entry: 'zones.shp', record: 2, row: 2 } },
      { messageId: 'empty', severity: 'error', location: { entry: 'zones.shp', record: 3, row: 3 } },
    ]);
    expect(ds[0]?.message).toBe('Record 2 has no geometry (Null shape or no points)');
  });
});

describe('RXZ001 zone-count', () => {
  const grid = (n: number) =>
    Array.from({ length: n }, (_, i) => [
      square(10 + (i % 10) * 0.001, 50 + Math.floor(i / 10) * 0.001, 0.001),
    ]);

  it('accepts 100 zones', () => {
    expect(only('RXZ001', rxZip({ shapefile: { records: grid(100) } }))).toEqual([]);
  });

  it('reports 101 zones and an empty prescription', () => {
    const many = only('RXZ001', rxZip({ shapefile: { records: grid(101) } }));
    expect(brief(many)).toEqual([
      { messageId: 'tooMany', severity: 'error', location: { entry: 'zones.shp' } },
    ]);
    expect(many[0]?.message).toBe('The prescription has 101 zones; the service accepts at most 100');
    expect(brief(only('RXZ001', rxZip({ shapefile: { records: [] } })))).toEqual([
      { messageId: 'none', severity: 'error', location: { entry: 'zones.shp' } },
    ]);
  });
});

describe('RXZ002 rate-column', () => {
  const zone = [[square(10, 50, 0.001)]];
  const zip = (fields: TestField[], row: (string | number)[]) =>
    rxZip({ shapefile: { records: zone, fields, rows: [row] } });

  it('says which column was found by name (any case), and names other candidates', () => {
    const ds = only(
      'RXZ002',
      zip(
        [
          { name: 'id', type: 'N', length: 5 },
          { name: 'Target', type: 'N', length: 5 },
          { name: 'rx', type: 'N', length: 5 },
        ],
        [1, 20, 30],
      ),
    );
    expect(brief(ds)).toEqual([
      { messageId: 'byName', severity: 'info', location: { entry: 'zones.dbf', field: 'rx' } },
    ]);
    expect(ds[0]?.message).toBe(
      'Rates are read from the column "rx", found by its name; other candidates: "Target"',
    );
  });

  it('uses settings.rateColumn, and the only numeric column otherwise', () => {
    const fields: TestField[] = [
      { name: 'FID', type: 'N', length: 5 },
      { name: 'SEED_KG', type: 'N', length: 8, decimals: 1 },
    ];
    expect(only('RXZ002', zip(fields, [1, 20]), { settings: { rateColumn: 'seed_kg' } })[0]?.message).toBe(
      'Rates are read from the column "SEED_KG" (set by settings.rateColumn)',
    );
    expect(only('RXZ002', zip(fields, [1, 20]))[0]?.message).toBe(
      'Rates are read from the column "SEED_KG", the only numeric column; other candidates: "FID"',
    );
  });

  it('warns when the rate column is text', () => {
    const ds = only('RXZ002', zip([{ name: 'RATE', type: 'C', length: 8 }], ['120']));
    expect(brief(ds)).toEqual([
      { messageId: 'byName', severity: 'info', location: { entry: 'zones.dbf', field: 'RATE' } },
      { messageId: 'text', severity: 'warning', location: { entry: 'zones.dbf', field: 'RATE' } },
    ]);
  });

  it('says nothing without a .dbf (reported as a missing member)', () => {
    expect(only('RXZ002', rxZip({ omit: ['dbf'] }))).toEqual([]);
  });
});

describe('RXZ003 rate-column-missing', () => {
  const zip = (fields: TestField[], row: (string | number)[]) =>
    rxZip({ shapefile: { records: [[square(10, 50, 0.001)]], fields, rows: [row] } });

  it('accepts a DBF with a rate column', () => {
    expect(only('RXZ003', zip([{ name: 'DOSE', type: 'N', length: 5 }], [3]))).toEqual([]);
  });

  it('reports a configured column that does not exist', () => {
    const ds = only('RXZ003', zip([{ name: 'DOSE', type: 'N', length: 5 }], [3]), {
      settings: { rateColumn: 'kg_ha' },
    });
    expect(brief(ds)).toEqual([
      { messageId: 'setting', severity: 'error', location: { entry: 'zones.dbf' } },
    ]);
    expect(ds[0]?.message).toBe(
      'settings.rateColumn names "kg_ha", but the .dbf has no such column (it has "DOSE")',
    );
  });

  it('reports several numeric columns (ambiguous) and none at all', () => {
    const ambiguous = only(
      'RXZ003',
      zip(
        [
          { name: 'N_KG', type: 'N', length: 5 },
          { name: 'P_KG', type: 'N', length: 5 },
        ],
        [1, 2],
      ),
    );
    expect(ambiguous[0]?.message).toBe(
      'No rate column: no column is named like a rate, and there are 2 numeric columns ("N_KG", "P_KG")',
    );
    expect(brief(only('RXZ003', zip([{ name: 'NAME', type: 'C', length: 5 }], ['a'])))).toEqual([
      { messageId: 'none', severity: 'error', location: { entry: 'zones.dbf' } },
    ]);
  });
});

describe('RXZ004 rate-invalid', () => {
  const records = [[square(10, 50, 0.001)], [square(10.001, 50, 0.001)], [square(10.002, 50, 0.001)]];
  const zip = (fields: TestField[], rows: (string | number)[][]) =>
    rxZip({ shapefile: { records, fields, rows } });

  it('accepts non-negative rates, zero included', () => {
    expect(
      only('RXZ004', zip([{ name: 'RATE', type: 'N', length: 8, decimals: 2 }], [[0], [12.5], [300]])),
    ).toEqual([]);
  });

  it('reports negative rates (a no-data marker gets its own hint) and text that is not a number', () => {
    const negative = only(
      'RXZ004',
      zip([{ name: 'RATE', type: 'N', length: 8, decimals: 0 }], [[-9999], [5], [-1]]),
    );
    expect(brief(negative)).toEqual([
      {
        messageId: 'negative',
        severity: 'error',
        location: { entry: 'zones.dbf', record: 1, row: 1, field: 'RATE' },
      },
      {
        messageId: 'negative',
        severity: 'error',
        location: { entry: 'zones.dbf', record: 3, row: 3, field: 'RATE' },
      },
    ]);
    expect(negative[0]?.message).toBe('Zone 1: the rate -9999 is negative');
    expect(negative[0]?.hint).toMatch(/no-data marker/);
    const text = only('RXZ004', zip([{ name: 'RATE', type: 'C', length: 8 }], [['12'], ['high'], ['3.5']]));
    expect(text.map((d) => d.message)).toEqual(['Zone 2: the rate "high" is not a number']);
  });

  it('reports rates that are not finite (binary double fields)', () => {
    const files = buildShapefile({
      records: records.slice(0, 1),
      fields: [{ name: 'RATE', type: 'C', length: 8 }],
      rows: [['']],
    });
    const dbf = files.dbf.slice();
    const view = new DataView(dbf.buffer);
    dbf[32 + 11] = 'B'.charCodeAt(0); // the field becomes a FoxPro double
    view.setFloat64(view.getUint16(8, true) + 1, Number.NaN, true);
    const ds = only('RXZ004', rxZip({ files: { ...files, dbf } }));
    expect(ds.map((d) => [d.messageId, d.message])).toEqual([
      ['notFinite', 'Zone 1: the rate is NaN, not a finite number'],
    ]);
  });
});

describe('RXZ005 rate-empty', () => {
  const grid = (n: number) =>
    Array.from({ length: n }, (_, i) => [
      square(10 + (i % 10) * 0.001, 50 + Math.floor(i / 10) * 0.001, 0.001),
    ]);
  const fields = [{ name: 'RATE', type: 'N', length: 8, decimals: 1 }] as const;

  it('accepts zones that all have a rate', () => {
    expect(
      only('RXZ005', rxZip({ shapefile: { records: grid(2), fields: [...fields], rows: [[1], [0]] } })),
    ).toEqual([]);
  });

  it('reports zones with an empty rate, by record', () => {
    const ds = only(
      'RXZ005',
      rxZip({ shapefile: { records: grid(3), fields: [...fields], rows: [[1], [null], [2]] } }),
    );
    expect(brief(ds)).toEqual([
      {
        messageId: 'empty',
        severity: 'error',
        location: { entry: 'zones.dbf', record: 2, row: 2, field: 'RATE' },
      },
    ]);
    expect(ds[0]?.message).toBe('Zone 2 has no rate (the RATE value is empty)');
  });

  it('reports the first 50 and sums up the rest', () => {
    const ds = only(
      'RXZ005',
      rxZip({ shapefile: { records: grid(80), fields: [...fields], rows: grid(80).map(() => [null]) } }),
    );
    expect(ds).toHaveLength(51);
    expect(ds[50]).toMatchObject({
      messageId: 'more',
      message: '30 more zones have no rate',
      location: { entry: 'zones.dbf' },
    });
  });
});

describe('RXZ006 zones-overlap', () => {
  it('accepts zones that share edges and corners, also with floating-point noise', () => {
    const noise = 1e-13;
    const records = [
      [square(10, 50, 0.001)],
      [square(10.001 + noise, 50, 0.001)],
      [square(10.001, 50.001 - noise, 0.001)],
    ];
    expect(only('RXZ006', rxZip({ shapefile: { records } }))).toEqual([]);
  });

  it('reports overlapping zones with a point inside both, and identical zones', () => {
    const records = [
      [square(10, 50, 0.001)],
      [square(10.0005, 50.0005, 0.001)],
      [square(20, 50, 0.001)],
      [square(20, 50, 0.001)],
    ];
    const ds = only('RXZ006', rxZip({ shapefile: { records } }));
    expect(brief(ds).map((d) => [d.messageId, d.severity, d.location.record])).toEqual([
      ['overlap', 'warning', 1],
      ['overlap', 'warning', 3],
    ]);
    expect(ds[0]?.message).toMatch(/^Zones 1 and 2 overlap near 50\.\d+, 10\.\d+ \(lat, lon\)$/);
    expect(ds[0]?.related?.[0]?.location).toEqual({ entry: 'zones.shp', record: 2 });
    expect(ds[1]?.message).toMatch(/^Zones 3 and 4 overlap/);
  });

  it('lists at most five overlaps of a zone with zones of lower records, then says there are more', () => {
    // Eight records of one zone: each overlaps every lower one.
    const records = Array.from({ length: 8 }, () => [square(10, 50, 0.001)]);
    const ds = only('RXZ006', rxZip({ shapefile: { records } }));
    const pairsOf = (zone: number) =>
      ds.filter((d) => d.messageId === 'overlap' && d.related?.[0]?.location.record === zone).length;
    expect(Array.from({ length: 8 }, (_, i) => pairsOf(i + 1))).toEqual([0, 1, 2, 3, 4, 5, 5, 5]);
    const crowded = ds.filter((d) => d.messageId === 'crowded');
    expect(crowded.map((d) => d.location.record)).toEqual([6, 7, 8]);
    expect(crowded[0]?.message).toBe('Zone 6 overlaps 5 or more zones of lower records: only 5 are listed');
  });
});

describe('RXZ007 extent-implausible', () => {
  it('accepts zones of one field', () => {
    const records = [[square(10, 50, 0.005)], [square(10.005, 50, 0.005)], [square(10.012, 50, 0.005)]];
    expect(only('RXZ007', rxZip({ shapefile: { records } }))).toEqual([]);
  });

  it('warns about groups of zones kilometres apart', () => {
    const records = [[square(10, 50, 0.005)], [square(10.005, 50, 0.005)], [square(10.2, 50, 0.005)]];
    const ds = only('RXZ007', rxZip({ shapefile: { records } }));
    expect(brief(ds)).toEqual([
      { messageId: 'apart', severity: 'warning', location: { entry: 'zones.shp' } },
    ]);
    expect(ds[0]?.message).toBe(
      'The zones form 2 separate groups up to 13.6 km apart; a prescription covers one field',
    );
  });

  it('warns about one connected group larger than a field', () => {
    const records = Array.from({ length: 20 }, (_, i) => [square(10 + i * 0.01, 50, 0.01)]);
    const ds = only('RXZ007', rxZip({ shapefile: { records } }));
    expect(ds.map((d) => d.message)).toEqual(['The zones span 14.3 × 1.1 km, larger than one field']);
  });
});

describe('RXZ008 coordinates-not-degrees', () => {
  it('accepts longitude/latitude', () => {
    expect(only('RXZ008', rxZip({ shapefile: { records: [[square(-96, 41, 0.01)]] } }))).toEqual([]);
  });

  it('reports metres without a .prj, and metres under a WGS 84 .prj', () => {
    const records = [[square(372771, 6134140, 100)]];
    const bare = only('RXZ008', rxZip({ shapefile: { records }, prj: null }));
    expect(brief(bare)).toEqual([
      { messageId: 'outOfRange', severity: 'error', location: { entry: 'zones.shp' } },
    ]);
    expect(bare[0]?.message).toBe(
      'The coordinates reach 372871, 6134240: outside longitude −180…180 / latitude −90…90, so they are not WGS 84 degrees (there is no .prj)',
    );
    const lying = only('RXZ008', rxZip({ shapefile: { records } }));
    expect(lying[0]?.message).toMatch(/, although the \.prj says WGS 84$/);
  });
});

describe("the rules of the zones as visitors over the zone checks' stage results", () => {
  const visit = (rule: Rule<ZoneStage>, stage: ZoneStage): ReportDescriptor[] => {
    const reports: ReportDescriptor[] = [];
    rule.check?.(stage, { report: (d) => reports.push(d) });
    return reports;
  };
  const ids = (rules: Rule<ZoneStage>[], stage: ZoneStage): string[] =>
    rules.flatMap((rule) => visit(rule, stage).map((d) => d.messageId));

  it("RXS002 and RXS003 decide from the header's shape type alone: polygons pass, Z and M are noted", () => {
    const header = (type: number, name: string, family: ShapeFamily | undefined, z = false): ZoneStage => ({
      stage: 'shapeType',
      shp: 'zones.shp',
      type,
      name,
      family,
      z,
    });
    const both = [shapeTypeNotPolygon, shapeTypeZM];
    expect(ids(both, header(5, 'Polygon', 'polygon'))).toEqual([]);
    expect(visit(shapeTypeZM, header(15, 'PolygonZ', 'polygon', true))).toMatchObject([
      {
        messageId: 'zm',
        data: { type: 'PolygonZ (15)', what: 'Z (and M)' },
        location: { entry: 'zones.shp' },
      },
    ]);
    expect(visit(shapeTypeZM, header(25, 'PolygonM', 'polygon'))).toMatchObject([{ data: { what: 'M' } }]);
    // Points are told what they are; a type the specification does not define is only not polygons.
    const points = visit(shapeTypeNotPolygon, header(8, 'MultiPoint', 'multipoint'));
    expect(points).toMatchObject([{ messageId: 'notPolygon', data: { type: 'MultiPoint (8)' } }]);
    expect(points[0]?.hint).toMatch(/^Points are sample or log locations/);
    const unknown = visit(shapeTypeNotPolygon, header(7, 'unknown (7)', undefined));
    expect(unknown[0]?.hint).toBe('Export the zone polygons that carry the rates (shape type Polygon).');
    expect(ids(both, header(13, 'PolyLineZ', 'polyline', true))).toEqual(['notPolygon']);
  });

  it('RXZ007 decides from the extent alone: groups apart first, then the span', () => {
    const extent = {
      stage: 'extent',
      shp: 'zones.shp',
      groups: 1,
      farthestKm: 0,
      widthKm: 9.9,
      heightKm: 3,
    } as const;
    expect(visit(extentImplausible, extent)).toEqual([]);
    expect(ids([extentImplausible], { ...extent, heightKm: 10.5 })).toEqual(['large']);
    expect(visit(extentImplausible, { ...extent, groups: 3, farthestKm: 15.04, widthKm: 40 })).toMatchObject([
      { messageId: 'apart', data: { groups: 3, distance: '15.0' }, location: { entry: 'zones.shp' } },
    ]);
    expect(visit(extentImplausible, { stage: 'zones', shp: 'zones.shp', count: 500, limit: 100 })).toEqual(
      [],
    );
  });

  it('RXZ004 and RXZ005 share a rate between them: empty where the .dbf has the row, or not a usable number', () => {
    const rate = (value: RateValue, hasRow = true): ZoneStage => ({
      stage: 'rate',
      dbf: 'zones.dbf',
      record: 3,
      column: 'RATE',
      value,
      hasRow,
    });
    const both = [rateEmpty, rateInvalid];
    expect(ids(both, rate({ kind: 'empty' }))).toEqual(['empty']);
    expect(ids(both, rate({ kind: 'empty' }, false))).toEqual([]);
    expect(ids(both, rate({ kind: 'number', value: 0 }))).toEqual([]);
    expect(ids(both, rate({ kind: 'number', value: -9999 }))).toEqual(['negative']);
    expect(ids(both, rate({ kind: 'number', value: Infinity }))).toEqual(['notFinite']);
    expect(ids(both, rate({ kind: 'text', text: 'n/a' }))).toEqual(['notNumber']);
  });

  it('each reports what its stage result shows, and no other rule does', () => {
    const field = { name: 'RATE', type: 'C', length: 8, decimals: 0, offset: 0 };
    const shp = 'zones.shp';
    const cases: [Rule<ZoneStage>, ZoneStage, string[]][] = [
      [
        shapeTypeNotPolygon,
        { stage: 'shapeType', shp, type: 1, name: 'Point', family: 'point', z: false },
        ['notPolygon'],
      ],
      [
        shapeTypeZM,
        { stage: 'shapeType', shp, type: 25, name: 'PolygonM', family: 'polygon', z: false },
        ['zm'],
      ],
      [nullShape, { stage: 'record', shp, record: 2, polygons: 0 }, ['empty']],
      [zoneCount, { stage: 'zones', shp, count: 0, limit: 100 }, ['none']],
      [
        rateColumn,
        {
          stage: 'rateColumn',
          dbf: 'zones.dbf',
          choice: { ok: true, field, index: 0, reason: 'byName', others: [] },
          setting: undefined,
          columns: ['RATE'],
        },
        ['byName', 'text'],
      ],
      [
        rateColumnMissing,
        {
          stage: 'rateColumn',
          dbf: 'zones.dbf',
          choice: { ok: false, reason: 'ambiguous', candidates: ['A', 'B'] },
          setting: undefined,
          columns: ['A', 'B'],
        },
        ['ambiguous'],
      ],
      [
        rateInvalid,
        {
          stage: 'rate',
          dbf: 'zones.dbf',
          record: 1,
          column: 'RATE',
          value: { kind: 'number', value: -1 },
          hasRow: true,
        },
        ['negative'],
      ],
      [
        rateEmpty,
        {
          stage: 'rate',
          dbf: 'zones.dbf',
          record: 1,
          column: 'RATE',
          value: { kind: 'empty' },
          hasRow: true,
        },
        ['empty'],
      ],
      [zonesOverlap, { stage: 'overlap', shp, record: 1, other: 2, point: undefined }, ['overlap']],
      [zonesOverlap, { stage: 'overlapCrowded', shp, record: 7, limit: 5 }, ['crowded']],
      [
        extentImplausible,
        { stage: 'extent', shp, groups: 2, farthestKm: 3, widthKm: 5, heightKm: 5 },
        ['apart'],
      ],
      [
        coordinatesNotDegrees,
        { stage: 'notDegrees', shp, crs: 'missing', farthest: [372771, 6134140] },
        ['outOfRange'],
      ],
    ];
    expect(new Set(cases.map(([rule]) => rule))).toEqual(new Set(zoneRulesInReportOrder));
    for (const [rule, stage, expected] of cases) {
      const found = zoneRulesInReportOrder.flatMap((other) =>
        visit(other, stage).map((d) => `${other.meta.code}:${d.messageId}`),
      );
      expect(found, rule.meta.code).toEqual(expected.map((id) => `${rule.meta.code}:${id}`));
    }
  });
});
