import { defineRule } from '../rule.ts';

/** Reported by the boundary imports (core/boundary/) whenever they reproject or take a datum as WGS 84. */
export const crsReprojected = defineRule({
  meta: {
    code: 'WGS006',
    name: 'crs-reprojected',
    group: 'wgs84',
    severity: 'info',
    messages: {
      reprojected: 'Reprojected {count} boundaries from {crs} to WGS 84 (EPSG:4326); {how}',
      datum: 'Coordinates in {crs} taken as WGS 84: the {datum} datum differs from WGS 84 by about a metre',
    },
    docs: {
      what: 'Says that an import reprojected its coordinates, from which coordinate system, and how that system was identified (EPSG code, name or parameters in the .prj).',
      why: 'A reprojection changes every coordinate; the person sending the upload should know it happened and from what, so a wrong .prj is noticed.',
      example: 'arslager_skiftePolygon.prj: PROJCS["SWEREF99_TM", …]',
      useInstead: 'Nothing to change; export in WGS 84 (EPSG:4326) to skip the reprojection.',
    },
  },
});
