/**
 * Named connection profiles, kept in the user's config directory in one JSON file readable and writable by
 * its owner only (0600, the directory 0700). Secrets are stored as given (like other CLIs' credential files)
 * and never printed: `describeProfile` shows whether each is set.
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface ConnectionProfile {
  authUrl: string;
  baseUrl: string;
  legacyBaseUrl: string;
  clientId: string;
  clientSecret: string;
  apiKey: string;
  /** Requests per second and burst for this profile's client-side limiter. */
  rate?: number;
  burst?: number;
  /**
   * Seconds a connection to the service may take to be made (TCP and TLS) before the address counts as
   * unreachable; default DEFAULT_CONNECT_TIMEOUT (service-connection.ts).
   */
  connectTimeout?: number;
}

/** The longest connect time-out, in seconds: below the 30 s a request may take in all, so it runs out first. */
export const MAX_CONNECT_TIMEOUT = 25;

/** Why `text` is no connect time-out (seconds above 0, at most MAX_CONNECT_TIMEOUT); undefined when it is one. */
export function connectTimeoutProblem(text: string): string | undefined {
  const n = Number(text);
  return text.trim() !== '' && Number.isFinite(n) && n > 0 && n <= MAX_CONNECT_TIMEOUT
    ? undefined
    : `must be a number of seconds above 0 and at most ${MAX_CONNECT_TIMEOUT}, got "${text}"`;
}

export interface ProfileFile {
  profiles: Record<string, ConnectionProfile>;
}

/** Names with a meaning of their own on the command line. */
export const RESERVED_PROFILE_NAMES = ['sandbox', 'env'] as const;

function profilesPath(configDirectory: string): string {
  return join(configDirectory, 'profiles.json');
}

class ProfileFileError extends Error {}

export async function readProfiles(configDirectory: string): Promise<ProfileFile> {
  let text: string;
  try {
    text = await readFile(profilesPath(configDirectory), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { profiles: {} };
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as ProfileFile;
    if (typeof parsed !== 'object' || parsed === null || typeof parsed.profiles !== 'object')
      throw new Error('no "profiles" object');
    return parsed;
  } catch (error) {
    throw new ProfileFileError(
      `${profilesPath(configDirectory)} is not a profile file: ${(error as Error).message}`,
    );
  }
}

/** Write the whole file atomically, owner-only. */
export async function writeProfiles(configDirectory: string, file: ProfileFile): Promise<void> {
  await mkdir(configDirectory, { recursive: true, mode: 0o700 });
  const target = profilesPath(configDirectory);
  const tmp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(tmp, JSON.stringify(file, null, 2) + '\n', { mode: 0o600 });
  await chmod(tmp, 0o600);
  await rename(tmp, target);
}

/** The environment variable each setting of `--profile env` is read from. */
export const PROFILE_ENV_NAMES = {
  authUrl: 'FIELDGATE_AUTH_URL',
  baseUrl: 'FIELDGATE_BASE_URL',
  legacyBaseUrl: 'FIELDGATE_LEGACY_BASE_URL',
  clientId: 'FIELDGATE_CLIENT_ID',
  clientSecret: 'FIELDGATE_CLIENT_SECRET',
  apiKey: 'FIELDGATE_API_KEY',
} as const;

/** The optional setting of `--profile env`: seconds a connection may take to be made. */
const CONNECT_TIMEOUT_ENV = 'FIELDGATE_CONNECT_TIMEOUT';

/**
 * The environment's profile (`--profile env`); lists what is missing, or says what is wrong with the
 * optional connect time-out.
 */
export function profileFromEnv(
  env: Readonly<Record<string, string | undefined>>,
):
  | { ok: true; profile: ConnectionProfile }
  | { ok: false; missing: string[] }
  | { ok: false; missing: []; problem: string } {
  const names = PROFILE_ENV_NAMES;
  const missing = Object.values(names).filter((n) => !env[n]);
  if (missing.length > 0) return { ok: false, missing };
  const value = (k: keyof typeof names): string => env[names[k]] as string;
  const profile: ConnectionProfile = {
    authUrl: value('authUrl'),
    baseUrl: value('baseUrl'),
    legacyBaseUrl: value('legacyBaseUrl'),
    clientId: value('clientId'),
    clientSecret: value('clientSecret'),
    apiKey: value('apiKey'),
  };
  const timeout = env[CONNECT_TIMEOUT_ENV];
  if (timeout !== undefined && timeout !== '') {
    const problem = connectTimeoutProblem(timeout);
    if (problem) return { ok: false, missing: [], problem: `${CONNECT_TIMEOUT_ENV} ${problem}` };
    profile.connectTimeout = Number(timeout);
  }
  return { ok: true, profile };
}

/** A profile for people: addresses and client id, secrets only as "set" / "not set". */
export function describeProfile(name: string, profile: ConnectionProfile): string {
  const set = (v: string): string => (v ? 'set' : 'not set');
  return [
    `${name}`,
    `  auth URL         ${profile.authUrl}`,
    `  base URL (v5)    ${profile.baseUrl}`,
    `  legacy base URL  ${profile.legacyBaseUrl}`,
    `  client id        ${profile.clientId}`,
    `  client secret    ${set(profile.clientSecret)}`,
    `  API key          ${set(profile.apiKey)}`,
    ...(profile.rate
      ? [`  rate             ${profile.rate}/s (burst ${profile.burst ?? profile.rate})`]
      : []),
    ...(profile.connectTimeout ? [`  connect within   ${profile.connectTimeout} s`] : []),
  ].join('\n');
}
