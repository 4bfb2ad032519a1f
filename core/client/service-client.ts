/**
 * The typed client of the partner service: every operation of openapi/partner-service.yaml, addressed through
 * the generated operation table and typed from the generated types. Pure: fetch, the clock, sleep and
 * randomness are passed in, so it runs in Node, Electron's main process and browsers.
 *
 * Every call resolves to a ClientResult (it never throws for what the service or the network does); results
 * and failures carry the status, the X-Http-Request-Id and the time, and no secret. Answers are read
 * tolerantly: each alternative docs/assumptions.md lists under "Client must also accept" is accepted, and what
 * was accepted differently from the document is said in `meta.notices`.
 */
import type { components } from '../../openapi/generated/partner-service.ts';
import { serviceOperations, type OperationSpec } from '../../openapi/generated/operations.ts';
import { AccessTokens, renewalTime, type GrantResult } from './access-token.ts';
import {
  failureFromAnswer,
  failureWithout,
  readBody,
  unexpectedShape,
  type Answer,
  type CallContext,
} from './answer.ts';
import type {
  CallOptions,
  ClientEvent,
  ClientFailure,
  ClientResult,
  FetchLike,
  ResponseMeta,
  Sleep,
} from './client-types.ts';
import { encodeMultipart } from './multipart.ts';
import type { RateLimiter } from './rate-limiter.ts';
import { Secrets } from './redaction.ts';
import { backoffWith, RetryBudget, type BackoffOptions } from './retry-policy.ts';
import { secureBaseAddress } from './secure-address.ts';
import { Transport } from './transport.ts';
import { canonicalUuid } from '../values/uuid.ts';

type Schemas = components['schemas'];

export type OperationId = keyof typeof serviceOperations;
export type EnrollmentType = Schemas['EnrollmentType'];
export type TemporalEntity = Schemas['TemporalEntity'];
export type CreateEnrollmentByProgramBody = Schemas['CreateEnrollmentByProgramRequest'];
export type CreateEnrollmentByLocationBody = Schemas['CreateEnrollmentByLocationRequest'];
export type UpdateEnrollmentBody = Schemas['UpdateEnrollmentRequest'];
export type CreateExperimentBody = Schemas['CreateExperimentRequest'];
export type FieldsUploadBody = Schemas['FieldsWithBoundaryAndHierarchy'];
export type ResourceType = Schemas['ResourceType'];

/** A record as the service returned it: the document's fields where present, extra fields kept (A12). */
export type Received<T> = Partial<T> & Record<string, unknown>;
export type EnrollmentRecord = Received<Schemas['EnrollmentByProgram'] & Schemas['EnrollmentByLocation']>;
export type ExperimentRecord = Received<Schemas['Experiment']>;
export type AgronomicDataFile = Received<Schemas['AgronomicDataResult']>;

export interface ClientOptions {
  /** {auth_url}: the token endpoint's host (the token endpoint is …/api/oauth/token). */
  authUrl: string;
  /** {base_url}: the version 5 interface. */
  baseUrl: string;
  /** {legacy_base_url}: the earlier interfaces, /api/partnerapis included. */
  legacyBaseUrl: string;
  clientId: string;
  clientSecret: string;
  /** x-api-key of the version 5 calls. */
  apiKey: string;
  /** Scopes to ask for, space-separated; left out, the token carries all of the client's scopes. */
  scope?: string;
  fetch: FetchLike;
  now: () => Date;
  sleep: Sleep;
  random: () => number;
  /** Shared by every worker of a profile; none means no client-side pacing. */
  limiter?: RateLimiter;
  /** Shared by every worker; a fresh one by default. */
  retryBudget?: RetryBudget;
  backoff?: BackoffOptions;
  /** Per-attempt time-out, milliseconds (default 30 s; uploads 120 s). */
  timeoutMs?: number;
  /**
   * The time `fetch` gives a connection to be made, milliseconds, when it is known (node/service-connection.ts
   * sets it on the fetch it passes): an address nothing answers is then named with it. Not enforced here.
   */
  connectTimeoutMs?: number;
  uploadTimeoutMs?: number;
  onEvent?: (event: ClientEvent) => void;
}

/** The parts of one call, by the table's names. */
export interface CallParts {
  pathParams?: Record<string, string>;
  query?: Record<string, string | undefined>;
  headers?: Record<string, string | undefined>;
  body?: { contentType: string; data: string | Uint8Array<ArrayBuffer> };
  /** Values of this call to keep out of messages (sharing keys). */
  secrets?: string[];
}

