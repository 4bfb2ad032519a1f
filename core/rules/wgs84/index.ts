import { axesSwapped } from './axes-swapped.ts';
import { crsMissing } from './crs-missing.ts';
import { crsReprojected } from './crs-reprojected.ts';
import { crsUnknown } from './crs-unknown.ts';
import { latitudeOutOfRange } from './latitude-out-of-range.ts';
import { longitudeOutOfRange } from './longitude-out-of-range.ts';
import { projectedCoordinates } from './projected-coordinates.ts';

export const wgs84Rules = [
  longitudeOutOfRange,
  latitudeOutOfRange,
  axesSwapped,
  projectedCoordinates,
  crsUnknown,
  crsReprojected,
  crsMissing,
] as const;
