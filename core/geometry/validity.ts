import type { PolygonRings } from './geometry.ts';
import { orient2d, orientationIndex } from '../planar/orientation.ts';
import { ringBbox, unionBbox, type Bbox } from '../planar/rings.ts';
import { EXTERIOR, INTERIOR, RayCrossingCounter } from '../planar/point-in-ring.ts';
import { isRingNested } from './ring-location.ts';
import { SegmentIndex, SweepBuffers, type SegmentPairs, type SegmentPairVisitor } from './segment-index.ts';
import {
  COLLINEAR_INTERSECTION,
  intersectSegments,
  isCrossingAtNode,
  NO_INTERSECTION,
  SegmentMeeting,
} from './segment-intersection.ts';

/**
 * OGC validity of polygons as GEOS 3.11 decides it (IsValidOp with its PolygonTopologyAnalyzer), on flat
 * typed arrays. The verdict (any error issue) matches GEOS's `isValid`; unlike GEOS, every distinct fault
 * is listed (up to `maxIssues` per kind) with its polygon, ring, coordinate index and point, and two
 * warnings GEOS accepts are added: repeated consecutive points and needle-like near-spikes.
 *
 * Stages, each a function below, each stopping the later ones when it finds an error so one fault gives
 * one issue: 1. coordinates finite (`readCoordinates`, which also fills the segment index);
 * 2. rings closed with at least 4 distinct points (`checkRings`); 3. segment intersections
 * (`findIntersections`: the segment index's sort and sweep, exact predicates, GEOS's touch/crossing
 * classification); 4. holes inside their shell, holes not nested, polygons not nested (`checkNesting`);
 * 5. connected interior, no double touch and no cycle of touching rings (`checkConnectivity`). Warnings
 * (repeated points in stage 1, near-spikes at the end) ride along. The per-point arrays are those of
 * the caller's SweepBuffers when it passes some (ValidityOptions.buffers), else the check's own: nothing
 * is kept between checks by this module.
 */

export type ValidityIssueKind =
  | 'invalid-coordinate'
  | 'unclosed-ring'
  | 'too-few-points'
  | 'self-intersection'
  | 'ring-self-touch'
  | 'rings-intersect'
  | 'overlapping-polygons'
  | 'hole-outside-shell'
  | 'nested-holes'
  | 'nested-polygons'
  | 'disconnected-interior'
  | 'repeated-point'
  | 'near-spike';

/** How an intersection happens, for messages. */
type IntersectionDetail = 'crossing' | 'overlap' | 'spike' | 'vertex-crossing' | 'touch';

interface GeometryPosition {
  polygon: number;
  ring: number;
  /** 0-based index of the coordinate in the ring as given (repeated points counted). */
  coordinate: number;
}

export interface ValidityIssue extends GeometryPosition {
  kind: ValidityIssueKind;
  severity: 'error' | 'warning';
  /** Where the problem is: the intersection point, the offending vertex, the first point of a ring. */
  point: [number, number];
  /** The other ring or polygon involved (the second segment of an intersection, the outer ring). */
  other?: GeometryPosition;
  detail?: IntersectionDetail;
  /** repeated-point: how many copies follow the first; too-few-points: distinct points found. */
  count?: number;
  /** near-spike: the angle at the tip, in degrees. */
  angle?: number;
  /**
   * On the last listed self-intersection of a ring: how many more crossings of that ring were found but
   * not listed (see `maxPerRing`), and whether counting stopped early so the ring has at least that many.
   */
  unlisted?: { count: number; atLeast: boolean };
}

export interface ValidityOptions {
  /** At most this many issues of each kind (default 100). */
  maxIssues?: number;
  /**
   * At most this many self-intersections listed per ring (default: no limit besides `maxIssues`); the
   * rest are counted, up to `maxCounted` intersections in all, and stated on the last listed one.
   */
  maxPerRing?: number;
  /**
   * With `maxPerRing`: when counting stopped at `maxCounted` (a tangle, such as a star polygon), at most this
   * many self-intersections listed per ring (default `maxPerRing`).
   */
  maxPerTangledRing?: number;
  /** Errors counted (listed or not) before the intersection sweep stops (default 1000, or 4 × maxIssues). */
  maxCounted?: number;
  /** Report warnings (repeated points, near-spikes); default true. */
  warnings?: boolean;
  /** A vertex whose two edges meet at less than this angle (degrees) is a near-spike; 0 disables (default 1). */
  nearSpikeDegrees?: number;
  /** Scale applied to x before measuring angles: cos(latitude) for longitude/latitude input (default 1). */
  xScale?: number;
  /**
   * Above this many coordinates, a multipolygon whose polygons fall into groups with apart envelopes is
   * checked group by group (see checkGroupsApart); default BIG_CHECK. Tests set it low.
   */
  groupsAbove?: number;
  /**
   * The per-point arrays to use (see SweepBuffers), for a caller that runs checks one after another; by
   * default the check makes its own.
   */
  buffers?: SweepBuffers;
}

/** GEOS's `explain_validity` wording for each error kind. */
export const geosReason: Record<ValidityIssueKind, string> = {
  'invalid-coordinate': 'Invalid Coordinate',
  'unclosed-ring': 'Ring is not closed',
  'too-few-points': 'Too few points in geometry component',
  'self-intersection': 'Self-intersection',
  'ring-self-touch': 'Ring Self-intersection',
  'rings-intersect': 'Self-intersection',
  'overlapping-polygons': 'Self-intersection',
  'hole-outside-shell': 'Hole lies outside shell',
  'nested-holes': 'Holes are nested',
  'nested-polygons': 'Nested shells',
  'disconnected-interior': 'Interior is disconnected',
  'repeated-point': 'Valid Geometry',
  'near-spike': 'Valid Geometry',
};

class IssueList {
  readonly issues: ValidityIssue[] = [];
  private readonly perKind = new Map<ValidityIssueKind, number>();
  /** Issues added with a place to tell them apart: by x, by y, their kinds (numbers, not "kind|x|y" texts). */
  private readonly seenAt = new Map<number, Map<number, ValidityIssueKind[]>>();
  /** Per ring (ringKey): self-intersections found, and listed. */
  private readonly ringFound = new Map<number, number>();
  private readonly ringListed = new Map<number, number>();
  errors = 0;
  /** Errors found, listed or not. */
  found = 0;

