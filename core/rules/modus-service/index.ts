import { eventCodeTooLong } from './event-code-too-long.ts';
import { eventDateInvalid } from './event-date-invalid.ts';
import { tooManySamples } from './too-many-samples.ts';
import { tooManyDepths } from './too-many-depths.ts';
import { labNameEmpty } from './lab-name-empty.ts';
import { depthOutOfRange } from './depth-out-of-range.ts';
import { depthUnitNotInches } from './depth-unit-not-inches.ts';
import { sampleGeometryNotWgs84Point } from './sample-geometry-not-wgs84-point.ts';
import { resultUnitNotAccepted } from './result-unit-not-accepted.ts';
import { resultUnitVariant } from './result-unit-variant.ts';
import { eventNotSoil } from './event-not-soil.ts';
import { sampleDateNotEventDate } from './sample-date-not-event-date.ts';
import { eventsMultiple } from './events-multiple.ts';

export const modusServiceRules = [
  eventCodeTooLong,
  eventDateInvalid,
  tooManySamples,
  tooManyDepths,
  labNameEmpty,
  depthOutOfRange,
  depthUnitNotInches,
  sampleGeometryNotWgs84Point,
  resultUnitNotAccepted,
  resultUnitVariant,
  eventNotSoil,
  sampleDateNotEventDate,
  eventsMultiple,
] as const;
