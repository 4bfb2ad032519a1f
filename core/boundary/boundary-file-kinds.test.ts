import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { corpusPath } from '../../test/support/corpus.ts';
import { unzipSync, zipSync } from 'fflate';
import { detectKind } from '../formats/detect-kind.ts';
import { detectFileKind, fileKinds } from '../formats/registry.ts';
import { RATE_COLUMN_NAMES } from '../rx/rate-column.ts';
import { RATE_LIKE_COLUMN } from '../rx/rx-kind-info.ts';
import { dbfColumnNames } from '../shapefile/dbf-columns.ts';
import { LineIndex } from '../diagnostics/text-position.ts';
import {
  boundaryShapefileFileKind,
  geojsonFileKind,
  kmlFileKind,
  splitWktStatements,
  wktFileKind,
} from './boundary-file-kinds.ts';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const file = (name: string, text: string) => ({ name, bytes: enc(text) });
const latin1 = (bytes: Uint8Array): string => String.fromCharCode(...bytes);

describe('boundary file kinds', () => {
  it('detects .wkt, .geojson, GeoJSON-shaped .json (above the generic JSON kind) and .kml', () => {
    expect(detectFileKind(file('f.wkt', 'POLYGON ((0 0, 1 0, 1 1, 0 0))'))?.id).toBe('wkt');
    expect(detectFileKind(file('f.txt', 'MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)))'))?.id).toBe('wkt');
    expect(detectFileKind(file('f.geojson', '{"type": "Feature"}'))?.id).toBe('geojson');
    // Content first: JSON that is not GeoJSON is read as JSON whatever its name.
    expect(detectFileKind(file('f.geojson', '{}'))?.id).toBe('json');
    expect(detectFileKind(file('f.json', '{"type": "FeatureCollection", "features": []}'))?.id).toBe(
      'geojson',
    );
    expect(detectFileKind(file('f.json', '{"fields": []}'))?.id).toBe('json');
    expect(detectFileKind(file('f.kml', '<kml/>'))?.id).toBe('kml');
    expect(geojsonFileKind.detect(file('f.json', '{"fields": []}'))).toBe(0);
  });

  it('reads a shapefile ZIP whose table has no rate column as boundaries, offering rx-zip', () => {
    for (const path of [
      'fiboa-cli-testdata/tests/data-files/convert/se/se2023.zip',
      'fiboa-cli-testdata/tests/data-files/convert/de_bb/antrag.zip',
    ]) {
      const zip = { name: path.split('/').pop()!, bytes: new Uint8Array(readFileSync(corpusPath(path))) };
      expect(boundaryShapefileFileKind.detect(zip)).toBe(3);
      const detected = detectKind(zip, fileKinds);
      expect(detected?.kind.id, path).toBe('boundary-shapefile');
      expect(detected?.detectedAs.alternatives).toEqual(['rx-zip']);
      expect(kmlFileKind.detect(zip)).toBe(0);
    }
  });

  it('keeps a zone table with a rate column a prescription, and tells the two apart by that column alone', () => {
    const rx = unzipSync(
      new Uint8Array(readFileSync(new URL('../../examples/rx/two-zone-rx.zip', import.meta.url))),
    );
    const dbfName = Object.keys(rx).find((n) => n.endsWith('.dbf'))!;
    const columnsOf = (zip: Uint8Array) => dbfColumnNames(unzipSync(zip)[dbfName]!);
    const asZip = (dbf: Uint8Array, level: 0 | 6) => zipSync({ ...rx, [dbfName]: [dbf, { level }] });
    const renamed = rx[dbfName]!.slice();
    // The rate column "DOSE" renamed "NAME" (same length): nothing else changes.
    const at = latin1(renamed).indexOf('DOSE');
    renamed.set(new TextEncoder().encode('NAME'), at);
    for (const level of [0, 6] as const) {
      const prescription = { name: 'zones.zip', bytes: asZip(rx[dbfName]!, level) };
      expect(columnsOf(prescription.bytes)).toEqual(['id', 'DOSE']);
      expect(detectKind(prescription, fileKinds)?.kind.id).toBe('rx-zip');
      const boundaries = { name: 'zones.zip', bytes: asZip(renamed, level) };
      expect(columnsOf(boundaries.bytes)).toEqual(['id', 'NAME']);
      expect(detectKind(boundaries, fileKinds)?.kind.id).toBe('boundary-shapefile');
      // From stdin (no name) alike.
      expect(detectKind({ name: '', bytes: boundaries.bytes }, fileKinds)?.kind.id).toBe(
        'boundary-shapefile',
      );
    }
    for (const name of RATE_COLUMN_NAMES) expect(RATE_LIKE_COLUMN.test(name), name).toBe(true);
    for (const name of ['SEED_RATE', 'Tgt_Rate_1', 'RxDose', 'N_TARGET'])
      expect(RATE_LIKE_COLUMN.test(name)).toBe(true);
    for (const name of ['FIELD', 'farm_name', 'groesse', 'blockid', 'ACRES', 'AREA_HA'])
      expect(RATE_LIKE_COLUMN.test(name), name).toBe(false);
  });

  it('validates a boundary shapefile ZIP with reprojection and a summary', async () => {
    const zip = {
      name: 'se2023.zip',
      bytes: new Uint8Array(
        readFileSync(corpusPath('fiboa-cli-testdata/tests/data-files/convert/se/se2023.zip')),
      ),
    };
    const report = await boundaryShapefileFileKind.validate(zip, {});
    expect(report.kind).toBe('boundary-shapefile');
    expect(report.diagnostics.filter((d) => d.severity !== 'info').map((d) => d.code)).toEqual([]);
    expect(report.summary).toMatchObject({
      features: 10,
      invalid: 0,
      reprojectedFrom: 'SWEREF99 TM (EPSG:3006)',
    });
  });

  it('splits a .wkt file into one WKT per line, or keeps a pretty-printed WKT whole', () => {
    const lines = 'POLYGON ((0 0, 1 0, 1 1, 0 0))\r\n\r\nPOLYGON ((2 2, 3 2, 3 3, 2 2))\n';
    expect(splitWktStatements(lines, new LineIndex(lines))).toEqual([
      { text: 'POLYGON ((0 0, 1 0, 1 1, 0 0))', offset: 0, line: 1 },
      { text: 'POLYGON ((2 2, 3 2, 3 3, 2 2))', offset: 34, line: 3 },
    ]);
    const pretty = 'POLYGON (\n  (0 0, 1 0,\n   1 1, 0 0)\n)\n';
    expect(splitWktStatements(pretty, new LineIndex(pretty))).toEqual([{ text: pretty, offset: 0 }]);
  });

  it('reports per line with line/column locations and rows; the unsafe swap fix rewrites the file', async () => {
    const text =
      'POLYGON ((-96 40, -95.99 40, -95.99 40.01, -96 40))\nPOLYGON ((40 -96, 40 -95.99, 40.01 -95.99, 40 -96))\n';
    const report = await wktFileKind.validate(file('f.wkt', text), { selection: { select: ['wgs84'] } });
    expect(
      report.diagnostics.map((d) => [
        d.code,
        d.location.row,
        d.location.range?.start.line,
        d.location.range?.start.column,
      ]),
    ).toEqual([['WGS003', 2, 2, 1]]);
    expect(report.summary).toMatchObject({ boundaries: 2 });
    const fixed = await wktFileKind.fix?.(file('f.wkt', text), report, ['safe', 'unsafe']);
    expect(new TextDecoder().decode(fixed?.bytes)).toBe(
      'POLYGON ((-96 40, -95.99 40, -95.99 40.01, -96 40))\nPOLYGON ((-96 40, -95.99 40, -95.99 40.01, -96 40))\n',
    );
    expect(await wktFileKind.fix?.(file('f.wkt', text), report, ['safe'])).toBeUndefined();
  });
});
