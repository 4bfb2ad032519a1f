/** The Fieldgate sandbox: a local emulator of the partner service (see openapi/partner-service.yaml). */
export {
  startSandbox,
  type RecordedExchange,
  type RecordedResponse,
  type RunningSandbox,
  type SandboxOptions,
} from './server.ts';
export type { SandboxUrls, BehaviourOptions } from './service.ts';
export {
  parseFaultFlag,
  faultSpecOf,
  FaultSpecError,
  FAULT_KEYS,
  type FaultSettings,
  type FaultSpec,
} from './faults.ts';
export { buildMultipart } from './multipart.ts';
export { DEFAULT_SEED, type SeedData } from './seed.ts';
export type { DemoData } from './api-types.ts';