  constructor(
    readonly max: number,
    readonly maxPerRing = Infinity,
  ) {}

  /** Whether an issue of this kind was added at (x, y) already; records it when not. */
  private seenBefore(kind: ValidityIssueKind, x: number, y: number): boolean {
    let byY = this.seenAt.get(x);
    if (!byY) {
      byY = new Map();
      this.seenAt.set(x, byY);
    }
    const kinds = byY.get(y);
    if (!kinds) {
      byY.set(y, [kind]);
      return false;
    }
    if (kinds.includes(kind)) return true;
    kinds.push(kind);
    return false;
  }

  /** The error issues only (warnings found before a structural error are dropped: one fault at a time). */
  onlyErrors(): ValidityIssue[] {
    return this.issues.filter((i) => i.severity === 'error');
  }

  full(kind: ValidityIssueKind): boolean {
    return (this.perKind.get(kind) ?? 0) >= this.max;
  }

  drop(predicate: (issue: ValidityIssue) => boolean): void {
    for (let k = this.issues.length - 1; k >= 0; k--) {
      const issue = this.issues[k] as ValidityIssue;
      if (!predicate(issue)) continue;
      this.issues.splice(k, 1);
      if (issue.severity === 'error') this.errors--;
    }
  }

  /** `at`: the point that makes the issue one; another of its kind there is the same and is not added. */
  add(issue: ValidityIssue, at?: { x: number; y: number }): void {
    if (at !== undefined && this.seenBefore(issue.kind, at.x, at.y)) return;
    if (issue.severity === 'error') this.found++;
    if (issue.kind === 'self-intersection') {
      const ring = ringKey(issue.polygon, issue.ring);
      this.ringFound.set(ring, (this.ringFound.get(ring) ?? 0) + 1);
      const listed = this.ringListed.get(ring) ?? 0;
      if (listed >= this.maxPerRing || this.full(issue.kind)) return;
      this.ringListed.set(ring, listed + 1);
    } else if (this.full(issue.kind)) return;
    this.perKind.set(issue.kind, (this.perKind.get(issue.kind) ?? 0) + 1);
    if (issue.severity === 'error') this.errors++;
    this.issues.push(issue);
  }

  /** Whether the ring lists no more self-intersections (a further one would only be counted). */
  ringFull(polygon: number, ring: number): boolean {
    return (this.ringListed.get(ringKey(polygon, ring)) ?? 0) >= this.maxPerRing;
  }

  /**
   * Counts self-intersections of a full ring that are found once only (proper crossings): no issue built.
   * `found` is counted as they are found (the sweep stops on it); these add them to their ring's total.
   */
  addUnlisted(polygon: number, ring: number, count: number): void {
    const key = ringKey(polygon, ring);
    this.ringFound.set(key, (this.ringFound.get(key) ?? 0) + count);
  }

  /**
   * Marks the last listed self-intersection of each ring with the crossings found but not listed. When
   * counting stopped (a tangle), each ring keeps only its first `perTangle` crossings listed: the rest of
   * the listed ones join the count. Returns the issues kept.
   */
  markUnlisted(sorted: ValidityIssue[], countingStopped: boolean, perTangle: number): ValidityIssue[] {
    if (countingStopped && perTangle < this.maxPerRing) {
      const kept = new Map<number, number>();
      sorted = sorted.filter((issue) => {
        if (issue.kind !== 'self-intersection') return true;
        const ring = ringKey(issue.polygon, issue.ring);
        const n = (kept.get(ring) ?? 0) + 1;
        kept.set(ring, n);
        if (n <= perTangle) return true;
        this.ringListed.set(ring, (this.ringListed.get(ring) ?? 1) - 1);
        return false;
      });
    }
    for (let k = sorted.length - 1; k >= 0; k--) {
      const issue = sorted[k] as ValidityIssue;
      if (issue.kind !== 'self-intersection') continue;
      const ring = ringKey(issue.polygon, issue.ring);
      const listed = this.ringListed.get(ring);
      if (listed === undefined) continue;
      this.ringListed.delete(ring);
      const count = (this.ringFound.get(ring) ?? 0) - listed;
      if (count > 0) issue.unlisted = { count, atLeast: countingStopped };
    }
    return sorted;
  }
}

function ringKey(polygon: number, ring: number): number {
  return polygon * 1048576 + ring;
}

function pt(xy: Float64Array, k: number): [number, number] {
  return [xy[2 * k], xy[2 * k + 1]];
}

/**
 * Above this many coordinates, a multipolygon whose polygons fall into groups with apart envelopes is
 * checked group by group (see checkGroupsApart), and the buffers of a check are sized to the points it
 * keeps (consecutive repeats dropped) instead of to all: a boundary of 8 M points would otherwise take
 * ~70 bytes for each point of the whole.
 */
const BIG_CHECK = 1 << 20;

/** What one validity check found. */
export interface ValidityCheck {
  issues: ValidityIssue[];
  /**
   * The pairs of segments that can meet, when the intersection sweep covered every segment and ran to its
   * end: make-valid nodes from them instead of sweeping again (pass them as its `swept` option).
   */
  swept?: SegmentPairs;
}

/**
 * All validity issues of polygons given as [polygon][ring] flat x,y arrays (ring 0 = shell). Polygons
 * without rings and EMPTY rings are skipped, as GEOS skips empty components.
 */
export function findValidityIssues(polygons: PolygonRings, options: ValidityOptions = {}): ValidityIssue[] {
  return checkValidity(polygons, options).issues;
}

