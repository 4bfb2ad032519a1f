import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ClientConfigError } from '../../core/index.ts';
import {
  connectTimeoutProblem,
  describeProfile,
  MAX_CONNECT_TIMEOUT,
  PROFILE_ENV_NAMES,
  profileFromEnv,
  readProfiles,
  RESERVED_PROFILE_NAMES,
  writeProfiles,
  type ConnectionProfile,
} from '../../node/profiles.ts';
import { JournalLockedError, lockJournal, type JournalLock } from '../../node/journal-file.ts';
import {
  clientFor,
  DEFAULT_CONNECT_TIMEOUT,
  pacingFor,
  type Connection,
} from '../../node/service-connection.ts';
import { configDir, dataDir } from '../../node/user-dirs.ts';
import { EXIT_OK, EXIT_PROBLEMS, SettingError, UsageError, type CliCommand, type CliIo } from '../command.ts';
import { positiveNumberOption } from './batch-options.ts';
import { parseCommandArgs } from './command-args.ts';

const usage = `Usage: fieldgate profile add NAME --auth-url URL --base-url URL --legacy-base-url URL --client-id ID
                        [--rate R] [--burst B] [--connect-timeout SECONDS]
       fieldgate profile list
       fieldgate profile test NAME|sandbox|env
       fieldgate profile remove NAME

Connection profiles for submit, resume and agronomic-data, kept in the user's config directory
(XDG_CONFIG_HOME/fieldgate/profiles.json on Linux), readable by the owner only. The client secret and API key
are read from FIELDGATE_CLIENT_SECRET and FIELDGATE_API_KEY (so they never sit in the shell's history) and are
never printed.

Two profiles need no setting up:
  sandbox   an embedded sandbox started in-process, its state kept in the user's data directory
  env       FIELDGATE_AUTH_URL, FIELDGATE_BASE_URL, FIELDGATE_LEGACY_BASE_URL, FIELDGATE_CLIENT_ID,
            FIELDGATE_CLIENT_SECRET, FIELDGATE_API_KEY (and FIELDGATE_CONNECT_TIMEOUT, optional)

--connect-timeout SECONDS (FIELDGATE_CONNECT_TIMEOUT for env): how long a connection to the service may take
to be made before the address counts as unreachable (default ${DEFAULT_CONNECT_TIMEOUT} s, at most ${MAX_CONNECT_TIMEOUT}).

Exit status: 0 done; 1 \`profile test\` could not sign in (credentials refused, service unreachable); 2 usage error,
including a profile that does not exist (for test and remove alike).

Examples:
  fieldgate profile list
  fieldgate profile test sandbox                 # signs in to the embedded sandbox
  FIELDGATE_CLIENT_SECRET=… FIELDGATE_API_KEY=… fieldgate profile add production \\
      --auth-url https://auth.example.com --base-url https://api.example.com/partner \\
      --legacy-base-url https://api.example.com/api/partnerapis --client-id my-client
  fieldgate profile test production
  fieldgate profile remove production`;

type Env = Readonly<Record<string, string | undefined>>;

/** A profile name that names none: a usage error (exit 2), listing the names there are. */
function noProfile(name: string, file: { profiles: Record<string, unknown> }): UsageError {
  const names = [...RESERVED_PROFILE_NAMES, ...Object.keys(file.profiles)];
  return new UsageError(`no profile "${name}"; profiles: ${names.join(', ')} (fieldgate profile add NAME …)`);
}

/** `--profile NAME` → a connection: the embedded sandbox, the environment, or a saved profile. */
export async function openConnection(name: string, io: CliIo): Promise<Connection> {
  if (name === 'sandbox') {
    const { startSandbox } = await import('../../sandbox/index.ts');
    const directory = join(dataDir(io.env as Env), 'sandbox');
    await mkdir(directory, { recursive: true, mode: 0o700 });
    const dataFile = join(directory, 'state.json');
    // One embedded sandbox per state file: two would each save their own copy, and one would lose the other's.
    let lock: JournalLock;
    try {
      lock = await lockJournal(dataFile, 'another command with --profile sandbox');
    } catch (error) {
      if (error instanceof JournalLockedError)
        throw new UsageError(`the embedded sandbox's state ${error.message}`);
      throw error;
    }
    let sandbox: Awaited<ReturnType<typeof startSandbox>>;
    try {
      // Durable: a row the journal records as done must still be in the sandbox after a kill -9.
      sandbox = await startSandbox({ port: 0, dataFile, durable: true });
    } catch (error) {
      await lock.release();
      throw error;
    }
    return {
      name,
      local: true,
      profile: {
        authUrl: sandbox.urls.authUrl,
        baseUrl: sandbox.urls.baseUrl,
        legacyBaseUrl: sandbox.urls.legacyBaseUrl,
        clientId: sandbox.demo.clientId,
        clientSecret: sandbox.demo.clientSecret,
        apiKey: sandbox.demo.apiKey,
      },
      close: async () => {
        try {
          await sandbox.close();
        } finally {
          await lock.release();
        }
      },
    };
  }
  if (name === 'env') {
    const got = profileFromEnv(io.env as Env);
    if (!got.ok && 'problem' in got) throw new SettingError(`${got.problem} (--profile env)`);
    if (!got.ok) throw new UsageError(`--profile env: set ${got.missing.join(', ')}`);
    return { name, profile: got.profile, local: false, close: async () => undefined };
  }
  const file = await readProfiles(configDir(io.env as Env));
  const profile = file.profiles[name];
  if (!profile) throw noProfile(name, file);
  return { name, profile, local: false, close: async () => undefined };
}

