/**
 * The .shp main file and its .shx index (ESRI Shapefile Technical Description, 1998). Every record is
 * decoded with bounds checks before anything is allocated, so a record declaring a million points in
 * 200 bytes is reported, not trusted.
 */
import type { DiagnosticCollector } from '../rules/reporter.ts';
import {
  bboxMismatch,
  recordCountMismatch,
  recordShapeTypeMismatch,
  shpHeaderInvalid,
  shpRecordMalformed,
  shxIndexMismatch,
} from './shapefile-rules.ts';
import { ringBbox, unionBbox, type Bbox } from '../planar/rings.ts';
import { groupRings } from './group-rings.ts';
import { hasZ, SHAPE_TYPE_NAMES, shapeFamily, shapeTypeName } from './shape-types.ts';

interface ShpHeader {
  fileCode: number;
  /** File length in bytes (the header stores 16-bit words). */
  fileLength: number;
  version: number;
  shapeType: number;
  bbox: Bbox;
}

export interface ShapeGeometry {
  /** The record's own shape type (0 = Null). */
  shapeType: number;
  /** Polygon, polyline and multipatch parts, interleaved x,y, as stored. */
  parts?: Float64Array[];
  /** Polygon types: the parts grouped into polygons, shell first then holes. */
  polygons?: Float64Array[][];
  /** Point and multipoint types: interleaved x,y. */
  points?: Float64Array;
  /** The bounding box stored in the record (types that have one). */
  storedBbox?: Bbox;
}

interface ShpRecord extends ShapeGeometry {
  /** 1-based position in the file. */
  record: number;
  /** Byte offset of the record header in the .shp. */
  offset: number;
  /** Content length in bytes (without the 8-byte record header). */
  contentLength: number;
  /** True when the record could not be decoded (reported as RXS007); it has no geometry then. */
  malformed?: boolean;
}

export interface ShpFile {
  header: ShpHeader;
  records: ShpRecord[];
}

function fmtBbox(b: Bbox): string {
  const f = (v: number): string => (Number.isInteger(v) ? String(v) : String(Number(v.toPrecision(12))));
  return `[${b.map(f).join(', ')}]`;
}

