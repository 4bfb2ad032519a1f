import { describe, expect, it } from 'vitest';
import { check, EXPERIMENT, EXP_ENROLLMENT, PROTOCOL } from './test-helpers.ts';

const list = (type: string, path: string) => ({
  method: 'GET',
  path,
  headers: { 'x-enrollment-type': type },
});

describe('EN008 query-parameter-mismatch', () => {
  it('accepts the parameter that matches the type, with or without a trailing slash', () => {
    expect(check('EN008', list('program', `/v5/enrollments?experimentProtocolId=${PROTOCOL}`))).toEqual([]);
    expect(check('EN008', list('location', `/v5/enrollments/?experimentId=${EXPERIMENT}`))).toEqual([]);
    expect(
      check('EN008', { method: 'GET', path: `/v5/experiments?experimentEnrollmentId=${EXP_ENROLLMENT}` }),
    ).toEqual([]);
  });

  it('reports the parameter of the other type and the missing one', () => {
    const ds = check('EN008', list('program', `/v5/enrollments?experimentId=${EXPERIMENT}`));
    expect(ds.map((d) => d.message)).toEqual([
      'The query parameter experimentId lists enrollments by location, but x-enrollment-type is program',
      'Listing enrollments by program needs the query parameter experimentProtocolId',
    ]);
  });

  it('reports a find without experimentEnrollmentId', () => {
    expect(check('EN008', { method: 'GET', path: '/v5/experiments' })[0]?.messageId).toBe('findMissing');
  });
});
