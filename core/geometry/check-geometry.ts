import type { Fix, Location, RelatedLocation, TextEdit } from '../diagnostics/diagnostic.ts';
import { formatPoint } from './format-point.ts';
import { LineIndex } from '../diagnostics/text-position.ts';
import type { DiagnosticCollector } from '../rules/reporter.ts';
import type { RuleMeta } from '../rules/rule.ts';
import { disconnectedInterior } from '../rules/ogc-validity/disconnected-interior.ts';
import { holeOutsideShell } from '../rules/ogc-validity/hole-outside-shell.ts';
import { ogcValidityRules } from '../rules/ogc-validity/index.ts';
import { invalidCoordinate } from '../rules/ogc-validity/invalid-coordinate.ts';
import { nearSpike } from '../rules/ogc-validity/near-spike.ts';
import { nestedHoles } from '../rules/ogc-validity/nested-holes.ts';
import { nestedPolygons } from '../rules/ogc-validity/nested-polygons.ts';
import { overlappingPolygons } from '../rules/ogc-validity/overlapping-polygons.ts';
import { repeatedPoints } from '../rules/ogc-validity/repeated-points.ts';
import { ringSelfTouch } from '../rules/ogc-validity/ring-self-touch.ts';
import { ringsIntersect } from '../rules/ogc-validity/rings-intersect.ts';
import { selfIntersection } from '../rules/ogc-validity/self-intersection.ts';
import { tooFewPoints } from '../rules/ogc-validity/too-few-points.ts';
import { unclosedRing } from '../rules/ogc-validity/unclosed-ring.ts';
import { emptyGeometry } from '../rules/wkt-syntax/empty-geometry.ts';
import { extraDimensions } from '../rules/wkt-syntax/extra-dimensions.ts';
import { geometryTypeNotAccepted } from '../rules/wkt-syntax/geometry-type-not-accepted.ts';
import { sridNotWgs84 } from '../rules/wkt-syntax/srid-not-wgs84.ts';
import { wktSyntaxError } from '../rules/wkt-syntax/wkt-syntax-error.ts';
import { parseWkt } from '../wkt/parse-wkt.ts';
import { writePolygonsWkt } from '../wkt/write-wkt.ts';
import type { ParsedGeometry, PolygonRings } from './geometry.ts';
import { makeValidPolygons } from './make-valid.ts';
import { isValidArea, removeRing, removeVertex } from './fixes.ts';
import { findValidityIssues, isValidPolygons, type ValidityIssue, type ValidityOptions } from './validity.ts';

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
}

/** Longest before/after text shown in a fix; longer geometries are shortened in the middle. */
const DISPLAY_LIMIT = 600;

