import { defineRule } from '../rule.ts';

/** WKT005: reported by the geometry checks (core/geometry/check-geometry.ts). */
export const emptyGeometry = defineRule({
  meta: {
    code: 'WKT005',
    name: 'empty-geometry',
    group: 'wkt-syntax',
    severity: 'error',
    messages: {
      empty: 'The boundary is EMPTY: a field needs an area',
      'empty-part': 'An EMPTY {part} inside the geometry is ignored',
    },
    fixable: 'safe',
    docs: {
      what: 'Reports an EMPTY boundary (error) and EMPTY polygons or rings inside a non-empty geometry (warning; the safe fix removes them).',
      why: 'An empty boundary creates a field without a shape; empty parts are legal WKT but carry nothing and confuse readers that count parts.',
      example: 'MULTIPOLYGON (((-93.1 45.2, -93.0 45.2, -93.0 45.3, -93.1 45.2)), EMPTY)',
      useInstead: 'MULTIPOLYGON (((-93.1 45.2, -93.0 45.2, -93.0 45.3, -93.1 45.2)))',
    },
  },
});
