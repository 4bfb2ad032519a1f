import { describe, expect, it } from 'vitest';
import { writeZip } from '../archive/zip-writer.ts';
import { buildShapefile, square } from '../../test/rx/build-shapefile.ts';
import { readShapefile } from '../shapefile/read-shapefile.ts';
import { boundaryShapefileFileKind } from './boundary-file-kinds.ts';
import { openZip } from '../archive/zip-reader.ts';
import { DiagnosticCollector } from '../rules/reporter.ts';
import { parseShapeArtifact } from './shapefile-writer.ts';

const bowTie = [-93.1, 45.1, -93.1, 45.11, -93.09, 45.1, -93.09, 45.11, -93.1, 45.1];

function fieldsZip(): Uint8Array {
  const files = buildShapefile({
    records: [[square(-93.2, 45.1, 0.01)], [bowTie]],
    fields: [{ name: 'NAME', type: 'C', length: 10 }],
    rows: [['North'], ['Bow']],
  });
  return writeZip([
    { name: 'fields.shp', bytes: files.shp },
    { name: 'fields.shx', bytes: files.shx },
    { name: 'fields.dbf', bytes: files.dbf },
  ]);
}

function shapesOf(zip: Uint8Array) {
  const archive = openZip(zip, new DiagnosticCollector())!;
  const read = (name: string) => archive.read(archive.files.find((e) => e.name === name)!)!;
  return readShapefile({ shp: read('fields.shp'), shx: read('fields.shx'), dbf: read('fields.dbf') });
}

describe('geometry fixes of a boundary shapefile ZIP', () => {
  it('offers the make-valid fix as a record-level replacement and rebuilds .shp/.shx with it', async () => {
    const file = { name: 'fields.zip', bytes: fieldsZip() };
    const report = await boundaryShapefileFileKind.validate(file, {});
    const bow = report.diagnostics.find((d) => d.code === 'GEO004');
    expect(bow?.location).toMatchObject({ entry: 'fields.shp', record: 2, feature: 1 });
    expect(parseShapeArtifact(bow?.fix?.artifact ?? '')).toEqual({ entry: 'fields.shp', record: 2 });
    expect(bow?.fix?.edits).toBeUndefined();
    expect(bow?.fix?.after).toMatch(/^MULTIPOLYGON/);

    const fixed = await boundaryShapefileFileKind.fix!(file, report, ['safe', 'unsafe']);
    expect(fixed?.applied.map((d) => d.code)).toEqual(['GEO004']);
    const shapes = shapesOf(fixed!.bytes);
    expect(shapes.records.map((r) => r.polygons?.length)).toEqual([1, 2]);
    // Untouched records and attributes are kept byte for byte.
    expect(Array.from(shapes.records[0]!.polygons![0]![0]!)).toEqual(square(-93.2, 45.1, 0.01));
    expect(shapes.records[1]?.attributes).toEqual({ NAME: 'Bow' });
    const after = await boundaryShapefileFileKind.validate({ name: 'fields.zip', bytes: fixed!.bytes }, {});
    expect(after.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(after.features?.map((f) => f.properties.valid)).toEqual([true, true]);
  });

  it('offers no fix it cannot write back: a reprojected shapefile says why', async () => {
    const files = buildShapefile({
      records: [[[500000, 6000000, 500000, 6001000, 501000, 6000000, 501000, 6001000, 500000, 6000000]]],
      fields: [{ name: 'NAME', type: 'C', length: 10 }],
      rows: [['Bow']],
    });
    const prj =
      'PROJCS["SWEREF99_TM",GEOGCS["GCS_SWEREF99",DATUM["D_SWEREF99",SPHEROID["GRS_1980",6378137.0,298.257222101]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Transverse_Mercator"],PARAMETER["False_Easting",500000.0],PARAMETER["False_Northing",0.0],PARAMETER["Central_Meridian",15.0],PARAMETER["Scale_Factor",0.9996],PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]';
    const zip = writeZip([
      { name: 'f.shp', bytes: files.shp },
      { name: 'f.shx', bytes: files.shx },
      { name: 'f.dbf', bytes: files.dbf },
      { name: 'f.prj', bytes: new TextEncoder().encode(prj) },
    ]);
    const report = await boundaryShapefileFileKind.validate({ name: 'f.zip', bytes: zip }, {});
    const bow = report.diagnostics.find((d) => d.code === 'GEO004');
    expect(bow?.fix).toBeUndefined();
    expect(bow?.hint).toMatch(/No fix is offered: the file's coordinates are in .*SWEREF99/);
  });
});
