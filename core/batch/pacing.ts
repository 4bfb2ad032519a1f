/**
 * How fast a batch goes to a service when nobody says: one set of defaults for the command line and the
 * app. A 429 slows the shared limiter down (core/client/rate-limiter.ts); the embedded sandbox is not paced
 * unless asked.
 */
export const DEFAULT_PACING = {
  /** Requests per second, shared by every request in flight. */
  ratePerSecond: 10,
  /** Requests in flight at most. */
  concurrency: 8,
} as const;

/** Requests in flight at most, whatever is asked: a typo cannot open thousands of sockets. */
export const MAX_CONCURRENCY = 256;
