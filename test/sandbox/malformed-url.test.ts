/** Paths whose %-escapes do not decode are the client's mistake: 400 with the request id, never a 500. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../sandbox/index.ts';
import { http, session, type Session } from './http.ts';

let sandbox: RunningSandbox;
let auth: Session;

beforeAll(async () => {
  sandbox = await startSandbox();
  auth = await session(sandbox);
});
afterAll(() => sandbox.close());

describe('malformed percent-escapes in the path', () => {
  for (const bad of ['%ZZ', '%E0%A4%A', '%', 'ok%C3']) {
    it(`GET /v5/enrollments/${bad} answers 400 invalid-request with the request id`, async () => {
      const res = await http(`${sandbox.urls.baseUrl}/v5/enrollments/${bad}`, { headers: auth.v5 });
      expect(res.status).toBe(400);
      expect(res.headers['x-http-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      const body = res.json<{ 'error-code': string; message: string }>();
      expect(body['error-code']).toBe('invalid-request');
      expect(body.message).toContain(bad);
    });
  }

  it('answers the same without credentials and on the earlier interface', async () => {
    const v5 = await http(`${sandbox.urls.baseUrl}/v5/enrollments/%ZZ`);
    expect(v5.status).toBe(400);
    const legacy = await http(`${sandbox.urls.legacyBaseUrl}/fields/%ZZ`, { headers: auth.legacy });
    expect(legacy.status).toBe(400);
    expect(legacy.headers['x-http-request-id']).toBeDefined();
  });

  it('still decodes well-formed escapes: the id is then checked as usual', async () => {
    const res = await http(`${sandbox.urls.baseUrl}/v5/enrollments/%41bc`, { headers: auth.v5 });
    expect(res.status).not.toBe(500);
    expect(res.json<{ 'error-code'?: string }>()['error-code']).not.toBe('invalid-request');
  });
});
