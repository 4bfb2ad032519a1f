/**
 * Geometry fixes for zipped boundary shapefiles. A shapefile has no text to edit, so a fix is a record-level
 * replacement: the feature's writer names an artifact (`shape:<entry>#<record>:<hash of the polygons>`) and
 * remembers the fixed polygons; the file kind's fix re-reads the ZIP, finds the polygons of the chosen
 * artifacts, and rebuilds the archive with new .shp and .shx members (every other member copied as is,
 * timestamps kept). Only plain Polygon shapefiles in WGS 84 are written; rings are written as the format
 * wants them (shells clockwise, holes counter-clockwise).
 */

import { isArchiveJunk } from '../archive/archive-junk.ts';
import { openZip } from '../archive/zip-reader.ts';
import { writeZip, type ZipWriteEntry } from '../archive/zip-writer.ts';
import { extensionOf } from '../input/file-kind.ts';
import type { PolygonRings } from '../geometry/geometry.ts';
import type { GeometryWriter } from '../records/field-record.ts';
import { DiagnosticCollector } from '../rules/reporter.ts';

const SHAPE_ARTIFACT_PREFIX = 'shape:';

/** Polygons of the fixes proposed while checking, by artifact id. */
export type ShapeFixStore = Map<string, PolygonRings>;

function hashPolygons(polygons: PolygonRings): string {
  // FNV-1a over the coordinates' bytes and the ring structure: equal fixes get equal ids across runs.
  let h = 0x811c9dc5;
  const mix = (byte: number): void => {
    h ^= byte;
    h = Math.imul(h, 0x01000193) >>> 0;
  };
  for (const rings of polygons) {
    mix(0xfe);
    for (const ring of rings) {
      mix(0xfd);
      const bytes = new Uint8Array(ring.buffer, ring.byteOffset, ring.byteLength);
      for (const b of bytes) mix(b);
    }
  }
  return h.toString(16).padStart(8, '0');
}

/** The writer of one shapefile record (1-based `record` of the member `entry`). */
export function shapeWriter(entry: string, record: number, store: ShapeFixStore | undefined): GeometryWriter {
  return {
    write(polygons) {
      const artifact = `${SHAPE_ARTIFACT_PREFIX}${entry}#${record}:${hashPolygons(polygons)}`;
      store?.set(artifact, polygons);
      return { artifact };
    },
  };
}

/** The member and record an artifact id names, or undefined when it is not a shape fix. */
export function parseShapeArtifact(artifact: string): { entry: string; record: number } | undefined {
  if (!artifact.startsWith(SHAPE_ARTIFACT_PREFIX)) return undefined;
  const body = artifact.slice(SHAPE_ARTIFACT_PREFIX.length);
  const hash = body.lastIndexOf(':');
  const hashMark = body.lastIndexOf('#', hash);
  if (hash < 0 || hashMark < 0) return undefined;
  const record = Number(body.slice(hashMark + 1, hash));
  return Number.isInteger(record) ? { entry: body.slice(0, hashMark), record } : undefined;
}

function signedArea(ring: Float64Array): number {
  let sum = 0;
  const n = ring.length;
  for (let i = 0; i + 3 < n; i += 2)
    sum += (ring[i] as number) * (ring[i + 3] as number) - (ring[i + 2] as number) * (ring[i + 1] as number);
  return sum / 2;
}

function reversed(ring: Float64Array): Float64Array {
  const out = new Float64Array(ring.length);
  for (let i = 0; i < ring.length; i += 2) {
    out[ring.length - 2 - i] = ring[i] as number;
    out[ring.length - 1 - i] = ring[i + 1] as number;
  }
  return out;
}

/** The content of a Polygon (type 5) record: shells clockwise, holes counter-clockwise. */
function polygonRecordContent(polygons: PolygonRings): Uint8Array {
  const rings: Float64Array[] = [];
  for (const polygon of polygons)
    polygon.forEach((ring, r) => {
      const clockwise = signedArea(ring) < 0;
      rings.push(clockwise === (r === 0) ? ring : reversed(ring));
    });
  const points = rings.reduce((n, r) => n + r.length / 2, 0);
  const bytes = new Uint8Array(44 + 4 * rings.length + 16 * points);
  const view = new DataView(bytes.buffer);
  let xmin = Infinity;
  let ymin = Infinity;
  let xmax = -Infinity;
  let ymax = -Infinity;
  view.setInt32(0, 5, true);
  view.setInt32(36, rings.length, true);
  view.setInt32(40, points, true);
  let offset = 44 + 4 * rings.length;
  let start = 0;
  rings.forEach((ring, i) => {
    view.setInt32(44 + 4 * i, start, true);
    start += ring.length / 2;
    for (let k = 0; k < ring.length; k += 2) {
      const x = ring[k] as number;
      const y = ring[k + 1] as number;
      view.setFloat64(offset, x, true);
      view.setFloat64(offset + 8, y, true);
      offset += 16;
      xmin = Math.min(xmin, x);
      ymin = Math.min(ymin, y);
      xmax = Math.max(xmax, x);
      ymax = Math.max(ymax, y);
    }
  });
  [xmin, ymin, xmax, ymax].forEach((v, i) => view.setFloat64(4 + 8 * i, v, true));
  return bytes;
}

