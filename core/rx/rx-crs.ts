/**
 * The prescription's coordinate system, from its .prj: WGS 84 is what the service takes; a known other
 * CRS is an error with an unsafe reprojection fix; an unknown one is an error naming what the .prj says.
 */
import type { CrsDefinition } from '../crs/crs-catalog.ts';
import { decodePrj, describeCrs, identifyCrs } from '../crs/identify-crs.ts';
import type { DiagnosticCollector } from '../rules/reporter.ts';
import { rxCrsNotWgs84, rxPrjMissing } from './member-rules.ts';
import { FIX_REPROJECT } from './rx-members.ts';

/** The .prj Fieldgate writes for WGS 84 (ESRI WKT, as ArcGIS, QGIS and GDAL write it for shapefiles). */
export const WGS84_PRJ =
  'GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]';

export type RxCrs =
  | { state: 'missing' }
  | { state: 'wgs84'; crs: CrsDefinition }
  /** A CRS Fieldgate knows and can reproject from. */
  | { state: 'known'; crs: CrsDefinition; name: string }
  /** Named, but not one Fieldgate can transform: coordinates cannot be placed. */
  | { state: 'unknown'; name: string };

function isWgs84(crs: CrsDefinition): boolean {
  return crs.code === 'EPSG:4326';
}

export function checkRxCrs(
  prj: Uint8Array | undefined,
  entry: string | undefined,
  shpName: string,
  collector: DiagnosticCollector,
): RxCrs {
  if (prj === undefined || entry === undefined) {
    const base = shpName.replace(/\.[^./\\]*$/, '');
    collector.report(rxPrjMissing, {
      messageId: 'missing',
      location: {},
      hint: `If the coordinates are WGS 84 longitude/latitude, add ${base}.prj containing ${WGS84_PRJ}`,
    });
    return { state: 'missing' };
  }
  const text = decodePrj(prj);
  const id = identifyCrs(text);
  if (id.ok) {
    if (isWgs84(id.crs)) return { state: 'wgs84', crs: id.crs };
    const name = describeCrs(id.crs);
    collector.report(rxCrsNotWgs84, {
      messageId: 'other',
      data: { crs: name },
      location: { entry },
      hint: `Reproject the zones to WGS 84 (EPSG:4326) before zipping, or apply the unsafe fix, which reprojects them from ${name}.`,
      fix: {
        safety: 'unsafe',
        title: `Reproject the zones from ${name} to WGS 84 and rewrite the .shp, .shx and .prj`,
        before: name,
        after: 'WGS 84 (EPSG:4326)',
        artifact: FIX_REPROJECT,
      },
    });
    return { state: 'known', crs: id.crs, name };
  }
  const readable = !/neither an EPSG code nor readable WKT|empty/.test(id.reason);
  collector.report(rxCrsNotWgs84, {
    messageId: readable ? 'other' : 'unreadable',
    data: readable ? { crs: id.name } : { detail: id.reason },
    location: { entry },
    hint: readable
      ? `Reproject the zones to WGS 84 (EPSG:4326) in a GIS; Fieldgate cannot do it here because ${id.reason}.`
      : `Replace the .prj with the one for the coordinates' real system; for WGS 84 it is ${WGS84_PRJ}`,
  });
  return { state: 'unknown', name: id.name };
}
