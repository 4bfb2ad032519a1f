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
  return new ServiceClient({
    authUrl: profile.authUrl,
    baseUrl: profile.baseUrl,
    legacyBaseUrl: profile.legacyBaseUrl,
    clientId: profile.clientId,
    clientSecret: profile.clientSecret,
    apiKey: profile.apiKey,
    ...io,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(limiter ? { limiter } : {}),
    ...(options.onEvent ? { onEvent: options.onEvent } : {}),
  });
}