/** As findValidityIssues, with the segment pairs the check swept (see ValidityCheck). */
export function checkValidity(polygons: PolygonRings, options: ValidityOptions = {}): ValidityCheck {
  if (polygons.length > 1 && coordinateCount(polygons) > (options.groupsAbove ?? BIG_CHECK)) {
    const groups = groupsApart(polygons);
    if (groups && groups.length > 1) return { issues: checkGroupsApart(polygons, groups, options) };
  }
  const list = new IssueList(options.maxIssues ?? 100, options.maxPerRing);
  const countLimit = options.maxCounted ?? Math.max(DEFAULT_MAX_COUNTED, 4 * list.max);
  // One shape of settings whatever the caller passed, so the sweep's code stays optimised for it.
  const settings: CheckSettings = {
    warnings: options.warnings ?? true,
    nearSpikeDegrees: options.nearSpikeDegrees ?? 1,
    xScale: options.xScale ?? 1,
  };
  const found = collectIssues(sameShape(polygons), settings, list, countLimit, options.buffers);
  // In reading order: polygon, ring, coordinate (stable, so stage order breaks ties).
  let issues = found.issues.sort(readingOrder);
  if (list.maxPerRing !== Infinity)
    issues = list.markUnlisted(
      issues,
      list.found >= countLimit,
      options.maxPerTangledRing ?? list.maxPerRing,
    );
  // The swept pairs are of the polygons the caller has.
  return found.sweptAll ? { issues, swept: found.index.sweptPairs(polygons) } : { issues };
}

const DEFAULT_MAX_COUNTED = 1000;

/** The options `collectIssues` reads, defaults filled in. */
interface CheckSettings {
  warnings: boolean;
  nearSpikeDegrees: number;
  xScale: number;
}

function coordinateCount(polygons: PolygonRings): number {
  let n = 0;
  for (const rings of polygons) for (const ring of rings) n += ring.length >> 1;
  return n;
}

/** Envelope comparisons groupsApart may spend per polygon before it gives up (polygons stacked in a column). */
const GROUPING_BUDGET = 64;

/**
 * The polygons in groups whose envelopes (touching counts) are apart from every other group's, each group
 * in polygon order, groups by their first polygon; undefined when finding them would cost too much (an
 * infinite coordinate makes an envelope that meets every other, and the budget runs out). Polygons of
 * different groups cannot touch, cross or nest.
 */
export function groupsApart(polygons: PolygonRings): number[][] | undefined {
  const n = polygons.length;
  const env = new Float64Array(4 * n);
  for (let p = 0; p < n; p++) {
    // NaN is never below or above a bound, so it takes no part in an envelope.
    let box: Bbox = [Infinity, Infinity, -Infinity, -Infinity];
    for (const ring of polygons[p] as Float64Array[]) box = unionBbox(box, ringBbox(ring));
    env.set(box, 4 * p);
  }
  const parent = Int32Array.from({ length: n }, (_, i) => i);
  const root = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]];
    return i;
  };
  // Sweep on x: each polygon against those whose x range is still open.
  const byMinX = Array.from({ length: n }, (_, i) => i).sort((a, b) => env[4 * a] - env[4 * b]);
  let open: number[] = [];
  let budget = GROUPING_BUDGET * n;
  for (const p of byMinX) {
    if (!(env[4 * p] <= env[4 * p + 2])) continue; // no finite coordinate
    open = open.filter((q) => env[4 * q + 2] >= env[4 * p]);
    budget -= open.length;
    if (budget < 0) return undefined;
    for (const q of open)
      if (env[4 * q + 1] <= env[4 * p + 3] && env[4 * p + 1] <= env[4 * q + 3]) parent[root(p)] = root(q);
    open.push(p);
  }
  const groups = new Map<number, number[]>();
  for (let p = 0; p < n; p++) {
    const r = root(p);
    const g = groups.get(r);
    if (g) g.push(p);
    else groups.set(r, [p]);
  }
  return [...groups.values()].sort((a, b) => a[0] - b[0]);
}

const readingOrder = (a: ValidityIssue, b: ValidityIssue): number =>
  a.polygon - b.polygon || a.ring - b.ring || a.coordinate - b.coordinate;

/** Kinds the checks find in order, each stage stopping the ones after it when it finds an error. */
const COORDINATE_ERRORS = new Set<ValidityIssueKind>(['invalid-coordinate']);
const RING_ERRORS = new Set<ValidityIssueKind>(['too-few-points', 'unclosed-ring']);
const NESTING_ERRORS = new Set<ValidityIssueKind>(['hole-outside-shell', 'nested-holes', 'nested-polygons']);

/**
 * A big multipolygon (a farm's fields exported as one) checked group by group, where groups of polygons are
 * apart (groupsApart): the same checks, with buffers for one group at a time instead of ~70 bytes for
 * every point of the whole (560 MB for 8 M points). The results are combined as one check stages them: a
 * coordinate or ring error anywhere is all that is listed; a crossing anywhere stops the nesting checks,
 * a nesting error the connectivity check; one disconnected interior at most; each kind capped as one
 * list caps it. Within caps the issues are those of one check, but for the touch (and, with several, the
 * polygon) a disconnected interior is reported at, found first in another order; past the caps, which
 * issues are listed may differ.
 */
function checkGroupsApart(
  polygons: PolygonRings,
  groups: number[][],
  options: ValidityOptions,
): ValidityIssue[] {
  const max = options.maxIssues ?? 100;
  // Issues by kind, each list cut back to the first `max` in reading order whenever it doubles: a farm's
  // 20,000 polygons with repeated points would otherwise hold 100 issues of each.
  const byKind = new Map<ValidityIssueKind, ValidityIssue[]>();
  // The issues kept, in the order found (a Map keeps it): ties in reading order stay in stage order.
  const found = new Map<ValidityIssue, true>();
  for (const members of groups) {
    const { issues } = checkValidity(
      members.map((p) => polygons[p] as Float64Array[]),
      { ...options, groupsAbove: Infinity },
    );
    for (const issue of issues) {
      issue.polygon = members[issue.polygon];
      if (issue.other) issue.other = { ...issue.other, polygon: members[issue.other.polygon] };
      let list = byKind.get(issue.kind);
      if (!list) byKind.set(issue.kind, (list = []));
      list.push(issue);
      found.set(issue, true);
      if (list.length >= 2 * max) {
        list.sort(readingOrder);
        for (const cut of list.splice(max)) found.delete(cut);
      }
    }
  }
  const all = [...found.keys()];
  const has = (kinds: Set<ValidityIssueKind>): boolean => all.some((i) => kinds.has(i.kind));
  let kept: ValidityIssue[];
  if (has(COORDINATE_ERRORS)) kept = all.filter((i) => COORDINATE_ERRORS.has(i.kind));
  else if (has(RING_ERRORS)) kept = all.filter((i) => RING_ERRORS.has(i.kind));
  else {
    const crossing = all.some(
      (i) => i.severity === 'error' && !NESTING_ERRORS.has(i.kind) && i.kind !== 'disconnected-interior',
    );
    const nesting = has(NESTING_ERRORS);
    let disconnected = 0;
    kept = all.filter((i) => {
      if (NESTING_ERRORS.has(i.kind)) return !crossing;
      if (i.kind === 'disconnected-interior') return !crossing && !nesting && disconnected++ === 0;
      return true;
    });
  }
  kept.sort(readingOrder);
  const perKind = new Map<ValidityIssueKind, number>();
  return kept.filter((i) => {
    const n = perKind.get(i.kind) ?? 0;
    perKind.set(i.kind, n + 1);
    return n < max;
  });
}

