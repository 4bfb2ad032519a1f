/**
 * Every answer as docs/assumptions.md describes it (A05, A08), including those to requests Node's HTTP
 * parser refuses before the router sees them: a request line or headers too large (431), bytes that are not
 * HTTP (400), chunk extensions too large (413), headers that do not arrive in time (408). Each carries
 * X-Http-Request-Id and a gateway `{"message"}` body. And HEAD (A37): every GET operation answers it as GET,
 * without the body.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../sandbox/index.ts';
import { http, individual, session, type Session } from './http.ts';

let sandbox: RunningSandbox;
let auth: Session;

beforeAll(async () => {
  sandbox = await startSandbox({ headersTimeoutMs: 300 });
  auth = await session(sandbox);
});
afterAll(() => sandbox.close());

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Send bytes as they are; the whole answer once the server closes the connection. */
function raw(text: string, options: { endAfterWrite?: boolean } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(sandbox.port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const answer = Buffer.concat(chunks).toString('latin1');
      const [head = '', ...rest] = answer.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const at = line.indexOf(':');
        headers[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    socket.write(text);
    if (options.endAfterWrite) socket.end();
  });
}

function expectDocumented(answer: RawAnswer, status: number, message: string): void {
  expect(answer.status).toBe(status);
  expect(answer.headers['x-http-request-id']).toMatch(
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
  );
  expect(answer.headers['content-type']).toBe('application/json');
  expect(JSON.parse(answer.body)).toEqual({ message });
  expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
  expect(answer.headers['x-sandbox-reason']).toBeTruthy();
}

describe('answers to requests the HTTP parser refuses', () => {
  it('431 for a 20,000-byte query string, with the request id and a message', async () => {
    const answer = await raw(
      `GET /partner/v5/enrollments?experimentProtocolId=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    expectDocumented(answer, 431, 'Request Header Fields Too Large');
    expect(answer.headers['x-sandbox-reason']).toContain('shorten the query');
  });

  it('431 for one header too large', async () => {
    const answer = await raw(
      `GET /partner/v5/enrollments HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
    );
    expectDocumented(answer, 431, 'Request Header Fields Too Large');
  });

  it('400 for bytes that are not an HTTP request, and for a header with a forbidden character', async () => {
    expectDocumented(await raw('NOT HTTP AT ALL\r\n\r\n'), 400, 'Bad Request');
    const badHeader = await raw('GET /partner/v5/enrollments HTTP/1.1\r\nHost: x\r\nX-Bad: a\x01b\r\n\r\n');
    expectDocumented(badHeader, 400, 'Bad Request');
    expect(badHeader.headers['x-sandbox-reason']).toMatch(/^The request is not valid HTTP\/1.1 \(HPE_/);
  });

  it('413 for chunk extensions over 16 KiB', async () => {
    const answer = await raw(
      [
        'POST /partner/v5/enrollments HTTP/1.1',
        'Host: x',
        'Content-Type: application/json',
        'Transfer-Encoding: chunked',
        '',
        `2;${'e'.repeat(20_000)}`,
        '{}',
        '0',
        '',
        '',
      ].join('\r\n'),
    );
    expectDocumented(answer, 413, 'Request Too Long');
  });

  it('408 when the headers do not arrive within headersTimeoutMs', async () => {
    const answer = await raw('GET /partner/v5/enrollments HTTP/1.1\r\nHost: x\r\n');
    expectDocumented(answer, 408, 'Request Timeout');
  });

  it('still answers a well-formed request on a fresh connection afterwards', async () => {
    const res = await http(`${sandbox.urls.baseUrl}/v5/enrollments/${crypto.randomUUID()}`, {
      headers: { ...auth.v5, 'x-enrollment-type': 'program' },
    });
    expect(res.status).toBe(404);
    expect(res.headers['x-http-request-id']).toBeDefined();
  });
});

describe('HEAD (A37)', () => {
  it('answers every GET operation as GET does, without the body', async () => {
    const created = await http(`${sandbox.urls.baseUrl}/v5/enrollments`, {
      method: 'POST',
      headers: { ...auth.v5, 'x-enrollment-type': 'program', 'content-type': 'application/json' },
      body: JSON.stringify({
        experimentProtocolId: sandbox.demo.experimentProtocolIds[0],
        temporalEntity: individual(crypto.randomUUID()),
      }),
    });
    expect(created.status).toBe(201);
    const url = `${sandbox.urls.baseUrl}/v5/enrollments/${created.json<{ id: string }>().id}`;
    const headers = { ...auth.v5, 'x-enrollment-type': 'program' };
    const get = await http(url, { headers });
    const head = await http(url, { method: 'HEAD', headers });
    expect(head.status).toBe(200);
    expect(head.body.byteLength).toBe(0);
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.headers['content-type']).toBe('application/json');
    expect(head.headers['x-http-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(head.headers['x-http-request-id']).not.toBe(get.headers['x-http-request-id']);

    // The same checks as GET: no token, 401; the sandbox-only API too.
    expect((await http(url, { method: 'HEAD' })).status).toBe(401);
    const seed = await http(`${sandbox.urls.sandboxUrl}/seed`, { method: 'HEAD' });
    expect(seed.status).toBe(200);
    expect(seed.body.byteLength).toBe(0);
  });

  it('is named in Allow wherever GET is, and refused where there is no GET', async () => {
    const listOnly = await http(`${sandbox.urls.baseUrl}/v5/experiments`, {
      method: 'DELETE',
      headers: auth.v5,
    });
    expect(listOnly.status).toBe(405);
    expect(listOnly.headers.allow?.split(', ')).toEqual(expect.arrayContaining(['GET', 'HEAD', 'POST']));
    const token = await http(sandbox.urls.tokenUrl, { method: 'HEAD' });
    expect(token.status).toBe(405);
    expect(token.headers.allow).toBe('POST');
    expect(token.headers['x-http-request-id']).toBeDefined();
  });
});
