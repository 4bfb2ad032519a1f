/**
 * Shared agronomic data (planting, application and harvest files a grower shares) as a file kind: the ZIP is
 * opened with the archive checks (zip bombs, zip slip, damage), and each CSV of points in it (latitude and
 * longitude columns) is read into point features for the map, and into the batch's geometry, so the checks
 * across files count the points that lie outside every field of the batch (XF007). The other columns are
 * kept as the points' properties (the first eight).
 */
import { openZip } from '../archive/zip-reader.ts';
import { tokenizeCsv } from '../csv/csv-reader.ts';
import type { GeoJsonFeature } from '../geojson/geojson.ts';
import { decodeTextFile, type AgronomicSummary, type FileKind, type FileReport } from '../input/file-kind.ts';
import type { JsonValue } from '../json/json-document.ts';
import { DiagnosticCollector } from '../rules/reporter.ts';
import {
  agronomicKindInfo,
  headerDelimiter,
  LATITUDE_COLUMN,
  LONGITUDE_COLUMN,
} from './agronomic-kind-info.ts';

/** Columns kept as a point's properties, besides its coordinates. */
const KEPT_COLUMNS = 8;

export const agronomicFileKind: FileKind = {
  ...agronomicKindInfo,
  async validate(file, options): Promise<FileReport> {
    const collector = new DiagnosticCollector(options.selection);
    const archive = openZip(file.bytes, collector);
    const features: GeoJsonFeature[] = [];
    const members: AgronomicSummary['members'] = [];
    let west = Infinity;
    let south = Infinity;
    let east = -Infinity;
    let north = -Infinity;
    for (const entry of archive?.files ?? []) {
      if (!entry.name.toLowerCase().endsWith('.csv')) continue;
      const bytes = archive?.read(entry);
      if (!bytes) continue;
      const text = decodeTextFile(bytes).replace(/^\uFEFF/, '');
      const rows = tokenizeCsv(text, headerDelimiter(text.slice(0, text.search(/\r?\n|$/))));
      const header = (rows[0]?.cells ?? []).map((c) => c.value.trim());
      const lonAt = header.findIndex((h) => LONGITUDE_COLUMN.test(h));
      const latAt = header.findIndex((h) => LATITUDE_COLUMN.test(h));
      if (lonAt < 0 || latAt < 0) continue;
      const others = header
        .map((name, i) => ({ name, i }))
        .filter((c) => c.i !== lonAt && c.i !== latAt && c.name !== '')
        .slice(0, KEPT_COLUMNS);
      let points = 0;
      let unreadable = 0;
      rows.slice(1).forEach((row, k) => {
        const lon = Number(row.cells[lonAt]?.value.trim() || NaN);
        const lat = Number(row.cells[latAt]?.value.trim() || NaN);
        if (!(Math.abs(lon) <= 180 && Math.abs(lat) <= 90)) {
          if (row.cells.some((c) => c.value.trim() !== '')) unreadable++;
          return;
        }
        const id = features.length;
        const dataRow = k + 1;
        const properties: { [key: string]: JsonValue } = { entry: entry.name, row: dataRow };
        for (const c of others) {
          const value = row.cells[c.i]?.value.trim() ?? '';
          const n = Number(value);
          properties[c.name] = value !== '' && Number.isFinite(n) ? n : value;
        }
        features.push({
          type: 'Feature',
          id,
          geometry: { type: 'Point', coordinates: [lon, lat] },
          properties,
        });
        options.batchGeometry?.points.push({
          feature: id,
          point: [lon, lat],
          location: { entry: entry.name, row: dataRow, feature: id, point: [lon, lat] },
        });
        points++;
        west = Math.min(west, lon);
        east = Math.max(east, lon);
        south = Math.min(south, lat);
        north = Math.max(north, lat);
      });
      members.push({ name: entry.name, columns: header, points, unreadable });
    }
    const report: FileReport = {
      file: file.name,
      kind: agronomicKindInfo.id,
      diagnostics: collector.diagnostics,
      summary: {
        type: 'agronomic-data',
        members,
        points: features.length,
        bbox: features.length > 0 ? [west, south, east, north] : null,
      },
    };
    if (options.features !== false) report.features = features;
    return report;
  },
};
