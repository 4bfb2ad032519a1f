/**
 * OGC validity of each zone (core/geometry/validity.ts, GEOS parity), reported with the ogc-validity rules
 * (GEO001–GEO013) and the zone's record number. Shapefile zones have no text to edit, so these
 * diagnostics carry no text fixes; the location gives record, polygon, ring, coordinate and point.
 */
import { reportValidityIssues, ringLabel, type ValidityHint } from '../geometry/report-validity.ts';
import type { ValidityIssueKind } from '../geometry/validity.ts';
import type { DiagnosticCollector } from '../rules/reporter.ts';

export interface ZoneValidityInput {
  record: number;
  polygons: Float64Array[][];
}

/** Maps a point in the zones' CRS to [longitude, latitude], or undefined when it cannot. */
export type ToLonLat = (point: [number, number]) => [number, number] | undefined;

/** Issues of one kind reported per zone at most. */
const MAX_PER_KIND = 10;

/** Hints for zones, where the boundary wording (WKT, fields) does not fit. */
const zoneHints: Partial<Record<ValidityIssueKind, ValidityHint>> = {
  'invalid-coordinate': 'Export the zone again; every coordinate must be a number.',
  'unclosed-ring': 'Shapefile rings end on their first point; export the zone again.',
  'too-few-points': (issue) =>
    issue.ring > 0
      ? 'Remove the degenerate hole from the zone.'
      : 'Give the zone its real outline, or delete it.',
  'self-intersection':
    'Redraw the zone so its outline does not cross itself (a figure-eight is two zones or a multipart zone).',
  'ring-self-touch': 'Make the inner loop a hole, or split the zone at this point.',
  'overlapping-polygons': 'Merge the overlapping parts of the zone, or cut one back to the shared boundary.',
  'hole-outside-shell': 'Remove the hole, or make it a separate part of the zone.',
  'nested-holes': 'Remove the inner hole; an island in a hole is a separate part.',
  'nested-polygons': 'Remove the inner part, or cut a hole for it in the outer one.',
  'disconnected-interior': 'Split the zone where its holes cut it apart, or move the holes apart.',
  'repeated-point': 'Remove the duplicate point (most GIS tools: "remove duplicate vertices").',
  'near-spike': 'Remove the spike vertex unless the zone really has this narrow strip.',
};

/**
 * Reports the zone's validity issues. Messages give points in the zones' own CRS, like the coordinates
 * they count; `location.point` is in longitude/latitude (left out when `toLonLat` cannot place it).
 */
export function reportZoneValidity(
  zone: ZoneValidityInput,
  entry: string,
  collector: DiagnosticCollector,
  toLonLat: ToLonLat = (p) => p,
): void {
  const { record, polygons } = zone;
  const multi = polygons.length > 1;
  reportValidityIssues(polygons, collector, {
    ringLabel: (p, r) => ringLabel(multi, p, r, `zone ${record}`),
    place: (_target, role) => (role === 'issue' ? { entry, record, row: record } : { entry, record }),
    toLonLat,
    hints: zoneHints,
    validity: { maxIssues: MAX_PER_KIND },
  });
}
