import { defineRule } from '../rule.ts';

/** GEO005: reported by the geometry checks (core/geometry/check-geometry.ts). */
export const ringSelfTouch = defineRule({
  meta: {
    code: 'GEO005',
    name: 'ring-self-touch',
    group: 'ogc-validity',
    severity: 'error',
    messages: {
      touch: '{ring} touches itself at {point} (coordinates {coordinate} and {otherCoordinate})',
    },
    fixable: 'unsafe',
    docs: {
      what: 'Reports a ring that touches itself at a point without crossing (GEOS: "Ring Self-intersection"), as when a hole is drawn as part of the shell. The unsafe fix rebuilds the area as a shell with a hole or as separate polygons.',
      why: 'OGC rings must be simple: a self-touching ring is invalid in GEOS, PostGIS and the service, even though it looks fine on a map. Write the inner loop as a hole or as a second polygon instead.',
      example: 'POLYGON ((0 0, 4 0, 4 4, 2 0, 0 4, 0 0))',
      useInstead: 'MULTIPOLYGON (((0 0, 2 0, 0 4, 0 0)), ((2 0, 4 0, 4 4, 2 0)))',
    },
  },
});
