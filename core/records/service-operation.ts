/**
 * What a record asks the service to do: one call of the partner service (or a find-or-create), as plain
 * JSON that a batch plan and its journal hold as they are. Typed from the generated OpenAPI types, so the
 * records a kind reads and the calls the client sends cannot drift apart.
 */
import type { components } from '../../openapi/generated/partner-service.ts';

type Schemas = components['schemas'];

export type EnrollmentType = Schemas['EnrollmentType'];

/** Placeholder experimentId of a location enrollment whose experiment the batch finds or creates. */
export const BATCH_EXPERIMENT_ID = '00000000-0000-4000-8000-000000000000';

/** One field of a field upload, as sent. */
export interface UploadField {
  clientName: string;
  farmName: string;
  name: string;
  boundary: string;
  acres?: number;
  source?: string;
}

/** What one row asks the service to do: plain JSON, journaled as it is. */
export type ServiceOperation =
  | { call: 'createEnrollment'; type: 'program'; body: Schemas['CreateEnrollmentByProgramRequest'] }
  | {
      call: 'createEnrollment';
      type: 'location';
      body: Schemas['CreateEnrollmentByLocationRequest'];
      /** Set when the experiment is found or created by the batch: its id replaces body.experimentId. */
      experimentEnrollmentId?: string;
      /** How to create that experiment when no earlier row of the batch does (a CSV row's columns). */
      experiment?: Schemas['CreateExperimentRequest'];
    }
  | {
      call: 'updateEnrollment';
      type: EnrollmentType;
      enrollmentId: string;
      body: Schemas['UpdateEnrollmentRequest'];
    }
  | { call: 'removeEnrollment'; type: EnrollmentType; enrollmentId: string }
  | { call: 'findOrCreateExperiment'; body: Schemas['CreateExperimentRequest'] }
  | { call: 'findExperiments'; experimentEnrollmentId: string }
  | { call: 'getEnrollment'; type: EnrollmentType; enrollmentId: string }
  | { call: 'uploadFields'; userName: string; fields: UploadField[] }
  | { call: 'uploadRx'; userName: string; file: string }
  | { call: 'uploadSoil'; userName: string; sampleDate: string; file: string };

/** The calls that send a file or fields to a receiving user (X-User-Name): not idempotent, not listable. */
export type UploadCall = 'uploadFields' | 'uploadRx' | 'uploadSoil';
