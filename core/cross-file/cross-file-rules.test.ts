import { describe, expect, it } from 'vitest';
import {
  BATCH_FIELD_LIMIT,
  emptyBatchGeometry,
  keepField,
  type BatchField,
  type BatchGeometry,
  type BatchSample,
  type BatchZone,
} from '../input/batch-geometry.ts';
import type { PolygonRings } from '../planar/geometry.ts';
import { acrossFilesApply, checkAcrossFiles, type FileGeometry } from './check-across-files.ts';

/** A rectangle in Iowa: west edge `x`, south edge `y`, `w` by `h` degrees (0.01° is about 830 × 1,110 m). */
function rect(x: number, y: number, w: number, h = w): PolygonRings {
  return [[Float64Array.from([x, y, x + w, y, x + w, y + h, x, y + h, x, y])]];
}

function field(feature: number, polygons: PolygonRings, name?: string): BatchField {
  return {
    feature,
    label: `Row ${feature + 1}`,
    ...(name !== undefined ? { name } : {}),
    polygons,
    location: { row: feature + 1, field: 'boundary', feature },
  };
}

function zone(feature: number, polygons: PolygonRings, rate?: number): BatchZone {
  return {
    feature,
    record: feature + 1,
    ...(rate !== undefined ? { rate } : {}),
    polygons,
    location: { entry: 'rx.shp', record: feature + 1, feature },
  };
}

function sample(feature: number, point: [number, number], fieldName?: string): BatchSample {
  return {
    feature,
    sample: String(feature + 1),
    point,
    ...(fieldName !== undefined ? { field: fieldName } : {}),
    location: { path: ['ModusResult', 'Events', 'Event', 0], feature, point },
  };
}

function file(name: string, kind: string, parts: Partial<BatchGeometry>): FileGeometry {
  return {
    file: name,
    kind,
    geometry: { fields: [], zones: [], samples: [], points: [], vertices: 0, ...parts },
  };
}

const NORTH = rect(-93.5, 42.0, 0.01);
const EAST = rect(-93.49, 42.0, 0.01);
const fields = file('fields.csv', 'csv-fields', {
  fields: [field(0, NORTH, 'North 40'), field(1, EAST, 'East 40')],
});

describe('XF001 rx-outside-fields', () => {
  it('reports a prescription on no field, naming the nearest and how far it is', () => {
    const rx = file('rx.zip', 'rx-zip', {
      zones: [zone(0, rect(-93.46, 42.0, 0.005), 12), zone(1, rect(-93.455, 42.0, 0.006), 15.7)],
    });
    const found = checkAcrossFiles([fields, rx]);
    expect(found.map((d) => [d.code, d.severity, d.location.file, d.location.feature])).toEqual([
      ['XF001', 'warning', 'rx.zip', 1],
    ]);
    // 0.02° of longitude at 42° N from the east field's edge: 1.7 km.
    expect(found[0]?.message).toBe(
      'The prescription’s 2 zones lie on no field boundary of the batch; the nearest field is "East 40" (fields.csv, row 2), 1.7 km away',
    );
    expect(found[0]?.related).toEqual([
      {
        message: 'the nearest field',
        location: { row: 2, field: 'boundary', feature: 1, file: 'fields.csv' },
      },
    ]);
    expect(found[0]?.hint).toContain('.prj');
  });

  it('says "zone lies" for one zone, and nothing when the rule is not selected', () => {
    const rx = file('rx.zip', 'rx-zip', { zones: [zone(0, rect(-93.46, 42.0, 0.005))] });
    expect(checkAcrossFiles([fields, rx])[0]?.message).toContain(
      'The prescription’s 1 zone lies on no field',
    );
    expect(checkAcrossFiles([fields, rx], { selection: { ignore: ['XF001'] } })).toEqual([]);
  });
});

describe('XF002 rx-across-fields', () => {
  it('reports zones on two fields with each one’s share, at the zone most on the second', () => {
    const rx = file('rx.zip', 'rx-zip', {
      zones: [zone(0, rect(-93.498, 42.0, 0.004, 0.01), 10), zone(1, rect(-93.494, 42.0, 0.008, 0.01), 20)],
    });
    const found = checkAcrossFiles([fields, rx]);
    expect(found.map((d) => [d.code, d.location.feature])).toEqual([['XF002', 1]]);
    expect(found[0]?.message).toBe(
      'The prescription’s zones lie on 2 fields of the batch: "North 40" (fields.csv, row 1), 67 %; "East 40" (fields.csv, row 2), 33 %',
    );
    expect(found[0]?.related?.map((r) => [r.message, r.location.row])).toEqual([
      ['67 % of the zones', 1],
      ['33 % of the zones', 2],
    ]);
  });

  it('does not count a sliver on a neighbour (under 1 % of the zones)', () => {
    // 0.00005° of 0.01° over the edge: 0.5 % on the east field, and 0.5 % of the zone outside its field.
    const rx = file('rx.zip', 'rx-zip', { zones: [zone(0, rect(-93.49995, 42.0, 0.01, 0.01))] });
    expect(checkAcrossFiles([fields, rx])).toEqual([]);
  });
});