/** One check's polygons, their segment index, and what the stages share. */
interface Check {
  readonly polygons: PolygonRings;
  readonly index: SegmentIndex;
  readonly list: IssueList;
  readonly settings: CheckSettings;
  /** Per polygon: the index's ring id of each of its rings (-1 for an EMPTY ring). */
  readonly ringIds: Int32Array[];
  readonly polygonHasHoles: boolean[];
  /** Polygons with no rings or an EMPTY shell: no part in the intersection and nesting analysis (as GEOS). */
  readonly polygonSkipped: boolean[];
}

/** What the stages found, and the index when its sweep covered every segment and ran to its end. */
type Collected =
  | { issues: ValidityIssue[]; sweptAll: false }
  | { issues: ValidityIssue[]; sweptAll: true; index: SegmentIndex };

/** The stages in order; a stage that finds an error stops the ones after it. */
function collectIssues(
  polygons: PolygonRings,
  settings: CheckSettings,
  list: IssueList,
  countLimit: number,
  buffers: SweepBuffers | undefined,
): Collected {
  const check = readCoordinates(polygons, settings, list, buffers);
  if (check === undefined || !checkRings(check)) return { issues: list.onlyErrors(), sweptAll: false };
  const intersections = findIntersections(check, countLimit);
  if (list.errors === 0) {
    checkNesting(check);
    if (list.errors === 0) checkConnectivity(check, intersections.analysis);
  }
  if (settings.warnings) addNearSpikes(check, intersections.analysis.ringsWithErrors);
  return intersections.sweptAll && !check.polygonSkipped.includes(true)
    ? { issues: list.issues, sweptAll: true, index: check.index }
    : { issues: list.issues, sweptAll: false };
}

/**
 * Stage 1, coordinates: one pass that checks they are finite and fills the segment index (consecutive
 * repeats dropped, reported as warnings; ring tables and envelopes). Undefined when one is not finite.
 */
