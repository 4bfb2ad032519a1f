import { editText, type Fix, type Location, type TextEdit } from '../diagnostics/diagnostic.ts';
import { LineIndex } from '../diagnostics/text-position.ts';
import type { DiagnosticCollector } from '../rules/reporter.ts';
import type { RuleMeta } from '../rules/rule.ts';
import { ogcValidityRules } from './validity-rules.ts';
import {
  emptyGeometry,
  extraDimensions,
  geometryTypeNotAccepted,
  sridNotWgs84,
  wktSyntaxError,
} from './wkt-rules.ts';
import { flatString } from '../values/flat-string.ts';
import { parseWkt } from '../wkt/parse-wkt.ts';
import { writePolygonsWkt } from '../wkt/write-wkt.ts';
import type { ParsedGeometry, PolygonRings } from './geometry.ts';
import { makeValidPolygonsTraced } from './make-valid.ts';
import { rebuiltPolygons, type RebuiltGeometry } from './rebuilt-geometry.ts';
import { isValidArea, removeRing, removeVertex } from './fixes.ts';
import { type IssueTarget, reportValidityIssues, ringLabel } from './report-validity.ts';
import { isValidPolygons, type ValidityCheck, type ValidityIssue, type ValidityOptions } from './validity.ts';
import { formatCount } from '../values/format-count.ts';

/**
 * The boundary checks of the `wkt-syntax` and `ogc-validity` groups, reported as diagnostics. The WKT may
 * sit inside a larger document (a JSON string, a CSV cell): `base` says where, so ranges and fix edits
 * point into that document.
 *
 * One fault, one diagnostic: a syntax error stops everything else; an EMPTY or non-areal geometry stops
 * the validity checks; inside validity, structural faults (bad coordinates, unclosed or too-short rings)
 * stop the intersection checks, and intersections stop the containment checks.
 */

export interface GeometryCheckBase {
  /** Line index of the whole document the WKT is part of; without it, ranges are within the WKT itself. */
  lines?: LineIndex;
  /** Offset of the WKT's first character in that document (default 0). */
  offset?: number;
  /** For WKT read from an escaped string: maps an offset in the WKT to an offset in the document. */
  mapOffset?: (wktOffset: number) => number;
  /** Added to every location (file, path, row, field, entry, record). */
  location?: Location;
}

export interface GeometryCheckOptions {
  validity?: ValidityOptions;
  /**
   * Compute fixes (default true). Repairs such as make-valid rebuild the geometry; a caller that only
   * needs the verdict and the diagnostics (a bulk pre-check) can skip them.
   */
  fixes?: boolean;
  /**
   * Leave the make-valid fix's text empty (default false): for a caller that reviews that fix from
   * `GeometryVerdict.rebuilt` and writes its text then (checkBoundary), so it is not written twice.
   */
  rebuiltTextLater?: boolean;
}

/** Longest before/after text shown in a fix; longer geometries are shortened in the middle. */
const DISPLAY_LIMIT = 600;

function abbreviate(text: string): string {
  if (text.length <= DISPLAY_LIMIT) return text;
  return `${text.slice(0, DISPLAY_LIMIT - 200)} … ${text.slice(text.length - 150)}`;
}

/**
 * `abbreviate` of the pieces joined, joining only the characters it shows. A piece is text, or an edit of
 * the WKT that keeps parts of what it replaces (see TextEdit): measured from its parts, its text read only
 * if it is shown.
 */