function abbreviate(text: string): string {
  if (text.length <= DISPLAY_LIMIT) return text;
  return `${text.slice(0, DISPLAY_LIMIT - 200)} … ${text.slice(text.length - 150)}`;
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export function ringLabel(multi: boolean, polygon: number, ring: number): string {
  if (!multi) return ring === 0 ? 'the shell' : `hole ${ring}`;
  return ring === 0 ? `the shell of polygon ${polygon}` : `hole ${ring} of polygon ${polygon}`;
}

/** Reports diagnostics for one WKT, turning WKT offsets into document ranges and edits. */
class GeometryReporter {
  private lineIndex: LineIndex | undefined;

  constructor(
    readonly wkt: string,
    private readonly collector: DiagnosticCollector,
    private readonly base: GeometryCheckBase,
    readonly fixes: boolean,
    /** False when the WKT was written by us from polygons: no ranges, no text edits. */
    private readonly positional = true,
  ) {}

  doc(offset: number): number {
    if (this.base.mapOffset) return this.base.mapOffset(offset);
    return this.base.lines ? (this.base.offset ?? 0) + offset : offset;
  }

  location(start: number, end: number, extra: Location = {}): Location {
    if (!this.positional) return { ...this.base.location, ...extra };
    const lines = this.base.lines ?? (this.lineIndex ??= new LineIndex(this.wkt));
    return { ...this.base.location, range: lines.range(this.doc(start), this.doc(end)), ...extra };
  }

  edit(start: number, end: number, text: string): TextEdit {
    return { start: this.doc(start), end: this.doc(end), text };
  }

  /** A fix made of edits on the WKT, shown as the surrounding text before and after. */
  editFix(safety: Fix['safety'], title: string, edits: { start: number; end: number; text: string }[]): Fix {
    const sorted = [...edits].sort((a, b) => a.start - b.start);
    const from = Math.max(0, (sorted[0]?.start ?? 0) - 40);
    const to = Math.min(this.wkt.length, (sorted[sorted.length - 1]?.end ?? 0) + 40);
    let after = '';
    let at = from;
    for (const e of sorted) {
      after += this.wkt.slice(at, e.start) + e.text;
      at = e.end;
    }
    after += this.wkt.slice(at, to);
    const ellipsisStart = from > 0 ? '…' : '';
    const ellipsisEnd = to < this.wkt.length ? '…' : '';
    return {
      safety,
      title,
      edits: sorted.map((e) => this.edit(e.start, e.end, e.text)),
      before: ellipsisStart + this.wkt.slice(from, to) + ellipsisEnd,
      after: ellipsisStart + after + ellipsisEnd,
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
 * Returns whether the polygons are valid (no error found).
 */
export function checkPolygonValidity(
  polygons: PolygonRings,
  collector: DiagnosticCollector,
  options: { location?: Location; multi?: boolean; validity?: ValidityOptions } = {},
): boolean {
  const wkt = writePolygonsWkt(polygons, { multi: options.multi ?? polygons.length !== 1 });
  const parsed = parseWkt(wkt);
  if (!parsed.ok) throw new Error(`written WKT does not read back: ${parsed.error.message}`);
  const base: GeometryCheckBase = options.location ? { location: options.location } : {};
  const rep = new GeometryReporter(wkt, collector, base, false, false);
  const before = collector.diagnostics.length;
  reportValidity(rep, parsed.geometry, options.validity ?? {});
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
  const rep = new GeometryReporter(wkt, collector, base, options.fixes ?? true);
  const parsed = parseWkt(wkt);
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
  return { geometry: g, valid: reportValidity(rep, g, options.validity ?? {}) };
}

function firstCoordinateSpan(g: ParsedGeometry): [number, number] {
  for (const rings of g.positions) {
    for (const spans of rings) {
      if (spans.length >= 2) return [spans[0] as number, spans[1] as number];
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
      const start = polygonSpans[2 * p] as number;
      const end = polygonSpans[2 * p + 1] as number;
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
      const start = ringSpans[2 * r] as number;
      const end = ringSpans[2 * r + 1] as number;
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
  if (i > 0) return { start: spans[2 * i - 1] as number, end: spans[2 * i + 1] as number, text: '' };
  if (count > 1) return { start: spans[0] as number, end: spans[2] as number, text: '' };
  return { start: spans[0] as number, end: spans[1] as number, text: '' };
}

function geographicXScale(polygons: PolygonRings): number {
  const ring = polygons[0]?.[0];
  if (!ring || ring.length < 2) return 1;
  const x = ring[0] as number;
  const y = ring[1] as number;
  if (Math.abs(x) > 180 || Math.abs(y) > 90) return 1;
  return Math.max(0.01, Math.cos((y * Math.PI) / 180));
}

/** Reports the validity issues; returns whether there was no error among them. */
function reportValidity(rep: GeometryReporter, g: ParsedGeometry, options: ValidityOptions): boolean {
  const polygons = g.polygons;
  const multi = g.type === 'MultiPolygon';
  const issues = findValidityIssues(polygons, { xScale: geographicXScale(polygons), ...options });
  let makeValidFix: Fix | null | undefined;
  const makeValid = (): Fix | undefined => {
    if (!rep.fixes) return undefined;
    if (makeValidFix === undefined) {
      const fixed = makeValidPolygons(polygons);
      makeValidFix = fixed
        ? rep.replaceFix(
            'unsafe',
            'Rebuild a valid area from the outline (bow-ties split, spikes removed, overlapping parts merged)',
            g,
            writePolygonsWkt(fixed, { multi: multi || fixed.length > 1 }),
          )
        : null;
    }
    return makeValidFix ?? undefined;
  };
  const span = (p: number, r: number, k: number): [number, number] => {
    const spans = g.positions[p]?.[r];
    const start = spans?.[2 * k];
    const end = spans?.[2 * k + 1];
    if (start === undefined || end === undefined) return g.spans.geometry;
    return [start, end];
  };
  const at = (issue: ValidityIssue, extra: Location = {}): Location => {
    const [start, end] = span(issue.polygon, issue.ring, issue.coordinate);
    return rep.location(start, end, {
      polygon: issue.polygon,
      ring: issue.ring,
      coordinate: issue.coordinate,
      point: issue.point,
      ...extra,
    });
  };
  const related = (issue: ValidityIssue, message: string): RelatedLocation[] => {
    const o = issue.other;
    if (!o) return [];
    const [start, end] = span(o.polygon, o.ring, o.coordinate);
    return [
      {
        message,
        location: rep.location(start, end, { polygon: o.polygon, ring: o.ring, coordinate: o.coordinate }),
      },
    ];
  };
  const ringSpan = (p: number, r: number): [number, number] => {
    const spans = g.ringSpans[p];
    return [spans?.[2 * r] ?? g.spans.geometry[0], spans?.[2 * r + 1] ?? g.spans.geometry[1]];
  };

  for (const issue of issues) {
    const label = ringLabel(multi, issue.polygon, issue.ring);
    const otherLabel = issue.other ? ringLabel(multi, issue.other.polygon, issue.other.ring) : '';
    const common = {
      ring: label,
      point: formatPoint(issue.point),
      coordinate: issue.coordinate,
      otherCoordinate: issue.other?.coordinate ?? '',
      polygon: issue.polygon,
      otherPolygon: issue.other?.polygon ?? '',
      other: otherLabel,
    };
    const withFix = (fix: Fix | undefined): { fix?: Fix } => (fix ? { fix } : {});
    switch (issue.kind) {
      case 'invalid-coordinate':
        rep.report(invalidCoordinate, {
          messageId: 'not-finite',
          data: { ...common, x: String(issue.point[0]), y: String(issue.point[1]) },
          location: at(issue),
          hint: 'Replace the value with the real coordinate, or remove the point.',
        });
        break;
      case 'unclosed-ring': {
        const spans = g.positions[issue.polygon]?.[issue.ring] as Uint32Array;
        const firstText = rep.wkt.slice(spans[0] as number, spans[1] as number);
        const lastEnd = spans[spans.length - 1] as number;
        const n = spans.length >> 1;
        const ring = polygons[issue.polygon]?.[issue.ring] as Float64Array;
        rep.report(unclosedRing, {
          messageId: 'unclosed',
          data: {
            ...common,
            ring: capitalize(label),
            first: formatPoint([ring[0] as number, ring[1] as number]),
            last: formatPoint(issue.point),
          },
          location: at(issue, { coordinate: n - 1 }),
          hint: 'Repeat the first point at the end of the ring.',
          fix: rep.editFix('safe', 'Close the ring by repeating its first point', [
            { start: lastEnd, end: lastEnd, text: `, ${firstText}` },
          ]),
        });
        break;
      }
      case 'too-few-points': {
        const [start, end] = ringSpan(issue.polygon, issue.ring);
        rep.report(tooFewPoints, {
          messageId: 'too-few',
          data: { ...common, ring: capitalize(label), count: issue.count ?? 0 },
          location: rep.location(start, end, {
            polygon: issue.polygon,
            ring: issue.ring,
            coordinate: 0,
            point: issue.point,
          }),
          hint:
            issue.ring > 0
              ? 'Remove the degenerate hole, or give it its real outline.'
              : 'Give the field its real outline: at least three corners.',
          ...(issue.ring > 0
            ? {
                fix: rep.editFix('unsafe', 'Remove the degenerate hole', [
                  removalEdit(
                    g.ringSpans[issue.polygon] as Uint32Array,
                    issue.ring,
                    polygons[issue.polygon]?.length ?? 0,
                  ),
                ]),
              }
            : {}),
        });
        break;
      }
      case 'self-intersection':
        rep.report(selfIntersection, {
          messageId:
            issue.detail === 'spike' || issue.detail === 'overlap' || issue.detail === 'vertex-crossing'
              ? issue.detail
              : 'crossing',
          data: { ...common, ring: capitalize(label) },
          location: at(issue),
          related: related(issue, 'the other edge'),
          hint:
            issue.detail === 'spike'
              ? 'Remove the spike vertex: the boundary must not go out and back along the same line.'
              : 'Reorder or move the points so the outline does not cross itself; a figure-eight is two polygons.',
          ...withFix(makeValid()),
        });
        break;
      case 'ring-self-touch':
        rep.report(ringSelfTouch, {
          messageId: 'touch',
          data: { ...common, ring: capitalize(label) },
          location: at(issue),
          related: related(issue, 'the same point, visited again'),
          hint: 'Write the inner loop as a hole, or split the outline into separate polygons at this point.',
          ...withFix(makeValid()),
        });
        break;
      case 'rings-intersect':
        rep.report(ringsIntersect, {
          messageId: issue.detail === 'overlap' ? 'overlap' : 'crossing',
          data: { ...common, ring: capitalize(label) },
          location: at(issue),
          related: related(issue, `${otherLabel}`),
          hint: 'Holes must lie inside the shell and apart from each other, touching at single points at most.',
          ...withFix(makeValid()),
        });
        break;
      case 'overlapping-polygons':
        rep.report(overlappingPolygons, {
          messageId: issue.detail === 'overlap' ? 'overlap' : 'crossing',
          data: common,
          location: at(issue),
          related: related(issue, `polygon ${issue.other?.polygon ?? ''}`),
          hint: 'Merge the overlapping polygons into one, or cut one of them back to the shared boundary.',
          ...withFix(makeValid()),
        });
        break;
      case 'hole-outside-shell': {
        const [start, end] = ringSpan(issue.polygon, issue.ring);
        const fixed = rep.fixes ? removeRing(polygons, issue.polygon, issue.ring) : [];
        rep.report(holeOutsideShell, {
          messageId: 'outside',
          data: { ...common, ring: capitalize(label) },
          location: rep.location(start, end, {
            polygon: issue.polygon,
            ring: issue.ring,
            coordinate: 0,
            point: issue.point,
          }),
          hint: 'Remove the hole, or if it is a separate piece of the field, make it a polygon of a MULTIPOLYGON.',
          ...withFix(
            rep.fixes && isValidArea(fixed)
              ? rep.editFix('unsafe', 'Remove the hole', [
                  removalEdit(
                    g.ringSpans[issue.polygon] as Uint32Array,
                    issue.ring,
                    polygons[issue.polygon]?.length ?? 0,
                  ),
                ])
              : undefined,
          ),
        });
        break;
      }
      case 'nested-holes': {
        const [start, end] = ringSpan(issue.polygon, issue.ring);
        const fixed = rep.fixes ? removeRing(polygons, issue.polygon, issue.ring) : [];
        rep.report(nestedHoles, {
          messageId: 'nested',
          data: { ...common, ring: capitalize(label) },
          location: rep.location(start, end, {
            polygon: issue.polygon,
            ring: issue.ring,
            coordinate: 0,
            point: issue.point,
          }),
          related: related(issue, `the enclosing ${otherLabel}`),
          hint: 'Remove the inner hole; an island inside a hole is a separate polygon of a MULTIPOLYGON.',
          ...withFix(
            rep.fixes && isValidArea(fixed)
              ? rep.editFix('unsafe', 'Remove the inner hole', [
                  removalEdit(
                    g.ringSpans[issue.polygon] as Uint32Array,
                    issue.ring,
                    polygons[issue.polygon]?.length ?? 0,
                  ),
                ])
              : undefined,
          ),
        });
        break;
      }
      case 'nested-polygons':
        rep.report(nestedPolygons, {
          messageId: 'nested',
          data: common,
          location: at(issue),
          related: related(issue, `the enclosing polygon ${issue.other?.polygon ?? ''}`),
          hint: 'Remove the inner polygon, or cut a hole for it in the outer one if it is an island.',
          ...withFix(makeValid()),
        });
        break;
      case 'disconnected-interior':
        rep.report(disconnectedInterior, {
          messageId: 'disconnected',
          data: common,
          location: at(issue),
          hint: 'Split the polygon into separate polygons where the holes cut it, or move the holes apart.',
          ...withFix(makeValid()),
        });
        break;
      case 'repeated-point': {
        const count = issue.count ?? 1;
        const spans = g.positions[issue.polygon]?.[issue.ring] as Uint32Array;
        const k = issue.coordinate;
        const last = k + count - 1;
        const [, prevEnd] = span(issue.polygon, issue.ring, k - 1);
        const [start] = span(issue.polygon, issue.ring, k);
        const lastEnd = spans[2 * last + 1] as number;
        rep.report(repeatedPoints, {
          messageId: count > 1 ? 'repeated-run' : 'repeated',
          data: { ...common, lastCoordinate: last },
          location: rep.location(start, lastEnd, {
            polygon: issue.polygon,
            ring: issue.ring,
            coordinate: k,
            point: issue.point,
          }),
          hint: 'Remove the duplicate point.',
          fix: rep.editFix('safe', count > 1 ? 'Remove the duplicate points' : 'Remove the duplicate point', [
            { start: prevEnd, end: lastEnd, text: '' },
          ]),
        });
        break;
      }
      case 'near-spike': {
        const fixed = rep.fixes ? removeVertex(polygons, issue.polygon, issue.ring, issue.coordinate) : [];
        rep.report(nearSpike, {
          messageId: 'spike',
          data: { ...common, angle: Number((issue.angle ?? 0).toPrecision(2)) },
          location: at(issue),
          hint: 'Remove the spike vertex unless the field really has this narrow strip.',
          ...withFix(rep.fixes && isValidArea(fixed) ? vertexRemovalFix(rep, g, issue) : undefined),
        });
        break;
      }
    }
  }
  return !issues.some((issue) => issue.severity === 'error');
}

/** Text edits removing coordinate k of a ring; the first point also replaces the closing point. */
function vertexRemovalFix(rep: GeometryReporter, g: ParsedGeometry, issue: ValidityIssue): Fix | undefined {
  const spans = g.positions[issue.polygon]?.[issue.ring];
  if (!spans) return undefined;
  const n = spans.length >> 1;
  const k = issue.coordinate;
  const s = (i: number): number => spans[2 * i] as number;
  const e = (i: number): number => spans[2 * i + 1] as number;
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
