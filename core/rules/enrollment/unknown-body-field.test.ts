import { describe, expect, it } from 'vitest';
import { check, ENROLLMENT, programCreate, PROTOCOL, SEASON } from './test-helpers.ts';

describe('EN010 unknown-body-field', () => {
  it('accepts the fields an operation takes', () => expect(check('EN010', programCreate())).toEqual([]));

  it('warns about a misspelt field at its key and suggests the right one', () => {
    const [d] = check('EN010', programCreate({ experimentProtocolID: PROTOCOL, temporalEntity: SEASON }));
    expect([d?.severity, d?.message]).toEqual([
      'warning',
      'create enrollment by program does not take "experimentProtocolID" (did you mean "experimentProtocolId"?)',
    ]);
  });

  it('warns about a body on a GET or DELETE', () => {
    expect(
      check('EN010', {
        method: 'DELETE',
        path: `/v5/enrollments/${ENROLLMENT}`,
        headers: { 'x-enrollment-type': 'program' },
        body: {},
      })[0]?.messageId,
    ).toBe('bodyNotAllowed');
  });
});