function abbreviatePieces(wkt: string, pieces: readonly (string | TextEdit)[]): string {
  const textOf = (p: string | TextEdit): string => (typeof p === 'string' ? p : editText(p, wkt));
  const lengthOf = (p: string | TextEdit): number => {
    if (typeof p === 'string') return p.length;
    let n = 0;
    const keep = p.keep ?? [];
    for (let i = 0; i < keep.length; i += 2) n += keep[i + 1] - keep[i];
    return n;
  };
  let length = 0;
  for (const p of pieces) length += lengthOf(p);
  if (length <= DISPLAY_LIMIT) return pieces.map(textOf).join('');
  let head = '';
  for (let i = 0; i < pieces.length && head.length < DISPLAY_LIMIT - 200; i++)
    head += textOf(pieces[i] as string | TextEdit).slice(0, DISPLAY_LIMIT - 200 - head.length);
  let tail = '';
  for (let i = pieces.length - 1; i >= 0 && tail.length < 150; i--) {
    const piece = textOf(pieces[i] as string | TextEdit);
    tail = piece.slice(Math.max(0, piece.length - (150 - tail.length))) + tail;
  }
  return `${head} … ${tail}`;
}

/** Reports diagnostics for one WKT, turning WKT offsets into document ranges and edits. */
class GeometryReporter {
  private lineIndex: LineIndex | undefined;

  constructor(
    readonly wkt: string,
    readonly collector: DiagnosticCollector,
    private readonly base: GeometryCheckBase,
    readonly fixes: boolean,
  ) {}

  doc(offset: number): number {
    if (this.base.mapOffset) return this.base.mapOffset(offset);
    return this.base.lines ? (this.base.offset ?? 0) + offset : offset;
  }

  location(start: number, end: number, extra: Location = {}): Location {
    const lines = this.base.lines ?? (this.lineIndex ??= new LineIndex(this.wkt));
    return { ...this.base.location, range: lines.range(this.doc(start), this.doc(end)), ...extra };
  }

  edit(start: number, end: number, text: string): TextEdit {
    return { start: this.doc(start), end: this.doc(end), text };
  }

  /** A fix made of edits on the WKT, shown as the surrounding text before and after. */
  editFix(safety: Fix['safety'], title: string, edits: TextEdit[]): Fix {
    const sorted = [...edits].sort((a, b) => a.start - b.start);
    const from = Math.max(0, (sorted[0]?.start ?? 0) - 40);
    const to = Math.min(this.wkt.length, (sorted[sorted.length - 1]?.end ?? 0) + 40);
    // The text after the edits, from..to, as pieces: only the ends that are shown are joined (edits across
    // a 192 MB geometry would otherwise build a copy of it for 600 characters).
    const pieces: (string | TextEdit)[] = [];
    let at = from;
    for (const e of sorted) {
      if (e.start > at) pieces.push(this.wkt.slice(at, e.start));
      if (e.keep) pieces.push(e);
      else if (e.text !== '') pieces.push(e.text);
      at = e.end;
    }
    if (to > at) pieces.push(this.wkt.slice(at, to));
    const ellipsisStart = from > 0 ? '…' : '';
    const ellipsisEnd = to < this.wkt.length ? '…' : '';
    return {
      safety,
      title,
      // A `keep` edit's parts are offsets from its start: the same in the document.
      edits: sorted.map((e) =>
        e.keep
          ? { start: this.doc(e.start), end: this.doc(e.end), keep: e.keep }
          : this.edit(e.start, e.end, e.text),
      ),
      before: ellipsisStart + abbreviate(this.wkt.slice(from, to)) + ellipsisEnd,
      after: ellipsisStart + abbreviatePieces(this.wkt, pieces) + ellipsisEnd,
    };
  }

  /** A fix replacing the whole geometry text (after any SRID prefix) with new WKT. */
  replaceFix(safety: Fix['safety'], title: string, g: ParsedGeometry, replacement: string): Fix {
    const [start, end] = g.spans.geometry;
    return {
      safety,
      title,
      edits: [this.edit(start, end, replacement)],
      before: abbreviate(this.wkt.slice(start, end)),
      after: abbreviate(replacement),
    };
  }

  report<M extends string>(
    rule: { meta: RuleMeta<M> },
    descriptor: Parameters<DiagnosticCollector['report']>[1] & { messageId: M },
  ): void {
    if (!this.fixes && descriptor.fix) {
      const { fix: _fix, ...rest } = descriptor;
      this.collector.report(rule, rest);
      return;
    }
    this.collector.report(rule, descriptor);
  }
}

