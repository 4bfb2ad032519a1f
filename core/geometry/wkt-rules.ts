/**
 * The rules the geometry checks (check-geometry.ts) report about a boundary's WKT, group wkt-syntax: syntax,
 * geometry type, Z/M values, SRID and EMPTY. Defined beside the check that reports them; the registry
 * (core/rules/registry.ts) gathers them.
 */

import { defineRule } from '../rules/rule.ts';

/** WKT001: reported by the geometry checks (core/geometry/check-geometry.ts). */
export const wktSyntaxError = defineRule({
  meta: {
    code: 'WKT001',
    name: 'wkt-syntax-error',
    group: 'wkt-syntax',
    decidedIn: ['core/boundary/wkt-file.ts', 'core/geometry/check-geometry.ts'],
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

/** WKT002: reported by the geometry checks (core/geometry/check-geometry.ts). */
export const geometryTypeNotAccepted = defineRule({
  meta: {
    code: 'WKT002',
    name: 'geometry-type-not-accepted',
    group: 'wkt-syntax',
    decidedIn: 'core/geometry/check-geometry.ts',
    severity: 'error',
    messages: {
      type: '{type} is not accepted as a field boundary: the service takes POLYGON or MULTIPOLYGON',
      collection:
        'A GEOMETRYCOLLECTION is not accepted as a field boundary: the service takes POLYGON or MULTIPOLYGON',
    },
    docs: {
      what: 'Reports a boundary whose geometry type is not POLYGON or MULTIPOLYGON (a POINT, a LINESTRING, a GEOMETRYCOLLECTION, ...).',
      why: 'A field boundary is an area. The service documentation accepts only Polygon and MultiPolygon; anything else is rejected or produces a field without an area.',
      example: 'LINESTRING (-93.1 45.2, -93.0 45.2, -93.0 45.3)',
      useInstead: 'POLYGON ((-93.1 45.2, -93.0 45.2, -93.0 45.3, -93.1 45.2))',
    },
  },
});

/** WKT003: reported by the geometry checks (core/geometry/check-geometry.ts). */
export const extraDimensions = defineRule({
  meta: {
    code: 'WKT003',
    name: 'extra-dimensions',
    group: 'wkt-syntax',
    decidedIn: 'core/geometry/check-geometry.ts',
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

/** WKT004: reported by the geometry checks (core/geometry/check-geometry.ts). */
export const sridNotWgs84 = defineRule({
  meta: {
    code: 'WKT004',
    name: 'srid-not-wgs84',
    group: 'wkt-syntax',
    decidedIn: 'core/geometry/check-geometry.ts',
    severity: 'error',
    messages: {
      'other-srid': 'The geometry declares SRID {srid}: field boundaries must be in WGS 84 (SRID 4326)',
      'ewkt-prefix': 'The EWKT prefix SRID=4326; is not part of WKT: send the geometry without it',
    },
    fixable: 'safe',
    docs: {
      what: 'Reports an EWKT `SRID=n;` prefix. Any SRID other than 4326 is an error (the coordinates are in another coordinate system); `SRID=4326;` is a warning with a safe fix that removes the prefix.',
      why: 'The service reads plain WKT in WGS 84 (EPSG:4326). Coordinates in another system land the field in the wrong place (or nowhere), and an EWKT prefix is not WKT at all for many readers, GEOS included.',
      example: 'SRID=4326;POLYGON ((-93.1 45.2, -93.0 45.2, -93.0 45.3, -93.1 45.2))',
      useInstead: 'POLYGON ((-93.1 45.2, -93.0 45.2, -93.0 45.3, -93.1 45.2))',
    },
  },
});

/** WKT005: reported by the geometry checks (core/geometry/check-geometry.ts). */
export const emptyGeometry = defineRule({
  meta: {
    code: 'WKT005',
    name: 'empty-geometry',
    group: 'wkt-syntax',
    decidedIn: 'core/geometry/check-geometry.ts',
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

export const wktSyntaxRules = [
  wktSyntaxError,
  geometryTypeNotAccepted,
  extraDimensions,
  sridNotWgs84,
  emptyGeometry,
] as const;
