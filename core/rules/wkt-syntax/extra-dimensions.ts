import { defineRule } from '../rule.ts';

/** WKT003: reported by the geometry checks (core/geometry/check-geometry.ts). */
export const extraDimensions = defineRule({
  meta: {
    code: 'WKT003',
    name: 'extra-dimensions',
    group: 'wkt-syntax',
    severity: 'warning',
    messages: {
      dropped: 'The {dimensions} values are dropped: field boundaries are stored in two dimensions (x y)',
    },
    fixable: 'safe',
    docs: {
      what: 'Warns when a boundary has Z or M values (POLYGON Z, POLYGON M, POLYGON ZM, or three or four numbers per coordinate). The safe fix rewrites the geometry without them.',
      why: 'The service keeps longitude and latitude only. Elevation or measure values are silently discarded, and some readers reject them; sending 2D coordinates makes the upload say what will be stored.',
      example: 'POLYGON Z ((-93.1 45.2 280, -93.0 45.2 281, -93.0 45.3 279, -93.1 45.2 280))',
      useInstead: 'POLYGON ((-93.1 45.2, -93.0 45.2, -93.0 45.3, -93.1 45.2))',
    },
  },
});
