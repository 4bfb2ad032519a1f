import type { Fix, Location, RelatedLocation } from '../diagnostics/diagnostic.ts';
import type { DiagnosticCollector } from '../rules/reporter.ts';
import type { ReportDescriptor, Rule } from '../rules/rule.ts';
import { ogcValidityRules } from './validity-rules.ts';
import type { IssueTarget, ValidityIssueReport } from './validity-report-stage.ts';
import { formatPoint } from './format-point.ts';
import type { PolygonRings } from './geometry.ts';
import {
  checkValidity,
  type ValidityCheck,
  type ValidityIssue,
  type ValidityIssueKind,
  type ValidityOptions,
} from './validity.ts';

/**
 * The one way from validity issues (validity.ts) to `ogc-validity` diagnostics (GEO001–GEO013), for
 * every kind of input: WKT boundaries (check-geometry.ts, with character ranges and text fixes) and
 * polygons without text (shapefile zones, polygons read from GeoJSON). The caller says how to name a
 * ring, where an issue is (the location fields besides polygon/ring/coordinate/point), how to turn a
 * point into longitude/latitude, which hints to give and, when it has text to edit, which fix to offer.
 * Each issue, with what the caller said, goes to every ogc-validity rule (validity-report-stage.ts); the
 * rule whose issue it is decides what is said (validity-rules.ts). What follows from a report stays here:
 * the fix offered with the issue's diagnostic, one fix of the whole geometry shared by its diagnostics.
 */

export type { IssueTarget } from './validity-report-stage.ts';

export type ValidityHint = string | ((issue: ValidityIssue) => string);

export interface ValidityReportOptions {
  /** How messages name a ring: "the shell", "hole 2 of polygon 1", "the shell of zone 12, polygon 1". */
  ringLabel: (polygon: number, ring: number) => string;
  /**
   * The location fields of an issue (role 'issue') or of the other ring it involves (role 'related'),
   * placed before polygon, ring, coordinate and point: a base (file, entry, record) and, with text, the
   * character range of the target.
   */
  place: (target: IssueTarget, role: 'issue' | 'related') => Location;
  /** Maps an issue's point to the location's [longitude, latitude]; undefined leaves the point out. */
  toLonLat?: (point: [number, number]) => [number, number] | undefined;
  /** Hints replacing the boundary wording of `boundaryValidityHints`. */
  hints?: Partial<Record<ValidityIssueKind, ValidityHint>>;
  /**
   * The fix for an issue, given the whole check (every issue, the segment pairs make-valid can start
   * from); only inputs with text to edit have fixes.
   */
  fix?: (issue: ValidityIssue, check: ValidityCheck) => Fix | undefined;
  validity?: ValidityOptions;
}

/** Hints for field boundaries given as WKT (check-geometry.ts); other inputs replace some of them. */
const boundaryValidityHints: Record<ValidityIssueKind, ValidityHint> = {
  'invalid-coordinate': 'Replace the value with the real coordinate, or remove the point.',
  'unclosed-ring': 'Repeat the first point at the end of the ring.',
  'too-few-points': (issue) =>
    issue.ring > 0
      ? 'Remove the degenerate hole, or give it its real outline.'
      : 'Give the field its real outline: at least three corners.',
  'self-intersection': (issue) =>
    issue.detail === 'spike'
      ? 'Remove the spike vertex: the boundary must not go out and back along the same line.'
      : 'Reorder or move the points so the outline does not cross itself; a figure-eight is two polygons.',
  'ring-self-touch':
    'Write the inner loop as a hole, or split the outline into separate polygons at this point.',
  'rings-intersect':
    'Holes must lie inside the shell and apart from each other, touching at single points at most.',
  'overlapping-polygons':
    'Merge the overlapping polygons into one, or cut one of them back to the shared boundary.',
  'hole-outside-shell':
    'Remove the hole, or if it is a separate piece of the field, make it a polygon of a MULTIPOLYGON.',
  'nested-holes': 'Remove the inner hole; an island inside a hole is a separate polygon of a MULTIPOLYGON.',
  'nested-polygons': 'Remove the inner polygon, or cut a hole for it in the outer one if it is an island.',
  'disconnected-interior':
    'Split the polygon into separate polygons where the holes cut it, or move the holes apart.',
  'repeated-point': 'Remove the duplicate point.',
  'near-spike': 'Remove the spike vertex unless the field really has this narrow strip.',
};

/**
 * A ring's name in messages: "the shell", "hole 2"; with several polygons "hole 2 of polygon 1"; with an
 * owner "the shell of zone 12" or "hole 2 of zone 12, polygon 1".
 */
export function ringLabel(multi: boolean, polygon: number, ring: number, owner?: string): string {
  const name = ring === 0 ? 'the shell' : `hole ${ring}`;
  const of = [...(owner !== undefined ? [owner] : []), ...(multi ? [`polygon ${polygon}`] : [])];
  return of.length > 0 ? `${name} of ${of.join(', ')}` : name;
}

/** Self-crossings listed per ring; the rest are counted and stated in one more diagnostic. */
const MAX_CROSSINGS_LISTED_PER_RING = 10;

/**
 * Self-crossings listed per ring of a tangle (counting stopped at 1,000 crossings): a few to look at, and
 * the count. More of a star polygon's thousands of crossings say nothing new and made its report three
 * times as long.
 */