/**
 * The `ogc-validity` checks for polygons that have no WKT text of their own (read from a shapefile or
 * GeoJSON): locations carry `location` plus polygon, ring, coordinate and point, without ranges or fixes.
 * Returns whether the polygons are valid (no error reported).
 */
export function checkPolygonValidity(
  polygons: PolygonRings,
  collector: DiagnosticCollector,
  options: { location?: Location; multi?: boolean; validity?: ValidityOptions } = {},
): boolean {
  const multi = options.multi ?? polygons.length !== 1;
  const before = collector.diagnostics.length;
  reportValidityIssues(polygons, collector, {
    ringLabel: (p, r) => ringLabel(multi, p, r),
    place: () => ({ ...options.location }),
    validity: options.validity,
  });
  return !collector.diagnostics.slice(before).some((d) => d.severity === 'error');
}

/**
 * Check one WKT boundary with the `wkt-syntax` and `ogc-validity` rules. Returns the parsed geometry for
 * further checks (WGS 84 ranges, area, service limits), or undefined when the text is not WKT.
 */
export function checkWktGeometry(
  wkt: string,
  collector: DiagnosticCollector,
  base: GeometryCheckBase = {},
  options: GeometryCheckOptions = {},
): ParsedGeometry | undefined {
  return checkWktGeometryVerdict(wkt, collector, base, { ...options, verdict: false }).geometry;
}

export interface GeometryVerdict {
  /** The parsed geometry, or undefined when the text is not WKT. */
  geometry?: ParsedGeometry;
  /**
   * OGC-valid polygons (areal, not empty, no validity error), whichever rules are selected; undefined when
   * not asked for (`verdict: false`) and the validity rules are not selected.
   */
  valid?: boolean;
  /** The geometry rebuilt by make-valid, when a diagnostic offers that fix (for the fix review). */
  rebuilt?: RebuiltGeometry;
}

/**
 * As checkWktGeometry, and also says whether the polygons are OGC-valid, from the same single pass, so
 * callers that go on to compute areas need not validate again.
 */
