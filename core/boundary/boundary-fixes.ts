/**
 * Geometry fixes, reviewed before they are offered. The geometry checks (core/geometry, check-wgs84.ts)
 * propose fixes as edits of the boundary's WKT; here each one is applied to the WKT and its result checked:
 *
 * - a fix must not create a new error: the result must be a non-empty polygon, within the service's point
 *   limit (unless the input already was over it), and a rebuilt geometry (make-valid, swapped axes, a
 *   collection rewritten) must be OGC-valid and, in WGS 84, within the acre limit. A fix that fails is not
 *   offered, and the hint says why;
 * - a rebuilt geometry is written with the input's precision (the most decimals the input geometry has), so
 *   no 45.123850000000004 appears; if rounding would break the result, with a few decimals more; if that
 *   breaks it too (a sliver make-valid cut 1e-14 wide next to a vertex), the area is made valid again from
 *   the rounded one and rounded so; only when that fails, with full precision;
 * - a boundary that is geometry in its source (GeoJSON, KML, shapefile) gets the fixed polygons written back
 *   in the source's own format by its writer (text edits in the file, or a rebuilt archive member); without
 *   a writer, or when the writer cannot (reprojected coordinates), the fix is not offered.
 */

import {
  editText,
  plainTextEdit,
  type Diagnostic,
  type Fix,
  type FixBase,
  type TextEdit,
} from '../diagnostics/diagnostic.ts';
import { areaAcres, squareMetresToAcres, WGS84_A, WGS84_F } from '../geodesy/area.ts';
import {
  isArealType,
  polygonPointCount,
  type ParsedGeometry,
  type PolygonRings,
} from '../geometry/geometry.ts';
import type { RebuiltGeometry } from '../geometry/rebuilt-geometry.ts';
import { makeValidPolygons } from '../geometry/make-valid.ts';
import { isValidPolygons } from '../geometry/validity.ts';
import type { GeometryWriter } from '../records/field-record.ts';
import { packedMap } from '../values/packed-map.ts';
import { parseWkt } from '../wkt/parse-wkt.ts';
import { maxDecimals, writePolygonsWkt } from '../wkt/write-wkt.ts';
import { SERVICE_LIMITS } from './check-service-limits.ts';
import { formatCount } from '../values/format-count.ts';

export type { GeometryWriter } from '../records/field-record.ts';

export interface GeometryFixTarget {
  /** The checked WKT (the source's own text, or the one written from the source's geometry). */
  wkt: string;
  geometry: ParsedGeometry;
  /** Document offset of a WKT offset (identity when the WKT is not inside a document). */
  toDocument(offset: number): number;
  /** For a boundary that is geometry in its source; undefined when the WKT edits are the source's edits. */
  writer?: GeometryWriter;
  /** Says why geometry fixes cannot be written (a format without a writer). */
  noWriterReason?: string;
  /** The geometry make-valid rebuilt for its fix, so that fix is checked without reading its text back. */
  rebuilt?: RebuiltGeometry;
}

/** Characters of geometry text rewritten for written-back fixes of one boundary, at most (see below). */
const MAX_REWRITE_CHARACTERS = 50_000_000;

/** Longest before/after text shown in a fix; a longer geometry is shown as its counts and its start. */
const DISPLAY_LIMIT = 600;

/** "MULTIPOLYGON: 2 polygons, 2 rings, 8 points" */
function summary(type: string, polygons: PolygonRings): string {
  const rings = polygons.reduce((n, p) => n + p.length, 0);
  const plural = (n: number, word: string): string => `${count(n)} ${word}${n === 1 ? '' : 's'}`;
  return `${type.toUpperCase()}: ${plural(polygons.length, 'polygon')}, ${plural(rings, 'ring')}, ${plural(polygonPointCount(polygons), 'point')}`;
}

/**
 * Before and after of a rebuilt geometry, for the list of applied fixes: the WKT itself when both are
 * short; else what changed in numbers, since two long texts cut in the middle look the same.
 */
function beforeAfter(
  beforeText: string,
  before: ParsedGeometry,
  afterText: string,
  afterType: string,
  after: PolygonRings,
): { before: string; after: string } {
  if (beforeText.length <= DISPLAY_LIMIT && afterText.length <= DISPLAY_LIMIT)
    return { before: beforeText, after: afterText };
  return {
    before: `${summary(before.type, before.polygons)} (${beforeText.slice(0, 120)}…)`,
    after: `${summary(afterType, after)} (${afterText.slice(0, 120)}…)`,
  };
}

