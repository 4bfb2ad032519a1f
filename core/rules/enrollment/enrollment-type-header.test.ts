import { describe, expect, it } from 'vitest';
import { applyTextFixes } from '../../diagnostics/fix-application.ts';
import { check, ENROLLMENT, EXP_ENROLLMENT, locationCreate, programCreate } from './test-helpers.ts';

describe('EN002 enrollment-type-header', () => {
  it('accepts program and location, and does not ask for it on experiment calls', () => {
    expect(check('EN002', programCreate())).toEqual([]);
    expect(check('EN002', locationCreate())).toEqual([]);
    expect(
      check('EN002', { method: 'GET', path: `/v5/experiments?experimentEnrollmentId=${EXP_ENROLLMENT}` }),
    ).toEqual([]);
  });

  it('reports a missing header on every enrollment call and guesses the type from the body', () => {
    const { headers: _h, ...noHeader } = locationCreate();
    const [d] = check('EN002', noHeader);
    expect(d?.messageId).toBe('missing');
    expect(d?.hint).toContain('"x-enrollment-type": "location"');
    expect(check('EN002', { method: 'DELETE', path: `/v5/enrollments/${ENROLLMENT}` })[0]?.messageId).toBe(
      'missing',
    );
  });

  it('fixes a capitalised value safely and rejects others without a fix', () => {
    const text = JSON.stringify({ ...programCreate(), headers: { 'X-Enrollment-Type': 'Program' } }, null, 2);
    const [d] = check('EN002', text);
    expect(d?.message).toBe('x-enrollment-type "Program" is not allowed; it must be program or location');
    expect(d?.location.path).toEqual(['headers', 'X-Enrollment-Type']);
    expect(JSON.parse(applyTextFixes(text, [d!]).text).headers).toEqual({ 'X-Enrollment-Type': 'program' });
    expect(
      check('EN002', { ...programCreate(), headers: { 'x-enrollment-type': 'field' } })[0]?.fix,
    ).toBeUndefined();
  });
});