export function checkWktGeometryVerdict(
  wkt: string,
  collector: DiagnosticCollector,
  base: GeometryCheckBase = {},
  options: GeometryCheckOptions & { verdict?: boolean } = {},
): GeometryVerdict {
  // One flat copy for the reader and the rebuilt geometry's writer (each made its own). The reporter keeps
  // the caller's text: its fixes slice from it, and a slice of the copy would keep the copy alive. Without
  // it: self-crossing upload 1.79 s CPU at best, not 1.61 s; 100,000 .wkt lines 3.85 s, not 3.68 s (best of 4
  // alternating runs, V8 11.3).
  const text = flatString(wkt);
  const rep = new GeometryReporter(wkt, collector, base, options.fixes ?? true);
  const parsed = parseWkt(text, { flat: true });
  if (!parsed.ok) {
    const e = parsed.error;
    const descriptor: Parameters<DiagnosticCollector['report']>[1] = {
      messageId: 'syntax',
      data: { detail: e.message },
      location: rep.location(e.offset, e.end),
    };
    if (e.hint !== undefined) descriptor.hint = e.hint;
    collector.report(wktSyntaxError, { ...descriptor, messageId: 'syntax' });
    return {};
  }
  const g = parsed.geometry;

  if (g.srid !== undefined && g.spans.srid) {
    const [start, end] = g.spans.srid;
    if (g.srid === 4326) {
      rep.report(sridNotWgs84, {
        messageId: 'ewkt-prefix',
        severity: 'warning',
        location: rep.location(start, end),
        hint: 'Remove the SRID=4326; prefix: the boundary field holds plain WKT in WGS 84.',
        fix: rep.editFix('safe', 'Remove the SRID=4326; prefix', [{ start, end, text: '' }]),
      });
    } else {
      rep.report(sridNotWgs84, {
        messageId: 'other-srid',
        data: { srid: g.srid },
        location: rep.location(start, end),
        hint: `Reproject the coordinates from EPSG:${g.srid} to WGS 84 (EPSG:4326) and drop the prefix.`,
      });
    }
  }

  if (g.empty) {
    rep.report(emptyGeometry, {
      messageId: 'empty',
      location: rep.location(g.spans.geometry[0], g.spans.geometry[1]),
      hint: 'Give the field its boundary polygon; an empty geometry has no area.',
    });
    return { geometry: g, valid: false };
  }

  if (g.type !== 'Polygon' && g.type !== 'MultiPolygon') {
    const [start, end] = g.spans.type;
    const onlyPolygons =
      g.type === 'GeometryCollection' &&
      g.polygons.length > 0 &&
      (g.memberTypes ?? []).every((t) => t === 'Polygon' || t === 'MultiPolygon');
    if (g.type === 'GeometryCollection') {
      rep.report(geometryTypeNotAccepted, {
        messageId: 'collection',
        location: rep.location(start, end),
        hint: onlyPolygons
          ? 'Write the polygons as one MULTIPOLYGON.'
          : 'Keep only the polygons of the field, as a POLYGON or MULTIPOLYGON.',
        ...(onlyPolygons
          ? {
              fix: rep.replaceFix(
                'unsafe',
                'Rewrite the collection as a MULTIPOLYGON (assumes its polygons do not overlap)',
                g,
                writePolygonsWkt(g.polygons, { multi: true }),
              ),
            }
          : {}),
      });
    } else {
      rep.report(geometryTypeNotAccepted, {
        messageId: 'type',
        data: { type: wkt.slice(start, end).toUpperCase() },
        location: rep.location(start, end),
        hint:
          g.type === 'Point' || g.type === 'MultiPoint'
            ? 'A point marks a location, not a field: send the field outline as a POLYGON.'
            : 'A line has no area: close the outline and send it as a POLYGON.',
      });
    }
    return { geometry: g, valid: false };
  }

  if (g.hasZ || g.hasM) {
    const dims = g.hasZ && g.hasM ? 'Z and M' : g.hasZ ? 'Z' : 'M';
    const span = g.spans.dimensions ?? firstCoordinateSpan(g);
    rep.report(extraDimensions, {
      messageId: 'dropped',
      data: { dimensions: dims },
      location: rep.location(span[0], span[1]),
      hint: 'Send two values per coordinate: longitude latitude.',
      fix: rep.replaceFix(
        'safe',
        `Drop the ${dims} values`,
        g,
        writePolygonsWkt(g.polygons, { multi: g.type === 'MultiPolygon' }),
      ),
    });
  }

  if (g.emptyParts > 0) reportEmptyParts(rep, g);

  if (!ogcValidityRules.some((rule) => collector.isEnabled(rule))) {
    return options.verdict === false ? { geometry: g } : { geometry: g, valid: isValidPolygons(g.polygons) };
  }
  const sink: RebuiltSink = {};
  if (options.rebuiltTextLater === true) sink.textLater = true;
  const valid = reportValidity(rep, g, options.validity ?? {}, sink, text);
  return sink.rebuilt ? { geometry: g, valid, rebuilt: sink.rebuilt } : { geometry: g, valid };
}

/** Where the make-valid fix leaves its rebuilt geometry. */
interface RebuiltSink {
  rebuilt?: RebuiltGeometry;
  /** Leave the fix's text to the caller. */
  textLater?: boolean;
}

function firstCoordinateSpan(g: ParsedGeometry): [number, number] {
  for (const rings of g.positions) {
    for (const spans of rings) {
      if (spans.length >= 2) return [spans[0], spans[1]];
    }
  }
  return g.spans.type;
}

