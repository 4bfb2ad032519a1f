import { depthRefUndefined } from './depth-ref-undefined.ts';
import { sampleNumberDuplicate } from './sample-number-duplicate.ts';
import { depthRepeated } from './depth-repeated.ts';
import { depthRangeInverted } from './depth-range-inverted.ts';
import { columnDepthMismatch } from './column-depth-mismatch.ts';
import { depthUnitInconsistent } from './depth-unit-inconsistent.ts';
import { testResultDuplicate } from './test-result-duplicate.ts';
import { resultValueNotFinite } from './result-value-not-finite.ts';
import { sampleGeometryInvalid } from './sample-geometry-invalid.ts';
import { depthRefUnused } from './depth-ref-unused.ts';
import { fmisSampleIdDuplicate } from './fmis-sample-id-duplicate.ts';
import { eventTypeMismatch } from './event-type-mismatch.ts';
import { sampleWithoutResults } from './sample-without-results.ts';

export const modusSemanticsRules = [
  depthRefUndefined,
  sampleNumberDuplicate,
  depthRepeated,
  depthRangeInverted,
  columnDepthMismatch,
  depthUnitInconsistent,
  testResultDuplicate,
  resultValueNotFinite,
  sampleGeometryInvalid,
  depthRefUnused,
  fmisSampleIdDuplicate,
  eventTypeMismatch,
  sampleWithoutResults,
] as const;