describe('XF003 rx-zone-beyond-field', () => {
  it('reports each zone more than 5 % outside its field, with the share and its acres', () => {
    const alone = file('fields.csv', 'csv-fields', { fields: [field(0, NORTH, 'North 40')] });
    const rx = file('rx.zip', 'rx-zip', {
      zones: [zone(0, rect(-93.5, 42.0, 0.005, 0.01), 12), zone(1, rect(-93.4925, 42.0, 0.005, 0.01))],
    });
    const found = checkAcrossFiles([alone, rx]);
    expect(found.map((d) => [d.code, d.location.record])).toEqual([['XF003', 2]]);
    expect(found[0]?.message).toMatch(
      /^Zone 2 \(no rate\) extends beyond field "North 40" \(fields\.csv, row 1\): 50 % of its 1\d\d acres lie outside it \(more than 5 %\)$/,
    );
    // The limit is a setting.
    expect(checkAcrossFiles([alone, rx], { rxOutsideShare: 0.6 })).toEqual([]);
    const rated = file('rx.zip', 'rx-zip', { zones: [zone(0, rect(-93.4925, 42.0, 0.005, 0.01), 15.7)] });
    expect(checkAcrossFiles([alone, rated])[0]?.message).toContain('Zone 1 (rate 15.7) extends beyond');
  });

  it('says nothing of zones within their field, nor of edges drawn on the boundary', () => {
    const rx = file('rx.zip', 'rx-zip', {
      zones: [zone(0, rect(-93.5, 42.0, 0.005, 0.01), 12), zone(1, rect(-93.495, 42.0, 0.005, 0.01), 14)],
    });
    expect(checkAcrossFiles([fields, rx])).toEqual([]);
  });
});

describe('XF004 sample-outside-fields', () => {
  it('reports a sample in no field with the nearest field and its distance', () => {
    const soil = file('soil.xml', 'modus-result', { samples: [sample(0, [-93.47, 42.005])] });
    const found = checkAcrossFiles([fields, soil]);
    expect(found.map((d) => [d.code, d.messageId, d.location.file])).toEqual([
      ['XF004', 'outside', 'soil.xml'],
    ]);
    expect(found[0]?.message).toBe(
      'Sample 1 at 93.47000 W 42.00500 N lies in no field of the batch; the nearest field is "East 40" (fields.csv, row 2), 830 m away',
    );
  });

  it('names the field its file names when that field is in the batch', () => {
    const soil = file('soil.xml', 'modus-result', {
      samples: [sample(0, [-93.5, 42.0155], 'north  40'), sample(1, [-93.495, 42.005], 'North 40')],
    });
    const found = checkAcrossFiles([fields, soil]);
    expect(found.map((d) => [d.code, d.messageId, d.location.feature])).toEqual([
      ['XF004', 'outsideNamed', 0],
    ]);
    expect(found[0]?.message).toBe(
      'Sample 1 at 93.50000 W 42.01550 N lies outside "North 40" (fields.csv, row 1), the field its file names, 610 m from it, and in no other field of the batch',
    );
  });
});

describe('XF005 sample-in-other-field', () => {
  it('reports a sample in another field than the one its file names', () => {
    const soil = file('soil.xml', 'modus-result', {
      samples: [sample(0, [-93.485, 42.005], 'North 40'), sample(1, [-93.485, 42.005], 'Somewhere else')],
    });
    const found = checkAcrossFiles([fields, soil]);
    // The second names a field the batch does not have: it lies in a field, so nothing to say.
    expect(found.map((d) => [d.code, d.severity, d.location.feature])).toEqual([['XF005', 'error', 0]]);
    expect(found[0]?.message).toBe(
      'Sample 1 at 93.48500 W 42.00500 N lies in "East 40" (fields.csv, row 2), not in "North 40" (fields.csv, row 1), the field its file names',
    );
    expect(found[0]?.related?.map((r) => r.message)).toEqual([
      'the field it lies in',
      'the field the file names',
    ]);
  });
});

