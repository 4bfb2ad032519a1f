import { temporalEntityDimensionality } from './temporal-entity-dimensionality.ts';
import { temporalEntityIdFormat } from './temporal-entity-id-format.ts';
import { temporalEntityIds } from './temporal-entity-ids.ts';
import { temporalEntityType } from './temporal-entity-type.ts';
import { temporalEntityUnknownField } from './temporal-entity-unknown-field.ts';
import { temporalPeriodType } from './temporal-period-type.ts';

export const temporalEntityRules = [
  temporalEntityType,
  temporalEntityDimensionality,
  temporalEntityIds,
  temporalEntityIdFormat,
  temporalPeriodType,
  temporalEntityUnknownField,
] as const;
