/** The typed, tolerant client of the partner service (see service-client.ts). */
export * from './client-types.ts';
export {
  ServiceClient,
  type AgronomicDataFile,
  type CallParts,
  type ClientOptions,
  type CreateEnrollmentByLocationBody,
  type CreateEnrollmentByProgramBody,
  type CreateExperimentBody,
  type EnrollmentRecord,
  type EnrollmentType,
  type ExperimentRecord,
  type FieldsUploadBody,
  type OperationId,
  type Received,
  type ResourceType,
  type SendOutcome,
  type TemporalEntity,
  type UpdateEnrollmentBody,
} from './service-client.ts';
export { RateLimiter, type RateLimiterOptions } from './rate-limiter.ts';
export { RetryBudget, type BackoffOptions, type RetryBudgetOptions } from './retry-policy.ts';
export { ClientConfigError } from './secure-address.ts';
export {
  downloadFile,
  DOWNLOAD_LIMITS,
  type DownloadFailureKind,
  type DownloadLimits,
  type DownloadOptions,
  type DownloadResult,
} from './download.ts';
export type { Answer } from './answer.ts';
export { systemIo } from './system-io.ts';
