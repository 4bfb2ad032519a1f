/**
 * The emulated service as a whole: seed data, state, tokens, faults, the request log and the options that
 * shape its behaviour. Handlers receive it in their request context.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { DemoData, LogEntry } from './api-types.ts';
import { FaultInjector, type FaultSettings } from './faults.ts';
import type { StateFileWriter } from './persistence.ts';
import type { Route } from './openapi-routes.ts';
import type { SeedData } from './seed.ts';
import { SandboxState, sharingKeyStatus } from './state.ts';

export interface SandboxUrls {
  /** http://127.0.0.1:PORT */
  origin: string;
  /** {auth_url}: the token endpoint host; the token endpoint is `${authUrl}/api/oauth/token`. */
  authUrl: string;
  /** {base_url}: the version 5 interface. */
  baseUrl: string;
  /** {legacy_base_url}: the earlier interfaces, including /api/partnerapis. */
  legacyBaseUrl: string;
  /** The sandbox-only API (openapi/sandbox.yaml). */
  sandboxUrl: string;
  tokenUrl: string;
}

/** Behaviour switches (per test, or from the command line). */
export interface BehaviourOptions {
  /** Only seeded location and temporal ids and user names are accepted (otherwise any well-formed one). */
  strictIds: boolean;
  /** Status of an empty enrollment list: 200 with [] (default) or the v4 convention 304. */
  emptyListStatus: 200 | 304;
  /** A second active enrollment with the same target and temporal entity: refused with 409, or allowed. */
  duplicateEnrollments: 'refuse' | 'allow';
  /** Lifetime of pre-signed file URLs, seconds. */
  presignedUrlTtlSeconds: number;
  /** Largest request body, bytes; larger ones answer 413. */
  maxBodyBytes: number;
}

export const DEFAULT_BEHAVIOUR: Readonly<BehaviourOptions> = {
  strictIds: false,
  emptyListStatus: 200,
  duplicateEnrollments: 'refuse',
  presignedUrlTtlSeconds: 900,
  maxBodyBytes: 10 * 1024 * 1024,
};

export interface TokenRecord {
  clientId: string;
  scopes: string[];
  /** Epoch milliseconds. */
  expiresAt: number;
}

const LOG_SIZE = 1000;

export class SandboxService {
  state: SandboxState;
  readonly faults: FaultInjector;
  readonly tokens = new Map<string, TokenRecord>();
  readonly log: LogEntry[] = [];
  urls: SandboxUrls = {
    origin: '',
    authUrl: '',
    baseUrl: '',
    legacyBaseUrl: '',
    sandboxUrl: '',
    tokenUrl: '',
  };
  constructor(
    readonly seed: SeedData,
    state: SandboxState,
    faults: FaultSettings,
    readonly behaviour: BehaviourOptions,
    readonly clock: () => Date,
    private readonly writer: StateFileWriter | undefined,
  ) {
    this.state = state;
    this.watch(state);
    this.faults = new FaultInjector(faults, seed.seed);
  }

  private watch(state: SandboxState): void {
    const writer = this.writer;
    if (writer) state.onChange(() => writer.schedule(state));
  }

  now(): Date {
    return this.clock();
  }

  /** Unique across runs (the spec: quote it to technical support), so not drawn from the seeded streams. */
  nextRequestId(): string {
    return randomUUID();
  }

  /** Back to the seed data; tokens, log, rate and quota counters are forgotten. */
  reset(): void {
    this.state = SandboxState.initial(this.seed, this.now());
    this.watch(this.state);
    this.state.changed();
    this.tokens.clear();
    this.log.length = 0;
    this.faults.resetCounters();
  }

  async flush(): Promise<void> {
    await this.writer?.flush();
  }

  /** Write what is pending and close the state file. */
  async close(): Promise<void> {
    await this.writer?.close();
  }

  /** In durable mode, resolves once the state as it is now is on disk; otherwise at once. */
  async saved(): Promise<void> {
    if (this.writer?.options.durable) await this.writer.saved();
  }

  issueToken(clientId: string, scopes: string[]): { token: string; expiresIn: number } {
    const expiresIn = this.faults.settings.tokenTtl;
    const token = randomBytes(24).toString('base64url');
    this.tokens.set(token, { clientId, scopes, expiresAt: this.now().getTime() + expiresIn * 1000 });
    // Forget long-expired tokens so a long run does not grow without bound.
    if (this.tokens.size > 10_000) {
      const cutoff = this.now().getTime() - 3_600_000;
      for (const [t, r] of this.tokens) if (r.expiresAt < cutoff) this.tokens.delete(t);
    }
    return { token, expiresIn };
  }

  record(entry: LogEntry): void {
    this.log.push(entry);
    if (this.log.length > LOG_SIZE) this.log.splice(0, this.log.length - LOG_SIZE);
  }

  isKnownTemporalId(id: string): boolean {
    return this.seed.temporalPeriods.some((p) => p.id === id.toLowerCase());
  }

  isKnownLocationId(id: string): boolean {
    return this.seed.locations.some((l) => l.id === id.toLowerCase());
  }

  isKnownUser(userName: string): boolean {
    const name = userName.trim().toLowerCase();
    return this.seed.users.some((u) => u.userName.toLowerCase() === name);
  }

  /** Everything a script needs, as `fieldgate sandbox --json` prints it. */
  demoData(): DemoData {
    const now = this.now();
    return {
      authUrl: this.urls.authUrl,
      baseUrl: this.urls.baseUrl,
      legacyBaseUrl: this.urls.legacyBaseUrl,
      clientId: this.seed.client.clientId,
      clientSecret: this.seed.client.clientSecret,
      apiKey: this.seed.client.apiKey,
      sharingKeys: [...this.state.sharingKeys.values()]
        .filter((k) => sharingKeyStatus(k, now) === 'valid')
        .sort((a, b) => b.fieldNames.length - a.fieldNames.length)
        .map((k) => k.key),
      experimentProtocolIds: this.seed.experimentProtocols.map((p) => p.id),
      experimentEnrollmentIds: this.seed.experimentEnrollmentIds.map((e) => e.id),
      locationIds: this.seed.locations.map((l) => l.id),
      temporalIds: this.seed.temporalPeriods.map((t) => t.id),
      userNames: this.seed.users.map((u) => u.userName),
    };
  }
}

/** What a handler gets for one request. */
export interface RequestContext {
  service: SandboxService;
  route: Route;
  params: Record<string, string>;
  method: string;
  /** The path relative to the API's mount ("/v5/enrollments/…"), without the query. */
  path: string;
  query: URLSearchParams;
  /** Lower-case header names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: Uint8Array;
  requestId: string;
  now: Date;
  /** The bearer token's record, once the security check passed. */
  token?: TokenRecord;
}

export function bodyText(ctx: RequestContext): string {
  return new TextDecoder('utf-8').decode(ctx.body);
}

/** The media type of the request body, lower case, without parameters. */
export function mediaTypeOf(ctx: RequestContext): string {
  return (ctx.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** The first value of each query parameter. */
export function queryRecord(query: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of query) if (!(k in out)) out[k] = v;
  return out;
}
