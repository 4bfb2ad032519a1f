/**
 * Every operation of the OpenAPI documents, by the operationId of the generated operation tables: the compiler
 * refuses a missing or unknown one, and the server refuses to start when a route has no handler.
 */
import type { serviceOperations } from '../../openapi/generated/operations.ts';
import type { sandboxOperations } from '../../openapi/generated/sandbox-operations.ts';
import type { Reply } from '../reply.ts';
import type { RequestContext } from '../service.ts';
import { downloadSharedFile, getAgronomicDataResultsV3, getAgronomicDataUrlsV2 } from './agronomic-data.ts';
import {
  createEnrollment,
  getEnrollment,
  listEnrollments,
  removeEnrollment,
  updateEnrollment,
} from './enrollments.ts';
import { createExperiment, findExperiments } from './experiments.ts';
import {
  confirmInboxItem,
  createSharingKey,
  declineInboxItem,
  getSandboxFaults,
  getSandboxLog,
  getSandboxSeed,
  listInbox,
  listNotifications,
  listSharingKeys,
  resetSandbox,
  revokeSharingKey,
  setSandboxFaults,
} from './sandbox-api.ts';
import { requestToken } from './token.ts';
import { uploadFieldsV2, uploadModusResultV2, uploadRxV2 } from './uploads.ts';

export type Handler = (ctx: RequestContext) => Reply | Promise<Reply>;

type OperationId = keyof typeof serviceOperations | keyof typeof sandboxOperations;

export const handlers: Readonly<Record<string, Handler>> = {
  requestToken,
  createEnrollment,
  listEnrollments,
  listEnrollmentsWithSlash: listEnrollments,
  getEnrollment,
  updateEnrollment,
  removeEnrollment,
  findExperiments,
  createExperiment,
  getAgronomicDataUrlsV2,
  getAgronomicDataResultsV3,
  uploadFieldsV2,
  uploadRxV2,
  uploadModusResultV2,
  getSandboxSeed,
  getSandboxFaults,
  setSandboxFaults,
  resetSandbox,
  getSandboxLog,
  listInbox,
  confirmInboxItem,
  declineInboxItem,
  listNotifications,
  listSharingKeys,
  createSharingKey,
  revokeSharingKey,
  downloadSharedFile,
} satisfies Record<OperationId, Handler>;
