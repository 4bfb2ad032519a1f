import { coordinatesNotDegrees } from './coordinates-not-degrees.ts';
import { extentImplausible } from './extent-implausible.ts';
import { rateColumnMissing } from './rate-column-missing.ts';
import { rateColumn } from './rate-column.ts';
import { rateEmpty } from './rate-empty.ts';
import { rateInvalid } from './rate-invalid.ts';
import { zoneCount } from './zone-count.ts';
import { zonesOverlap } from './zones-overlap.ts';

/** Zones and rates of a prescription (RXZ001–RXZ008). */
export const rxZoneRules = [
  zoneCount,
  rateColumn,
  rateColumnMissing,
  rateInvalid,
  rateEmpty,
  zonesOverlap,
  extentImplausible,
  coordinatesNotDegrees,
] as const;
