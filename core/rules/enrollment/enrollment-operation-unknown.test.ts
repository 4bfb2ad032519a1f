import { describe, expect, it } from 'vitest';
import { check, ENROLLMENT, programCreate } from './test-helpers.ts';

describe('EN001 operation-unknown', () => {
  it('accepts every operation of the interface', () => {
    for (const [method, path] of [
      ['POST', '/v5/enrollments'],
      ['GET', '/v5/enrollments/'],
      ['GET', `/v5/enrollments/${ENROLLMENT}`],
      ['PUT', `/v5/enrollments/${ENROLLMENT}`],
      ['DELETE', `/v5/enrollments/${ENROLLMENT}`],
      ['GET', '/v5/experiments?experimentEnrollmentId=x'],
      ['POST', 'https://api.example.test/base/v5/experiments'],
    ]) {
      expect(check('EN001', { method, path })).toEqual([]);
    }
  });

  it('reports an unknown method or path at the path, listing the operations', () => {
    const [d] = check('EN001', { method: 'PATCH', path: `/v5/enrollments/${ENROLLMENT}` });
    expect(d?.message).toBe(
      `PATCH /v5/enrollments/${ENROLLMENT} is not an operation of the version 5 interface`,
    );
    expect(d?.location.path).toEqual(['path']);
    expect(d?.hint).toContain('PUT|DELETE');
    expect(check('EN001', { method: 'GET', path: '/v4/enrollments' })).toHaveLength(1);
  });

  it('reports a request without a method', () => {
    const { method: _m, ...noMethod } = programCreate();
    expect(check('EN001', [{ ...noMethod, path: '/v5/enrollments', method: undefined }])[0]?.message).toBe(
      'The request has no method',
    );
  });
});
