import { resolve } from 'node:path';
import {
  DEFAULT_SEED,
  FaultSpecError,
  startSandbox,
  type RunningSandbox,
  type SandboxOptions,
} from '../../sandbox/index.ts';
import { sharingKeyStatus, StateFormatError } from '../../sandbox/state.ts';
import { EXIT_OK, EXIT_USAGE, UsageError, type CliCommand, type CliIo } from '../command.ts';
import { portInUseMessage, waitForStopSignal } from '../io/local-server.ts';
import { seededIds, type SeededIds } from '../../sandbox/seeded-ids.ts';
import { parseCommandArgs } from './command-args.ts';
import { terminalSafe } from '../render/terminal-text.ts';

const USAGE = `Usage: fieldgate sandbox [--port N] [--seed N] [--faults LIST] [--data FILE [--durable]] [--json]
                        [--strict-ids]
       fieldgate sandbox ids [--seed N] [--json]

Starts a local emulator of the partner service on 127.0.0.1 (plain HTTP): the token endpoint, the version 5
enrollment and experiment interface and the earlier interfaces, with demo data and a data inbox.
\`fieldgate sandbox ids\` lists the ids a fresh sandbox of the seed knows (programs, experiment enrollment ids,
its experiment and enrollments, locations, growing seasons, users, sharing keys) without starting it: the
ids \`fieldgate template\` and examples/ use are those of seed 42, the embedded sandbox's.

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
  fieldgate sandbox --data state.json --durable       # keep the state between runs
  fieldgate sandbox ids                               # the programs, locations, users… it knows
  fieldgate sandbox ids --json                        # the same as one JSON object`;

/** The options of `fieldgate sandbox` (`fieldgate start` passes them on, and checks them first). */
export const SANDBOX_OPTIONS = {
  port: { type: 'string' },
  seed: { type: 'string' },
  faults: { type: 'string' },
  data: { type: 'string' },
  durable: { type: 'boolean', default: false },
  json: { type: 'boolean', default: false },
  'strict-ids': { type: 'boolean', default: false },
} as const;

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

/** `fieldgate sandbox ids`: every id a fresh sandbox of the seed knows, with its name, for people. */
export function describeSeededIds(ids: SeededIds): string {
  const named = (list: readonly { id: string; name: string }[]): string[] =>
    list.map((n) => `  ${n.id}  ${n.name}`);
  return [
    `Ids a fresh sandbox of seed ${ids.seed} knows${ids.seed === DEFAULT_SEED ? ' (the embedded sandbox of --profile sandbox and the app)' : ''}`,
    '',
    'Experiment protocols (experimentProtocolId: enroll by program)',
    ...named(ids.experimentProtocols),
    'Experiment enrollment ids (experimentEnrollmentId: find or create the experiment, then enroll by location)',
    ...named(ids.experimentEnrollmentIds),
    'Experiments (experimentId)',
    ...ids.experiments.map(
      (e) => `  ${e.id}  ${e.name} (experimentEnrollmentId ${e.experimentEnrollmentId})`,
    ),
    'Enrollments (enrollmentId: read, update or remove)',
    ...ids.enrollments.map((e) => `  ${e.id}  by ${e.type}: ${e.name}`),
    'Locations (locationId)',
    ...named(ids.locations),
    'Growing seasons (temporal entity id, startId, endId; temporalPeriodTypeName GrowingSeason)',
    ...named(ids.temporalPeriods),
    'Receiving users (X-User-Name, userName)',
    ...ids.userNames.map((u) => `  ${u}`),
    'Sharing keys (agronomic-data --sharing-key)',
    ...ids.sharingKeys.map((k) => `  ${k.key}  ${k.status.padEnd(7)}  ${k.fieldNames.join(', ')}`),
    '',
    'A sandbox that kept its state (--data, --profile sandbox) also knows the records made since.',
    '',
  ].join('\n');
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
      const { values, positionals } = parseCommandArgs(args, SANDBOX_OPTIONS);
      if (values.help) {
        io.stdout(USAGE + '\n');
        return EXIT_OK;
      }
      const [action, ...rest] = positionals;
      if (action !== undefined && action !== 'ids')
        throw new UsageError(`unknown action "${action}" (the one there is: ids)`);
      if (rest.length > 0) throw new UsageError(`unexpected arguments: ${rest.join(' ')}`);
      if (action === 'ids') {
        const serverOnly = ['port', 'faults', 'data', 'durable', 'strict-ids'] as const;
        const given = serverOnly.filter((k) => values[k] !== undefined && values[k] !== false);
        if (given.length > 0)
          throw new UsageError(`sandbox ids takes --seed and --json only, not --${given.join(', --')}`);
        const ids = seededIds(
          wholeNumber('seed', values.seed, -2147483648, 4294967295) ?? DEFAULT_SEED,
          io.now(),
        );
        io.stdout(values.json ? JSON.stringify(ids) + '\n' : describeSeededIds(ids));
        return EXIT_OK;
      }
      const port = wholeNumber('port', values.port, 0, 65535) ?? 4010;
      const options: SandboxOptions = {
        port,
        seed: wholeNumber('seed', values.seed, -2147483648, 4294967295) ?? DEFAULT_SEED,
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
