import { enrollmentOperationUnknown } from './enrollment-operation-unknown.ts';
import { enrollmentTypeHeader } from './enrollment-type-header.ts';
import { experimentFindBeforeCreate } from './experiment-find-before-create.ts';
import { experimentName } from './experiment-name.ts';
import { fieldOfOtherType } from './field-of-other-type.ts';
import { idNotUuid } from './id-not-uuid.ts';
import { locationStatus } from './location-status.ts';
import { queryParameter } from './query-parameter.ts';
import { requiredBodyField } from './required-body-field.ts';
import { unknownBodyField } from './unknown-body-field.ts';
import { updateWithoutChange } from './update-without-change.ts';

/** Rules that look at one request. */
export const requestRules = [
  enrollmentOperationUnknown,
  enrollmentTypeHeader,
  requiredBodyField,
  idNotUuid,
  fieldOfOtherType,
  locationStatus,
  updateWithoutChange,
  queryParameter,
  experimentName,
  unknownBodyField,
] as const;

/** Rules that look at a prepared batch of requests in order. */
export const batchRules = [experimentFindBeforeCreate] as const;

export const enrollmentRules = [...requestRules, ...batchRules] as const;
