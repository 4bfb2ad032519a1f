/**
 * Our own shapefile reader: .shp geometry, .shx index and .dbf attributes, cross-checked, every problem
 * reported with its record number (shapefile rules RXS001–RXS013). Pure: takes the members' bytes.
 *
 *   const { shapeType, records, fields, diagnostics } = readShapefile({ shp, shx, dbf, cpg });
 *   records[0].polygons  // Float64Array[][]: polygons of rings, each ring [x0, y0, x1, y1, …]
 */
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { DiagnosticCollector } from '../rules/reporter.ts';
import { recordCountMismatch } from './shapefile-rules.ts';
import type { RuleSelection } from '../rules/selection.ts';
import { readDbf, type DbfField, type DbfValue } from './read-dbf.ts';
import { checkShx, readShp, type ShapeGeometry } from './read-shp.ts';
import type { Bbox } from '../planar/rings.ts';
import { shapeTypeName } from './shape-types.ts';

export interface ShapefileInput {
  shp: Uint8Array;
  shx?: Uint8Array;
  dbf?: Uint8Array;
  /** The .cpg file's bytes: the encoding of the DBF's text. */
  cpg?: Uint8Array;
}

export interface ReadShapefileOptions {
  selection?: RuleSelection;
  /** Report into this collector instead of a new one (diagnostics are then the collector's). */
  collector?: DiagnosticCollector;
  /** Member names for diagnostic locations ("zones/zones.shp"); default ".shp", ".shx", ".dbf". */
  names?: { shp?: string; shx?: string; dbf?: string };
  /** Per-record problems reported per rule before the rest are summed up (default 50). */
  maxReportsPerRule?: number;
}

export interface ShapeRecord extends ShapeGeometry {
  /** 1-based record number (file position), as used in diagnostics. */
  record: number;
  /** Byte offset of the record header in the .shp, and its content length. */
  offset: number;
  contentLength: number;
  /** The record could not be decoded (already reported); it has no geometry. */
  malformed?: boolean;
  /** The DBF row's values by field name (empty without a .dbf or past its end). */
  attributes: Record<string, DbfValue>;
  /** The DBF row is flagged deleted. */
  deleted: boolean;
}

export interface ShapefileResult {
  /** The .shp header's shape type; undefined when the .shp header is unusable (reported). */
  shapeType?: number;
  shapeTypeName?: string;
  /** The .shp header's bounding box. */
  bbox?: Bbox;
  records: ShapeRecord[];
  fields: DbfField[];
  /** Record counts of the members that were given. */
  counts: { shp: number; shx?: number; dbf?: number };
  /** How DBF text was decoded, e.g. "UTF-8 (from .cpg)". */
  encoding?: string;
  /** The structural issues found (all, when this call made its own collector). */
  diagnostics: Diagnostic[];
}

export function readShapefile(input: ShapefileInput, options: ReadShapefileOptions = {}): ShapefileResult {
  const collector = options.collector ?? new DiagnosticCollector(options.selection);
  const reporter = collector.capped(options.maxReportsPerRule ?? 50);
  const names = { shp: '.shp', shx: '.shx', dbf: '.dbf', ...options.names };
  const shp = readShp(input.shp, reporter, names.shp);
  const result: ShapefileResult = {
    records: [],
    fields: [],
    counts: { shp: shp?.records.length ?? 0 },
    diagnostics: collector.diagnostics,
  };
  if (shp) {
    result.shapeType = shp.header.shapeType;
    result.shapeTypeName = shapeTypeName(shp.header.shapeType);
    result.bbox = shp.header.bbox;
    if (input.shx) {
      const shx = checkShx(input.shx, shp, reporter, names.shx);
      if (shx) result.counts.shx = shx.count;
    }
  }
  const cpg = input.cpg ? new TextDecoder('utf-8').decode(input.cpg) : undefined;
  const dbf = input.dbf ? readDbf(input.dbf, cpg, reporter, names.dbf) : undefined;
  if (dbf) {
    result.fields = dbf.fields;
    result.counts.dbf = dbf.rows.length;
    result.encoding = `${dbf.encoding.name} (${
      dbf.encoding.source === 'cpg'
        ? 'from .cpg'
        : dbf.encoding.source === 'ldid'
          ? 'from the .dbf language driver'
          : 'default'
    })`;
    if (shp && dbf.rows.length !== shp.records.length) {
      reporter.report(recordCountMismatch, {
        messageId: 'dbf',
        data: { shp: shp.records.length, dbf: dbf.rows.length },
        location: { entry: names.dbf },
        hint: 'The .dbf belongs to another version of the shapefile; zip the members written by one export.',
      });
    }
  }
  for (const rec of shp?.records ?? []) {
    const row = dbf?.rows[rec.record - 1];
    const attributes: Record<string, DbfValue> = {};
    if (row && dbf) {
      dbf.fields.forEach((f, i) => {
        if (!(f.name in attributes)) attributes[f.name] = row.values[i] ?? null;
      });
    }
    result.records.push({ ...rec, attributes, deleted: row?.deleted ?? false });
  }
  reporter.finish();
  return result;
}
