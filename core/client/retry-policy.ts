/**
 * When to try again: 408, 429, 500, 502, 503, 504 and network errors, with capped exponential backoff and full
 * jitter, at most `maxAttempts` tries per request, and under a retry budget shared by all requests (retries
 * may be at most a share of the requests made, plus a small reserve), so a failing service is not flooded.
 */

export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504]);

export interface BackoffOptions {
  /** First delay's upper bound, milliseconds (default 200). */
  baseMs?: number;
  /** Largest delay, milliseconds (default 20,000). */
  capMs?: number;
  /** Tries per request, the first included (default 6). */
  maxAttempts?: number;
}

export interface Backoff {
  baseMs: number;
  capMs: number;
  maxAttempts: number;
}

export function backoffWith(options: BackoffOptions = {}): Backoff {
  return {
    baseMs: options.baseMs ?? 200,
    capMs: options.capMs ?? 20_000,
    maxAttempts: options.maxAttempts ?? 6,
  };
}

/**
 * The wait before try `attempt + 1` (attempt counts from 1): full jitter over the capped exponential, or the
 * server's Retry-After plus a little jitter so waiting workers do not return all at once.
 */
export function retryDelayMs(
  backoff: Backoff,
  attempt: number,
  random: () => number,
  retryAfterMs?: number,
): number {
  if (retryAfterMs !== undefined) return Math.min(retryAfterMs, 24 * 3600_000) + random() * backoff.baseMs;
  const ceiling = Math.min(backoff.capMs, backoff.baseMs * 2 ** (attempt - 1));
  return random() * ceiling;
}

/** Retry-After as milliseconds from `now`: delay-seconds or an HTTP-date (RFC 9110 section 10.2.3). */
export function parseRetryAfter(value: string | null | undefined, now: Date): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}

export interface RetryBudgetOptions {
  /** Retries earned per request made (default 0.2: at most one retry for five requests, over time). */
  ratio?: number;
  /** Retries available at the start and the most that can be saved up (default 20). */
  reserve?: number;
}

/** Shared by every worker of a client: each request earns a share of a retry, each retry spends one. */
export class RetryBudget {
  private balance: number;
  private readonly ratio: number;
  private readonly reserve: number;

  constructor(options: RetryBudgetOptions = {}) {
    this.ratio = options.ratio ?? 0.2;
    this.reserve = options.reserve ?? 20;
    this.balance = this.reserve;
  }

  onRequest(): void {
    this.balance = Math.min(this.reserve, this.balance + this.ratio);
  }

  /** Spend one retry; false when the budget is exhausted. */
  trySpend(): boolean {
    if (this.balance < 1) return false;
    this.balance -= 1;
    return true;
  }

  get available(): number {
    return Math.floor(this.balance);
  }
}