describe('XF006 same-ground-in-two-files', () => {
  it('reports the same field under another name in a later file, with both places', () => {
    const more = file('more.geojson', 'geojson', {
      fields: [field(0, rect(-93.48, 42.0, 0.01)), field(1, NORTH, 'Home 40')],
    });
    const found = checkAcrossFiles([fields, more]);
    expect(found.map((d) => [d.code, d.messageId, d.severity, d.location.file, d.location.feature])).toEqual([
      ['XF006', 'same', 'error', 'more.geojson', 1],
    ]);
    expect(found[0]?.message).toBe(
      'Field "Home 40" (more.geojson, row 2) covers the same ground as "North 40" (fields.csv, row 1): 100 % of each lies in the other',
    );
    expect(found[0]?.related?.[0]?.location).toEqual({
      row: 1,
      field: 'boundary',
      feature: 0,
      file: 'fields.csv',
    });
  });

  it('warns of a field lying within a larger one of another file, and says nothing of neighbours', () => {
    const more = file('more.wkt', 'wkt', {
      fields: [field(0, rect(-93.498, 42.002, 0.004)), field(1, rect(-93.48, 42.0, 0.01))],
    });
    const found = checkAcrossFiles([fields, more]);
    expect(found.map((d) => [d.code, d.messageId, d.severity])).toEqual([['XF006', 'inside', 'warning']]);
    expect(found[0]?.message).toBe(
      'Field row 1 of more.wkt lies within "North 40" (fields.csv, row 1): 100 % of it is in the other, which is larger',
    );
  });
});

describe('the checks across files', () => {
  it('apply to boundaries with prescriptions or samples, or boundaries in two files', () => {
    const rx = file('rx.zip', 'rx-zip', { zones: [zone(0, NORTH)] });
    const soil = file('soil.xml', 'modus-result', { samples: [sample(0, [-93.495, 42.005])] });
    const empty = file('request.json', 'enrollment-request', {});
    expect(acrossFilesApply([fields, rx])).toBe(true);
    expect(acrossFilesApply([fields, soil])).toBe(true);
    expect(acrossFilesApply([fields, fields])).toBe(true);
    expect(acrossFilesApply([fields])).toBe(false);
    expect(acrossFilesApply([fields, empty])).toBe(false);
    expect(acrossFilesApply([rx, soil])).toBe(false);
    expect(checkAcrossFiles([rx, soil])).toEqual([]);
  });
});

describe('XF007 points-outside-fields', () => {
  it('counts the points of shared data outside every field, with the first and its nearest field', () => {
    const point = (feature: number, p: [number, number]) => ({
      feature,
      point: p,
      location: { entry: 'points.csv', row: feature + 1, feature, point: p },
    });
    const shared = file('harvest.zip', 'agronomic-data', {
      points: [point(0, [-93.495, 42.005]), point(1, [-93.47, 42.005]), point(2, [-93.46, 42.005])],
    });
    const found = checkAcrossFiles([fields, shared]);
    expect(found.map((d) => [d.code, d.severity, d.location.file, d.location.row])).toEqual([
      ['XF007', 'info', 'harvest.zip', 2],
    ]);
    expect(found[0]?.message).toBe(
      'Of its 3 points, 2 lie outside every field of the batch; the first, at 93.47000 W 42.00500 N, is 830 m from "East 40" (fields.csv, row 2)',
    );
    const one = file('harvest.zip', 'agronomic-data', { points: [point(0, [-93.47, 42.005])] });
    expect(checkAcrossFiles([fields, one])[0]?.message).toMatch(
      /^Of its 1 point, 1 lies outside every field/,
    );
    const inside = file('harvest.zip', 'agronomic-data', { points: [point(0, [-93.495, 42.005])] });
    expect(checkAcrossFiles([fields, inside])).toEqual([]);
    expect(acrossFilesApply([fields, inside])).toBe(true);
  });
});

describe('XF008 batch-geometry-limited', () => {
  it('says how many fields of a file were not compared, past the limit of what is kept', () => {
    const big = file('big.csv', 'csv-fields', { fields: [field(0, NORTH, 'North 40')], dropped: 2 });
    const rx = file('rx.zip', 'rx-zip', { zones: [zone(0, rect(-93.5, 42.0, 0.005))] });
    const found = checkAcrossFiles([big, rx]);
    expect(found.map((d) => [d.code, d.severity, d.location.file])).toEqual([['XF008', 'info', 'big.csv']]);
    expect(found[0]?.message).toBe(
      'The checks across files compared the first 1 field of this file only; 2 more were not compared',
    );
    const one = file('big.csv', 'csv-fields', { fields: [field(0, NORTH, 'North 40')], dropped: 1 });
    expect(checkAcrossFiles([one, rx])[0]?.message).toMatch(/; 1 more was not compared$/);
  });

  it('is where a file’s kind stops keeping fields', () => {
    const into = emptyBatchGeometry();
    const many = field(0, NORTH);
    for (let i = 0; i < BATCH_FIELD_LIMIT + 3; i++) keepField(into, many);
    expect([into.fields.length, into.dropped]).toEqual([BATCH_FIELD_LIMIT, 3]);
  });
});