/** What `send` resolves to: any HTTP answer, or a failure that is not an answer (network, time-out, unknown outcome). */
export type SendOutcome =
  { ok: true; answer: Answer; retryAfterMs?: number } | { ok: false; error: ClientFailure };

type Dispatched =
  | { ok: true; answer: Answer; context: CallContext; retryAfterMs?: number }
  | { ok: false; error: ClientFailure };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function metaOf(answer: Answer, spec: OperationSpec, notices: string[]): ResponseMeta {
  const meta: ResponseMeta = {
    operationId: spec.operationId,
    status: answer.status,
    time: answer.time,
    attempts: answer.attempts,
    retriedAfterUnknownOutcome: answer.retriedAfterUnknownOutcome,
    notices,
  };
  if (answer.requestId !== undefined) meta.requestId = answer.requestId;
  return meta;
}

/** The enrollment type a record's fields show (A13: a get may answer a record of either type). */
export function recordTypeOf(record: Record<string, unknown>): EnrollmentType | undefined {
  if (typeof record.experimentProtocolId === 'string') return 'program';
  if (typeof record.experimentId === 'string' || typeof record.locationId === 'string') return 'location';
  return undefined;
}

/** A service timestamp (no zone, UTC, one to nine fraction digits, A09) as a Date; undefined when it is not one. */
export function serviceTimestampToDate(text: string): Date | undefined {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})?$/.exec(text);
  if (!m) return undefined;
  const millis = (m[2] ?? '').slice(0, 3).padEnd(3, '0');
  const date = new Date(`${m[1]}.${millis}${m[3] ?? 'Z'}`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * The partner service's operations as typed methods (`createEnrollment`, `listAllEnrollments`,
 * `uploadFieldsV2`, …). Each resolves to a `ClientResult`: `{ ok: true, value, meta }` or `{ ok: false, error }`
 * with a `ClientFailure` whose `kind` says what to do (retry later, fix the data, reconcile); it never throws
 * for what the service or the network does. Tokens are fetched and renewed, transient failures retried with
 * backoff, and requests paced by `limiter` when one is given. See docs/client.md.
 */
export class ServiceClient {
  private readonly secrets = new Secrets();
  private readonly tokens: AccessTokens;
  private readonly transport: Transport;
  private readonly bases: Record<string, string>;
  private readonly timeoutMs: number;
  private readonly uploadTimeoutMs: number;

  /**
   * A client of one profile's addresses and credentials. Addresses must be https (http only for a loopback
   * host); the secrets given are kept out of every message and failure it returns.
   */
  constructor(private readonly options: ClientOptions) {
    this.bases = {
      auth_url: secureBaseAddress('authUrl', options.authUrl),
      base_url: secureBaseAddress('baseUrl', options.baseUrl),
      legacy_base_url: secureBaseAddress('legacyBaseUrl', options.legacyBaseUrl),
    };
    this.secrets.add(options.clientSecret);
    this.secrets.add(options.apiKey);
    this.secrets.add(this.basicCredentials());
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.uploadTimeoutMs = options.uploadTimeoutMs ?? 120_000;
    this.tokens = new AccessTokens(() => this.requestGrant(), options.now);
    this.transport = new Transport({
      fetch: options.fetch,
      now: options.now,
      sleep: options.sleep,
      random: options.random,
      backoff: backoffWith(options.backoff),
      budget: options.retryBudget ?? new RetryBudget(),
      tokens: this.tokens,
      timeoutMs: this.timeoutMs,
      ...(options.connectTimeoutMs !== undefined ? { connectTimeoutMs: options.connectTimeoutMs } : {}),
      ...(options.limiter ? { limiter: options.limiter } : {}),
      ...(options.onEvent ? { onEvent: options.onEvent } : {}),
    });
  }

  private basicCredentials(): string {
    // RFC 6749 section 2.3.1: form-encode each part before joining them.
    const encode = (s: string): string => encodeURIComponent(s).replace(/%20/g, '+');
    return btoa(`${encode(this.options.clientId)}:${encode(this.options.clientSecret)}`);
  }