/** WKT offset of a document offset: the inverse of a monotone `toDocument`. */
function toLocal(target: GeometryFixTarget, offset: number): number {
  let lo = 0;
  let hi = target.wkt.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (target.toDocument(mid) < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The WKT with edits made, each at its offsets into the WKT (`start`, `end`) and read from it (`edit`). */
function applyEdits(wkt: string, edits: readonly { start: number; end: number; edit: TextEdit }[]): string {
  let out = wkt;
  for (const e of [...edits].sort((a, b) => b.start - a.start))
    out = out.slice(0, e.start) + editText(e.edit, wkt, e.start) + out.slice(e.end);
  return out;
}

const count = formatCount;

function commas(text: string, start = 0, end = text.length): number {
  let n = 0;
  for (let i = start; i < end; i++) if (text.charCodeAt(i) === 44) n++;
  return n;
}

/** The commas of an edit's new text, an edit at `start` of the WKT (a `keep` edit's counted in place). */
function keptCommas(wkt: string, e: { start: number; edit: TextEdit }): number {
  const keep = e.edit.keep;
  if (keep === undefined) return commas(editText(e.edit));
  let n = 0;
  for (let i = 0; i < keep.length; i += 2)
    n += commas(wkt, e.start + (keep[i] as number), e.start + (keep[i + 1] as number));
  return n;
}

/**
 * Why the result of a fix would break a rule the input did not, or undefined when it is fine. `rebuilt`: a
 * validity fix that rebuilds the geometry, whose result must be valid and within the acre limit.
 * `surelyValid` (make-valid's `stillValid`) spares the validity check where it can tell.
 */
function resultProblem(
  polygons: PolygonRings,
  type: ParsedGeometry['type'],
  rebuilt: boolean,
  original: ParsedGeometry,
  surelyValid?: () => boolean,
): string | undefined {
  if (!isArealType(type) || polygons.length === 0) return 'the result would not be a polygon';
  const points = polygonPointCount(polygons);
  const before = polygonPointCount(original.polygons);
  if (points > SERVICE_LIMITS.maxPoints && points > before && before <= SERVICE_LIMITS.maxPoints)
    return `the result would have ${count(points)} points, over the service's limit of ${count(SERVICE_LIMITS.maxPoints)}`;
  if (!rebuilt) return undefined;
  if (!(surelyValid?.() ?? false) && !isValidPolygons(polygons)) return STILL_INVALID;
  let wgs84 = true;
  let west = Infinity;
  let east = -Infinity;
  let south = Infinity;
  let north = -Infinity;
  for (const rings of polygons)
    for (const ring of rings)
      for (let i = 0; i + 1 < ring.length; i += 2) {
        const lon = ring[i] as number;
        const lat = ring[i + 1] as number;
        if (Math.abs(lon) > 180 || Math.abs(lat) > 90) wgs84 = false;
        if (lon < west) west = lon;
        if (lon > east) east = lon;
        if (lat < south) south = lat;
        if (lat > north) north = lat;
      }
  // A field's box holds far fewer acres than the limit: no need to measure the polygons in it.
  if (wgs84 && !(east - west < 10 && 2 * boxAcresBound(west, south, east, north) < SERVICE_LIMITS.maxAcres)) {
    const acres = areaAcres(polygons);
    if (acres > SERVICE_LIMITS.maxAcres)
      return `the rebuilt boundary would cover ${count(Math.round(acres))} acres, over the service's limit of ${count(SERVICE_LIMITS.maxAcres)}`;
  }
  return undefined;
}

/**
 * More acres than the longitude/latitude box holds on the WGS 84 ellipsoid (the area element M·N·cos φ
 * with M·N at most a²/(1 − e²)). Rings inside the box cover less, up to their edges bulging towards the
 * pole, which for a box of a few degrees is far under the factor 2 the caller allows.
 */
function boxAcresBound(west: number, south: number, east: number, north: number): number {
  const e2 = WGS84_F * (2 - WGS84_F);
  const rad = Math.PI / 180;
  const m2 =
    ((WGS84_A * WGS84_A) / (1 - e2)) * (east - west) * rad * (Math.sin(north * rad) - Math.sin(south * rad));
  return squareMetresToAcres(m2);
}

const roundTo = (v: number, decimals: number): number =>
  Number.isFinite(v) ? Number(v.toFixed(decimals)) + 0 : v;

function round(polygons: PolygonRings, decimals: number): PolygonRings {
  // packedMap pays here: the ragged upload of the field-upload bench took 1.96 s of CPU with .map, 1.73 s
  // with it (V8 11.3, best of 4).
  return packedMap(polygons, (rings) => packedMap(rings, (ring) => ring.map((v) => roundTo(v, decimals))));
}

/** A computed point of a rebuilt geometry: its ring, its offset there and its exact value. */
interface ComputedPoint {
  ring: Float64Array;
  at: number;
  x: number;
  y: number;
}

function computedPoints(rebuilt: RebuiltGeometry): ComputedPoint[] {
  const out: ComputedPoint[] = [];
  rebuilt.polygons.forEach((rings, p) =>
    rings.forEach((ring, r) => {
      const sources = rebuilt.sources[p]?.[r];
      const add = (k: number): number =>
        out.push({ ring, at: k, x: ring[k] as number, y: ring[k + 1] as number });
      if (sources === undefined || sources.length < ring.length >> 1) {
        for (let k = 0; k < ring.length; k += 2) if ((sources?.[k >> 1] ?? -1) < 0) add(k);
        return;
      }
      // Computed points are few: found natively, not by a look at every vertex.
      for (let i = sources.indexOf(-1); i >= 0 && 2 * i < ring.length; i = sources.indexOf(-1, i + 1))
        add(2 * i);
    }),
  );
  return out;
}

/**
 * A rebuilt geometry with its computed points rounded to `decimals` (exact when undefined). Only they
 * change: its other vertices repeat input coordinates, written with at most `decimals` decimals, so
 * rounding gives each the same number. In place (the review tries one precision after another and keeps
 * the last), so no ring is copied.
 */
function roundComputed(
  rebuilt: RebuiltGeometry,
  computed: readonly ComputedPoint[],
  decimals: number | undefined,
): PolygonRings {
  for (const c of computed) {
    c.ring[c.at] = decimals === undefined ? c.x : roundTo(c.x, decimals);
    c.ring[c.at + 1] = decimals === undefined ? c.y : roundTo(c.y, decimals);
  }
  return rebuilt.polygons;
}

/** The reviewed fix; or why it is not offered; or `silent`: not offered, as if it had never been made. */
type Reviewed = { fix: Fix } | { reason: string } | { silent: true };

const STILL_INVALID = 'the rebuilt boundary would still not be a valid polygon';

/** What a fix says besides how it applies (its edits or its artifact), for a reviewed fix to keep. */
function fixBase(fix: Fix): FixBase {
  const { edits: _edits, artifact: _artifact, ...base } = fix;
  return base;
}

/** `validity`: the fix is meant to make the geometry valid (its result must be). */
function review(fix: Fix, target: GeometryFixTarget, validity: boolean): Reviewed {
  const edits = fix.edits ?? [];
  const { wkt, geometry } = target;
  // Offsets into the WKT; an edit's text read when needed (a `keep` edit's from the WKT, at `start`).
  const local = packedMap(edits, (e) => ({
    start: toLocal(target, e.start),
    end: toLocal(target, e.end),
    edit: e,
  }));
  const [geometryStart, geometryEnd] = geometry.spans.geometry;
  // A fix that replaces the whole geometry writes new coordinates; other fixes copy the input's text.
  const rebuilt = local.length === 1 && local[0]!.start <= geometryStart && local[0]!.end >= geometryEnd;
  if (!rebuilt && !target.writer) {
    // A local edit (close a ring, drop a repeated point, remove a hole or a vertex) copies the input's own
    // text, so only the point count can go wrong. Counted from the edits, without rebuilding the text: a
    // file with a million such fixes must not be parsed a million times. Each coordinate these edits add or
    // remove comes with one comma.
    let delta = 0;
    for (const e of local) delta += keptCommas(wkt, e) - commas(wkt, e.start, e.end);
    const before = polygonPointCount(geometry.polygons);
    const after = before + delta;
    if (after > SERVICE_LIMITS.maxPoints && before <= SERVICE_LIMITS.maxPoints)
      return {
        reason: `the result would have ${count(after)} points, over the service's limit of ${count(SERVICE_LIMITS.maxPoints)}`,
      };
    return { fix };
  }
  // make-valid's own result is at hand: no need to write it out and read it back.
  const traced = rebuilt && target.rebuilt?.fix === fix ? target.rebuilt : undefined;
  let result: { type: ParsedGeometry['type']; polygons: PolygonRings };
  if (traced) {
    result = { type: traced.multi ? 'MultiPolygon' : 'Polygon', polygons: traced.polygons };
  } else {
    const parsed = parseWkt(applyEdits(wkt, local));
    if (!parsed.ok) return { reason: 'the fixed text would not read as WKT' };
    result = parsed.geometry;
  }
  const decimals = traced ? traced.inputDecimals() : maxDecimals(wkt, geometryStart, geometryEnd);

  // Rounded to the input's precision first; if that breaks the result (a crossing point needs more digits),
  // one more decimal at a time, and finally the exact coordinates. Each candidate is made only when the
  // one before fails.
  const candidateDecimals: number[] = [];
  if (rebuilt && decimals !== undefined)
    for (let d = decimals; d <= Math.min(decimals + 6, 15); d++) candidateDecimals.push(d);
  let chosen: { polygons: PolygonRings; decimals?: number; remade?: boolean } | undefined;
  let problem: string | undefined;
  let computed: ComputedPoint[] | undefined;
  const attempt = (d: number | undefined): PolygonRings => {
    const polygons = traced
      ? roundComputed(traced, (computed ??= computedPoints(traced)), d)
      : d === undefined
        ? result.polygons
        : round(result.polygons, d);
    problem = resultProblem(polygons, result.type, rebuilt && validity, geometry, traced?.stillValid);
    return polygons;
  };
  for (const d of candidateDecimals) {
    const polygons = attempt(d);
    if (problem === undefined) {
      chosen = { polygons, decimals: d };
      break;
    }
  }
  // Rounding broke the rebuilt area at every precision: a crossing point lies within rounding of a vertex
  // (make-valid cut a sliver 1e-14 wide there). Made valid again from the area rounded at the finest
  // precision tried, the sliver goes; that area is then rounded as above. The exact points
  // (45.11000000000001) are the last resort.
  const finest = candidateDecimals[candidateDecimals.length - 1];
  const again = !chosen && rebuilt && validity && finest !== undefined && makeValidPolygons(attempt(finest));
  // Nothing left: the whole area was such a sliver (an outline that goes out and back along a line).
  if (again === undefined)
    return { reason: "the rebuilt boundary would have no area at the input's precision" };
  if (again)
    for (const d of candidateDecimals) {
      const polygons = round(again, d);
      const type = result.type === 'MultiPolygon' || polygons.length > 1 ? 'MultiPolygon' : 'Polygon';
      if (resultProblem(polygons, type, true, geometry) === undefined) {
        chosen = { polygons, decimals: d, remade: true };
        result = { type, polygons };
        break;
      }
    }
  if (!chosen) {
    const polygons = attempt(undefined);
    if (problem === undefined) chosen = { polygons };
  }
  // make-valid left its check to this review: an exact result that is not valid is no fix at all, as
  // make-valid itself would have said.
  if (!chosen && traced && !traced.checked && problem === STILL_INVALID) return { silent: true };
  if (!chosen) return { reason: problem ?? 'the result would not be valid' };
  // Local edits keep the input's numbers: write them back with the input's precision.
  const precision = rebuilt ? chosen.decimals : decimals;
  const multi = result.type === 'MultiPolygon' || result.polygons.length > 1;
  // make-valid's writer reuses the input's text; an area made again has other rings than it knows.
  const tracedWriter = chosen.remade ? undefined : traced;

  if (target.writer) {
    const written = target.writer.write(chosen.polygons, multi, precision);
    if ('reason' in written) return written;
    const text = tracedWriter
      ? tracedWriter.write(chosen.polygons)
      : writePolygonsWkt(chosen.polygons, { multi });
    const base = {
      ...fixBase(fix),
      ...beforeAfter(
        wkt.slice(geometryStart, geometryEnd),
        geometry,
        text,
        multi ? 'MultiPolygon' : 'Polygon',
        chosen.polygons,
      ),
    };
    const out: Fix =
      'edits' in written ? { ...base, edits: written.edits } : { ...base, artifact: written.artifact };
    return { fix: out };
  }
  // Here the fix rebuilt the whole geometry (local edits without a writer returned above).
  const text = tracedWriter
    ? tracedWriter.write(chosen.polygons)
    : writePolygonsWkt(chosen.polygons, { multi: result.type === 'MultiPolygon' });
  const edit = edits[0]!;
  const shown = beforeAfter(
    wkt.slice(geometryStart, geometryEnd),
    geometry,
    text,
    result.type === 'MultiPolygon' ? 'MultiPolygon' : 'Polygon',
    chosen.polygons,
  );
  // Written from numbers and the input's canonical coordinates: printable ASCII, no quotes or backslashes.
  const plain = traced !== undefined;
  const rewritten = plain
    ? plainTextEdit(edit.start, edit.end, text)
    : { start: edit.start, end: edit.end, text };
  return { fix: { ...fixBase(fix), edits: [rewritten], ...shown } };
}

/**
 * Review the geometry fixes of diagnostics[from…] (see the module comment): each fix is replaced by the
 * reviewed one, or removed with the reason added to the hint. A fix shared by several diagnostics is
 * reviewed once. Acreage fixes (which edit the stated acres, not the geometry) are left alone.
 */
export function reviewGeometryFixes(
  diagnostics: Diagnostic[],
  from: number,
  target: GeometryFixTarget,
): void {
  const done = new Map<Fix, Reviewed>();
  // Equal fixes given as separate objects (one rebuild per polygon, repeated on each of its diagnostics)
  // are reviewed once too.
  const byEdits = new Map<string, Array<{ fix: Fix; reviewed: Reviewed }>>();
  const editsKey = (fix: Fix): string =>
    `${fix.safety}|${fix.title}|${(fix.edits ?? []).map((e) => `${e.start}:${e.end}:${e.keep ? `keep ${e.keep.length}` : e.text.length}`).join(',')}`;
  // Edits of the same target at the same places: the same when their texts or their kept parts are.
  const sameEdit = (a: TextEdit, b: TextEdit | undefined): boolean =>
    b !== undefined &&
    (a.keep === undefined
      ? a.text === b.text
      : b.keep !== undefined && a.keep.length === b.keep.length && a.keep.every((n, i) => n === b.keep?.[i]));
  const sameEdits = (fix: Fix): Reviewed | undefined =>
    byEdits
      .get(editsKey(fix))
      ?.find((seen) => (seen.fix.edits ?? []).every((e, i) => sameEdit(e, fix.edits?.[i])))?.reviewed;
  // Written-back fixes rebuild the whole geometry each: bound that work for a boundary with very many
  // fixes (a million repeated points), and say so rather than stall; the fix loop's next pass goes on.
  let rewrites = 0;
  const maxRewrites = Math.max(1, Math.floor(MAX_REWRITE_CHARACTERS / Math.max(1, target.wkt.length)));
  for (let i = from; i < diagnostics.length; i++) {
    const d = diagnostics[i] as Diagnostic;
    const fix = d.fix;
    if (!fix || d.group === 'acreage' || !fix.edits || fix.edits.length === 0) continue;
    let reviewed = done.get(fix) ?? sameEdits(fix);
    if (!reviewed) {
      if (target.writer === undefined && target.noWriterReason !== undefined)
        reviewed = { reason: target.noWriterReason };
      else if (target.writer && rewrites >= maxRewrites)
        reviewed = {
          reason: `Fieldgate prepared ${count(maxRewrites)} fixes of this boundary and stopped (each rewrites it whole); apply those and check again`,
        };
      else {
        if (target.writer) rewrites++;
        reviewed = review(fix, target, d.group === 'ogc-validity');
      }
      done.set(fix, reviewed);
      byEdits.set(editsKey(fix), [...(byEdits.get(editsKey(fix)) ?? []), { fix, reviewed }]);
    }
    if ('fix' in reviewed) {
      diagnostics[i] = { ...d, fix: reviewed.fix };
      continue;
    }
    const { fix: _dropped, ...rest } = d;
    if ('silent' in reviewed) {
      diagnostics[i] = rest;
      continue;
    }
    const note = `No fix is offered: ${reviewed.reason}.`;
    diagnostics[i] = { ...rest, hint: d.hint ? `${d.hint} ${note}` : note };
  }
}
