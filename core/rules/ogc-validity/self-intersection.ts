import { defineRule } from '../rule.ts';

/** GEO004: reported by the geometry checks (core/geometry/check-geometry.ts). */
export const selfIntersection = defineRule({
  meta: {
    code: 'GEO004',
    name: 'self-intersection',
    group: 'ogc-validity',
    severity: 'error',
    messages: {
      crossing:
        '{ring} crosses itself at {point} (edges starting at coordinates {coordinate} and {otherCoordinate})',
      'vertex-crossing':
        '{ring} crosses itself at its vertex {point} (coordinates {coordinate} and {otherCoordinate})',
      overlap:
        '{ring} runs back over itself between {point} and the edge starting at coordinate {otherCoordinate}',
      spike:
        '{ring} has a zero-width spike at coordinate {coordinate} {point}: the boundary goes out and back along the same line',
      'more-crossings':
        '{ring} crosses itself {count} more {count:time|times} besides the {listed} listed ({total} in all)',
      'many-crossings':
        '{ring} crosses itself at least {count} more {count:time|times} besides the {listed} listed (counting stopped at {total})',
    },
    fixable: 'unsafe',
    docs: {
      what: 'Reports a ring that crosses itself, overlaps itself or has a zero-width spike (GEOS: "Self-intersection", or "Ring Self-intersection" when the crossing is at a vertex), with the intersection point. The unsafe fix makes the polygon valid: a bow-tie is split into two polygons, a spike is removed.',
      why: 'A self-intersecting ring has no well-defined inside: area, containment and overlay give wrong or undefined answers, and the service rejects invalid geometry or stores a shape that is not the field.',
      example: 'POLYGON ((0 0, 10 0, 0 10, 10 10, 0 0))',
      useInstead: 'MULTIPOLYGON (((0 0, 10 0, 5 5, 0 0)), ((5 5, 10 10, 0 10, 5 5)))',
    },
  },
});
