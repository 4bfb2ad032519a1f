import { resolve } from 'node:path';
import {
  FaultSpecError,
  startSandbox,
  type RunningSandbox,
  type SandboxOptions,
} from '../../sandbox/index.ts';
import { sharingKeyStatus, StateFormatError } from '../../sandbox/state.ts';
import { EXIT_OK, EXIT_USAGE, UsageError, type CliCommand, type CliIo } from '../command.ts';
import { portInUseMessage, waitForStopSignal } from '../io/local-server.ts';
import { parseOptionArgs } from './command-args.ts';
import { terminalSafe } from '../render/terminal-text.ts';

const USAGE = `Usage: fieldgate sandbox [--port N] [--seed N] [--faults LIST] [--data FILE [--durable]] [--json]
                        [--strict-ids]

Starts a local emulator of the partner service on 127.0.0.1 (plain HTTP): the token endpoint, the version 5
enrollment and experiment interface and the earlier interfaces, with demo data and a data inbox.

Options:
  --port N        port on 127.0.0.1 (default 4010; 0 picks a free one)
  --seed N        seed of the demo data, ids and faults (default 42)
  --faults LIST   comma-separated key=value: error-rate, reset-before-rate, reset-after-rate (shares 0..1),
                  latency-ms=MIN-MAX, rate (requests/s), burst, quota (requests/day), token-ttl (seconds),
                  slow-body-rate, slow-body-ms, retry-after (seconds), seed, storm-after (requests let
                  through before a storm of 429s with Retry-After), storm-length (requests, default 50)
  --data FILE     keep the state in FILE (loaded at start; each change is appended to FILE.changes in the
                  background, and FILE rewritten whole once those changes outgrow it)
  --durable       with --data: answer a request that changed the state only once FILE is written and
                  fsync'ed (what \`submit --profile sandbox\` does; slower)
  --json          print exactly one JSON line first (authUrl, baseUrl, legacyBaseUrl, clientId, clientSecret,
                  apiKey, sharingKeys, experimentProtocolIds, experimentEnrollmentIds, locationIds, temporalIds,
                  userNames); everything else goes to stderr
  --strict-ids    accept only the seeded location and temporal ids and user names

Faults can be changed while it runs: PUT {sandbox}/_sandbox/faults with a JSON object of the same keys.
Stop it with Ctrl+C.

Examples:
  fieldgate sandbox                                   # on http://127.0.0.1:4010, demo data, no faults
  fieldgate sandbox --port 0 --json                   # a free port; one JSON line of URLs and ids first
  fieldgate sandbox --faults error-rate=0.05,latency-ms=50-200 --seed 7
  fieldgate sandbox --data state.json --durable       # keep the state between runs`;