/** An address of a profile the client refuses, in one line naming where it is set (never its secrets). */
function addressProblem(name: string, error: ClientConfigError): SettingError {
  if (name === 'env') {
    const variable = PROFILE_ENV_NAMES[error.field as keyof typeof PROFILE_ENV_NAMES] ?? error.field;
    return new SettingError(`${variable} ${error.problem} (--profile env)`);
  }
  return new SettingError(
    `profile ${name}: ${error.field} ${error.problem} (fieldgate profile add ${name} … replaces it)`,
  );
}

/** A connection whose addresses the client accepts; a setting error (one line, exit 2) when it does not. */
export async function usableConnection(name: string, io: CliIo): Promise<Connection> {
  const connection = await openConnection(name, io);
  try {
    clientFor(connection.profile);
    return connection;
  } catch (error) {
    await connection.close();
    if (error instanceof ClientConfigError) throw addressProblem(name, error);
    throw error;
  }
}

/**
 * A profile named, and its addresses usable, checked before the batch is read or anything is written (the
 * embedded sandbox, started later, always is).
 */
export async function checkProfile(name: string, io: CliIo): Promise<void> {
  if (name === 'sandbox') return;
  await (await usableConnection(name, io)).close();
}

export const profileCommand: CliCommand = {
  name: 'profile',
  summary: 'add, list, test or remove connection profiles (secrets kept owner-only, never printed)',
  usage,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      'auth-url': { type: 'string' },
      'base-url': { type: 'string' },
      'legacy-base-url': { type: 'string' },
      'client-id': { type: 'string' },
      rate: { type: 'string' },
      burst: { type: 'string' },
      'connect-timeout': { type: 'string' },
    });
    if (values.help) {
      io.stdout(usage + '\n');
      return EXIT_OK;
    }
    const [action, name, ...rest] = positionals;
    if (rest.length > 0) throw new UsageError(`unexpected arguments: ${rest.join(' ')}`);
    const dir = configDir(io.env as Env);
    switch (action) {
      case 'list': {
        const file = await readProfiles(dir);
        const names = Object.keys(file.profiles).sort();
        io.stdout(
          [
            ...names.map((n) => describeProfile(n, file.profiles[n]!)),
            'sandbox  (embedded sandbox, state in the user data directory)',
            'env      (FIELDGATE_* environment variables)',
          ].join('\n') + '\n',
        );
        return EXIT_OK;
      }
      case 'add': {
        if (!name) throw new UsageError('name the profile: fieldgate profile add NAME …');
        if ((RESERVED_PROFILE_NAMES as readonly string[]).includes(name))
          throw new UsageError(`"${name}" is built in; choose another name`);
        const missing = ['auth-url', 'base-url', 'legacy-base-url', 'client-id'].filter(
          (k) => !values[k as 'auth-url'],
        );
        const clientSecret = io.env.FIELDGATE_CLIENT_SECRET ?? '';
        const apiKey = io.env.FIELDGATE_API_KEY ?? '';
        if (!clientSecret) missing.push('FIELDGATE_CLIENT_SECRET (environment)');
        if (!apiKey) missing.push('FIELDGATE_API_KEY (environment)');
        if (missing.length > 0) throw new UsageError(`missing: ${missing.join(', ')}`);
        const profile: ConnectionProfile = {
          authUrl: values['auth-url']!,
          baseUrl: values['base-url']!,
          legacyBaseUrl: values['legacy-base-url']!,
          clientId: values['client-id']!,
          clientSecret,
          apiKey,
        };
        const rate = positiveNumberOption('rate', values.rate);
        const burst = positiveNumberOption('burst', values.burst);
        if (rate !== undefined) profile.rate = rate;
        if (burst !== undefined) profile.burst = burst;
        const timeout = values['connect-timeout'];
        if (timeout !== undefined) {
          const problem = connectTimeoutProblem(timeout);
          if (problem) throw new UsageError(`--connect-timeout ${problem}`);
          profile.connectTimeout = Number(timeout);
        }
        // The client refuses plain HTTP off loopback: check before saving.
        try {
          clientFor(profile);
        } catch (error) {
          if (!(error instanceof ClientConfigError)) throw error;
          // Said as the option it came from: authUrl → --auth-url.
          const option = error.field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
          throw new UsageError(`--${option} ${error.problem}`);
        }
        const file = await readProfiles(dir);
        file.profiles[name] = profile;
        await writeProfiles(dir, file);
        io.stdout(`saved profile "${name}" (owner-only file in ${dir})\n${describeProfile(name, profile)}\n`);
        return EXIT_OK;
      }
      case 'remove': {
        if (!name) throw new UsageError('name the profile to remove');
        const file = await readProfiles(dir);
        if ((RESERVED_PROFILE_NAMES as readonly string[]).includes(name))
          throw new UsageError(`"${name}" is built in, not a saved profile: there is nothing to remove`);
        if (!file.profiles[name]) throw noProfile(name, file);
        delete file.profiles[name];
        await writeProfiles(dir, file);
        io.stdout(`removed profile "${name}"\n`);
        return EXIT_OK;
      }
      case 'test': {
        if (!name) throw new UsageError('name the profile to test');
        const connection = await usableConnection(name, io);
        try {
          const result = await clientFor(connection.profile, pacingFor(connection)).checkCredentials();
          if (!result.ok) {
            io.stderr(`profile "${name}": ${result.error.message}\n`);
            return EXIT_PROBLEMS;
          }
          io.stdout(
            `profile "${name}": credentials accepted; token valid until ${result.value.expiresAt}${result.value.scopes ? `, scopes ${result.value.scopes.join(' ')}` : ''}\n`,
          );
          return EXIT_OK;
        } finally {
          await connection.close();
        }
      }
      default:
        throw new UsageError(
          action === undefined ? 'name an action: add, list, test, remove' : `unknown action "${action}"`,
        );
    }
  },
};
