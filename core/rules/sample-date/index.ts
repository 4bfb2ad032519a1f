import { sampleDateFormat } from './sample-date-format.ts';
import { sampleDateFuture } from './sample-date-future.ts';
import { sampleDateImpossible } from './sample-date-impossible.ts';
import { sampleDateMissing } from './sample-date-missing.ts';

export const sampleDateRules = [
  sampleDateMissing,
  sampleDateFormat,
  sampleDateImpossible,
  sampleDateFuture,
] as const;