function wholeNumber(name: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^-?\d+$/.test(value.trim()) || n < min || n > max) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, got "${value}"`);
  }
  return n;
}

/** The people-readable start banner: addresses, credentials and demo ids. */
export function describeSandbox(sandbox: RunningSandbox): string {
  const { urls, demo, seed } = sandbox;
  const now = sandbox.service.now();
  const lines = [
    `Fieldgate sandbox (seed ${seed.seed}) on 127.0.0.1:${sandbox.port}, plain HTTP, loopback only`,
    '',
    `  auth URL         ${urls.authUrl}   (token endpoint ${urls.tokenUrl})`,
    `  base URL (v5)    ${urls.baseUrl}`,
    `  legacy base URL  ${urls.legacyBaseUrl}`,
    `  sandbox API      ${urls.sandboxUrl}   (seed, faults, log, inbox, notifications, sharing-keys)`,
    '',
    'Demo credentials',
    `  client id        ${demo.clientId}`,
    `  client secret    ${demo.clientSecret}`,
    `  API key          ${demo.apiKey}`,
    `  scopes           ${seed.client.scopes.join(' ')}`,
    '',
    'Sharing keys',
    ...[...sandbox.service.state.sharingKeys.values()].map(
      (k) => `  ${k.key}  ${sharingKeyStatus(k, now).padEnd(7)}  ${k.fieldNames.join(', ')}`,
    ),
    '',
    'Experiment protocols (enroll by program)',
    ...seed.experimentProtocols.map((p) => `  ${p.id}  ${p.name}`),
    'Experiment enrollment ids (find or create the experiment, then enroll by location)',
    ...seed.experimentEnrollmentIds.map((e) => `  ${e.id}  ${e.name}`),
    'Locations',
    ...seed.locations.map((l) => `  ${l.id}  ${l.name}`),
    'Temporal periods (temporalPeriodTypeName GrowingSeason)',
    ...seed.temporalPeriods.map((t) => `  ${t.id}  ${t.name}`),
    'Receiving users (X-User-Name)',
    ...seed.users.map((u) => `  ${u.userName}`),
    '',
  ];
  return lines.join('\n');
}

export interface SandboxCommandDeps {
  /** Resolves when the sandbox should stop; tests pass their own. */
  waitForStop?: (sandbox: RunningSandbox) => Promise<void>;
}

export function createSandboxCommand(deps: SandboxCommandDeps = {}): CliCommand {
  const waitForStop = deps.waitForStop ?? waitForStopSignal;
  return {
    name: 'sandbox',
    summary: 'run a local emulator of the partner service, with demo data and fault injection',
    usage: USAGE,
    async run(args: string[], io: CliIo): Promise<number> {
      const { values } = parseOptionArgs(args, {
        port: { type: 'string' },
        seed: { type: 'string' },
        faults: { type: 'string' },
        data: { type: 'string' },
        durable: { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        'strict-ids': { type: 'boolean', default: false },
      });
      if (values.help) {
        io.stdout(USAGE + '\n');
        return EXIT_OK;
      }
      const port = wholeNumber('port', values.port, 0, 65535) ?? 4010;
      const options: SandboxOptions = {
        port,
        seed: wholeNumber('seed', values.seed, -2147483648, 4294967295) ?? 42,
        strictIds: values['strict-ids'],
        now: () => io.now(),
      };
      if (values.faults !== undefined) options.faults = values.faults;
      if (values.data !== undefined) options.dataFile = resolve(io.cwd, values.data);
      if (values.durable) {
        if (values.data === undefined) throw new UsageError('--durable needs --data FILE');
        options.durable = true;
      }

      // Listen for Ctrl+C before the banner says to press it, so an early one stops the sandbox cleanly.
      const signalled = deps.waitForStop ? undefined : waitForStopSignal();
      let sandbox: RunningSandbox;
      try {
        sandbox = await startSandbox(options);
      } catch (error) {
        // The fault list is parsed before anything listens or reads the data file.
        if (error instanceof FaultSpecError) throw new UsageError(`--faults: ${error.message}`);
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EADDRINUSE') {
          io.stderr(portInUseMessage('sandbox', port));
          return EXIT_USAGE;
        }
        if (
          error instanceof StateFormatError ||
          error instanceof SyntaxError ||
          (values.data !== undefined &&
            ['EACCES', 'EISDIR', 'ENOENT', 'ENOTDIR', 'EROFS'].includes(code ?? ''))
        ) {
          io.stderr(
            `fieldgate sandbox: cannot use --data ${terminalSafe(`${values.data ?? ''}: ${(error as Error).message}`)}\n`,
          );
          return EXIT_USAGE;
        }
        throw error;
      }
      if (values.json) {
        io.stdout(JSON.stringify(sandbox.demo) + '\n');
        io.stderr(describeSandbox(sandbox) + 'Press Ctrl+C to stop.\n');
      } else {
        io.stdout(describeSandbox(sandbox) + 'Press Ctrl+C to stop.\n');
      }
      await (signalled ?? waitForStop(sandbox));
      await sandbox.close();
      io.stderr('fieldgate sandbox: stopped\n');
      return EXIT_OK;
    },
  };
}

export const sandboxCommand = createSandboxCommand();
