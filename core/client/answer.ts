/**
 * Reading an HTTP answer: its body as JSON when it is JSON, and a failure for every status that is not a
 * success, switching on the status first (A07) and reading any error body shape: the service's
 * `{"error-code", "message", "details"}`, the gateway's `{"message"}`, RFC 9457 problem details, OAuth errors
 * and non-JSON text (A05, A06).
 */
import type { OperationSpec } from '../../openapi/generated/operations.ts';
import type { Diagnostic, Location, Severity } from '../diagnostics/diagnostic.ts';
import type { ClientFailure, ClientFailureFields, ClientFailureKind } from './client-types.ts';
import type { Secrets } from './redaction.ts';

/** An HTTP answer the transport did not consume. */
export interface Answer {
  status: number;
  headers: { get(name: string): string | null };
  bytes: Uint8Array;
  requestId?: string;
  /** When it came, ISO 8601. */
  time: string;
  attempts: number;
  retriedAfterUnknownOutcome: boolean;
}

/** What the failure builders need to know about the call. */
export interface CallContext {
  spec: OperationSpec;
  /** The address, secrets redacted. */
  url: string;
  secrets: Secrets;
  /** The scopes of the token used, when the token response named them. */
  tokenScopes?: string[];
}

export type Body = { kind: 'empty' } | { kind: 'json'; value: unknown } | { kind: 'text'; text: string };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function readBody(answer: Answer): Body {
  const text = new TextDecoder().decode(answer.bytes);
  if (text.trim() === '') return { kind: 'empty' };
  try {
    return { kind: 'json', value: JSON.parse(text) as unknown };
  } catch {
    return { kind: 'text', text };
  }
}

interface ErrorBody {
  errorCode?: string;
  message?: string;
  details?: Record<string, unknown>;
  /** The first characters of a body that is not one of the known shapes. */
  snippet?: string;
}

function stringOf(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

function readErrorBody(answer: Answer): ErrorBody {
  const body = readBody(answer);
  if (body.kind === 'empty') return {};
  if (body.kind === 'text') return { snippet: body.text.replace(/\s+/g, ' ').trim().slice(0, 160) };
  const v = body.value;
  if (!isObject(v)) return { snippet: JSON.stringify(v).slice(0, 160) };
  const out: ErrorBody = {};
  // The service's body (A06), RFC 9457 problem details (type, title, detail), OAuth errors (error, error_description).
  const code = stringOf(v['error-code']) ?? stringOf(v.error) ?? stringOf(v.code) ?? stringOf(v.type);
  const message =
    stringOf(v.message) ?? stringOf(v.detail) ?? stringOf(v.error_description) ?? stringOf(v.title);
  if (code !== undefined) out.errorCode = code;
  if (message !== undefined) out.message = message;
  if (isObject(v.details)) out.details = v.details;
  else if (Array.isArray(v.errors)) out.details = { errors: v.errors };
  if (code === undefined && message === undefined) out.snippet = JSON.stringify(v).slice(0, 160);
  return out;
}

/** The `scope` of a `WWW-Authenticate: Bearer error="insufficient_scope", scope="…"` challenge. */
function challengedScope(answer: Answer): string | undefined {
  const header = answer.headers.get('www-authenticate') ?? '';
  if (!/insufficient_scope/i.test(header)) return undefined;
  return /scope="([^"]*)"/i.exec(header)?.[1] ?? '';
}

/** Next UTC midnight: the quota is counted per UTC day (A32). */
function nextUtcMidnight(time: Date): Date {
  return new Date(Date.UTC(time.getUTCFullYear(), time.getUTCMonth(), time.getUTCDate() + 1));
}

export function isQuotaAnswer(answer: Answer): boolean {
  return answer.status === 429 && /limit exceeded|quota/i.test(readErrorBody(answer).message ?? '');
}

function idQuote(answer: { status: number; requestId?: string; time: string }): string {
  return `status ${answer.status}, request id ${answer.requestId ?? 'not sent'}, at ${answer.time}`;
}

/** A failure that is not an answer's (no status), e.g. a network error. */
export function failureWithout(
  context: CallContext,
  kind: ClientFailureKind,
  message: string,
  extra: Partial<ClientFailureFields> & { time: string; attempts: number },
): ClientFailure {
  // Made for kinds whose own fields the caller passes in `extra` (a quota's retryAt).
  return {
    kind,
    message: context.secrets.redact(`${context.spec.operationId}: ${message}`),
    operationId: context.spec.operationId,
    method: context.spec.method,
    url: context.url,
    outcomeUnknown: false,
    retriedAfterUnknownOutcome: false,
    ...extra,
  } as ClientFailure;
}