/** Read and check a 100-byte .shp/.shx header; undefined when it is unusable. */
function readShpHeader(
  bytes: Uint8Array,
  file: '.shp' | '.shx',
  reporter: DiagnosticCollector,
  entry: string,
): ShpHeader | undefined {
  const location = { entry };
  if (bytes.length < 100) {
    reporter.report(shpHeaderInvalid, {
      messageId: 'tooShort',
      data: { file, size: bytes.length },
      location,
      hint: `The ${file} is empty or cut short; export the shapefile again.`,
    });
    return undefined;
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const header: ShpHeader = {
    fileCode: view.getInt32(0, false),
    fileLength: view.getInt32(24, false) * 2,
    version: view.getInt32(28, true),
    shapeType: view.getInt32(32, true),
    bbox: [
      view.getFloat64(36, true),
      view.getFloat64(44, true),
      view.getFloat64(52, true),
      view.getFloat64(60, true),
    ],
  };
  if (header.fileCode !== 9994) {
    reporter.report(shpHeaderInvalid, {
      messageId: 'fileCode',
      data: { file, value: header.fileCode },
      location,
      hint: `This ${file} is not a shapefile; check that the right file was zipped.`,
    });
    return undefined;
  }
  if (header.version !== 1000) {
    reporter.report(shpHeaderInvalid, {
      messageId: 'version',
      data: { file, value: header.version },
      location,
      hint: 'Export the shapefile again with a standard writer.',
      severity: 'warning',
    });
  }
  if (header.fileLength !== bytes.length) {
    reporter.report(shpHeaderInvalid, {
      messageId: 'length',
      data: { file, declared: header.fileLength, actual: bytes.length },
      location,
      hint:
        header.fileLength > bytes.length
          ? `The ${file} is cut short; copy or export it again.`
          : `The ${file} has bytes after its declared end; export the shapefile again.`,
    });
  }
  if (SHAPE_TYPE_NAMES[header.shapeType] === undefined) {
    reporter.report(shpHeaderInvalid, {
      messageId: 'shapeType',
      data: { file, value: header.shapeType },
      location,
      hint: 'Shape types are 0, 1, 3, 5, 8, 11, 13, 15, 18, 21, 23, 25, 28 and 31.',
    });
    return undefined;
  }
  return header;
}

const BBOX_TOLERANCE = 1e-9;

function bboxRelation(stored: Bbox, actual: Bbox): 'same' | 'loose' | 'misses' {
  const tol = BBOX_TOLERANCE * Math.max(1, ...actual.map(Math.abs));
  if (
    actual[0] < stored[0] - tol ||
    actual[1] < stored[1] - tol ||
    actual[2] > stored[2] + tol ||
    actual[3] > stored[3] + tol
  )
    return 'misses';
  if (
    actual[0] > stored[0] + tol ||
    actual[1] > stored[1] + tol ||
    actual[2] < stored[2] - tol ||
    actual[3] < stored[3] - tol
  )
    return 'loose';
  return 'same';
}

export function readShp(
  bytes: Uint8Array,
  reporter: DiagnosticCollector,
  entry: string,
): ShpFile | undefined {
  const header = readShpHeader(bytes, '.shp', reporter, entry);
  if (!header) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const records: ShpRecord[] = [];
  const end = bytes.length;
  let p = 100;
  let extent: Bbox | undefined;
  while (p < end) {
    const record = records.length + 1;
    const location = { entry, record };
    if (p + 12 > end) {
      reporter.report(shpRecordMalformed, {
        messageId: 'truncated',
        data: { record, needed: 12, available: end - p },
        location,
        hint: 'The .shp is cut short; export the shapefile again.',
      });
      break;
    }
    const number = view.getInt32(p, false);
    const contentLength = view.getInt32(p + 4, false) * 2;
    if (contentLength < 4 || p + 8 + contentLength > end) {
      reporter.report(shpRecordMalformed, {
        messageId: 'truncated',
        data: { record, needed: Math.max(4, contentLength), available: end - p - 8 },
        location,
        hint: 'The .shp is cut short or a record length is wrong; export the shapefile again.',
      });
      break;
    }
    if (number !== record) {
      reporter.report(shpRecordMalformed, {
        messageId: 'number',
        data: { record, value: number },
        location,
        hint: 'Records are numbered 1, 2, 3 … in file order; export the shapefile again.',
        severity: 'warning',
      });
    }
    const c = p + 8;
    const type = view.getInt32(c, true);
    const rec: ShpRecord = { record, offset: p, contentLength, shapeType: type };
    if (type !== 0 && type !== header.shapeType) {
      reporter.report(recordShapeTypeMismatch, {
        messageId: 'mismatch',
        data: { record, type: shapeTypeName(type), header: shapeTypeName(header.shapeType) },
        location,
        hint: 'A shapefile holds one geometry type; export the shapefile again.',
      });
    }
    const problem = decodeGeometry(view, c, contentLength, rec);
    if (problem !== undefined) {
      rec.malformed = true;
      delete rec.parts;
      delete rec.polygons;
      delete rec.points;
      reporter.report(shpRecordMalformed, {
        messageId: 'content',
        data: { record, detail: problem },
        location,
        hint: 'The record is damaged; export the shapefile again.',
      });
    } else {
      const actual = geometryBbox(rec);
      if (actual) {
        extent = unionBbox(extent, actual);
        if (rec.storedBbox) {
          const relation = bboxRelation(rec.storedBbox, actual);
          if (relation !== 'same') {
            reporter.report(bboxMismatch, {
              messageId: relation === 'misses' ? 'record' : 'recordLoose',
              data: { record, stored: fmtBbox(rec.storedBbox), actual: fmtBbox(actual) },
              location,
              hint: 'Export the shapefile again so that the boxes are recomputed.',
              severity: relation === 'misses' ? 'error' : 'warning',
            });
          }
        }
      }
    }
    records.push(rec);
    p = c + contentLength;
  }
  if (extent) {
    const relation = bboxRelation(header.bbox, extent);
    if (relation !== 'same') {
      reporter.report(bboxMismatch, {
        messageId: relation === 'misses' ? 'header' : 'headerLoose',
        data: { file: '.shp', stored: fmtBbox(header.bbox), actual: fmtBbox(extent) },
        location: { entry },
        hint: 'Export the shapefile again so that the header box is recomputed.',
        severity: relation === 'misses' ? 'error' : 'warning',
      });
    }
  }
  return { header, records };
}

function geometryBbox(g: ShapeGeometry): Bbox | undefined {
  let box: Bbox | undefined;
  for (const part of g.parts ?? []) if (part.length >= 2) box = unionBbox(box, ringBbox(part));
  if (g.points && g.points.length >= 2) box = unionBbox(box, ringBbox(g.points));
  return box;
}

function readPoints(view: DataView, at: number, count: number): Float64Array | string {
  const out = new Float64Array(count * 2);
  for (let i = 0; i < count * 2; i++) {
    const v = view.getFloat64(at + 8 * i, true);
    if (!Number.isFinite(v)) return `coordinate ${i >> 1} has ${i & 1 ? 'y' : 'x'} = ${v}, not a number`;
    out[i] = v;
  }
  return out;
}

/** Decode one record's content into `rec`; returns a description of the problem, or undefined. */
function decodeGeometry(view: DataView, c: number, length: number, rec: ShapeGeometry): string | undefined {
  const type = rec.shapeType;
  const family = shapeFamily(type);
  const need = (bytes: number, what: string): string | undefined =>
    bytes > length ? `${what} need ${bytes} bytes, but the record has ${length}` : undefined;
  switch (family) {
    case undefined:
      return `unknown shape type ${type}`;
    case 'null':
      return undefined;
    case 'point': {
      const tooShort = need(20, 'a point’s coordinates');
      if (tooShort) return tooShort;
      const points = readPoints(view, c + 4, 1);
      if (typeof points === 'string') return points;
      rec.points = points;
      return undefined;
    }
    case 'multipoint': {
      const tooShort = need(40, 'the bounding box and point count');
      if (tooShort) return tooShort;
      rec.storedBbox = readBbox(view, c + 4);
      const n = view.getInt32(c + 36, true);
      if (n < 0) return `it declares ${n} points`;
      const needed = 40 + 16 * n + (hasZ(type) ? 16 + 8 * n : 0);
      const short = need(needed, `${n} points`);
      if (short) return short;
      const points = readPoints(view, c + 40, n);
      if (typeof points === 'string') return points;
      rec.points = points;
      return undefined;
    }
    default: {
      // polyline, polygon, multipatch: bbox, numParts, numPoints, parts[, partTypes], points[, z][, m]
      const tooShort = need(44, 'the bounding box and part and point counts');
      if (tooShort) return tooShort;
      rec.storedBbox = readBbox(view, c + 4);
      const numParts = view.getInt32(c + 36, true);
      const numPoints = view.getInt32(c + 40, true);
      if (numParts < 0 || numPoints < 0) return `it declares ${numParts} parts and ${numPoints} points`;
      const partTypes = family === 'multipatch' ? 4 * numParts : 0;
      const pointsAt = 44 + 4 * numParts + partTypes;
      const needed = pointsAt + 16 * numPoints + (hasZ(type) ? 16 + 8 * numPoints : 0);
      const short = need(needed, `${numParts} parts and ${numPoints} points`);
      if (short) return short;
      const starts: number[] = [];
      for (let i = 0; i < numParts; i++) starts.push(view.getInt32(c + 44 + 4 * i, true));
      if (numParts > 0 && starts[0] !== 0) return `its first part starts at point ${starts[0]}, not 0`;
      for (let i = 1; i < numParts; i++) {
        const s = starts[i] ?? 0;
        if (s <= (starts[i - 1] ?? 0) || s >= numPoints)
          return `part ${i} starts at point ${s}, out of order or past the ${numPoints} points`;
      }
      if (numParts === 0 && numPoints > 0) return `it has ${numPoints} points but no parts`;
      const all = readPoints(view, c + pointsAt, numPoints);
      if (typeof all === 'string') return all;
      // Each part a view of the record's points, not a copy (a zone of a million points was held twice).
      const parts: Float64Array[] = [];
      for (let i = 0; i < numParts; i++) {
        const from = starts[i] ?? 0;
        const to = i + 1 < numParts ? (starts[i + 1] ?? numPoints) : numPoints;
        parts.push(all.subarray(2 * from, 2 * to));
      }
      rec.parts = parts;
      if (family === 'polygon') rec.polygons = groupRings(parts);
      return undefined;
    }
  }
}

function readBbox(view: DataView, at: number): Bbox {
  return [
    view.getFloat64(at, true),
    view.getFloat64(at + 8, true),
    view.getFloat64(at + 16, true),
    view.getFloat64(at + 24, true),
  ];
}

/** Check the .shx against the records read from the .shp. */
export function checkShx(
  bytes: Uint8Array,
  shp: ShpFile,
  reporter: DiagnosticCollector,
  entry: string,
): { count: number } | undefined {
  const header = readShpHeader(bytes, '.shx', reporter, entry);
  if (!header) return undefined;
  if (header.shapeType !== shp.header.shapeType) {
    reporter.report(shpHeaderInvalid, {
      messageId: 'shxShapeType',
      data: { shx: shapeTypeName(header.shapeType), shp: shapeTypeName(shp.header.shapeType) },
      location: { entry },
      hint: 'The .shx belongs to another shapefile; zip the .shx written together with the .shp.',
    });
  }
  const relation = bboxRelation(header.bbox, shp.header.bbox);
  if (relation !== 'same') {
    const actual = shp.header.bbox;
    reporter.report(bboxMismatch, {
      messageId: relation === 'loose' ? 'headerLoose' : 'header',
      data: { file: '.shx', stored: fmtBbox(header.bbox), actual: fmtBbox(actual) },
      location: { entry },
      hint: 'The .shx header should repeat the .shp header’s box; export the shapefile again.',
      severity: relation === 'misses' ? 'error' : 'warning',
    });
  }
  const body = bytes.length - 100;
  if (body % 8 !== 0) {
    reporter.report(shxIndexMismatch, {
      messageId: 'size',
      data: { size: bytes.length },
      location: { entry },
      hint: 'The .shx is damaged; export the shapefile again.',
    });
  }
  const count = Math.floor(body / 8);
  if (count !== shp.records.length) {
    reporter.report(recordCountMismatch, {
      messageId: 'shx',
      data: { shp: shp.records.length, shx: count },
      location: { entry },
      hint: 'The .shx belongs to another version of the shapefile; zip the members written by one export.',
    });
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const n = Math.min(count, shp.records.length);
  for (let i = 0; i < n; i++) {
    const rec = shp.records[i] as ShpRecord;
    const indexed = view.getInt32(100 + 8 * i, false) * 2;
    const indexedLength = view.getInt32(104 + 8 * i, false) * 2;
    if (indexed !== rec.offset || indexedLength !== rec.contentLength) {
      reporter.report(shxIndexMismatch, {
        messageId: 'offset',
        data: {
          record: rec.record,
          indexed,
          indexedLength,
          actual: rec.offset,
          actualLength: rec.contentLength,
        },
        location: { entry, record: rec.record },
        hint: 'Zip the .shx written together with the .shp, or export the shapefile again.',
      });
    }
  }
  return { count };
}
