import { defineRule } from '../rule.ts';

/** WKT001: reported by the geometry checks (core/geometry/check-geometry.ts). */
export const wktSyntaxError = defineRule({
  meta: {
    code: 'WKT001',
    name: 'wkt-syntax-error',
    group: 'wkt-syntax',
    severity: 'error',
    messages: {
      syntax: 'Invalid WKT: {detail}',
    },
    docs: {
      what: 'Reports a boundary that is not well-formed WKT, at the character where reading stopped, saying what was expected there and what was found. The reader is strict: `4x 0`, `1-2 0`, a decimal comma (`0,5 0`), two commas in a row and text after the geometry are errors, where lenient readers silently read something else.',
      why: 'The service stores the boundary it can read; a lenient reader turns `4x 0` into `4 0` or `0,5 0` into an extra point, so a typo becomes a wrong field shape instead of an error. Nothing else about the geometry can be checked until it reads.',
      example: 'POLYGON ((-93.1 45.2, -93.0 45.2, -93,0 45.3, -93.1 45.2))',
      useInstead: 'POLYGON ((-93.1 45.2, -93.0 45.2, -93.0 45.3, -93.1 45.2))',
    },
  },
});
