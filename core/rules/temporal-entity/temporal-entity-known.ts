/** Facts about TemporalEntity from the service interface. */
export const DIMENSIONALITIES = ['INDIVIDUAL', 'INTERVAL'] as const;
/** Values seen in the service's documentation; the complete set is not published. */
export const KNOWN_TEMPORAL_PERIOD_TYPES = [
  'GrowingSeason',
  'AgronomicSeason',
  'LocalAgronomicSeason',
  'LocalCropSeason',
] as const;
export const TEMPORAL_ENTITY_FIELDS = [
  'dimensionality',
  'id',
  'startId',
  'endId',
  'temporalPeriodTypeName',
] as const;
export const TEMPORAL_ID_FIELDS = ['id', 'startId', 'endId'] as const;
