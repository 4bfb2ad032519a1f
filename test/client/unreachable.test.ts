/**
 * A service that cannot be reached is named at once, with its cause: "cannot connect to 127.0.0.1:1:
 * connection refused" at the first failed attempt (an `unreachable` event), one more try at most (none for
 * a name that does not resolve), then a failure of kind "unreachable", not minutes of silent retries ending
 * as "unavailable".
 */
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ServiceClient, type ClientEvent, type ClientFailure } from '../../core/client/index.ts';
import { IDS, json, stubClient, TEMPORAL } from './stub-service.ts';

const programBody = { experimentProtocolId: IDS.program, temporalEntity: TEMPORAL };

function failure<T>(result: { ok: true; value: T } | { ok: false; error: ClientFailure }): ClientFailure {
  if (result.ok) throw new Error('expected a failure');
  return result.error;
}

describe('a service that cannot be reached', () => {
  it('is named at the first attempt with its cause, tried once more, then fails as unreachable', async () => {
    const s = stubClient(() => ({ network: 'ECONNREFUSED' }));
    const error = failure(await s.client.getEnrollment({ type: 'program', enrollmentId: IDS.enrollment }));
    expect(error).toMatchObject({ kind: 'unreachable', attempts: 2, outcomeUnknown: false });
    expect(error.message).toBe(
      'getEnrollment: cannot connect to api.example.test: connection refused (nothing listens on that port) (2 attempts)',
    );
    expect(s.requests).toHaveLength(2);
    const unreachable = s.events.filter((e) => e.type === 'unreachable');
    expect(unreachable).toEqual([
      {
        type: 'unreachable',
        operationId: 'getEnrollment',
        host: 'api.example.test',
        cause: 'connection refused (nothing listens on that port)',
        message: 'cannot connect to api.example.test: connection refused (nothing listens on that port)',
      },
    ]);
    // The one wait between the two tries is the first backoff step, not a minute of them.
    expect(s.time.slept.reduce((a, b) => a + b, 0)).toBeLessThan(1000);
  });

  it('does not try a name that does not resolve again, and a create is never in doubt', async () => {
    const s = stubClient(() => ({ network: 'ENOTFOUND' }));
    const error = failure(await s.client.createEnrollment({ type: 'program', body: programBody }));
    expect(error).toMatchObject({ kind: 'unreachable', attempts: 1, outcomeUnknown: false });
    expect(error.message).toBe(
      'createEnrollment: cannot connect to api.example.test: no such host (the name does not resolve)',
    );
    expect(s.requests).toHaveLength(1);
  });

  it('names the connect time-out it was given when no connection was made within it', async () => {
    const s = stubClient(() => ({ network: 'UND_ERR_CONNECT_TIMEOUT' }), { connectTimeoutMs: 2500 });
    const error = failure(await s.client.getEnrollment({ type: 'program', enrollmentId: IDS.enrollment }));
    expect(error).toMatchObject({ kind: 'unreachable', attempts: 2 });
    expect(error.message).toBe(
      'getEnrollment: cannot connect to api.example.test: no answer to the connection within 2.5 s (connecting timed out) (2 attempts)',
    );
    // A fetch whose time-out it was not told: said without a length.
    const untold = stubClient(() => ({ network: 'UND_ERR_CONNECT_TIMEOUT' }));
    const plain = failure(
      await untold.client.getEnrollment({ type: 'program', enrollmentId: IDS.enrollment }),
    );
    expect(plain.message).toContain('no answer to the connection (connecting timed out)');
  });

  it('names the token endpoint when that is what cannot be reached', async () => {
    const s = stubClient(() => json(200, {}), { token: () => ({ network: 'EHOSTUNREACH' }) });
    const error = failure(await s.client.getEnrollment({ type: 'program', enrollmentId: IDS.enrollment }));
    expect(error.kind).toBe('unreachable');
    expect(error.message).toContain('cannot connect to auth.example.test: host unreachable');
    expect(s.requests).toHaveLength(0);
  });

  it('with the real fetch: a closed port on 127.0.0.1 is "connection refused", at once', async () => {
    // A port that was free a moment ago: nothing listens on it.
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
      });
    });
    const events: ClientEvent[] = [];
    const base = `http://127.0.0.1:${port}`;
    const client = new ServiceClient({
      authUrl: base,
      baseUrl: base,
      legacyBaseUrl: base,
      clientId: 'c',
      clientSecret: 's',
      apiKey: 'k',
      fetch: (url, init) => fetch(url, init),
      now: () => new Date(),
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 50))),
      random: () => 0.5,
      onEvent: (e) => events.push(e),
    });
    const error = failure(await client.getEnrollment({ type: 'program', enrollmentId: IDS.enrollment }));
    expect(error.kind).toBe('unreachable');
    expect(error.message).toContain(`cannot connect to 127.0.0.1:${port}: connection refused`);
    expect(events.find((e) => e.type === 'unreachable')).toMatchObject({ host: `127.0.0.1:${port}` });
  });
});