const MAX_CROSSINGS_LISTED_PER_TANGLE = 3;

/** cos(latitude) when the coordinates look like longitude/latitude, so spike angles are measured on the ground. */
function geographicXScale(polygons: PolygonRings): number {
  const ring = polygons[0]?.[0];
  const x = ring?.[0];
  const y = ring?.[1];
  if (x === undefined || y === undefined || Math.abs(x) > 180 || Math.abs(y) > 90) return 1;
  return Math.max(0.01, Math.cos((y * Math.PI) / 180));
}

/** Finds the validity issues of the polygons and reports them; returns the issues found. */
export function reportValidityIssues(
  polygons: PolygonRings,
  collector: DiagnosticCollector,
  options: ValidityReportOptions,
): ValidityIssue[] {
  const check = checkValidity(polygons, {
    xScale: geographicXScale(polygons),
    maxPerRing: MAX_CROSSINGS_LISTED_PER_RING,
    maxPerTangledRing: MAX_CROSSINGS_LISTED_PER_TANGLE,
    ...options.validity,
  });
  const issues = check.issues;
  // Most geometries are valid: nothing below is built for them.
  if (issues.length === 0) return issues;
  const { place, toLonLat, fix } = options;
  const hints = { ...boundaryValidityHints, ...options.hints };

  const locate = (issue: ValidityIssue, target: IssueTarget): Location => {
    const point = toLonLat ? toLonLat(issue.point) : issue.point;
    return {
      ...place(target, 'issue'),
      polygon: issue.polygon,
      ring: issue.ring,
      coordinate: issue.coordinate,
      ...(point ? { point } : {}),
    };
  };
  const related = (issue: ValidityIssue, message: string): RelatedLocation[] => {
    const o = issue.other;
    if (!o) return [];
    const target = { polygon: o.polygon, ring: o.ring, first: o.coordinate, last: o.coordinate };
    const location = {
      ...place(target, 'related'),
      polygon: o.polygon,
      ring: o.ring,
      coordinate: o.coordinate,
    };
    return [{ message, location }];
  };

  // A fix of the whole geometry (make-valid, removing every repeated point) is the same for all its
  // issues: it goes on the first diagnostic only, and the others point to that one in their hint.
  // Per fix: the hint its other diagnostics get, and the key linking them to it (its first diagnostic's
  // code and location: the same whichever way the file is read, and one geometry's only).
  const attached = new Map<Fix, { hint: string; key: string }>();
  const listedCrossings = new Map<string, number>();

  // The issue visited, and whether it has had its diagnostic: its fix goes with that one, never with a
  // later summary of the same issue (GEO004's count of crossings not listed).
  let facts: ValidityIssueReport | undefined;
  let issueReported = false;
  const contexts = ogcValidityRules.map((rule: Rule<ValidityIssueReport>) => ({
    rule,
    context: {
      report(descriptor: ReportDescriptor): void {
        if (issueReported) {
          collector.report(rule, descriptor);
          return;
        }
        issueReported = true;
        const issue = facts!.issue;
        let issueFix = fix && collector.isEnabled(rule) ? fix(issue, check) : undefined;
        let hint = descriptor.hint;
        let sharesFix: string | undefined;
        if (issueFix) {
          const first = attached.get(issueFix);
          if (first !== undefined) {
            hint = `${hint ?? ''} ${first.hint}`;
            issueFix.shared ??= first.key;
            sharesFix = first.key;
            issueFix = undefined;
          } else {
            const at = `${rule.meta.code} at ${facts!.ring}, coordinate ${issue.coordinate}`;
            attached.set(issueFix, {
              hint:
                issue.kind === 'repeated-point'
                  ? `One fix removes every repeated point of this geometry: it is on ${at}.`
                  : `The repair of this geometry, where one can be offered, is on ${at}.`,
              key: JSON.stringify([rule.meta.code, descriptor.location]),
            });
          }
        }
        collector.report(rule, {
          ...descriptor,
          ...(hint !== undefined ? { hint } : {}),
          ...(issueFix ? { fix: issueFix } : {}),
          ...(sharesFix !== undefined ? { sharesFix } : {}),
        });
      },
    },
  }));

  for (const current of issues) {
    const { polygon, ring, coordinate } = current;
    const hint = hints[current.kind];
    let listed = 0;
    if (current.kind === 'self-intersection') {
      const ringKey = `${polygon}|${ring}`;
      listed = (listedCrossings.get(ringKey) ?? 0) + 1;
      listedCrossings.set(ringKey, listed);
    }
    const points = current.kind === 'unclosed-ring' ? polygons[polygon]?.[ring] : undefined;
    facts = {
      issue: current,
      ring: options.ringLabel(polygon, ring),
      otherRing: current.other ? options.ringLabel(current.other.polygon, current.other.ring) : '',
      point: formatPoint(current.point),
      ringStart: points ? formatPoint([points[0] ?? NaN, points[1] ?? NaN]) : '',
      listedCrossings: listed,
      hint: typeof hint === 'string' ? hint : hint(current),
      locate: (target = { polygon, ring, first: coordinate, last: coordinate }) => locate(current, target),
      related: (message) => related(current, message),
    };
    issueReported = false;
    for (const { rule, context } of contexts) rule.check?.(facts, context);
  }
  return issues;
}
