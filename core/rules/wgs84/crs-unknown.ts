import { defineRule } from '../rule.ts';

/** Reported by the boundary imports (core/boundary/) when a file's coordinate system cannot be reprojected. */
export const crsUnknown = defineRule({
  meta: {
    code: 'WGS005',
    name: 'crs-unknown',
    group: 'wgs84',
    severity: 'error',
    messages: {
      unknown: 'The coordinate system {crs} cannot be reprojected to WGS 84: {reason}',
    },
    docs: {
      what: 'Reports an imported file (shapefile .prj, GeoJSON "crs" member) whose coordinate system Fieldgate does not know, naming it and saying why (unknown datum, unsupported projection, unreadable WKT). Nothing is imported from that file.',
      why: 'Guessing a coordinate system moves fields by metres to kilometres; the boundary must be reprojected with the right definition or not at all.',
      example: 'PROJCS["DHDN_3_Degree_Gauss_Zone_3", GEOGCS["GCS_Deutsches_Hauptdreiecksnetz", …], …]',
      useInstead:
        'Export the file in WGS 84 (EPSG:4326), or in a system Fieldgate knows: UTM zones on WGS 84, ETRS89, NAD83 or GDA, SWEREF99 TM, US Albers (EPSG:5070 / ESRI:102039), British National Grid, or a Transverse Mercator, Albers or Lambert projection on one of those datums.',
    },
  },
});