function readCoordinates(
  polygons: PolygonRings,
  settings: CheckSettings,
  list: IssueList,
  /** The caller's, or none: the check's own, sized to it. */
  buffers: SweepBuffers | undefined,
): Check | undefined {
  const warnings = settings.warnings;
  let vertexTotal = 0;
  let ringTotal = 0;
  for (let p = 0; p < polygons.length; p++) {
    const rings = polygons[p] as Float64Array[];
    for (let r = 0; r < rings.length; r++) {
      vertexTotal += (rings[r] as Float64Array).length >> 1;
      ringTotal++;
    }
  }
  // A big geometry gets buffers for the points it keeps (consecutive repeats dropped), counted first: a
  // boundary exported with every point twice needs half.
  // A big geometry's arrays are its own, let go after its check rather than kept for the fields after it.
  const room = (vertexTotal > BIG_CHECK ? keptPointCount(polygons) : vertexTotal) + 1;
  const index = new SegmentIndex(
    room,
    ringTotal + 1,
    buffers !== undefined && vertexTotal <= BIG_CHECK ? buffers : new SweepBuffers(room),
  );
  const { xy: vxy, raw: vRaw, ringOf: vRing, ringFirst, ringCount, ringPoly, ringIndex, ringEnv } = index;
  const ringIds: Int32Array[] = [];
  const polygonHasHoles: boolean[] = [];
  const polygonSkipped: boolean[] = [];
  let nv = 0;
  let nr = 0;
  let structural = false;
  let spanX = 0;
  let spanY = 0;
  for (let p = 0; p < polygons.length; p++) {
    const rings = polygons[p] as Float64Array[];
    const ids = new Int32Array(rings.length).fill(-1);
    ringIds.push(ids);
    polygonHasHoles.push(rings.length > 1);
    // A polygon with an EMPTY shell takes no part in the intersection analysis (GEOS skips it; its holes
    // are reported as outside the shell in stage 4).
    polygonSkipped.push(rings.length === 0 || (rings[0] as Float64Array).length === 0);
    for (let r = 0; r < rings.length; r++) {
      const ring = rings[r] as Float64Array;
      const n2 = ring.length;
      if (n2 === 0) continue;
      const id = nr++;
      ids[r] = id;
      const first = nv;
      let px = NaN;
      let py = NaN;
      let minX = Infinity;
      let minY = Infinity;
      let maxX = -Infinity;
      let maxY = -Infinity;
      let repeatStart = -1;
      for (let k = 0; k < n2; k += 2) {
        const x = ring[k];
        const y = ring[k + 1];
        if (x - x !== 0 || y - y !== 0) {
          // NaN or infinite.
          structural = true;
          list.add({
            kind: 'invalid-coordinate',
            severity: 'error',
            polygon: p,
            ring: r,
            coordinate: k >> 1,
            point: [x, y],
          });
          continue;
        }
        if (x === px && y === py) {
          if (repeatStart < 0) repeatStart = k >> 1;
          continue;
        }
        if (repeatStart >= 0) {
          if (warnings) addRepeated(list, ring, p, r, repeatStart, (k >> 1) - repeatStart);
          repeatStart = -1;
        }
        vxy[2 * nv] = x;
        vxy[2 * nv + 1] = y;
        vRaw[nv] = k >> 1;
        vRing[nv] = id;
        nv++;
        if (k > 0) {
          spanX += x > px ? x - px : px - x;
          spanY += y > py ? y - py : py - y;
        }
        px = x;
        py = y;
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
      if (repeatStart >= 0 && warnings) addRepeated(list, ring, p, r, repeatStart, (n2 >> 1) - repeatStart);
      ringFirst[id] = first;
      ringCount[id] = nv - first;
      ringPoly[id] = p;
      ringIndex[id] = r;
      ringEnv[4 * id] = minX;
      ringEnv[4 * id + 1] = minY;
      ringEnv[4 * id + 2] = maxX;
      ringEnv[4 * id + 3] = maxY;
    }
  }
  index.vertexCount = nv;
  index.ringTotal = nr;
  index.spanX = spanX;
  index.spanY = spanY;
  if (structural) return undefined;
  return { polygons, index, list, settings, ringIds, polygonHasHoles, polygonSkipped };
}

/** Stage 2, rings: closed, with at least 4 distinct consecutive points (counting the closing point). */
function checkRings(check: Check): boolean {
  const { polygons, list } = check;
  const { ringPoly, ringIndex, ringCount, ringTotal } = check.index;
  let structural = false;
  for (let id = 0; id < ringTotal; id++) {
    const ring = (polygons[ringPoly[id]] as Float64Array[])[ringIndex[id]] as Float64Array;
    const n = ring.length >> 1;
    const closed = ring[0] === ring[2 * n - 2] && ring[1] === ring[2 * n - 1];
    const distinct = ringCount[id] + (closed ? 0 : 1);
    const p = ringPoly[id];
    const r = ringIndex[id];
    if (distinct < 4) {
      structural = true;
      list.add({
        kind: 'too-few-points',
        severity: 'error',
        polygon: p,
        ring: r,
        coordinate: 0,
        point: pt(ring, 0),
        count: ringCount[id],
      });
    } else if (!closed) {
      structural = true;
      list.add({
        kind: 'unclosed-ring',
        severity: 'error',
        polygon: p,
        ring: r,
        coordinate: n - 1,
        point: pt(ring, n - 1),
      });
    }
  }
  return !structural;
}

/**
 * Stage 3, segment intersections: the segment index's sweep hands the pairs that can meet to GEOS's
 * classification (IntersectionAnalysis). Returns the analysis (its touches are stage 5's input) and whether
 * the sweep ran to its end.
 */
function findIntersections(
  check: Check,
  countLimit: number,
): { analysis: IntersectionAnalysis; sweptAll: boolean } {
  const { index, list, polygonSkipped, ringIds } = check;
  const analysis = new IntersectionAnalysis(index, list, check.polygonHasHoles, countLimit);
  const ringPoly = index.ringPoly;
  const sweptAll = index.sweep((id) => polygonSkipped[ringPoly[id]] === true, analysis);
  analysis.flushUnlisted();
  if (analysis.spikeBases.size > 0) {
    list.drop(
      (i) =>
        i.kind === 'ring-self-touch' &&
        analysis.spikeBases.has(`${ringIds[i.polygon]?.[i.ring]}|${i.point[0]}|${i.point[1]}`),
    );
  }
  return { analysis, sweptAll };
}

/** Stage 4, nesting: holes inside their shell, holes not nested in other holes, polygons not nested. */
function checkNesting(check: Check): void {
  const { polygons, index, list, ringIds, polygonSkipped } = check;
  const { xy: vxy, raw: vRaw, ringFirst } = index;
  // 4a. Holes inside their shell.
  const holeOutside = new Set<number>();
  for (let p = 0; p < polygons.length; p++) {
    const rings = polygons[p] as Float64Array[];
    if (rings.length <= 1) continue;
    const ids = ringIds[p] as Int32Array;
    const shell = ids[0];
    for (let r = 1; r < rings.length; r++) {
      const ring = rings[r] as Float64Array;
      if (ring.length === 0) continue;
      let outside: boolean;
      if (polygonSkipped[p]) outside = true;
      else {
        const hole = ids[r];
        outside = !index.envelopeCovers(shell, hole) || !ringNested(index, hole, shell);
        if (outside) holeOutside.add(hole);
      }
      if (outside) {
        list.add({
          kind: 'hole-outside-shell',
          severity: 'error',
          polygon: p,
          ring: r,
          coordinate: 0,
          point: pt(ring, 0),
          other: { polygon: p, ring: 0, coordinate: 0 },
        });
      }
    }
  }

  // 4b. Holes not nested in other holes.
  for (let p = 0; p < polygons.length; p++) {
    const ids = ringIds[p] as Int32Array;
    if (ids.length <= 2 || polygonSkipped[p]) continue;
    for (let r = 1; r < ids.length; r++) {
      const hole = ids[r];
      if (hole < 0 || holeOutside.has(hole)) continue;
      for (let q = 1; q < ids.length; q++) {
        const other = ids[q];
        if (q === r || other < 0 || holeOutside.has(other)) continue;
        if (!index.envelopeCovers(other, hole)) continue;
        if (ringNested(index, hole, other)) {
          list.add({
            kind: 'nested-holes',
            severity: 'error',
            polygon: p,
            ring: r,
            coordinate: 0,
            point: pt(vxy, ringFirst[hole]),
            other: { polygon: p, ring: q, coordinate: 0 },
          });
          break;
        }
      }
    }
  }

  // 4c. Polygons of a multipolygon not nested in one another.
  if (polygons.length > 1) {
    const locator = new RayCrossingCounter(0, 0);
    for (let p = 0; p < polygons.length; p++) {
      if (polygonSkipped[p]) continue;
      const shell = (ringIds[p] as Int32Array)[0];
      for (let q = 0; q < polygons.length; q++) {
        if (q === p || polygonSkipped[q]) continue;
        const outerShell = (ringIds[q] as Int32Array)[0];
        if (!index.envelopeCovers(outerShell, shell)) continue;
        const nestedAt = findNestedPoint(index, locator, shell, ringIds[q] as Int32Array);
        if (nestedAt >= 0) {
          list.add({
            kind: 'nested-polygons',
            severity: 'error',
            polygon: p,
            ring: 0,
            coordinate: vRaw[nestedAt],
            point: pt(vxy, nestedAt),
            other: { polygon: q, ring: 0, coordinate: 0 },
          });
          break;
        }
      }
    }
  }
}

/** Stage 5, connectivity: rings of one polygon touching twice, or touching in a cycle, cut its interior. */
function checkConnectivity(check: Check, analysis: IntersectionAnalysis): void {
  const { index, list } = check;
  const disconnection = analysis.doubleTouch ?? analysis.findHoleCycle(index.ringTotal);
  if (!disconnection) return;
  const id = disconnection.ring;
  list.add({
    kind: 'disconnected-interior',
    severity: 'error',
    polygon: index.ringPoly[id],
    ring: index.ringIndex[id],
    coordinate: Math.max(0, rawIndexAt(index, id, disconnection.x, disconnection.y)),
    point: [disconnection.x, disconnection.y],
  });
}

function ringNested(index: SegmentIndex, test: number, target: number): boolean {
  const { xy, ringFirst, ringCount } = index;
  return isRingNested(xy, ringFirst[test], ringCount[test], xy, ringFirst[target], ringCount[target]);
}

/** Location of a point in a polygon given by its ring ids (shell first). */
function locateInPolygon(
  index: SegmentIndex,
  locator: RayCrossingCounter,
  x: number,
  y: number,
  ids: Int32Array,
): number {
  locator.reset(x, y);
  for (let r = 0; r < ids.length; r++) {
    const id = ids[r];
    if (id < 0) continue;
    locator.countRing(index.xy, index.ringFirst[id], index.ringCount[id]);
    if (locator.onBoundary) break;
  }
  return locator.location;
}

/** GEOS IndexedNestedPolygonTester.findNestedPoint: a vertex of `shell` inside polygon `outer`, or -1. */
function findNestedPoint(
  index: SegmentIndex,
  locator: RayCrossingCounter,
  shell: number,
  outer: Int32Array,
): number {
  const vxy = index.xy;
  const first = index.ringFirst[shell];
  const loc0 = locateInPolygon(index, locator, vxy[2 * first], vxy[2 * first + 1], outer);
  if (loc0 === EXTERIOR) return -1;
  if (loc0 === INTERIOR) return first;
  const loc1 = locateInPolygon(index, locator, vxy[2 * first + 2], vxy[2 * first + 3], outer);
  if (loc1 === EXTERIOR) return -1;
  if (loc1 === INTERIOR) return first + 1;
  const outerShell = outer[0];
  if (!ringNested(index, shell, outerShell)) return -1;
  for (let r = 1; r < outer.length; r++) {
    const hole = outer[r];
    if (hole < 0) continue;
    if (index.envelopeCovers(hole, shell) && ringNested(index, shell, hole)) return -1;
  }
  return first;
}

/** Raw coordinate index of the vertex of ring `id` at (x, y), or -1 when no vertex is there. */
function rawIndexAt(index: SegmentIndex, id: number, x: number, y: number): number {
  const { xy: vxy, raw: vRaw } = index;
  const first = index.ringFirst[id];
  const count = index.ringCount[id];
  for (let v = first; v < first + count; v++) {
    if (vxy[2 * v] === x && vxy[2 * v + 1] === y) return vRaw[v];
  }
  return -1;
}

interface Touch {
  ring: number;
  x: number;
  y: number;
}

/** Classifies segment pairs as GEOS's PolygonIntersectionAnalyzer, and records touches between rings. */
class IntersectionAnalysis implements SegmentPairVisitor {
  /** Where the pair being looked at meets (this analysis's own: see segment-intersection.ts). */
  private readonly meeting = new SegmentMeeting();
  doubleTouch: Touch | undefined;
  readonly ringsWithErrors = new Set<number>();
  /**
   * Per ring id: 1 once the ring lists no more self-intersections (it only fills up), and the crossings
   * counted since. A star polygon counts a thousand crossings per ring: typed arrays, not map look-ups.
   */
  private readonly fullRings: Uint8Array;
  private readonly unlisted: Int32Array;
  /** Vertices visited twice because of a spike or a doubled-back stretch, as "ring|x|y". */
  readonly spikeBases = new Set<string>();
  private readonly touchAt = new Map<string, Touch>();
  private readonly touches = new Map<number, Touch[]>();

  /** Errors listed before the sweep stops (a tangle lists no more than four kinds' worth). */
  private readonly errorLimit: number;

  constructor(
    private readonly index: SegmentIndex,
    private readonly list: IssueList,
    private readonly polygonHasHoles: boolean[],
    /** Errors counted (listed or not) before the sweep stops. */
    private readonly countLimit: number,
  ) {
    this.fullRings = new Uint8Array(index.ringTotal);
    this.unlisted = new Int32Array(index.ringTotal);
    this.errorLimit = list.max * 4;
  }

  /** Tests the pair; false once enough errors are found to stop the sweep. */
  pair(s: number, t: number): boolean {
    this.test(s, t);
    return this.list.errors < this.errorLimit && this.list.found < this.countLimit;
  }

  /** Counts a crossing of ring `rs` without listing it, when the ring lists no more; else false. */
  private countedOnly(rs: number): boolean {
    const { ringPoly, ringIndex } = this.index;
    if (this.fullRings[rs] === 0) {
      if (!this.list.ringFull(ringPoly[rs], ringIndex[rs])) return false;
      this.fullRings[rs] = 1;
      this.ringsWithErrors.add(rs);
    }
    this.unlisted[rs] = this.unlisted[rs] + 1;
    this.list.found++;
    return true;
  }

  /** Hands the counted crossings to the list, ring by ring (before it marks the last listed ones). */
  flushUnlisted(): void {
    const { ringPoly, ringIndex } = this.index;
    for (let rs = 0; rs < this.unlisted.length; rs++) {
      const count = this.unlisted[rs];
      if (count > 0) this.list.addUnlisted(ringPoly[rs], ringIndex[rs], count);
    }
  }

  /** Test the segments starting at vertices s < t. */
  private test(s: number, t: number): void {
    const { xy: vxy, ringOf: vRing, ringFirst, ringCount, ringPoly } = this.index;
    const rs = vRing[s];
    const rt = vRing[t];
    const sameRing = rs === rt;
    if (sameRing) {
      const size = ringCount[rs];
      const d = t - s;
      if (d === 1 || d >= size - 2) {
        // Adjacent segments share a vertex; they are invalid only when they run back over each other.
        const first = ringFirst[rs];
        const a = d === 1 ? s : t;
        const b = a + 1;
        const c = d === 1 ? t + 1 : s + 1;
        const ax = vxy[2 * a];
        const ay = vxy[2 * a + 1];
        const bx = vxy[2 * b];
        const by = vxy[2 * b + 1];
        const cx = vxy[2 * c];
        const cy = vxy[2 * c + 1];
        if (orient2d(ax, ay, bx, by, cx, cy) === 0 && (ax - bx) * (cx - bx) + (ay - by) * (cy - by) > 0) {
          const tip = b === first + size - 1 ? first : b;
          this.error('self-intersection', 'spike', tip, -1, bx, by);
          // The spike's base vertex appears twice in the ring: that touch is the same fault.
          if (ax === cx && ay === cy) this.spikeBases.add(`${rs}|${ax}|${ay}`);
        }
        return;
      }
    }
    const p0x = vxy[2 * s];
    const p0y = vxy[2 * s + 1];
    const p1x = vxy[2 * s + 2];
    const p1y = vxy[2 * s + 3];
    const q0x = vxy[2 * t];
    const q0y = vxy[2 * t + 1];
    const q1x = vxy[2 * t + 2];
    const q1y = vxy[2 * t + 3];
    if (sameRing) {
      // The orientation tests intersectSegments starts with, done first here: most pairs are apart, and a
      // proper crossing of a ring that lists no more is only counted, without computing its point (a star
      // polygon has tens of thousands).
      const pq0 = orientationIndex(p0x, p0y, p1x, p1y, q0x, q0y);
      const pq1 = orientationIndex(p0x, p0y, p1x, p1y, q1x, q1y);
      if ((pq0 > 0 && pq1 > 0) || (pq0 < 0 && pq1 < 0)) return;
      const qp0 = orientationIndex(q0x, q0y, q1x, q1y, p0x, p0y);
      const qp1 = orientationIndex(q0x, q0y, q1x, q1y, p1x, p1y);
      if ((qp0 > 0 && qp1 > 0) || (qp0 < 0 && qp1 < 0)) return;
      if (pq0 !== 0 && pq1 !== 0 && qp0 !== 0 && qp1 !== 0 && this.countedOnly(rs)) return;
    }
    const meeting = this.meeting;
    const code = intersectSegments(meeting, p0x, p0y, p1x, p1y, q0x, q0y, q1x, q1y);
    if (code === NO_INTERSECTION) return;
    const ix = meeting.x0;
    const iy = meeting.y0;
    const samePolygon = ringPoly[rs] === ringPoly[rt];
    if (meeting.proper || code === COLLINEAR_INTERSECTION) {
      // A proper crossing is found by this one pair only: count it without building an issue.
      if (sameRing && meeting.proper && this.countedOnly(rs)) return;
      const kind = sameRing ? 'self-intersection' : samePolygon ? 'rings-intersect' : 'overlapping-polygons';
      this.error(kind, code === COLLINEAR_INTERSECTION ? 'overlap' : 'crossing', s, t, ix, iy);
      if (sameRing && code === COLLINEAR_INTERSECTION) {
        // The ends of a doubled-back stretch are visited twice: those touches are the same fault.
        this.spikeBases.add(`${rs}|${ix}|${iy}`);
        this.spikeBases.add(`${rs}|${meeting.x1}|${meeting.y1}`);
      }
      return;
    }
    // One intersection point, at a vertex of at least one segment.
    if (sameRing) {
      const crossing = this.crossesAt(s, t, ix, iy, true);
      this.error(
        crossing ? 'self-intersection' : 'ring-self-touch',
        crossing ? 'vertex-crossing' : 'touch',
        this.vertexAt(s, ix, iy),
        this.vertexAt(t, ix, iy),
        ix,
        iy,
      );
      return;
    }
    // Touches at segment ends are handled with the segments starting there.
    if ((ix === p1x && iy === p1y) || (ix === q1x && iy === q1y)) return;
    if (this.crossesAt(s, t, ix, iy, false)) {
      this.error(
        samePolygon ? 'rings-intersect' : 'overlapping-polygons',
        'vertex-crossing',
        this.vertexAt(s, ix, iy),
        this.vertexAt(t, ix, iy),
        ix,
        iy,
      );
      return;
    }
    if (samePolygon && this.polygonHasHoles[ringPoly[rs]]) this.addTouch(rs, rt, ix, iy);
  }

  /** The vertex index to report for an intersection at (x, y) on the segment starting at s. */
  private vertexAt(s: number, x: number, y: number): number {
    const { xy: vxy } = this.index;
    if (vxy[2 * s + 2] === x && vxy[2 * s + 3] === y) return s + 1;
    return s;
  }

  /** Whether the rings cross at the node (x, y) shared by the segments starting at s and t. */
  private crossesAt(s: number, t: number, x: number, y: number, atEnds: boolean): boolean {
    const { xy: vxy } = this.index;
    const [a0, a1] = this.incident(s, x, y, atEnds);
    const [b0, b1] = this.incident(t, x, y, atEnds);
    return isCrossingAtNode(
      x,
      y,
      vxy[2 * a0],
      vxy[2 * a0 + 1],
      vxy[2 * a1],
      vxy[2 * a1 + 1],
      vxy[2 * b0],
      vxy[2 * b0 + 1],
      vxy[2 * b1],
      vxy[2 * b1 + 1],
    );
  }

  /** The two ring vertices around the node on the segment starting at s. */
  private incident(s: number, x: number, y: number, atEnds: boolean): [number, number] {
    const { xy: vxy, ringOf: vRing, ringFirst, ringCount } = this.index;
    const id = vRing[s];
    const first = ringFirst[id];
    const last = first + ringCount[id] - 1;
    if (vxy[2 * s] === x && vxy[2 * s + 1] === y) return [s === first ? last - 1 : s - 1, s + 1];
    if (atEnds && vxy[2 * s + 2] === x && vxy[2 * s + 3] === y) return [s, s + 2 > last ? first + 1 : s + 2];
    return [s, s + 1];
  }

  private error(
    kind: ValidityIssueKind,
    detail: IntersectionDetail,
    v: number,
    w: number,
    x: number,
    y: number,
  ): void {
    const { ringOf: vRing, raw: vRaw, ringPoly, ringIndex } = this.index;
    const id = vRing[v];
    this.ringsWithErrors.add(id);
    const issue: ValidityIssue = {
      kind,
      severity: 'error',
      polygon: ringPoly[id],
      ring: ringIndex[id],
      coordinate: vRaw[v],
      point: [x, y],
      detail,
    };
    if (w >= 0) {
      const other = vRing[w];
      this.ringsWithErrors.add(other);
      issue.other = {
        polygon: ringPoly[other],
        ring: ringIndex[other],
        coordinate: vRaw[w],
      };
    }
    this.list.add(issue, { x, y });
  }

  private addTouch(r0: number, r1: number, x: number, y: number): void {
    const key = r0 < r1 ? `${r0},${r1}` : `${r1},${r0}`;
    const existing = this.touchAt.get(key);
    if (existing) {
      if ((existing.x !== x || existing.y !== y) && !this.doubleTouch) {
        this.doubleTouch = { ring: rawIndexAt(this.index, r0, x, y) >= 0 ? r0 : r1, x, y };
      }
      return;
    }
    this.touchAt.set(key, { ring: r0, x, y });
    this.touchList(r0).push({ ring: r1, x, y });
    this.touchList(r1).push({ ring: r0, x, y });
  }

  private touchList(ring: number): Touch[] {
    let list = this.touches.get(ring);
    if (!list) {
      list = [];
      this.touches.set(ring, list);
    }
    return list;
  }

  /** GEOS PolygonRing.findHoleCycleLocation: rings whose touches close a cycle cut the interior. */
  findHoleCycle(ringTotal: number): Touch | undefined {
    if (this.touches.size === 0) return undefined;
    const root = new Int32Array(ringTotal).fill(-1);
    for (let start = 0; start < ringTotal; start++) {
      if (root[start] !== -1) continue;
      root[start] = start;
      const startTouches = this.touches.get(start);
      if (!startTouches) continue;
      const stack: Touch[] = [];
      for (const touch of startTouches) {
        root[touch.ring] = start;
        stack.push(touch);
      }
      while (stack.length > 0) {
        const current = stack.pop() as Touch;
        for (const touch of this.touches.get(current.ring) ?? []) {
          if (touch.x === current.x && touch.y === current.y) continue;
          if (root[touch.ring] === start) return { ring: current.ring, x: touch.x, y: touch.y };
          root[touch.ring] = start;
          stack.push(touch);
        }
      }
    }
    return undefined;
  }
}

/** Needle-like vertices: the two edges meet at a tiny (but non-zero) angle. GEOS accepts them. */
function addNearSpikes(check: Check, skip: Set<number>): void {
  const { list, settings: options, polygonSkipped } = check;
  const { xy: vxy, raw: vRaw, ringFirst, ringCount, ringPoly, ringIndex, ringTotal: nr } = check.index;
  const degrees = options.nearSpikeDegrees;
  if (!(degrees > 0)) return;
  const tan = Math.tan((degrees * Math.PI) / 180);
  const sx = options.xScale;
  for (let id = 0; id < nr; id++) {
    if (skip.has(id) || polygonSkipped[ringPoly[id]]) continue;
    const first = ringFirst[id];
    const count = ringCount[id];
    const last = first + count - 1;
    for (let b = first; b < last; b++) {
      const a = b === first ? last - 1 : b - 1;
      const c = b + 1;
      const bx = vxy[2 * b];
      const by = vxy[2 * b + 1];
      const ux = (vxy[2 * a] - bx) * sx;
      const uy = vxy[2 * a + 1] - by;
      const wx = (vxy[2 * c] - bx) * sx;
      const wy = vxy[2 * c + 1] - by;
      const dot = ux * wx + uy * wy;
      if (dot <= 0) continue;
      const cross = Math.abs(ux * wy - uy * wx);
      if (cross >= tan * dot) continue;
      if (orient2d(vxy[2 * a], vxy[2 * a + 1], bx, by, vxy[2 * c], vxy[2 * c + 1]) === 0) continue;
      list.add({
        kind: 'near-spike',
        severity: 'warning',
        polygon: ringPoly[id],
        ring: ringIndex[id],
        coordinate: vRaw[b],
        point: [bx, by],
        angle: (Math.atan2(cross, dot) * 180) / Math.PI,
      });
    }
  }
}

/** The verdict alone: true when no error issue is found (what GEOS's isValid answers). */
export function isValidPolygons(polygons: PolygonRings): boolean {
  return !findValidityIssues(polygons, { warnings: false, maxIssues: 1 }).some((i) => i.severity === 'error');
}

function addRepeated(
  list: IssueList,
  ring: Float64Array,
  p: number,
  r: number,
  k: number,
  run: number,
): void {
  list.add({
    kind: 'repeated-point',
    severity: 'warning',
    polygon: p,
    ring: r,
    coordinate: k,
    point: pt(ring, k),
    count: run,
  });
}

/** Points of the rings without consecutive repeats (as the first pass of collectIssues keeps them). */
function keptPointCount(polygons: PolygonRings): number {
  let n = 0;
  for (const rings of polygons)
    for (const ring of rings) {
      let px = NaN;
      let py = NaN;
      for (let k = 0; k < ring.length; k += 2) {
        const x = ring[k];
        const y = ring[k + 1];
        if (x !== px || y !== py) n++;
        px = x;
        py = y;
      }
    }
  return n;
}

/**
 * The polygons in arrays made one way (the reader's, make-valid's and a fix's arrays differ in their
 * hidden shapes), so the sweep's code, optimised for one, is not thrown away for the next.
 */
function sameShape(polygons: PolygonRings): PolygonRings {
  const out: Float64Array[][] = [];
  for (const rings of polygons) {
    const copy: Float64Array[] = [];
    for (const ring of rings) copy.push(ring);
    out.push(copy);
  }
  return out;
}
