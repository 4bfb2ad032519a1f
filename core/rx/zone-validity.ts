/**
 * OGC validity of each zone (core/geometry/validity.ts, GEOS parity), reported with the ogc-validity rules
 * (GEO001–GEO013) and the zone's record number. Shapefile zones have no text to edit, so these
 * diagnostics carry no text fixes; the location gives record, polygon, ring, coordinate and point.
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import { formatPoint } from '../geometry/format-point.ts';
import { findValidityIssues, type ValidityIssue } from '../geometry/validity.ts';
import type { DiagnosticCollector } from '../rules/reporter.ts';
import type { RuleMeta } from '../rules/rule.ts';
import { disconnectedInterior } from '../rules/ogc-validity/disconnected-interior.ts';
import { holeOutsideShell } from '../rules/ogc-validity/hole-outside-shell.ts';
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

export interface ZoneValidityInput {
  record: number;
  polygons: Float64Array[][];
}

/** Maps a point in the zones' CRS to [longitude, latitude], or undefined when it cannot. */
export type ToLonLat = (point: [number, number]) => [number, number] | undefined;

/** Issues of one kind reported per zone at most. */
const MAX_PER_KIND = 10;

function ringLabel(record: number, multi: boolean, polygon: number, ring: number): string {
  const part = multi ? `, polygon ${polygon}` : '';
  return ring === 0 ? `the shell of zone ${record}${part}` : `hole ${ring} of zone ${record}${part}`;
}

const capitalize = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** Whether the coordinates look like longitude/latitude (for measuring spike angles on the ground). */
function xScaleOf(polygons: Float64Array[][]): number {
  const ring = polygons[0]?.[0];
  const x = ring?.[0];
  const y = ring?.[1];
  if (x === undefined || y === undefined || Math.abs(x) > 180 || Math.abs(y) > 90) return 1;
  return Math.max(0.01, Math.cos((y * Math.PI) / 180));
}