  /** Send one operation of the table with the given parts; any status comes back as an answer. */
  async send(
    operationId: OperationId,
    parts: CallParts = {},
    options: CallOptions = {},
  ): Promise<SendOutcome> {
    const sent = await this.dispatch(operationId, parts, options);
    if (!sent.ok) return sent;
    return sent.retryAfterMs === undefined
      ? { ok: true, answer: sent.answer }
      : { ok: true, answer: sent.answer, retryAfterMs: sent.retryAfterMs };
  }

  private async dispatch(
    operationId: OperationId,
    parts: CallParts,
    options: CallOptions,
  ): Promise<Dispatched> {
    const spec: OperationSpec = serviceOperations[operationId];
    const base = this.bases[spec.server];
    if (base === undefined) throw new Error(`no base address for ${spec.server}`);
    for (const value of parts.secrets ?? []) this.secrets.add(value);
    let path = spec.path;
    const missing: string[] = [];
    for (const name of spec.pathParams) {
      const value = parts.pathParams?.[name];
      if (value === undefined || value === '') missing.push(`path parameter ${name}`);
      path = path.replace(`{${name}}`, encodeURIComponent(value ?? ''));
    }
    const query = new URLSearchParams();
    for (const q of spec.query) {
      const value = parts.query?.[q.name];
      if (value !== undefined) query.set(q.name, value);
      else if (q.required) missing.push(`query parameter ${q.name}`);
    }
    const headers: Record<string, string> = {};
    for (const h of spec.headers) {
      const value = parts.headers?.[h.name];
      if (value !== undefined && value !== '') headers[h.name.toLowerCase()] = value;
      else if (h.required) missing.push(`header ${h.name}`);
    }
    if (spec.body?.required && parts.body === undefined) missing.push('body');
    if (spec.apiKeyHeader) headers[spec.apiKeyHeader.toLowerCase()] = this.options.apiKey;
    if (parts.body) headers['content-type'] = parts.body.contentType;
    headers.accept = 'application/json';
    const search = query.toString();
    const url = `${base}${path}${search ? `?${search}` : ''}`;
    const context: CallContext = { spec, url: this.secrets.redact(url), secrets: this.secrets };
    const now = this.options.now().toISOString();
    if (missing.length > 0) {
      return {
        ok: false,
        error: failureWithout(context, 'invalid-input', `not sent: ${missing.join(', ')} missing`, {
          time: now,
          attempts: 0,
        }),
      };
    }
    const bearer = spec.security.some((alternative) => 'oauth2' in alternative);
    if (spec.operationId === 'requestToken') headers.authorization = `Basic ${this.basicCredentials()}`;
    const timeoutMs =
      options.timeoutMs ??
      (spec.body?.contentType === 'multipart/form-data' ? this.uploadTimeoutMs : this.timeoutMs);
    const sent = await this.transport.send({
      context,
      url,
      headers,
      bearer,
      timeoutMs,
      ...(parts.body ? { body: parts.body.data } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    if (!sent.ok) return sent;
    return {
      ok: true,
      answer: sent.answer,
      context,
      ...(sent.retryAfterMs !== undefined ? { retryAfterMs: sent.retryAfterMs } : {}),
    };
  }

  /** Send and read: `read` gets success answers (and, when listed in `accept`, others); the rest are failures. */
  private async call<T>(
    operationId: OperationId,
    parts: CallParts,
    options: CallOptions,
    read: (answer: Answer, notices: string[], context: CallContext) => T | ClientFailure,
    accept: readonly number[] = [],
  ): Promise<ClientResult<T>> {
    const sent = await this.dispatch(operationId, parts, options);
    if (!sent.ok) return sent;
    const { answer, context } = sent;
    const success = answer.status >= 200 && answer.status < 300;
    if (!success && !accept.includes(answer.status))
      return { ok: false, error: failureFromAnswer(answer, context, sent.retryAfterMs) };
    const notices: string[] = [];
    const value = read(answer, notices, context);
    if (isFailure(value)) return { ok: false, error: value };
    const mislabelled = mediaTypeNotice(answer);
    if (mislabelled) notices.push(mislabelled);
    for (const message of notices) this.options.onEvent?.({ type: 'notice', operationId, message });
    return { ok: true, value, meta: metaOf(answer, context.spec, notices) };
  }

  private async requestGrant(): Promise<GrantResult> {
    const form = new URLSearchParams({ grant_type: 'client_credentials' });
    if (this.options.scope) form.set('scope', this.options.scope);
    const started = this.options.now().getTime();
    const result = await this.call(
      'requestToken',
      { body: { contentType: 'application/x-www-form-urlencoded', data: form.toString() } },
      {},
      (answer, notices, context) => {
        const body = readBody(answer);
        const v = body.kind === 'json' ? body.value : undefined;
        if (!isObject(v) || typeof v.access_token !== 'string' || v.access_token === '')
          return unexpectedShape(answer, context, 'a token response with access_token');
        if (typeof v.token_type === 'string' && v.token_type.toLowerCase() !== 'bearer')
          return unexpectedShape(answer, context, `a Bearer token (not "${v.token_type}")`);
        let expiresIn = typeof v.expires_in === 'number' ? v.expires_in : Number(v.expires_in);
        if (!Number.isFinite(expiresIn) || expiresIn <= 0) {
          notices.push('the token response has no expires_in; the token is renewed after 5 minutes');
          expiresIn = 300;
        }
        const scopes = typeof v.scope === 'string' ? v.scope.split(/\s+/).filter(Boolean) : undefined;
        if (scopes === undefined) notices.push('the token response names no scope (A03)');
        return {
          accessToken: v.access_token,
          obtainedAt: started,
          expiresAt: started + expiresIn * 1000,
          renewAt: renewalTime(started, expiresIn),
          ...(scopes ? { scopes } : {}),
        };
      },
    );
    if (!result.ok) return result;
    this.secrets.add(result.value.accessToken);
    this.options.onEvent?.({
      type: 'token',
      expiresAt: new Date(result.value.expiresAt).toISOString(),
      ...(result.value.scopes ? { scopes: result.value.scopes } : {}),
    });
    return { ok: true, grant: result.value };
  }

  /** Get (or reuse) an access token: what a "test this profile" needs. The token itself is not handed out. */
  async checkCredentials(): Promise<ClientResult<{ expiresAt: string; scopes?: string[] }>> {
    const got = await this.tokens.get();
    if (!got.ok) return got;
    const value = {
      expiresAt: new Date(got.grant.expiresAt).toISOString(),
      ...(got.grant.scopes ? { scopes: got.grant.scopes } : {}),
    };
    const meta: ResponseMeta = {
      operationId: 'requestToken',
      status: 200,
      time: this.options.now().toISOString(),
      attempts: 1,
      retriedAfterUnknownOutcome: false,
      notices: [],
    };
    return { ok: true, value, meta };
  }

  // ---- Version 5: enrollments ----

  /** Enroll a grower by program or by location (v5 `POST /enrollments`); `id` is the new enrollment's. */
  createEnrollment(
    input:
      | { type: 'program'; body: CreateEnrollmentByProgramBody }
      | { type: 'location'; body: CreateEnrollmentByLocationBody },
    options: CallOptions = {},
  ): Promise<ClientResult<{ id?: string; enrollment?: EnrollmentRecord }>> {
    return this.call(
      'createEnrollment',
      { headers: { 'x-enrollment-type': input.type }, body: jsonBody(input.body) },
      options,
      (answer, notices, context) => createdRecord(answer, notices, context, 'enrollment'),
    );
  }

  /** One enrollment by id and type; `recordType` is the type the record says it is. */
  getEnrollment(
    input: { type: EnrollmentType; enrollmentId: string },
    options: CallOptions = {},
  ): Promise<ClientResult<{ enrollment: EnrollmentRecord; recordType?: EnrollmentType }>> {
    return this.call(
      'getEnrollment',
      { pathParams: { enrollmentId: input.enrollmentId }, headers: { 'x-enrollment-type': input.type } },
      options,
      (answer, notices, context) => {
        const body = readBody(answer);
        if (body.kind !== 'json' || !isObject(body.value))
          return unexpectedShape(answer, context, 'an enrollment record');
        const enrollment = body.value as EnrollmentRecord;
        const recordType = recordTypeOf(enrollment);
        if (recordType && recordType !== input.type)
          notices.push(`asked for an enrollment by ${input.type}, got one by ${recordType} (A13)`);
        return recordType ? { enrollment, recordType } : { enrollment };
      },
    );
  }

  /** Change an enrollment (v5 `PUT /enrollments/{id}`); the answer may hold the updated record. */
  updateEnrollment(
    input: { type: EnrollmentType; enrollmentId: string; body: UpdateEnrollmentBody },
    options: CallOptions = {},
  ): Promise<ClientResult<{ enrollment?: EnrollmentRecord }>> {
    return this.call(
      'updateEnrollment',
      {
        pathParams: { enrollmentId: input.enrollmentId },
        headers: { 'x-enrollment-type': input.type },
        body: jsonBody(input.body),
      },
      options,
      (answer, notices, context) => optionalRecord(answer, notices, context, 'update (A14)'),
    );
  }

  /** Remove an enrollment (v5 `DELETE /enrollments/{id}`). */
  removeEnrollment(
    input: { type: EnrollmentType; enrollmentId: string },
    options: CallOptions = {},
  ): Promise<ClientResult<{ enrollment?: EnrollmentRecord }>> {
    return this.call(
      'removeEnrollment',
      { pathParams: { enrollmentId: input.enrollmentId }, headers: { 'x-enrollment-type': input.type } },
      options,
      (answer, notices, context) => optionalRecord(answer, notices, context, 'remove (A15)'),
    );
  }

  /** One page of enrollments; `nextToken` is set while more pages follow (A16). */
  listEnrollments(
    input: (
      { type: 'program'; experimentProtocolId: string } | { type: 'location'; experimentId: string }
    ) & {
      limit?: number;
      nextToken?: string;
      /** Call the list at "/v5/enrollments/" (spec rule 1 allows the trailing slash). */
      trailingSlash?: boolean;
    },
    options: CallOptions = {},
  ): Promise<ClientResult<{ results: EnrollmentRecord[]; nextToken?: string }>> {
    const query =
      input.type === 'program'
        ? { experimentProtocolId: input.experimentProtocolId }
        : { experimentId: input.experimentId };
    return this.call(
      input.trailingSlash ? 'listEnrollmentsWithSlash' : 'listEnrollments',
      {
        query,
        headers: {
          'x-enrollment-type': input.type,
          'X-Limit': input.limit === undefined ? undefined : String(input.limit),
          'X-Next-Token': input.nextToken,
        },
      },
      options,
      (answer, notices, context) => {
        const results = resultList(answer, notices, context, 'an enrollment list');
        if (!Array.isArray(results)) return results;
        const nextToken = answer.headers.get('x-next-token') ?? undefined;
        return nextToken ? { results, nextToken } : { results };
      },
      [304],
    );
  }

  /**
   * Every page of a list, followed to its end. A server's paging may not end: an X-Next-Token seen before
   * ends it (said in a notice), and pages that bring nothing new, or more than `maxPages`, make it a failure
   * rather than a loop for ever.
   */
  async listAllEnrollments(
    input: (
      { type: 'program'; experimentProtocolId: string } | { type: 'location'; experimentId: string }
    ) & {
      limit?: number;
      /** Pages at most (default 10,000: a million records at 100 a page). */
      maxPages?: number;
    },
    options: CallOptions = {},
  ): Promise<ClientResult<{ results: EnrollmentRecord[]; pages: number }>> {
    const { maxPages = MAX_LIST_PAGES, ...query } = input;
    const results: EnrollmentRecord[] = [];
    const keys = new Set<string>();
    let nextToken: string | undefined;
    let pages = 0;
    let idle = 0;
    const seen = new Set<string>();
    const notices: string[] = [];
    for (;;) {
      const page = await this.listEnrollments(nextToken ? { ...query, nextToken } : query, options);
      if (!page.ok) return page;
      pages++;
      for (const n of page.meta.notices) if (!notices.includes(n)) notices.push(n);
      let fresh = 0;
      for (const record of page.value.results) {
        const key = typeof record.id === 'string' ? `id:${record.id}` : JSON.stringify(record);
        if (keys.has(key)) continue;
        keys.add(key);
        results.push(record);
        fresh++;
      }
      nextToken = page.value.nextToken;
      const done = (): ClientResult<{ results: EnrollmentRecord[]; pages: number }> => ({
        ok: true,
        value: { results, pages },
        meta: { ...page.meta, notices },
      });
      if (!nextToken) return done();
      // A token seen before would loop for ever: stop, the list is as complete as the service makes it.
      if (seen.has(nextToken)) {
        notices.push(`page ${pages} of the list gave an X-Next-Token an earlier page gave; taken as its end`);
        return done();
      }
      seen.add(nextToken);
      idle = fresh === 0 ? idle + 1 : 0;
      if (idle >= IDLE_LIST_PAGES || pages >= maxPages) {
        const why =
          idle >= IDLE_LIST_PAGES
            ? `${IDLE_LIST_PAGES} pages in a row brought no record not listed before, each with another X-Next-Token`
            : `it went on past ${pages} pages`;
        const spec = serviceOperations[page.meta.operationId as OperationId];
        const url = `${this.bases[spec.server] ?? ''}${spec.path}`;
        return { ok: false, error: endlessList(page.meta, url, `the list does not end: ${why}`) };
      }
    }
  }

  // ---- Version 5: experiments ----

  /** The experiments of an experiment enrollment (others the service answers with are left out). */
  findExperiments(
    input: { experimentEnrollmentId: string },
    options: CallOptions = {},
  ): Promise<ClientResult<{ results: ExperimentRecord[] }>> {
    return this.call(
      'findExperiments',
      { query: { experimentEnrollmentId: input.experimentEnrollmentId } },
      options,
      (answer, notices, context) => {
        const all = resultList(answer, notices, context, 'an experiment list');
        if (!Array.isArray(all)) return all;
        // A18: the service may answer every experiment; keep those of the id asked for.
        const wanted = input.experimentEnrollmentId.toLowerCase();
        const results = all.filter(
          (e) =>
            typeof e.experimentEnrollmentId !== 'string' || e.experimentEnrollmentId.toLowerCase() === wanted,
        );
        if (results.length < all.length)
          notices.push(
            `the answer held experiments of other experimentEnrollmentIds; kept ${results.length} of ${all.length} (A18)`,
          );
        return { results };
      },
    );
  }

  /** Create an experiment (v5 `POST /experiments`); `id` is the new experiment's. */
  createExperiment(
    input: { body: CreateExperimentBody },
    options: CallOptions = {},
  ): Promise<ClientResult<{ id?: string; experiment?: ExperimentRecord }>> {
    return this.call(
      'createExperiment',
      { body: jsonBody(input.body) },
      options,
      (answer, notices, context) => {
        const created = createdRecord(answer, notices, context, 'experiment');
        if (isFailure(created)) return created;
        const value: { id?: string; experiment?: ExperimentRecord } = {};
        if (created.id !== undefined) value.id = created.id;
        if (created.enrollment !== undefined) value.experiment = created.enrollment as ExperimentRecord;
        return value;
      },
    );
  }

  // ---- Earlier interfaces ----

  getAgronomicDataUrlsV2(
    input: { sharingKey: string; resourceType: ResourceType },
    options: CallOptions = {},
  ): Promise<ClientResult<{ urls: string[] }>> {
    return this.call(
      'getAgronomicDataUrlsV2',
      { query: { ...input }, secrets: [input.sharingKey] },
      options,
      (answer, notices, context) => {
        if (noAgronomicData(answer, notices)) return { urls: [] };
        const body = readBody(answer);
        const v = body.kind === 'json' ? body.value : undefined;
        const urls = Array.isArray(v) ? v : isObject(v) ? v.urls : undefined;
        if (!Array.isArray(urls) || !urls.every((u) => typeof u === 'string'))
          return unexpectedShape(answer, context, 'a list of URLs');
        if (Array.isArray(v)) notices.push('the URLs came as a bare array');
        return { urls: urls as string[] };
      },
      [304, 404],
    );
  }

  getAgronomicDataResultsV3(
    input: { sharingKey: string; resourceType: ResourceType },
    options: CallOptions = {},
  ): Promise<ClientResult<{ results: AgronomicDataFile[] }>> {
    return this.call(
      'getAgronomicDataResultsV3',
      { query: { ...input }, secrets: [input.sharingKey] },
      options,
      (answer, notices, context) => {
        if (noAgronomicData(answer, notices)) return { results: [] };
        const results = resultList(answer, notices, context, 'a list of shared files');
        if (!Array.isArray(results)) return results;
        if (results.some((r) => typeof r.url !== 'string'))
          return unexpectedShape(answer, context, 'shared files with a url each');
        return { results: results as AgronomicDataFile[] };
      },
      [304, 404],
    );
  }

  uploadFieldsV2(
    input: { userName: string; body: FieldsUploadBody },
    options: CallOptions = {},
  ): Promise<ClientResult<{ entitiesCreated?: number; message?: string; fieldsSent: number }>> {
    const fieldsSent = Array.isArray(input.body.fields) ? input.body.fields.length : 0;
    return this.call(
      'uploadFieldsV2',
      { headers: { 'X-User-Name': input.userName }, body: jsonBody(input.body) },
      options,
      (answer, notices) => {
        const body = readBody(answer);
        const v = body.kind === 'json' && isObject(body.value) ? body.value : {};
        const value: { entitiesCreated?: number; message?: string; fieldsSent: number } = { fieldsSent };
        if (typeof v['entities-created'] === 'number') value.entitiesCreated = v['entities-created'];
        else notices.push('the answer does not say how many fields were created');
        if (typeof v.message === 'string') value.message = v.message;
        if (value.entitiesCreated !== undefined && value.entitiesCreated !== fieldsSent)
          notices.push(`${value.entitiesCreated} of ${fieldsSent} fields were created (A23)`);
        return value;
      },
    );
  }

  uploadRxV2(
    input: { userName: string; file: Uint8Array; fileName?: string },
    options: CallOptions = {},
  ): Promise<ClientResult<{ fileSize?: number; bytesSent: number }>> {
    return this.upload(
      'uploadRxV2',
      input,
      'application/zip',
      input.fileName ?? 'prescription.zip',
      {},
      options,
    );
  }

  uploadModusResultV2(
    input: { userName: string; sampleDate: string; file: Uint8Array; fileName?: string },
    options: CallOptions = {},
  ): Promise<ClientResult<{ fileSize?: number; bytesSent: number }>> {
    return this.upload(
      'uploadModusResultV2',
      input,
      'application/xml',
      input.fileName ?? 'soil-test.xml',
      { sampleDate: input.sampleDate },
      options,
    );
  }

  private upload(
    operationId: 'uploadRxV2' | 'uploadModusResultV2',
    input: { userName: string; file: Uint8Array },
    contentType: string,
    fileName: string,
    query: Record<string, string>,
    options: CallOptions,
  ): Promise<ClientResult<{ fileSize?: number; bytesSent: number }>> {
    const multipart = encodeMultipart(
      [{ name: 'file', fileName, contentType, bytes: input.file }],
      this.options.random,
    );
    const bytesSent = input.file.byteLength;
    return this.call(
      operationId,
      {
        query,
        headers: { 'X-User-Name': input.userName },
        body: { contentType: multipart.contentType, data: multipart.body },
      },
      options,
      (answer, notices) => {
        const body = readBody(answer);
        const v = body.kind === 'json' && isObject(body.value) ? body.value : {};
        const value: { fileSize?: number; bytesSent: number } = { bytesSent };
        if (typeof v.fileSize === 'number') value.fileSize = v.fileSize;
        else notices.push('the answer does not give the file size');
        if (value.fileSize !== undefined && value.fileSize !== bytesSent)
          notices.push(`the service recorded ${value.fileSize} bytes, ${bytesSent} were sent (A24)`);
        return value;
      },
    );
  }
}

/**
 * Every answer of the document with a body is JSON: a JSON body sent under another media type (or none) is
 * read all the same, and said.
 */
function mediaTypeNotice(answer: Answer): string | undefined {
  if (readBody(answer).kind !== 'json') return undefined;
  const type = answer.headers.get('content-type');
  if (type !== null && /^application\/([\w.+-]*\+)?json\s*(;|$)/i.test(type.trim())) return undefined;
  return type === null
    ? 'the JSON answer came without a Content-Type; read as JSON'
    : `the JSON answer came as ${JSON.stringify(type.slice(0, 80))}, not application/json; read as JSON`;
}

/** Pages of a list followed at most, by default. */
const MAX_LIST_PAGES = 10_000;
/** Pages in a row that bring nothing new before a list is taken as endless. */
const IDLE_LIST_PAGES = 3;

/** The failure of a list whose paging does not end, quoting its last page's answer. */
function endlessList(meta: ResponseMeta, url: string, why: string): ClientFailure {
  const failure: ClientFailure = {
    kind: 'unexpected-response',
    message: `${meta.operationId}: ${why} [status ${meta.status}, request id ${meta.requestId ?? 'not sent'}, at ${meta.time}]`,
    operationId: meta.operationId,
    method: 'GET',
    url,
    status: meta.status,
    time: meta.time,
    attempts: meta.attempts,
    outcomeUnknown: false,
    retriedAfterUnknownOutcome: meta.retriedAfterUnknownOutcome,
  };
  if (meta.requestId !== undefined) failure.requestId = meta.requestId;
  return failure;
}

function isFailure(value: unknown): value is ClientFailure {
  return isObject(value) && typeof value.kind === 'string' && typeof value.outcomeUnknown === 'boolean';
}

function jsonBody(value: unknown): { contentType: string; data: string } {
  return { contentType: 'application/json', data: JSON.stringify(value) };
}

/** A create's answer: the record, only its id, or nothing (A12, A17); the id may come from Location. */
function createdRecord(
  answer: Answer,
  notices: string[],
  context: CallContext,
  what: string,
): { id?: string; enrollment?: EnrollmentRecord } | ClientFailure {
  const body = readBody(answer);
  if (answer.status !== 201) notices.push(`the create was answered ${answer.status}, not 201`);
  const value: { id?: string; enrollment?: EnrollmentRecord } = {};
  if (body.kind === 'json') {
    if (!isObject(body.value)) return unexpectedShape(answer, context, `the created ${what}`);
    if (body.value.id !== undefined && typeof body.value.id !== 'string')
      return unexpectedShape(answer, context, `the created ${what} with a string id`);
    if (typeof body.value.id === 'string') value.id = body.value.id;
    if (Object.keys(body.value).some((k) => k !== 'id')) value.enrollment = body.value as EnrollmentRecord;
    else notices.push(`the answer holds only the id of the created ${what}`);
  } else if (body.kind === 'text') {
    return unexpectedShape(answer, context, `the created ${what}`);
  } else {
    notices.push(`the create was answered without a body`);
  }
  if (value.id === undefined) {
    const location = answer.headers.get('location');
    const fromLocation = location ? /\/([^/?#]+)\/?(?:[?#].*)?$/.exec(location)?.[1] : undefined;
    const id = fromLocation === undefined ? undefined : decodedSegment(fromLocation);
    if (id !== undefined) value.id = id;
    else notices.push(`the answer does not give the id of the created ${what}`);
  }
  // Every id of the service is a UUID: another is taken as it is, and said.
  if (value.id !== undefined && canonicalUuid(value.id) === undefined)
    notices.push(`the id of the created ${what}, ${JSON.stringify(value.id.slice(0, 80))}, is not a UUID`);
  return value;
}

/** A path segment with its %-escapes decoded; undefined when they do not decode (a malformed header). */
function decodedSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** An answer that may hold the record or nothing (204). */
function optionalRecord(
  answer: Answer,
  notices: string[],
  context: CallContext,
  what: string,
): { enrollment?: EnrollmentRecord } | ClientFailure {
  const body = readBody(answer);
  if (body.kind === 'empty') {
    if (answer.status !== 204 && context.spec.operationId === 'removeEnrollment')
      notices.push(`the ${what} was answered ${answer.status} without a body`);
    if (answer.status === 204 && context.spec.operationId === 'updateEnrollment')
      notices.push(`the ${what} was answered 204 without the record`);
    return {};
  }
  if (body.kind !== 'json' || !isObject(body.value))
    return unexpectedShape(answer, context, 'an enrollment record');
  if (context.spec.operationId === 'removeEnrollment')
    notices.push(`the ${what} was answered with the record`);
  return { enrollment: body.value as EnrollmentRecord };
}

/** `{"results": [...]}`, a bare array (A16), or 304 for none. */
function resultList(
  answer: Answer,
  notices: string[],
  context: CallContext,
  what: string,
): Record<string, unknown>[] | ClientFailure {
  if (answer.status === 304) {
    notices.push('answered 304: no results (A16)');
    return [];
  }
  const body = readBody(answer);
  const v = body.kind === 'json' ? body.value : undefined;
  const list = Array.isArray(v) ? v : isObject(v) ? v.results : undefined;
  if (!Array.isArray(list) || !list.every(isObject)) return unexpectedShape(answer, context, what);
  if (Array.isArray(v)) notices.push('the list came as a bare array (A16)');
  return list;
}

/** A34: no files may be answered 304 or 404 instead of 200 with an empty list. */
function noAgronomicData(answer: Answer, notices: string[]): boolean {
  if (answer.status !== 304 && answer.status !== 404) return false;
  notices.push(`answered ${answer.status}: taken as no shared files of this type (A34)`);
  return true;
}
