/** What a handler answers: plain data the server turns into an HTTP response. */
import { sortDiagnostics, type Diagnostic } from '../core/index.ts';
import type { GatewayMessage, ServiceError } from './api-types.ts';

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  /** A JSON body. */
  json?: unknown;
  /** A raw body with its content type. */
  body?: { bytes: Uint8Array; contentType: string };
}

export function jsonReply(status: number, json: unknown, headers?: Record<string, string>): Reply {
  return headers ? { status, json, headers } : { status, json };
}

export function emptyReply(status: number, headers?: Record<string, string>): Reply {
  return headers ? { status, headers } : { status };
}

/** The error body of the service: `{error-code, message, details}`. */
export function serviceError(
  status: number,
  code: string,
  message: string,
  details?: Record<string, unknown>,
): Reply {
  const json: ServiceError = { 'error-code': code, message };
  if (details !== undefined) json.details = details;
  return { status, json };
}

/** A gateway answer: `{message}` only (401, 403, 413, 429, 502, 503). */
export function gatewayError(status: number, message: string, headers?: Record<string, string>): Reply {
  const json: GatewayMessage = { message };
  return headers ? { status, json, headers } : { status, json };
}

/**
 * A 400 explained by core diagnostics: the message names the first error, `details.diagnostics` carries them
 * all (errors first, in input order), exactly as the client's preflight reports them.
 */
export function diagnosticsError(diagnostics: readonly Diagnostic[], what: string): Reply {
  const sorted = sortDiagnostics(diagnostics).sort(
    (a, b) => Number(a.severity !== 'error') - Number(b.severity !== 'error'),
  );
  const errors = sorted.filter((d) => d.severity === 'error');
  const first = errors[0] ?? sorted[0];
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
  const message = first ? `${what}: ${first.code} ${first.message}${more}` : `${what} is not valid`;
  return serviceError(400, 'validation-failed', message, { diagnostics: sorted });
}

export function hasErrorDiagnostics(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}
