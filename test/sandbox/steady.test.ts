/**
 * With faults off, the sandbox answers 10,000 mixed requests without a single error: no reset, no 5xx, no
 * unexpected status, and every exchange matches the OpenAPI document.
 */
import { randomUUID } from 'node:crypto';
import { Agent } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../sandbox/index.ts';
import { ContractRecorder } from './contract.ts';
import { http, individual, session, type HttpResponse, type Session } from './http.ts';

const TOTAL = 10_000;
const CONCURRENCY = 16;

let sandbox: RunningSandbox;
let s: Session;
const contract = new ContractRecorder();
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

beforeAll(async () => {
  sandbox = await startSandbox({ onExchange: contract.onExchange });
  s = await session(sandbox);
});

afterAll(async () => {
  agent.destroy();
  await sandbox.close();
});

function requestNumber(i: number): { expected: number; send: () => Promise<HttpResponse> } {
  const d = sandbox.demo;
  const v5 = { ...s.v5, 'content-type': 'application/json' };
  switch (i % 6) {
    case 0:
      return {
        expected: 200,
        send: () =>
          http(
            `${sandbox.urls.baseUrl}/v5/experiments?experimentEnrollmentId=${d.experimentEnrollmentIds[0]}`,
            { headers: v5 },
            agent,
          ),
      };
    case 1:
      return {
        expected: 200,
        send: () =>
          http(
            `${sandbox.urls.baseUrl}/v5/enrollments?experimentProtocolId=${d.experimentProtocolIds[0]}`,
            { headers: { ...v5, 'x-enrollment-type': 'program' } },
            agent,
          ),
      };
    case 2:
      return {
        expected: 201,
        send: () =>
          http(
            `${sandbox.urls.baseUrl}/v5/enrollments`,
            {
              method: 'POST',
              headers: { ...v5, 'x-enrollment-type': 'program' },
              body: JSON.stringify({
                experimentProtocolId: d.experimentProtocolIds[1],
                temporalEntity: individual(randomUUID()),
              }),
            },
            agent,
          ),
      };
    case 3:
      return {
        expected: 200,
        send: () =>
          http(
            `${sandbox.urls.legacyBaseUrl}/v3/agronomic-data?sharingKey=${d.sharingKeys[0]}&resourceType=application%2Fvnd.oada.pp.as-applied`,
            { headers: s.legacy },
            agent,
          ),
      };
    case 4:
      return {
        expected: 200,
        send: () =>
          http(
            `${sandbox.urls.legacyBaseUrl}/v2/fields`,
            {
              method: 'POST',
              headers: {
                ...s.legacy,
                'content-type': 'application/json',
                'x-user-name': d.userNames[0] ?? '',
              },
              body: JSON.stringify({
                fields: [
                  {
                    clientName: 'C',
                    farmName: 'F',
                    name: `Field ${i}`,
                    boundary: 'POLYGON((-93.6 41.5, -93.59 41.5, -93.59 41.51, -93.6 41.5))',
                  },
                ],
              }),
            },
            agent,
          ),
      };
    default:
      return {
        expected: 200,
        send: () =>
          http(
            sandbox.urls.tokenUrl,
            {
              method: 'POST',
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              body: `grant_type=client_credentials&client_id=${d.clientId}&client_secret=${d.clientSecret}`,
            },
            agent,
          ),
      };
  }
}

it(`answers ${TOTAL} requests with faults off without an error`, async () => {
  let next = 0;
  const failures: string[] = [];
  const statuses = new Map<number, number>();
  const worker = async (): Promise<void> => {
    while (next < TOTAL) {
      const i = next++;
      const { expected, send } = requestNumber(i);
      try {
        const res = await send();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status !== expected) failures.push(`#${i}: ${res.status} ${res.text.slice(0, 200)}`);
      } catch (error) {
        failures.push(`#${i}: ${String(error)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  expect(failures.slice(0, 10)).toEqual([]);
  expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBe(TOTAL);
  // +1: the token request of the session.
  expect(contract.reports).toHaveLength(TOTAL + 1);
  expect(contract.violations().slice(0, 10)).toEqual([]);
  expect(sandbox.service.log.every((e) => e.fault === undefined)).toBe(true);
}, 60_000);