/** The failure an answer with a status that is not a success stands for. */
export function failureFromAnswer(
  answer: Answer,
  context: CallContext,
  retryAfterMs?: number,
): ClientFailure {
  const { spec } = context;
  const error = readErrorBody(answer);
  const said = [error.errorCode, error.message].filter(Boolean).join(': ') || error.snippet || 'no body';
  const status = answer.status;
  // Filled in below; each kind's own field (a quota's retryAt, the lacking scope) is set with its kind.
  const base: ClientFailureFields = {
    kind: 'unexpected-response',
    message: '',
    operationId: spec.operationId,
    method: spec.method,
    url: context.url,
    status,
    time: answer.time,
    attempts: answer.attempts,
    outcomeUnknown: false,
    retriedAfterUnknownOutcome: answer.retriedAfterUnknownOutcome,
  };
  if (answer.requestId !== undefined) base.requestId = answer.requestId;
  if (error.errorCode !== undefined) base.errorCode = error.errorCode;
  if (error.details !== undefined) {
    base.details = error.details;
    if (Array.isArray(error.details.diagnostics))
      base.diagnostics = diagnosticsFrom(error.details.diagnostics);
  }
  const isAgronomic = spec.path.includes('agronomic-data');
  let kind: ClientFailureKind;
  let text: string;
  if (error.errorCode?.startsWith('sharing-key')) {
    kind = 'sharing-key';
    text = `the sharing key was refused (${said}); the grower must share the data again`;
  } else if (status === 400 || status === 422 || status === 415) {
    kind = 'rejected';
    text = `the service refused the request (${said})`;
  } else if (status === 401) {
    if (spec.operationId === 'requestToken' || !isAgronomic) {
      kind = 'credentials';
      text =
        spec.operationId === 'requestToken'
          ? `the token endpoint refused the client credentials (${said}); check the client id and secret`
          : `the service refused a freshly issued access token (${said}); check the credentials`;
    } else {
      kind = 'sharing-key';
      text = `refused with a fresh access token (${said}): the sharing key may be expired or revoked (the grower must share again), or the credentials lack access`;
    }
  } else if (status === 403) {
    const scope = challengedScope(answer);
    const missing = spec.scopes.filter((s) => context.tokenScopes && !context.tokenScopes.includes(s));
    if (/missing authentication token/i.test(error.message ?? '')) {
      kind = 'not-found';
      text = `no such address (${said}); check the base address of the service`;
    } else if (scope !== undefined || missing.length > 0) {
      kind = 'scope';
      base.scope = scope || missing.join(' ');
      text = `the access token lacks the scope "${base.scope}" that ${spec.operationId} needs; ask the service operator to grant it to the client`;
    } else if (isAgronomic) {
      kind = 'sharing-key';
      text = `forbidden (${said}): the sharing key may be expired or revoked; the grower must share again`;
    } else {
      kind = 'forbidden';
      text = spec.apiKeyHeader
        ? `forbidden (${said}); check the API key (${spec.apiKeyHeader})`
        : `forbidden (${said})`;
    }
  } else if (status === 404) {
    kind = 'not-found';
    text = `not found (${said})`;
  } else if (status === 409) {
    kind = 'conflict';
    const existing = base.details?.enrollmentId ?? base.details?.experimentId;
    if (typeof existing === 'string') base.existingId = existing;
    text = `the record exists already (${said})`;
  } else if (status === 413) {
    kind = 'too-large';
    text = `the request is larger than the service takes (${said})`;
  } else if (status === 429 && isQuotaAnswer(answer)) {
    kind = 'quota';
    const at = new Date(
      retryAfterMs !== undefined
        ? Date.parse(answer.time) + retryAfterMs
        : nextUtcMidnight(new Date(answer.time)).getTime(),
    );
    base.retryAt = at.toISOString();
    text = `the request quota is used up (${said}); pause and go on after ${base.retryAt}`;
  } else if (status === 429) {
    kind = 'rate-limited';
    if (retryAfterMs !== undefined)
      base.retryAt = new Date(Date.parse(answer.time) + retryAfterMs).toISOString();
    text = `still rate limited after ${answer.attempts} attempts (${said})`;
  } else if (status === 408 || (status >= 500 && status <= 599)) {
    kind = 'unavailable';
    text = `the service did not manage the request after ${answer.attempts} attempts (${said})`;
  } else {
    kind = 'unexpected-response';
    text = `unexpected answer (${said})`;
  }
  base.kind = kind;
  base.message = context.secrets.redact(`${spec.operationId}: ${text} [${idQuote(answer)}]`);
  return base as ClientFailure;
}

/** An answer of a success status whose body is not of a shape the client knows. */
export function unexpectedShape(answer: Answer, context: CallContext, what: string): ClientFailure {
  const body = readBody(answer);
  const shown =
    body.kind === 'empty'
      ? 'an empty body'
      : body.kind === 'text'
        ? 'a body that is not JSON'
        : 'a JSON body';
  const failure: ClientFailure = {
    kind: 'unexpected-response',
    message: context.secrets.redact(
      `${context.spec.operationId}: the answer has ${shown} where ${what} was expected [${idQuote(answer)}]`,
    ),
    operationId: context.spec.operationId,
    method: context.spec.method,
    url: context.url,
    status: answer.status,
    time: answer.time,
    attempts: answer.attempts,
    // A create or upload that was answered with success did take effect, even if its answer cannot be read.
    outcomeUnknown:
      context.spec.method === 'POST' && answer.status < 300 && context.spec.operationId !== 'requestToken',
    retriedAfterUnknownOutcome: answer.retriedAfterUnknownOutcome,
  };
  if (answer.requestId !== undefined) failure.requestId = answer.requestId;
  return failure;
}

const SEVERITIES: readonly Severity[] = ['error', 'warning', 'info'];

/**
 * A refusal's `details.diagnostics` as Diagnostics: entries that are objects with a code, their text fields
 * as given (empty when missing), a severity the report format knows (else error), a location object.
 */
function diagnosticsFrom(given: readonly unknown[]): Diagnostic[] {
  const text = (v: unknown): string => (typeof v === 'string' ? v : '');
  const out: Diagnostic[] = [];
  for (const item of given) {
    if (item === null || typeof item !== 'object') continue;
    const d = item as Record<string, unknown>;
    if (typeof d.code !== 'string') continue;
    const location =
      d.location !== null && typeof d.location === 'object' && !Array.isArray(d.location)
        ? (d.location as Location)
        : {};
    const diagnostic = {
      ...d,
      code: d.code,
      rule: text(d.rule),
      group: text(d.group),
      severity: SEVERITIES.includes(d.severity as Severity) ? (d.severity as Severity) : 'error',
      messageId: text(d.messageId),
      message: text(d.message),
      location,
    } as Diagnostic;
    out.push(diagnostic);
  }
  return out;
}
