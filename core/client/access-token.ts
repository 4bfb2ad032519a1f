/**
 * The OAuth 2.0 client-credentials access token: cached, renewed ahead of its expiry (a tenth of its lifetime,
 * at most a minute), and renewed once for all workers at a time (single flight).
 */
import type { ClientFailure } from './client-types.ts';

export interface AccessGrant {
  accessToken: string;
  /** When it was requested, milliseconds since the epoch. */
  obtainedAt: number;
  /** Milliseconds since the epoch. */
  expiresAt: number;
  /** When to get a new one, milliseconds since the epoch. */
  renewAt: number;
  /** The granted scopes, when the token response says (A03: it may not). */
  scopes?: string[];
}

export type GrantResult = { ok: true; grant: AccessGrant } | { ok: false; error: ClientFailure };

export function renewalTime(obtainedAt: number, expiresInSeconds: number): number {
  const lifetime = expiresInSeconds * 1000;
  return obtainedAt + lifetime - Math.min(60_000, lifetime / 10);
}

export class AccessTokens {
  private current: AccessGrant | undefined;
  private pending: Promise<GrantResult> | undefined;

  constructor(
    private readonly request: () => Promise<GrantResult>,
    private readonly now: () => Date,
  ) {}

  /** A token that is not due for renewal, requesting one when needed (one request for all callers). */
  get(): Promise<GrantResult> {
    const current = this.current;
    if (current && this.now().getTime() < current.renewAt)
      return Promise.resolve({ ok: true, grant: current });
    this.pending ??= this.request().then((result) => {
      this.pending = undefined;
      if (result.ok) this.current = result.grant;
      // A renewal that failed while the token still lives: keep using it, and try again on the next call.
      else if (this.current && this.now().getTime() < this.current.expiresAt)
        return { ok: true as const, grant: this.current };
      return result;
    });
    return this.pending;
  }

  /** Forget a token the service refused; a newer token obtained meanwhile is kept. */
  invalidate(accessToken: string): void {
    if (this.current?.accessToken === accessToken) this.current = undefined;
  }

  /**
   * Whether the token has lived half its lifetime or more: a gateway that checks the API key before the token
   * (A36) may then answer 403 to a token that has expired by its clock, so one renewal is worth a try.
   */
  isAging(grant: AccessGrant): boolean {
    return this.now().getTime() >= grant.obtainedAt + (grant.expiresAt - grant.obtainedAt) / 2;
  }

  /** The scopes of the cached token, when known. */
  get scopes(): string[] | undefined {
    return this.current?.scopes;
  }
}
