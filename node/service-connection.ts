/**
 * A connection to the service (or to the embedded sandbox) and the client that talks to it, paced the same
 * way whoever sends: the command line and the app both build their clients here.
 */
import {
  DEFAULT_PACING,
  RateLimiter,
  ServiceClient,
  systemIo,
  type ClientEvent,
  type FetchLike,
} from '../core/index.ts';
import type { ConnectionProfile } from './profiles.ts';

/** A profile ready to use: its name (journaled, never its secrets), and what to stop when done. */
export interface Connection {
  name: string;
  profile: ConnectionProfile;
  /** The embedded sandbox on this machine: not paced unless asked. */
  local: boolean;
  close(): Promise<void>;
}

/** How fast to send, as asked (a flag, the app's settings); what is not asked comes from the profile. */
export interface PacingOptions {
  rate?: number;
  burst?: number;
  concurrency?: number;
}

export interface Pacing {
  /** Requests per second; undefined: no limit (the embedded sandbox). */
  rate?: number;
  burst?: number;
  concurrency: number;
}

/** The pacing of a run: what is asked, else the profile's, else the defaults (none for the local sandbox). */
export function pacingFor(
  connection: Pick<Connection, 'profile' | 'local'>,
  asked: PacingOptions = {},
): Pacing {
  const rate =
    asked.rate ?? connection.profile.rate ?? (connection.local ? undefined : DEFAULT_PACING.ratePerSecond);
  const burst = asked.burst ?? connection.profile.burst;
  return {
    ...(rate !== undefined ? { rate } : {}),
    ...(rate !== undefined && burst !== undefined ? { burst } : {}),
    concurrency: asked.concurrency ?? DEFAULT_PACING.concurrency,
  };
}

/** Seconds a connection to the service may take to be made, unless the profile says (undici's own default). */
export const DEFAULT_CONNECT_TIMEOUT = 10;

/**
 * Where undici keeps the dispatcher fetch uses when given none (a registry shared by every copy of undici,
 * Node's own included): an Agent, whose class makes agents with another connect time-out. Node does not
 * export undici itself, and fetch takes no connect time-out of its own.
 */
const UNDICI_GLOBAL_DISPATCHER = Symbol.for('undici.globalDispatcher.1');

type AgentClass = new (options: { connect: { timeout: number } }) => object;

/** undici's Agent class as fetch uses it; undefined where fetch is not undici's (then its own time-out holds). */
async function undiciAgentClass(): Promise<AgentClass | undefined> {
  const registry = globalThis as unknown as Record<symbol, { constructor?: unknown } | undefined>;
  // Node loads undici, and sets its dispatcher, on the first fetch: one of a data: address does that offline.
  if (registry[UNDICI_GLOBAL_DISPATCHER] === undefined)
    await globalThis.fetch('data:,').catch(() => undefined);
  const agent = registry[UNDICI_GLOBAL_DISPATCHER]?.constructor;
  return typeof agent === 'function' && agent.name === 'Agent' ? (agent as AgentClass) : undefined;
}

/** fetch whose connections are given up after `ms` (TCP and TLS together), when fetch is undici's. */
function fetchWithConnectTimeout(ms: number): FetchLike {
  let dispatcher: Promise<object | undefined> | undefined;
  return async (url, init) => {
    dispatcher ??= undiciAgentClass().then((Agent) => Agent && new Agent({ connect: { timeout: ms } }));
    const agent = await dispatcher;
    // `dispatcher` is undici's own option of fetch (not the Fetch standard's), hence the cast.
    return globalThis.fetch(url, agent ? ({ ...init, dispatcher: agent } as RequestInit) : init);
  };
}

/** A client for a profile, its requests paced by one limiter shared by every request in flight. */
export function clientFor(
  profile: ConnectionProfile,
  pacing: Pick<Pacing, 'rate' | 'burst'> = { rate: DEFAULT_PACING.ratePerSecond },
  options: { onEvent?: (e: ClientEvent) => void; fetch?: FetchLike } = {},
): ServiceClient {
  const io = systemIo();
  const limiter =
    pacing.rate !== undefined && pacing.rate > 0
      ? new RateLimiter({ ratePerSecond: pacing.rate, burst: pacing.burst ?? pacing.rate, ...io })
      : undefined;
  const connectTimeoutMs = (profile.connectTimeout ?? DEFAULT_CONNECT_TIMEOUT) * 1000;
  return new ServiceClient({
    authUrl: profile.authUrl,
    baseUrl: profile.baseUrl,
    legacyBaseUrl: profile.legacyBaseUrl,
    clientId: profile.clientId,
    clientSecret: profile.clientSecret,
    apiKey: profile.apiKey,
    ...io,
    // A fetch given (a test's, the app's mock) connects as it does; the system's gets the profile's time-out.
    ...(options.fetch
      ? { fetch: options.fetch }
      : { fetch: fetchWithConnectTimeout(connectTimeoutMs), connectTimeoutMs }),
    ...(limiter ? { limiter } : {}),
    ...(options.onEvent ? { onEvent: options.onEvent } : {}),
  });
}