/**
 * New .shp and .shx bytes with some records' shapes replaced (by 1-based record number); undefined when the
 * .shp cannot be walked record by record.
 */
function replaceShapes(
  shp: Uint8Array,
  replacements: ReadonlyMap<number, PolygonRings>,
): { shp: Uint8Array; shx: Uint8Array } | undefined {
  if (shp.length < 100) return undefined;
  const view = new DataView(shp.buffer, shp.byteOffset, shp.byteLength);
  const contents: Uint8Array[] = [];
  let offset = 100;
  while (offset + 8 <= shp.length) {
    const words = view.getInt32(offset + 4, false);
    const end = offset + 8 + 2 * words;
    if (words < 0 || end > shp.length) return undefined;
    const record = contents.length + 1;
    const replacement = replacements.get(record);
    contents.push(replacement ? polygonRecordContent(replacement) : shp.subarray(offset + 8, end));
    offset = end;
  }
  const shpLength = 100 + contents.reduce((n, c) => n + 8 + c.length, 0);
  const outShp = new Uint8Array(shpLength);
  const outShx = new Uint8Array(100 + 8 * contents.length);
  outShp.set(shp.subarray(0, 100));
  outShx.set(shp.subarray(0, 100));
  const shpView = new DataView(outShp.buffer);
  const shxView = new DataView(outShx.buffer);
  shpView.setInt32(24, shpLength / 2, false);
  shxView.setInt32(24, outShx.length / 2, false);
  let xmin = Infinity;
  let ymin = Infinity;
  let xmax = -Infinity;
  let ymax = -Infinity;
  let at = 100;
  contents.forEach((content, i) => {
    shxView.setInt32(100 + 8 * i, at / 2, false);
    shxView.setInt32(104 + 8 * i, content.length / 2, false);
    shpView.setInt32(at, i + 1, false);
    shpView.setInt32(at + 4, content.length / 2, false);
    outShp.set(content, at + 8);
    const c = new DataView(content.buffer, content.byteOffset, content.byteLength);
    if (content.length >= 36 && c.getInt32(0, true) !== 0) {
      xmin = Math.min(xmin, c.getFloat64(4, true));
      ymin = Math.min(ymin, c.getFloat64(12, true));
      xmax = Math.max(xmax, c.getFloat64(20, true));
      ymax = Math.max(ymax, c.getFloat64(28, true));
    }
    at += 8 + content.length;
  });
  if (Number.isFinite(xmin)) {
    for (const v of [shpView, shxView])
      [xmin, ymin, xmax, ymax].forEach((value, i) => v.setFloat64(36 + 8 * i, value, true));
  }
  return { shp: outShp, shx: outShx };
}

/** The ZIP rebuilt with the replaced shapes (by member name, then record); undefined when it cannot be. */
export function rebuildShapefileZip(
  bytes: Uint8Array,
  replacements: ReadonlyMap<string, ReadonlyMap<number, PolygonRings>>,
): Uint8Array | undefined {
  const archive = openZip(bytes, new DiagnosticCollector());
  if (!archive) return undefined;
  const stem = (name: string): string => name.replace(/\.[^./\\]*$/, '').toLowerCase();
  const rebuilt = new Map<string, Uint8Array>();
  for (const [entry, records] of replacements) {
    const shpEntry = archive.files.find((e) => e.name === entry);
    const shxEntry = archive.files.find(
      (e) => extensionOf(e.name) === 'shx' && stem(e.name) === stem(entry) && !isArchiveJunk(e.name),
    );
    const shp = shpEntry && archive.read(shpEntry);
    if (!shp) return undefined;
    const replaced = replaceShapes(shp, records);
    if (!replaced) return undefined;
    rebuilt.set(entry, replaced.shp);
    if (shxEntry) rebuilt.set(shxEntry.name, replaced.shx);
  }
  const entries: ZipWriteEntry[] = [];
  for (const e of archive.files) {
    const data = rebuilt.get(e.name) ?? archive.read(e);
    if (!data) return undefined;
    entries.push({ name: e.name, bytes: data, dosTime: e.dosTime, dosDate: e.dosDate });
  }
  return writeZip(entries);
}