function reportEmptyParts(rep: GeometryReporter, g: ParsedGeometry): void {
  const multi = g.type === 'MultiPolygon';
  const polygonSpans = g.polygonSpans;
  for (let p = 0; p < g.polygons.length; p++) {
    const rings = g.polygons[p] as Float64Array[];
    if (rings.length === 0 && multi) {
      const start = polygonSpans[2 * p];
      const end = polygonSpans[2 * p + 1];
      const edit = removalEdit(polygonSpans, p, g.polygons.length);
      rep.report(emptyGeometry, {
        messageId: 'empty-part',
        severity: 'warning',
        data: { part: 'polygon' },
        location: rep.location(start, end, { polygon: p }),
        hint: 'Remove the EMPTY polygon.',
        fix: rep.editFix('safe', 'Remove the EMPTY polygon', [edit]),
      });
    }
    const ringSpans = g.ringSpans[p] as Uint32Array;
    for (let r = 0; r < rings.length; r++) {
      if ((rings[r] as Float64Array).length !== 0) continue;
      const start = ringSpans[2 * r];
      const end = ringSpans[2 * r + 1];
      const removable = r > 0;
      rep.report(emptyGeometry, {
        messageId: 'empty-part',
        severity: 'warning',
        data: { part: r === 0 ? 'shell' : 'ring' },
        location: rep.location(start, end, { polygon: p, ring: r }),
        hint: r === 0 ? 'Give the polygon its outline, or remove the polygon.' : 'Remove the EMPTY ring.',
        ...(removable
          ? { fix: rep.editFix('safe', 'Remove the EMPTY ring', [removalEdit(ringSpans, r, rings.length)]) }
          : {}),
      });
    }
  }
}

/** Edit removing item i of a comma-separated list whose spans are [start, end) pairs. */
function removalEdit(
  spans: Uint32Array,
  i: number,
  count: number,
): { start: number; end: number; text: string } {
  if (i > 0) return { start: spans[2 * i - 1], end: spans[2 * i + 1], text: '' };
  if (count > 1) return { start: spans[0], end: spans[2], text: '' };
  return { start: spans[0], end: spans[1], text: '' };
}

/** Reports the validity issues of a WKT, placed by character range; returns whether none is an error. */
function reportValidity(
  rep: GeometryReporter,
  g: ParsedGeometry,
  validity: ValidityOptions,
  sink: RebuiltSink,
  /** The flat text `g` was read from (see validityFixes). */
  text: string,
): boolean {
  const multi = g.type === 'MultiPolygon';
  const issues = reportValidityIssues(g.polygons, rep.collector, {
    ringLabel: (p, r) => ringLabel(multi, p, r),
    place: (target) => {
      const [start, end] = targetSpan(g, target);
      return rep.location(start, end);
    },
    validity,
    ...(rep.fixes ? { fix: validityFixes(rep, g, sink, text) } : {}),
  });
  return !issues.some((issue) => issue.severity === 'error');
}

/** The WKT range of coordinate k of a ring (the whole geometry when there is no such coordinate). */
function coordinateSpan(g: ParsedGeometry, p: number, r: number, k: number): [number, number] {
  const spans = g.positions[p]?.[r];
  const start = spans?.[2 * k];
  const end = spans?.[2 * k + 1];
  if (start === undefined || end === undefined) return g.spans.geometry;
  return [start, end];
}

function targetSpan(g: ParsedGeometry, target: IssueTarget): [number, number] {
  const { polygon: p, ring: r } = target;
  if ('wholeRing' in target) {
    const spans = g.ringSpans[p];
    return [spans?.[2 * r] ?? g.spans.geometry[0], spans?.[2 * r + 1] ?? g.spans.geometry[1]];
  }
  return [coordinateSpan(g, p, r, target.first)[0], coordinateSpan(g, p, r, target.last)[1]];
}

