/**
 * A client-side token bucket shared by every worker of a profile: a steady rate with a burst. A 429 "Too Many
 * Requests" halves the rate (down to a tenth of the configured one), which then grows back by a tenth of the
 * configured rate per second without 429s; a Retry-After holds every worker until it has passed.
 */
import type { Sleep } from './client-types.ts';

export interface RateLimiterOptions {
  /** Requests per second. */
  ratePerSecond: number;
  /** Bucket size: requests that may go at once after a quiet spell (default: the rate, at least 1). */
  burst?: number;
  now: () => Date;
  sleep: Sleep;
}

const SLOWEST_SHARE = 0.1;
const RECOVERY_PER_SECOND = 0.1;

/**
 * A token bucket for one profile, shared by every request in flight: `take()` before each request waits for
 * a token; a 429 slows it down (`slowDown`), a Retry-After holds every request (`holdUntil`). Give one to
 * each ServiceClient of the profile (`ClientOptions.limiter`).
 */
export class RateLimiter {
  private readonly configuredRate: number;
  private readonly burst: number;
  private rate: number;
  private tokens: number;
  private last: number;
  private holdUntilMs = 0;
  private lastSlowDownMs = -Infinity;

  /** Starts full (`burst` tokens, default one second's worth); throws RangeError unless the rate is above 0. */
  constructor(private readonly options: RateLimiterOptions) {
    if (!(options.ratePerSecond > 0)) throw new RangeError('ratePerSecond must be above 0');
    this.configuredRate = options.ratePerSecond;
    this.rate = options.ratePerSecond;
    this.burst = Math.max(1, options.burst ?? Math.ceil(options.ratePerSecond));
    this.tokens = this.burst;
    this.last = options.now().getTime();
  }

  /** The rate in force now, requests per second. */
  get ratePerSecond(): number {
    this.refill(this.options.now().getTime());
    return this.rate;
  }

  private refill(now: number): void {
    const elapsed = Math.max(0, now - this.last) / 1000;
    this.last = Math.max(this.last, now);
    if (this.rate < this.configuredRate && now - this.lastSlowDownMs > 1000) {
      this.rate = Math.min(
        this.configuredRate,
        this.rate + this.configuredRate * RECOVERY_PER_SECOND * elapsed,
      );
    }
    this.tokens = Math.min(this.burst, this.tokens + elapsed * this.rate);
  }

  /** Wait for a token (rejects when the signal aborts). */
  async take(signal?: AbortSignal): Promise<void> {
    for (;;) {
      signal?.throwIfAborted();
      const now = this.options.now().getTime();
      this.refill(now);
      if (now < this.holdUntilMs) {
        await this.options.sleep(this.holdUntilMs - now, signal);
        continue;
      }
      if (this.tokens >= 1) {
        this.tokens -= 1;
        return;
      }
      await this.options.sleep(Math.max(1, Math.ceil(((1 - this.tokens) / this.rate) * 1000)), signal);
    }
  }

  /** A 429 "Too Many Requests": halve the rate; returns the new rate. */
  slowDown(): number {
    const now = this.options.now().getTime();
    this.refill(now);
    this.rate = Math.max(this.configuredRate * SLOWEST_SHARE, this.rate / 2);
    this.tokens = Math.min(this.tokens, 0);
    this.lastSlowDownMs = now;
    return this.rate;
  }

  /** Send nothing before this time (a Retry-After). */
  holdUntil(time: Date): void {
    this.holdUntilMs = Math.max(this.holdUntilMs, time.getTime());
  }
}
