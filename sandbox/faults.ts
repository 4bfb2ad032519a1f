/**
 * Fault injection: errors, connection resets, latency, rate and quota limits, token expiry and slow bodies.
 * Settings come from `--faults key=value,...`, the admin endpoint (PUT /_sandbox/faults) or startSandbox options.
 * Decisions are drawn from a seeded stream, a fixed number of draws per request, so a run is repeatable.
 */
import { Prng } from './prng.ts';

export interface FaultSettings {
  /** Share of requests answered 500, 502 or 503 (a third each) before they are processed. */
  errorRate: number;
  /** Share of connections reset before the request is processed. */
  resetBeforeRate: number;
  /** Share of connections reset after the request was processed. */
  resetAfterRate: number;
  /** Added latency, uniform in [min, max] milliseconds. */
  latencyMs: [number, number];
  /** Steady rate limit, requests per second; undefined = none. */
  rate: number | undefined;
  /** Token-bucket size; defaults to the rate. */
  burst: number | undefined;
  /** Requests per UTC day before 429 Limit Exceeded; undefined = none. */
  quota: number | undefined;
  /** Lifetime of new access tokens, seconds. */
  tokenTtl: number;
  /** Share of responses whose body trickles out over slowBodyMs. */
  slowBodyRate: number;
  slowBodyMs: number;
  /** Retry-After seconds of injected 503 answers and of storm 429s. */
  retryAfter: number;
  /**
   * Service requests let through before a 429 storm; undefined = no storm. Counted, not timed, so a storm
   * comes at the same request whatever the client's pace.
   */
  stormAfter: number | undefined;
  /** Requests answered 429 Too Many Requests (with Retry-After) in the storm. */
  stormLength: number;
}

export const DEFAULT_FAULTS: Readonly<FaultSettings> = {
  errorRate: 0,
  resetBeforeRate: 0,
  resetAfterRate: 0,
  latencyMs: [0, 0],
  rate: undefined,
  burst: undefined,
  quota: undefined,
  tokenTtl: 3600,
  slowBodyRate: 0,
  slowBodyMs: 500,
  retryAfter: 1,
  stormAfter: undefined,
  stormLength: 50,
};

/** The wire form: the `--faults` keys, as in PUT /_sandbox/faults. */
export interface FaultSpec {
  'error-rate'?: number;
  'reset-before-rate'?: number;
  'reset-after-rate'?: number;
  'latency-ms'?: string;
  rate?: number | null;
  burst?: number | null;
  quota?: number | null;
  'token-ttl'?: number;
  'slow-body-rate'?: number;
  'slow-body-ms'?: number;
  'retry-after'?: number;
  'storm-after'?: number | null;
  'storm-length'?: number;
  seed?: number;
}

export class FaultSpecError extends Error {}

const FAULT_KEYS = [
  'error-rate',
  'reset-before-rate',
  'reset-after-rate',
  'latency-ms',
  'rate',
  'burst',
  'quota',
  'token-ttl',
  'slow-body-rate',
  'slow-body-ms',
  'retry-after',
  'storm-after',
  'storm-length',
  'seed',
] as const;

type FaultKey = (typeof FAULT_KEYS)[number];

function isFaultKey(key: string): key is FaultKey {
  return (FAULT_KEYS as readonly string[]).includes(key);
}

function share(key: string, value: unknown): number {
  const n = typeof value === 'string' ? Number(value) : value;
  if (
    typeof n !== 'number' ||
    !Number.isFinite(n) ||
    n < 0 ||
    n > 1 ||
    (typeof value === 'string' && value.trim() === '')
  )
    throw new FaultSpecError(`${key} must be a share between 0 and 1, got ${JSON.stringify(value)}`);
  return n;
}

function wholeNumber(key: string, value: unknown, min: number): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min)
    throw new FaultSpecError(
      `${key} must be a whole number of at least ${min}, got ${JSON.stringify(value)}`,
    );
  return n;
}

function positiveNumber(key: string, value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0)
    throw new FaultSpecError(`${key} must be a number above 0, got ${JSON.stringify(value)}`);
  return n;
}

