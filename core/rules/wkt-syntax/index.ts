import { wktSyntaxError } from './wkt-syntax-error.ts';
import { geometryTypeNotAccepted } from './geometry-type-not-accepted.ts';
import { extraDimensions } from './extra-dimensions.ts';
import { sridNotWgs84 } from './srid-not-wgs84.ts';
import { emptyGeometry } from './empty-geometry.ts';

export const wktSyntaxRules = [
  wktSyntaxError,
  geometryTypeNotAccepted,
  extraDimensions,
  sridNotWgs84,
  emptyGeometry,
] as const;