export function reportZoneValidity(
  zone: ZoneValidityInput,
  entry: string,
  collector: DiagnosticCollector,
  toLonLat: ToLonLat = (p) => p,
): void {
  const { record, polygons } = zone;
  const multi = polygons.length > 1;
  const issues = findValidityIssues(polygons, { maxIssues: MAX_PER_KIND, xScale: xScaleOf(polygons) });
  const at = (issue: ValidityIssue, extra: Partial<Location> = {}): Location => {
    const point = toLonLat(issue.point);
    return {
      entry,
      record,
      row: record,
      polygon: issue.polygon,
      ring: issue.ring,
      coordinate: issue.coordinate,
      ...(point ? { point } : {}),
      ...extra,
    };
  };
  const related = (issue: ValidityIssue, message: string) =>
    issue.other
      ? [
          {
            message,
            location: {
              entry,
              record,
              polygon: issue.other.polygon,
              ring: issue.other.ring,
              coordinate: issue.other.coordinate,
            },
          },
        ]
      : undefined;
  for (const issue of issues) {
    const label = ringLabel(record, multi, issue.polygon, issue.ring);
    const otherLabel = issue.other ? ringLabel(record, multi, issue.other.polygon, issue.other.ring) : '';
    const data: Record<string, string | number> = {
      ring: label,
      point: formatPoint(issue.point),
      coordinate: issue.coordinate,
      otherCoordinate: issue.other?.coordinate ?? '',
      polygon: issue.polygon,
      otherPolygon: issue.other?.polygon ?? '',
      other: otherLabel,
    };
    const capitalized = { ...data, ring: capitalize(label) };
    const report = <M extends string>(
      rule: { meta: RuleMeta<M> },
      messageId: M,
      values: Record<string, string | number>,
      hint: string,
      extra: { related?: string; location?: Partial<Location> } = {},
    ): void => {
      const rel = extra.related !== undefined ? related(issue, extra.related) : undefined;
      collector.report(rule, {
        messageId,
        data: values,
        location: at(issue, extra.location),
        hint,
        ...(rel ? { related: rel } : {}),
      });
    };
    const ring = polygons[issue.polygon]?.[issue.ring];
    switch (issue.kind) {
      case 'invalid-coordinate':
        report(
          invalidCoordinate,
          'not-finite',
          { ...data, x: String(issue.point[0]), y: String(issue.point[1]) },
          'Export the zone again; every coordinate must be a number.',
        );
        break;
      case 'unclosed-ring':
        report(
          unclosedRing,
          'unclosed',
          {
            ...capitalized,
            first: formatPoint([ring?.[0] ?? NaN, ring?.[1] ?? NaN]),
            last: formatPoint(issue.point),
          },
          'Shapefile rings end on their first point; export the zone again.',
          { location: { coordinate: ((ring?.length ?? 2) >> 1) - 1 } },
        );
        break;
      case 'too-few-points':
        report(
          tooFewPoints,
          'too-few',
          { ...capitalized, count: issue.count ?? 0 },
          issue.ring > 0
            ? 'Remove the degenerate hole from the zone.'
            : 'Give the zone its real outline, or delete it.',
        );
        break;
      case 'self-intersection':
        report(
          selfIntersection,
          issue.detail === 'spike' || issue.detail === 'overlap' || issue.detail === 'vertex-crossing'
            ? issue.detail
            : 'crossing',
          capitalized,
          'Redraw the zone so its outline does not cross itself (a figure-eight is two zones or a multipart zone).',
          { related: 'the other edge' },
        );
        break;
      case 'ring-self-touch':
        report(
          ringSelfTouch,
          'touch',
          capitalized,
          'Make the inner loop a hole, or split the zone at this point.',
          {
            related: 'the same point, visited again',
          },
        );
        break;
      case 'rings-intersect':
        report(
          ringsIntersect,
          issue.detail === 'overlap' ? 'overlap' : 'crossing',
          capitalized,
          'Holes must lie inside the shell and apart from each other, touching at single points at most.',
          { related: otherLabel },
        );
        break;
      case 'overlapping-polygons':
        report(
          overlappingPolygons,
          issue.detail === 'overlap' ? 'overlap' : 'crossing',
          data,
          'Merge the overlapping parts of the zone, or cut one back to the shared boundary.',
          { related: `polygon ${issue.other?.polygon ?? ''}` },
        );
        break;
      case 'hole-outside-shell':
        report(
          holeOutsideShell,
          'outside',
          capitalized,
          'Remove the hole, or make it a separate part of the zone.',
        );
        break;
      case 'nested-holes':
        report(
          nestedHoles,
          'nested',
          capitalized,
          'Remove the inner hole; an island in a hole is a separate part.',
          {
            related: `the enclosing ${otherLabel}`,
          },
        );
        break;
      case 'nested-polygons':
        report(
          nestedPolygons,
          'nested',
          data,
          'Remove the inner part, or cut a hole for it in the outer one.',
          {
            related: `the enclosing polygon ${issue.other?.polygon ?? ''}`,
          },
        );
        break;
      case 'disconnected-interior':
        report(
          disconnectedInterior,
          'disconnected',
          data,
          'Split the zone where its holes cut it apart, or move the holes apart.',
        );
        break;
      case 'repeated-point': {
        const count = issue.count ?? 1;
        report(
          repeatedPoints,
          count > 1 ? 'repeated-run' : 'repeated',
          { ...data, lastCoordinate: issue.coordinate + count - 1 },
          'Remove the duplicate point (most GIS tools: "remove duplicate vertices").',
        );
        break;
      }
      case 'near-spike':
        report(
          nearSpike,
          'spike',
          { ...data, angle: Number((issue.angle ?? 0).toPrecision(2)) },
          'Remove the spike vertex unless the zone really has this narrow strip.',
        );
        break;
    }
  }
}