function latency(value: unknown): [number, number] {
  const text = typeof value === 'number' ? String(value) : value;
  const m = typeof text === 'string' ? /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(text) : null;
  if (!m)
    throw new FaultSpecError(
      `latency-ms must be MIN-MAX or one number of milliseconds, got ${JSON.stringify(value)}`,
    );
  const min = Number(m[1]);
  const max = m[2] === undefined ? min : Number(m[2]);
  if (max < min) throw new FaultSpecError(`latency-ms: MIN ${min} is above MAX ${max}`);
  return [min, max];
}

/**
 * Settings from a spec; keys left out take their defaults. Throws FaultSpecError on an unknown key or a bad
 * value (a usage mistake, reported to the user).
 */
export function faultSettingsFromSpec(spec: Record<string, unknown>): {
  settings: FaultSettings;
  seed?: number;
} {
  const settings: FaultSettings = { ...DEFAULT_FAULTS, latencyMs: [...DEFAULT_FAULTS.latencyMs] };
  let seed: number | undefined;
  for (const [key, value] of Object.entries(spec)) {
    if (!isFaultKey(key)) throw new FaultSpecError(`unknown fault "${key}"; known: ${FAULT_KEYS.join(', ')}`);
    const none = value === null || value === 'none' || value === 'off';
    switch (key) {
      case 'error-rate':
        settings.errorRate = share(key, value);
        break;
      case 'reset-before-rate':
        settings.resetBeforeRate = share(key, value);
        break;
      case 'reset-after-rate':
        settings.resetAfterRate = share(key, value);
        break;
      case 'latency-ms':
        settings.latencyMs = latency(value);
        break;
      case 'rate':
        settings.rate = none ? undefined : positiveNumber(key, value);
        break;
      case 'burst':
        settings.burst = none ? undefined : wholeNumber(key, value, 1);
        break;
      case 'quota':
        settings.quota = none ? undefined : wholeNumber(key, value, 0);
        break;
      case 'token-ttl':
        settings.tokenTtl = wholeNumber(key, value, 1);
        break;
      case 'slow-body-rate':
        settings.slowBodyRate = share(key, value);
        break;
      case 'slow-body-ms':
        settings.slowBodyMs = wholeNumber(key, value, 0);
        break;
      case 'retry-after':
        settings.retryAfter = wholeNumber(key, value, 0);
        break;
      case 'storm-after':
        settings.stormAfter = none ? undefined : wholeNumber(key, value, 0);
        break;
      case 'storm-length':
        settings.stormLength = wholeNumber(key, value, 1);
        break;
      case 'seed':
        seed = wholeNumber(key, value, Number.MIN_SAFE_INTEGER);
        break;
    }
  }
  const total = settings.errorRate + settings.resetBeforeRate + settings.resetAfterRate;
  if (total > 1 + 1e-9)
    throw new FaultSpecError(
      `error-rate, reset-before-rate and reset-after-rate add up to ${total}, more than 1`,
    );
  return seed === undefined ? { settings } : { settings, seed };
}

