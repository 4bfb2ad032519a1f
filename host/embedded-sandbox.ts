/** The sandbox `npm start` runs inside the app's process, seeded with demo data, as a submit target. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from '../sandbox/index.ts';
import type { EmbeddedSandbox } from './handlers.ts';

export interface StartedSandbox {
  sandbox: RunningSandbox;
  demo: EmbeddedSandbox;
}

/** On a free 127.0.0.1 port; its state is kept in the data directory so a restarted app sees what it sent. */
export async function startEmbeddedSandbox(
  dataDir: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<StartedSandbox> {
  mkdirSync(dataDir, { recursive: true });
  const sandbox = await startSandbox({
    port: 0,
    seed: 42,
    dataFile: join(dataDir, 'sandbox-state.json'),
    // A change is on disk before it is answered: an app killed mid-submit resumes against what was kept.
    durable: true,
    // `fieldgate sandbox --faults` syntax, for practising (and testing) slow or failing services.
    ...(env.FIELDGATE_SANDBOX_FAULTS ? { faults: env.FIELDGATE_SANDBOX_FAULTS } : {}),
  });
  const d = sandbox.demo;
  return {
    sandbox,
    demo: {
      authUrl: d.authUrl,
      baseUrl: d.baseUrl,
      legacyBaseUrl: d.legacyBaseUrl,
      clientId: d.clientId,
      clientSecret: d.clientSecret,
      apiKey: d.apiKey,
      userNames: d.userNames,
      sharingKeys: d.sharingKeys,
    },
  };
}
