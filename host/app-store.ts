/**
 * The host's saved state, in its data directory: profiles (secrets sealed by the SecretBox, or kept in memory
 * only), settings and the column mappings chosen per CSV header set. Small JSON files, written atomically so a killed app never leaves half a file.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { headerSetKey } from '../core/index.ts';
import {
  DEFAULT_SETTINGS,
  type Profile,
  type ProfileInput,
  type SavedMapping,
  type Settings,
} from './bridge-api.ts';
import type { SecretBox } from './secret-box.ts';

interface StoredProfile extends Omit<Profile, 'hasClientSecret' | 'hasApiKey'> {
  clientSecretSealed?: string;
  apiKeySealed?: string;
}

/** A profile with its secrets opened: only the host (the client) ever sees this. */
export interface ProfileWithSecrets extends Profile {
  clientSecret: string;
  apiKey: string;
}

function readJsonFile(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Write then rename: a reader (or a restart after a kill) sees the old file or the new one. */
function writeJsonFile(path: string, value: unknown): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(value, null, 2) + '\n', { mode: 0o600 });
  renameSync(temporary, path);
}

/** Header sets whose mapping is remembered, at most. */
const MAX_MAPPINGS = 500;

export class AppStore {
  private readonly profiles = new Map<string, StoredProfile>();
  /** Secrets of profiles when the box may not persist them (and of the built-in sandbox profile). */
  private readonly memorySecrets = new Map<string, { clientSecret?: string; apiKey?: string }>();
  private settings: Settings = { ...DEFAULT_SETTINGS };
  /** Header set (core's headerSetKey) → the mapping last applied to it; the oldest go past MAX_MAPPINGS. */
  private mappings = new Map<string, SavedMapping>();
  private readonly builtIn = new Map<string, ProfileWithSecrets>();

  constructor(
    private readonly dataDir: string,
    private readonly box: SecretBox,
    private readonly newId: () => string,
  ) {
    mkdirSync(dataDir, { recursive: true });
    const stored = readJsonFile(join(dataDir, 'profiles.json'));
    if (Array.isArray(stored))
      for (const p of stored as StoredProfile[]) if (typeof p?.id === 'string') this.profiles.set(p.id, p);
    const settings = readJsonFile(join(dataDir, 'settings.json'));
    if (settings && typeof settings === 'object') this.settings = { ...DEFAULT_SETTINGS, ...settings };
    const mappings = readJsonFile(join(dataDir, 'mappings.json'));
    if (mappings && typeof mappings === 'object' && !Array.isArray(mappings))
      this.mappings = new Map(Object.entries(mappings as Record<string, SavedMapping>));
  }

  /** A profile that exists for this launch only (the embedded sandbox with its demo credentials). */
  addBuiltIn(profile: ProfileWithSecrets): void {
    this.builtIn.set(profile.id, profile);
  }

  list(): Profile[] {
    return [...this.builtIn.values()]
      .map(publicProfile)
      .concat([...this.profiles.keys()].map((id) => this.get(id)!));
  }

  get(id: string): Profile | undefined {
    const built = this.builtIn.get(id);
    if (built) return publicProfile(built);
    const p = this.profiles.get(id);
    if (!p) return undefined;
    const memory = this.memorySecrets.get(id);
    const { clientSecretSealed, apiKeySealed, ...rest } = p;
    return {
      ...rest,
      hasClientSecret: Boolean(clientSecretSealed ?? memory?.clientSecret),
      hasApiKey: Boolean(apiKeySealed ?? memory?.apiKey),
    };
  }

  withSecrets(id: string): ProfileWithSecrets | undefined {
    const built = this.builtIn.get(id);
    if (built) return built;
    const p = this.get(id);
    const stored = this.profiles.get(id);
    if (!p || !stored) return undefined;
    const memory = this.memorySecrets.get(id);
    const open = (sealed: string | undefined): string | undefined =>
      sealed === undefined ? undefined : this.box.open(sealed);
    return {
      ...p,
      clientSecret: open(stored.clientSecretSealed) ?? memory?.clientSecret ?? '',
      apiKey: open(stored.apiKeySealed) ?? memory?.apiKey ?? '',
    };
  }

  save(input: ProfileInput): Profile {
    if (input.id && this.builtIn.has(input.id))
      throw new Error('the built-in sandbox profile cannot be changed');
    const id = input.id ?? this.newId();
    const previous = this.profiles.get(id);
    if (input.id && !previous) throw new NotFoundError(`no profile ${input.id}`);
    const next: StoredProfile = {
      id,
      name: input.name,
      kind: 'service',
      authUrl: input.authUrl,
      baseUrl: input.baseUrl,
      legacyBaseUrl: input.legacyBaseUrl,
      clientId: input.clientId,
    };
    const memory = { ...this.memorySecrets.get(id) };
    for (const key of ['clientSecret', 'apiKey'] as const) {
      const sealedKey = key === 'clientSecret' ? 'clientSecretSealed' : 'apiKeySealed';
      const value = input[key];
      if (value === undefined) {
        if (previous?.[sealedKey] !== undefined) next[sealedKey] = previous[sealedKey];
      } else if (value === '') {
        delete memory[key];
      } else if (this.box.persistent) {
        next[sealedKey] = this.box.seal(value);
      } else {
        memory[key] = value;
      }
    }
    this.memorySecrets.set(id, memory);
    this.profiles.set(id, next);
    this.writeProfiles();
    return this.get(id)!;
  }

  delete(id: string): boolean {
    const existed = this.profiles.delete(id);
    this.memorySecrets.delete(id);
    if (existed) this.writeProfiles();
    return existed;
  }

  getSettings(): Settings {
    return { ...this.settings };
  }

  saveSettings(settings: Settings): Settings {
    this.settings = { ...settings };
    writeJsonFile(join(this.dataDir, 'settings.json'), this.settings);
    return this.getSettings();
  }

  savedMapping(headers: readonly string[]): SavedMapping | undefined {
    return this.mappings.get(headerSetKey(headers));
  }

  rememberMapping(headers: readonly string[], mapping: SavedMapping): void {
    const key = headerSetKey(headers);
    // Delete first: a Map keeps insertion order, so the one just used goes last (dropped last).
    this.mappings.delete(key);
    this.mappings.set(key, mapping);
    for (const old of this.mappings.keys()) {
      if (this.mappings.size <= MAX_MAPPINGS) break;
      this.mappings.delete(old);
    }
    writeJsonFile(join(this.dataDir, 'mappings.json'), Object.fromEntries(this.mappings));
  }

  private writeProfiles(): void {
    writeJsonFile(join(this.dataDir, 'profiles.json'), [...this.profiles.values()]);
  }
}

export class NotFoundError extends Error {}

function publicProfile(p: ProfileWithSecrets): Profile {
  return {
    id: p.id,
    name: p.name,
    kind: p.kind,
    authUrl: p.authUrl,
    baseUrl: p.baseUrl,
    legacyBaseUrl: p.legacyBaseUrl,
    clientId: p.clientId,
    hasClientSecret: p.clientSecret !== '',
    hasApiKey: p.apiKey !== '',
  };
}