/** The text fix for each validity issue of a WKT: edits of its coordinates, or the geometry rebuilt. */
function validityFixes(
  rep: GeometryReporter,
  g: ParsedGeometry,
  sink: RebuiltSink,
  /** The text `g` was read from, flat (the reader's copy): the rebuilt geometry's writer reads it. */
  text: string,
): (issue: ValidityIssue, check: ValidityCheck) => Fix | undefined {
  const polygons = g.polygons;
  let makeValidFix: Fix | null | undefined;
  const makeValid = (check: ValidityCheck): Fix | undefined => {
    if (makeValidFix === undefined) {
      // A ring whose crossings were too many to count (a tangle, not a boundary) is not rebuilt.
      const tangled = check.issues.some((i) => i.unlisted?.atLeast === true);
      // When the caller reviews the result (checking it valid after rounding), make-valid does not check
      // it first as well.
      const fixed = tangled
        ? undefined
        : makeValidPolygonsTraced(polygons, { checkResult: sink.textLater !== true, swept: check.swept });
      makeValidFix = null;
      if (fixed) {
        const multi = g.type === 'MultiPolygon' || fixed.polygons.length > 1;
        const rebuilt = rebuiltPolygons(text, g, fixed, multi);
        makeValidFix = rep.replaceFix(
          'unsafe',
          'Rebuild a valid area from the outline (bow-ties split, spikes removed, overlapping parts merged)',
          g,
          sink.textLater === true ? '' : rebuilt.write(fixed.polygons, true),
        );
        sink.rebuilt = { ...rebuilt, fix: makeValidFix };
      }
    }
    return makeValidFix ?? undefined;
  };
  // One fix for every repeated point of the geometry, shared by its repeated-point diagnostics.
  let repeatedFix: Fix | null | undefined;
  const removeHole = (issue: ValidityIssue, title: string): Fix =>
    rep.editFix('unsafe', title, [
      removalEdit(
        g.ringSpans[issue.polygon] as Uint32Array,
        issue.ring,
        polygons[issue.polygon]?.length ?? 0,
      ),
    ]);

  return (issue, check) => {
    switch (issue.kind) {
      case 'invalid-coordinate':
        return undefined;
      case 'unclosed-ring': {
        const spans = g.positions[issue.polygon]?.[issue.ring] as Uint32Array;
        const firstText = rep.wkt.slice(spans[0], spans[1]);
        const lastEnd = spans[spans.length - 1];
        return rep.editFix('safe', 'Close the ring by repeating its first point', [
          { start: lastEnd, end: lastEnd, text: `, ${firstText}` },
        ]);
      }
      case 'too-few-points':
        return issue.ring > 0 ? removeHole(issue, 'Remove the degenerate hole') : undefined;
      case 'hole-outside-shell':
        return isValidArea(removeRing(polygons, issue.polygon, issue.ring))
          ? removeHole(issue, 'Remove the hole')
          : undefined;
      case 'nested-holes':
        return isValidArea(removeRing(polygons, issue.polygon, issue.ring))
          ? removeHole(issue, 'Remove the inner hole')
          : undefined;
      case 'repeated-point':
        if (repeatedFix === undefined) repeatedFix = repeatedPointsFix(rep, g) ?? null;
        return repeatedFix ?? undefined;
      case 'near-spike':
        return isValidArea(removeVertex(polygons, issue.polygon, issue.ring, issue.coordinate))
          ? vertexRemovalFix(rep, g, issue)
          : undefined;
      case 'self-intersection':
      case 'ring-self-touch':
      case 'rings-intersect':
      case 'overlapping-polygons':
      case 'nested-polygons':
      case 'disconnected-interior':
        return makeValid(check);
    }
  };
}

/**
 * The fix removing every consecutive repeated point of the geometry, listed or not (validity lists at
 * most `maxIssues` of them; the fix is not capped, so one fix pass removes them all). Each run of copies
 * is cut from the end of the point it repeats to the end of its last copy, so the rest of the text stays
 * as written. Where the WKT is the document's text as is (a .wkt line, an unescaped string) the cuts are
 * one edit whose text is the kept text between them: a boundary of millions of repeats is one edit, not
 * millions; in an escaped string (where kept text would need escaping again) each cut is an edit.
 */
