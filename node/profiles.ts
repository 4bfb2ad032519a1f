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

/** The environment's profile (`--profile env`); lists what is missing. */
export function profileFromEnv(
  env: Readonly<Record<string, string | undefined>>,
): { ok: true; profile: ConnectionProfile } | { ok: false; missing: string[] } {
  const names = PROFILE_ENV_NAMES;
  const missing = Object.values(names).filter((n) => !env[n]);
  if (missing.length > 0) return { ok: false, missing };
  const value = (k: keyof typeof names): string => env[names[k]] as string;
  return {
    ok: true,
    profile: {
      authUrl: value('authUrl'),
      baseUrl: value('baseUrl'),
      legacyBaseUrl: value('legacyBaseUrl'),
      clientId: value('clientId'),
      clientSecret: value('clientSecret'),
      apiKey: value('apiKey'),
    },
  };
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
  ].join('\n');
}