/** Parse `--faults error-rate=0.1,latency-ms=20-80,...`. */
export function parseFaultFlag(text: string): { settings: FaultSettings; seed?: number } {
  const spec: Record<string, string> = {};
  for (const part of text.split(',')) {
    if (part.trim() === '') continue;
    const eq = part.indexOf('=');
    if (eq < 0) throw new FaultSpecError(`"${part.trim()}" is not key=value`);
    spec[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  return faultSettingsFromSpec(spec);
}

export function faultSpecOf(settings: FaultSettings): FaultSpec {
  const [min, max] = settings.latencyMs;
  return {
    'error-rate': settings.errorRate,
    'reset-before-rate': settings.resetBeforeRate,
    'reset-after-rate': settings.resetAfterRate,
    'latency-ms': min === max ? String(min) : `${min}-${max}`,
    rate: settings.rate ?? null,
    burst: settings.burst ?? null,
    quota: settings.quota ?? null,
    'token-ttl': settings.tokenTtl,
    'slow-body-rate': settings.slowBodyRate,
    'slow-body-ms': settings.slowBodyMs,
    'retry-after': settings.retryAfter,
    'storm-after': settings.stormAfter ?? null,
    'storm-length': settings.stormLength,
  };
}

/** What happens to one request. */
export interface FaultDecision {
  latencyMs: number;
  /** Reset the connection instead of processing. */
  resetBefore: boolean;
  /** Answer with this status instead of processing. */
  errorStatus: 500 | 502 | 503 | undefined;
  /** Process, then reset the connection instead of answering. */
  resetAfter: boolean;
  slowBody: boolean;
}

export type LimitDecision =
  | { limited: false }
  | { limited: true; kind: 'rate'; retryAfterSeconds: number }
  | { limited: true; kind: 'quota' };

/** Draws fault decisions and keeps the rate and quota counters. */
export class FaultInjector {
  private prng: Prng;
  private tokens = 0;
  private lastRefill: number | undefined;
  private quotaDay = '';
  private quotaUsed = 0;
  /** Requests seen by admit() since the counters were reset (the storm counts them). */
  private admitted = 0;

  constructor(
    private current: FaultSettings,
    private seed: number,
  ) {
    this.prng = Prng.stream(seed, 'faults');
  }

  get settings(): FaultSettings {
    return this.current;
  }

  /** Replace the settings; a seed restarts the sequence. Rate and quota counters start afresh. */
  configure(settings: FaultSettings, seed?: number): void {
    this.current = settings;
    if (seed !== undefined) this.seed = seed;
    this.prng = Prng.stream(this.seed, 'faults');
    this.resetCounters();
  }

  resetCounters(): void {
    this.lastRefill = undefined;
    this.quotaDay = '';
    this.quotaUsed = 0;
    this.admitted = 0;
  }

  /** Six draws per request, always, so changing one rate does not shift the other faults. */
  decide(): FaultDecision {
    const s = this.current;
    const uKind = this.prng.next();
    const uStatus = this.prng.next();
    const uLatency = this.prng.next();
    const uSlow = this.prng.next();
    this.prng.next();
    this.prng.next();
    const [min, max] = s.latencyMs;
    const decision: FaultDecision = {
      latencyMs: min + Math.floor(uLatency * (max - min + 1)),
      resetBefore: false,
      errorStatus: undefined,
      resetAfter: false,
      slowBody: uSlow < s.slowBodyRate,
    };
    // One draw split into bands: each rate is the share of all requests that get that fault.
    if (uKind < s.resetBeforeRate) decision.resetBefore = true;
    else if (uKind < s.resetBeforeRate + s.errorRate)
      decision.errorStatus = uStatus < 1 / 3 ? 500 : uStatus < 2 / 3 ? 502 : 503;
    else if (uKind < s.resetBeforeRate + s.errorRate + s.resetAfterRate) decision.resetAfter = true;
    return decision;
  }

  /** 429 storm, rate limit (token bucket) and daily quota, at time `nowMs`. */
  admit(nowMs: number): LimitDecision {
    const s = this.current;
    const seen = this.admitted++;
    if (s.stormAfter !== undefined && seen >= s.stormAfter && seen < s.stormAfter + s.stormLength)
      return { limited: true, kind: 'rate', retryAfterSeconds: s.retryAfter };
    if (s.rate !== undefined) {
      const capacity = s.burst ?? Math.max(1, Math.ceil(s.rate));
      if (this.lastRefill === undefined) {
        this.tokens = capacity;
        this.lastRefill = nowMs;
      } else {
        this.tokens = Math.min(capacity, this.tokens + ((nowMs - this.lastRefill) / 1000) * s.rate);
        this.lastRefill = nowMs;
      }
      if (this.tokens < 1) {
        return {
          limited: true,
          kind: 'rate',
          retryAfterSeconds: Math.max(1, Math.ceil((1 - this.tokens) / s.rate)),
        };
      }
    }
    if (s.quota !== undefined) {
      const day = new Date(nowMs).toISOString().slice(0, 10);
      if (day !== this.quotaDay) {
        this.quotaDay = day;
        this.quotaUsed = 0;
      }
      if (this.quotaUsed >= s.quota) return { limited: true, kind: 'quota' };
      this.quotaUsed++;
    }
    if (s.rate !== undefined) this.tokens -= 1;
    return { limited: false };
  }
}
