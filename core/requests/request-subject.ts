import type { Location } from '../diagnostics/diagnostic.ts';
import { LineIndex } from '../diagnostics/text-position.ts';
import type { JsonNode, JsonValue } from '../json/json-document.ts';
import { parseJson } from '../json/json-document.ts';
import { locationOf, type JsonSubject } from '../json/json-location.ts';
import type { NamedValue, RequestRecord } from '../records/request-record.ts';
import { matchOperation, normalisePath, type EnrollmentType } from './operations.ts';

export type { NamedValue } from '../records/request-record.ts';

/** A text edit that replaces a named value, wherever it is written; undefined when it cannot be located. */
export function replaceNamedValue(
  value: NamedValue,
  text: string,
): { start: number; end: number; text: string } | undefined {
  if (value.valueRange) return { ...value.valueRange, text: encodeURIComponent(text) };
  if (value.subject)
    return { start: value.subject.node.start, end: value.subject.node.end, text: JSON.stringify(text) };
  return undefined;
}

/** The request rules' subject: a request record (core/records/request-record.ts). */
export type RequestSubject = RequestRecord;

export function enrollmentTypeOf(request: RequestSubject): EnrollmentType | undefined {
  const value = request.headers.get('x-enrollment-type')?.value;
  return value === 'program' || value === 'location' ? value : undefined;
}

/** Build a subject from a request object in a request file (`{method, path, headers, query, body, current}`). */
export function requestFromJson(
  node: JsonNode,
  lines: LineIndex,
  basePath: (string | number)[],
  index: number,
): RequestSubject {
  const loc = (n: { start: number; end: number }, path: (string | number)[]): Location =>
    locationOf(lines, n, path);
  const request: RequestSubject = {
    format: 'request-file',
    method: '',
    path: '',
    operation: undefined,
    headers: new Map(),
    query: new Map(),
    body: undefined,
    current: undefined,
    location: loc(node, basePath),
    methodLocation: loc(node, basePath),
    pathLocation: loc(node, basePath),
    index,
    lines,
  };
  if (node.kind !== 'object') return request;
  for (const p of node.properties) {
    const path = [...basePath, p.key];
    const v = p.value;
    if (p.key === 'method' && v.kind === 'string') {
      request.method = v.value.toUpperCase();
      request.methodLocation = loc(v, path);
    } else if (p.key === 'path' && v.kind === 'string') {
      request.path = v.value;
      request.pathLocation = loc(v, path);
      for (const [name, value] of normalisePath(v.value).query) {
        request.query.set(name, queryValueInPath(name, value, v, lines, path));
      }
    } else if ((p.key === 'headers' || p.key === 'query') && v.kind === 'object') {
      for (const h of v.properties) {
        const value =
          h.value.kind === 'string' ? h.value.value : h.value.kind === 'number' ? h.value.raw : '';
        const name = p.key === 'headers' ? h.key.toLowerCase() : h.key;
        const entry: NamedValue = { name: h.key, value, location: loc(h.value, [...path, h.key]) };
        if (h.value.kind === 'string') entry.subject = { node: h.value, path: [...path, h.key], lines };
        (p.key === 'headers' ? request.headers : request.query).set(name, entry);
      }
    } else if (p.key === 'body') {
      request.body = { node: v, path, lines };
    } else if (p.key === 'current') {
      request.current = { node: v, path, lines };
    }
  }
  request.operation = matchOperation(request.method, request.path);
  return request;
}

/**
 * A query parameter written inside the "path" string: locate the value itself, so a fix can rewrite it in
 * place. Falls back to the whole path when the string holds escapes or encoded characters.
 */
function queryValueInPath(
  name: string,
  value: string,
  node: JsonNode & { kind: 'string' },
  lines: LineIndex,
  path: (string | number)[],
): NamedValue {
  const raw = lines.text.slice(node.start + 1, node.end - 1);
  const q = raw.indexOf('?');
  const key = `${name}=`;
  let at = q < 0 ? -1 : raw.indexOf(key, q);
  while (at > 0 && raw[at - 1] !== '?' && raw[at - 1] !== '&') at = raw.indexOf(key, at + 1);
  const start = node.start + 1 + at + key.length;
  const rawValue = at < 0 ? undefined : raw.slice(at + key.length).split('&')[0];
  if (rawValue === undefined || rawValue !== value || raw !== node.value) {
    return { name, value, location: { ...locationOf(lines, node, path), field: name } };
  }
  const location = { ...locationOf(lines, { start, end: start + value.length }, path), field: name };
  return { name, value, location, valueRange: { start, end: start + value.length } };
}

/** A request as a program (the sandbox, the client) has it. */
export interface ServiceRequest {
  method: string;
  /** Relative to the version 5 base, e.g. "/v5/enrollments/…", optionally with a query string. */
  path: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: JsonValue;
  /** The raw body text, when the caller has it: positions then refer to it. */
  bodyText?: string;
}

export type RequestBuildResult =
  { ok: true; request: RequestSubject } | { ok: false; offset: number; message: string; lines: LineIndex };

export function requestFromService(req: ServiceRequest): RequestBuildResult {
  const text = req.bodyText ?? (req.body === undefined ? '' : JSON.stringify(req.body, null, 2));
  const lines = new LineIndex(text);
  let body: JsonSubject | undefined;
  if (text.trim() !== '') {
    const parsed = parseJson(text);
    if (!parsed.ok) return { ok: false, offset: parsed.error.offset, message: parsed.error.message, lines };
    body = { node: parsed.root, path: ['body'], lines };
  }
  const { query } = normalisePath(req.path);
  const named = (name: string, value: string, where: string): NamedValue => ({
    name,
    value,
    location: { path: [where, name], field: name },
  });
  const request: RequestSubject = {
    format: 'program',
    method: req.method.toUpperCase(),
    path: req.path,
    operation: matchOperation(req.method, req.path),
    headers: new Map(
      Object.entries(req.headers ?? {}).map(([k, v]) => [k.toLowerCase(), named(k, v, 'headers')]),
    ),
    query: new Map([...query].map(([k, v]) => [k, named(k, v, 'query')])),
    body,
    current: undefined,
    location: {},
    methodLocation: { field: 'method' },
    pathLocation: { field: 'path' },
    index: 0,
    lines,
  };
  for (const [k, v] of Object.entries(req.query ?? {})) request.query.set(k, named(k, v, 'query'));
  return { ok: true, request };
}

/** A bare create body (no method or path around it), checked as the create call whose fields it carries. */
export function requestForBareBody(
  root: JsonNode,
  lines: LineIndex,
  kind: 'program' | 'location' | 'experiment',
): RequestSubject {
  const path = kind === 'experiment' ? '/v5/experiments' : '/v5/enrollments';
  const whole = locationOf(lines, root, []);
  const headers = new Map<string, NamedValue>();
  if (kind !== 'experiment') {
    headers.set('x-enrollment-type', { name: 'x-enrollment-type', value: kind, location: whole });
  }
  return {
    format: 'bare-body',
    method: 'POST',
    path,
    operation: matchOperation('POST', path),
    headers,
    query: new Map(),
    body: { node: root, path: [], lines },
    current: undefined,
    location: whole,
    methodLocation: whole,
    pathLocation: whole,
    index: 0,
    lines,
  };
}
