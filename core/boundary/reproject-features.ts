/** The reprojection step every boundary import shares, and the one diagnostic that says it happened. */

import type { Location } from '../diagnostics/diagnostic.ts';
import { datumNames, normaliseCrsName, type CrsDefinition } from '../crs/crs-catalog.ts';
import { describeCrs, identifyCrs, type CrsIdentification } from '../crs/identify-crs.ts';
import { reprojectToWgs84 } from '../crs/reproject.ts';
import type { DiagnosticCollector } from '../rules/reporter.ts';
import { crsReprojected, crsUnknown } from './wgs84-rules.ts';
import type { BoundaryFeature } from './boundary-feature.ts';

const MATCHED_BY: Record<string, string> = {
  code: 'identified by its code',
  authority: 'identified by the EPSG code in the .prj',
  name: 'identified by its name',
  parameters: 'identified by its projection parameters',
};

export type IdentifiedCrs = CrsIdentification & { ok: true };

/**
 * Identify `crsText` (a .prj, an EPSG code, a GeoJSON crs name). Unknown → WGS005 at `location`, and
 * undefined. WGS 84 itself → its identification, nothing reported.
 */
export function identifySourceCrs(
  crsText: string,
  collector: DiagnosticCollector,
  location: Location,
): IdentifiedCrs | undefined {
  const identification = identifyCrs(crsText);
  if (!identification.ok) {
    collector.report(crsUnknown, {
      messageId: 'unknown',
      data: { crs: identification.name, reason: identification.reason },
      location,
      hint: 'Export the boundaries in WGS 84 (EPSG:4326), or in a coordinate system listed in `fieldgate rules WGS005`.',
    });
    return undefined;
  }
  return identification;
}

/**
 * Reproject every feature's polygons in place from `crs` to WGS 84 and say so (WGS006). Returns the source
 * CRS (the import's `reprojectedFrom`) unless it was WGS 84 longitude/latitude already.
 */
export function reprojectFeatures(
  features: BoundaryFeature[],
  identification: IdentifiedCrs,
  collector: DiagnosticCollector,
  location: Location,
): CrsDefinition | undefined {
  const { crs } = identification;
  if (crs.geographic && crs.datum === 'wgs84') return undefined;
  if (crs.geographic) {
    // NAD83, ETRS89, GDA lat/lon: the same numbers within a metre or two; taken as they are.
    collector.report(crsReprojected, {
      messageId: 'datum',
      data: { crs: describeCrs(crs), datum: datumNames[crs.datum] },
      location,
    });
    return crs;
  }
  for (const feature of features) {
    feature.polygons = feature.polygons.map((polygon) => polygon.map((ring) => reprojectToWgs84(ring, crs)));
  }
  const named = identification.sourceName;
  const source = named && normaliseCrsName(named) !== normaliseCrsName(crs.name) ? ` (${named})` : '';
  collector.report(crsReprojected, {
    messageId: 'reprojected',
    data: {
      count: features.length,
      crs: `${describeCrs(crs)}${source}`,
      how: `${MATCHED_BY[identification.matchedBy] ?? identification.matchedBy}; proj4: ${crs.proj4}`,
    },
    location,
  });
  return crs;
}
