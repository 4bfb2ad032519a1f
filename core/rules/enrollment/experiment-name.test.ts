import { describe, expect, it } from 'vitest';
import { check, EXP_ENROLLMENT, SEASON } from './test-helpers.ts';

const create = (name: unknown) => ({
  method: 'POST',
  path: '/v5/experiments',
  body: { experimentEnrollmentId: EXP_ENROLLMENT, name, temporalEntity: SEASON },
});

describe('EN009 experiment-name-blank', () => {
  it('accepts a name', () => expect(check('EN009', create('Nitrogen trial 2025'))).toEqual([]));
  it('reports a blank or non-string name at the value', () => {
    const [d] = check('EN009', create('   '));
    expect([d?.message, d?.location.path]).toEqual(['The experiment name is blank', ['body', 'name']]);
    expect(check('EN009', create(null))[0]?.message).toBe(
      'The experiment name must be a string, but this is a null',
    );
  });
});