function repeatedPointsFix(rep: GeometryReporter, g: ParsedGeometry): Fix | undefined {
  // The runs of copies, ring after ring (so in text order): each run's cut [start, end) from the end of the
  // repeated point to the end of its last copy, and its coordinates [first, k).
  const scanRuns = (visit: (start: number, end: number, first: number, k: number) => void): void => {
    for (let p = 0; p < g.polygons.length; p++) {
      const rings = g.polygons[p] as Float64Array[];
      for (let r = 0; r < rings.length; r++) {
        const ring = rings[r] as Float64Array;
        const n = ring.length >> 1;
        let first = -1;
        for (let k = 1; k <= n; k++) {
          // As validity.ts finds them: a point equal to the one before (NaN never is).
          const same = k < n && ring[2 * k] === ring[2 * k - 2] && ring[2 * k + 1] === ring[2 * k - 1];
          if (same) {
            if (first < 0) first = k;
            continue;
          }
          if (first < 0) continue;
          visit(coordinateSpan(g, p, r, first - 1)[1], coordinateSpan(g, p, r, k - 1)[1], first, k);
          first = -1;
        }
      }
    }
  };
  const edits: TextEdit[] = [];
  let runs = 0;
  let points = 0;
  // The block being built: its first cut's start, its last cut's end, and the text it keeps between its
  // cuts as offsets from its start (TextEdit's `keep`: two numbers a cut rather than the text, since the
  // texts of a geometry's blocks add up to the geometry's size, and a 100 MB one is not held twice).
  let blockStart = -1;
  let blockEnd = -1;
  let keep: number[] = [];
  const closeBlock = (): void => {
    if (blockStart < 0) return;
    edits.push(
      keep.length === 0
        ? { start: blockStart, end: blockEnd, text: '' }
        : { start: blockStart, end: blockEnd, keep },
    );
    blockStart = -1;
  };
  scanRuns((start, end, first, k) => {
    runs++;
    points += k - first;
    // Where the WKT is the document's text as is (a .wkt line, an unescaped string), the cuts of about
    // BLOCK characters are one edit, its text the kept text between them: a boundary of millions of
    // repeats is a few thousand edits, not millions, and no text bigger than BLOCK is built. In an escaped
    // string (where kept text would need escaping again) each cut is an edit.
    if (
      blockStart >= 0 &&
      end - blockStart <= REPEATS_BLOCK &&
      rep.doc(end) - rep.doc(blockStart) === end - blockStart
    ) {
      keep.push(blockEnd - blockStart, start - blockStart);
      blockEnd = end;
      return;
    }
    closeBlock();
    blockStart = start;
    blockEnd = end;
    keep = [];
  });
  closeBlock();
  if (runs === 0) return undefined;
  const count = formatCount;
  const title =
    runs === 1
      ? points > 1
        ? 'Remove the duplicate points'
        : 'Remove the duplicate point'
      : `Remove all ${count(points)} repeated points of the geometry${points > runs ? ` (${count(runs)} runs of copies)` : ''}`;
  return rep.editFix('safe', title, edits);
}

/** Characters of text one edit of the repeated-points fix spans at most (see repeatedPointsFix). */
const REPEATS_BLOCK = 64 * 1024;

/** Text edits removing coordinate k of a ring; the first point also replaces the closing point. */
function vertexRemovalFix(rep: GeometryReporter, g: ParsedGeometry, issue: ValidityIssue): Fix | undefined {
  const spans = g.positions[issue.polygon]?.[issue.ring];
  if (!spans) return undefined;
  const n = spans.length >> 1;
  const k = issue.coordinate;
  const s = (i: number): number => spans[2 * i];
  const e = (i: number): number => spans[2 * i + 1];
  if (n < 5) return undefined;
  if (k > 0 && k < n - 1) {
    return rep.editFix('unsafe', 'Remove the spike vertex', [{ start: e(k - 1), end: e(k), text: '' }]);
  }
  // The first (= last) point: drop it at the start, and close the ring on the new first point.
  return rep.editFix('unsafe', 'Remove the spike vertex', [
    { start: s(0), end: s(1), text: '' },
    { start: s(n - 1), end: e(n - 1), text: rep.wkt.slice(s(1), e(1)) },
  ]);
}
