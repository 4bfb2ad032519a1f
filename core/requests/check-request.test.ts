import { describe, expect, it } from 'vitest';
import { checkServiceRequest } from './check-request.ts';

const SEASON = {
  dimensionality: 'INDIVIDUAL',
  id: '6a3a0e0c-5b1e-4d55-9b1f-1f0f3c2b9a11',
  temporalPeriodTypeName: 'GrowingSeason',
};

describe('checkServiceRequest (the preflight the sandbox and client share)', () => {
  it('accepts a valid create by program and finds problems in an invalid one', () => {
    const ok = checkServiceRequest({
      method: 'POST',
      path: '/v5/enrollments',
      headers: { 'X-Enrollment-Type': 'program' },
      body: { experimentProtocolId: '3f1c2a9e-8b7d-4c6e-9f00-1a2b3c4d5e6f', temporalEntity: SEASON },
    });
    expect(ok).toEqual([]);
    const bad = checkServiceRequest({
      method: 'POST',
      path: '/v5/enrollments',
      headers: { 'x-enrollment-type': 'program' },
      body: { experimentProtocolId: 'nope', temporalEntity: { ...SEASON, dimensionality: 'INTERVAL' } },
    });
    expect(bad.map((d) => d.code)).toEqual(['EN004', 'TE003', 'TE003', 'TE003']);
    expect(bad[0]?.location.path).toEqual(['body', 'experimentProtocolId']);
  });

  it('reports a body that is not JSON at its position', () => {
    const ds = checkServiceRequest({ method: 'POST', path: '/v5/experiments', bodyText: '{"name": }' });
    expect(ds.map((d) => [d.code, d.location.range?.start.column])).toEqual([['JS001', 10]]);
  });

  it('runs the sampleDate rules on a soil test upload, with the query value located', () => {
    const ds = checkServiceRequest({
      method: 'POST',
      path: '/api/partnerapis/v2/soil/modus/result?sampleDate=2024-05-01',
    });
    expect(ds.map((d) => [d.code, d.fix?.safety])).toEqual([['SD002', 'unsafe']]);
    expect(
      checkServiceRequest({
        method: 'POST',
        path: '/api/partnerapis/v2/soil/modus/result',
        query: { sampleDate: '2024-05-01T00:00:00.000Z' },
      }),
    ).toEqual([]);
    expect(
      checkServiceRequest({ method: 'POST', path: '/api/partnerapis/v2/soil/modus/result' }).map(
        (d) => d.code,
      ),
    ).toEqual(['SD001']);
    const future = checkServiceRequest(
      { method: 'POST', path: '/api/partnerapis/v2/soil/modus/result?sampleDate=2030-01-01T00:00:00.000Z' },
      { now: new Date('2026-11-22T00:00:00.000Z') },
    );
    expect(future.map((d) => d.code)).toEqual(['SD004']);
  });

  it('edits a sampleDate inside a request file path in place', async () => {
    const { jsonFileKind } = await import('../formats/json-file-kind.ts');
    const text =
      '{"method": "POST", "path": "/api/partnerapis/v2/soil/modus/result?sampleDate=2024-05-01T10:00:00Z&x=1"}';
    const file = { name: 'r.json', bytes: new TextEncoder().encode(text) };
    const report = await jsonFileKind.validate(file, {});
    expect(report.diagnostics[0]?.location.range?.start.column).toBe(78);
    const fixed = await jsonFileKind.fix!(file, report, ['safe']);
    expect(new TextDecoder().decode(fixed!.bytes)).toContain('sampleDate=2024-05-01T10:00:00.000Z&x=1');
  });
});
