/** The Fieldgate sandbox: a local emulator of the partner service (see openapi/partner-service.yaml). */
export { startSandbox, type RecordedExchange, type RunningSandbox, type SandboxOptions } from './server.ts';
export { FaultSpecError } from './faults.ts';
export { buildMultipart } from './multipart.ts';
export { DEFAULT_SEED } from './seed.ts';
export type { DemoData } from './api-types.ts';
