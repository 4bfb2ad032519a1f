/** The wire types of the service and of the sandbox's own API, generated from the OpenAPI documents. */
import type { components as ServiceComponents } from '../openapi/generated/partner-service.ts';
import type { components as SandboxComponents } from '../openapi/generated/sandbox.ts';

type ServiceSchemas = ServiceComponents['schemas'];
type SandboxSchemas = SandboxComponents['schemas'];

export type TemporalEntity = ServiceSchemas['TemporalEntity'];
export type EnrollmentByProgram = ServiceSchemas['EnrollmentByProgram'];
export type EnrollmentByLocation = ServiceSchemas['EnrollmentByLocation'];
export type EnrollmentType = ServiceSchemas['EnrollmentType'];
export type Experiment = ServiceSchemas['Experiment'];
export type ResourceType = ServiceSchemas['ResourceType'];
export type ServiceError = ServiceSchemas['ServiceError'];
export type GatewayMessage = ServiceSchemas['GatewayMessage'];
export type TokenResponse = ServiceSchemas['TokenResponse'];
export type OAuthError = ServiceSchemas['OAuthError'];
export type FieldUploadResult = ServiceSchemas['FieldUploadResult'];
export type FileUploadResult = ServiceSchemas['FileUploadResult'];
export type AgronomicDataResult = ServiceSchemas['AgronomicDataResult'];

export type DemoData = SandboxSchemas['DemoData'];
export type InboxItem = SandboxSchemas['InboxItem'];
export type Notification = SandboxSchemas['Notification'];
export type SharingKey = SandboxSchemas['SharingKey'];
export type LogEntry = SandboxSchemas['LogEntry'];

export const RESOURCE_TYPES: readonly ResourceType[] = [
  'application/vnd.oada.pp.as-planted',
  'application/vnd.oada.pp.as-applied',
  'application/vnd.oada.pp.as-harvested',
];
