/** A small HTTP client over node:http with a keep-alive agent, for the sandbox tests. */
import { Agent, request as httpRequest } from 'node:http';
import type { RunningSandbox } from '../../sandbox/index.ts';

export interface HttpResponse {
  status: number;
  /** Lower-case header names. */
  headers: Record<string, string>;
  body: Buffer;
  text: string;
  /** How many pieces the body arrived in. */
  chunks: number;
  /** The body parsed as JSON (throws when it is not JSON). */
  json<T = Record<string, unknown>>(): T;
}

export interface HttpRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

export const keepAliveAgent = new Agent({ keepAlive: true, maxSockets: 16 });

export function http(
  url: string,
  init: HttpRequest = {},
  agent: Agent = keepAliveAgent,
): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    const body =
      init.body === undefined
        ? undefined
        : typeof init.body === 'string'
          ? Buffer.from(init.body)
          : Buffer.from(init.body);
    const headers: Record<string, string> = { ...init.headers };
    if (body) headers['content-length'] = String(body.byteLength);
    const req = httpRequest(url, { method: init.method ?? 'GET', headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('aborted', () => reject(new Error('response aborted')));
      res.on('end', () => {
        const buf = Buffer.concat(chunks);
        const out: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers))
          if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
        const text = buf.toString('utf8');
        resolve({
          status: res.statusCode ?? 0,
          headers: out,
          body: buf,
          text,
          chunks: chunks.length,
          json: <T>() => JSON.parse(text) as T,
        });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Credentials and headers for a sandbox, ready to use. */
export interface Session {
  token: string;
  /** Authorization + x-api-key. */
  v5: Record<string, string>;
  /** Authorization only. */
  legacy: Record<string, string>;
}

export async function tokenFor(sandbox: RunningSandbox, scope?: string): Promise<string> {
  const basic = Buffer.from(`${sandbox.demo.clientId}:${sandbox.demo.clientSecret}`).toString('base64');
  const res = await http(sandbox.urls.tokenUrl, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: `grant_type=client_credentials${scope ? `&scope=${encodeURIComponent(scope)}` : ''}`,
  });
  if (res.status !== 200) throw new Error(`token request failed: ${res.status} ${res.text}`);
  return res.json<{ access_token: string }>().access_token;
}

export async function session(sandbox: RunningSandbox): Promise<Session> {
  const token = await tokenFor(sandbox);
  return {
    token,
    v5: { authorization: `Bearer ${token}`, 'x-api-key': sandbox.demo.apiKey },
    legacy: { authorization: `Bearer ${token}` },
  };
}

export function individual(id: string): Record<string, string> {
  return { dimensionality: 'INDIVIDUAL', id, temporalPeriodTypeName: 'GrowingSeason' };
}
