import { describe, expect, it } from 'vitest';
import { check, EXP_ENROLLMENT, locationCreate, programCreate, PROTOCOL, SEASON } from './test-helpers.ts';

describe('EN003 required-body-field', () => {
  it('accepts complete create bodies of all three kinds', () => {
    expect(check('EN003', programCreate())).toEqual([]);
    expect(check('EN003', locationCreate())).toEqual([]);
    const experiment = {
      method: 'POST',
      path: '/v5/experiments',
      body: { experimentEnrollmentId: EXP_ENROLLMENT, name: 'N trial', temporalEntity: SEASON },
    };
    expect(check('EN003', experiment)).toEqual([]);
  });

  it('names each missing field of an enrollment by program', () => {
    const ds = check('EN003', programCreate({ experimentProtocolId: PROTOCOL }));
    expect(ds.map((d) => d.message)).toEqual([
      'create enrollment by program needs temporalEntity in the body',
    ]);
    expect(ds[0]?.location).toMatchObject({ path: ['body'], field: 'temporalEntity' });
  });

  it('requires experimentLocationStatus on an enrollment by location (spec rule 7)', () => {
    const { experimentLocationStatus: _s, ...body } = locationCreate().body as Record<string, unknown>;
    const [d] = check('EN003', locationCreate(body));
    expect(d?.message).toBe('create enrollment by location needs experimentLocationStatus in the body');
    expect(d?.hint).toContain('NOMINATED');
  });

  it('reports a missing or non-object body', () => {
    const { body: _b, ...noBody } = programCreate();
    expect(check('EN003', noBody)[0]?.messageId).toBe('noBody');
    expect(check('EN003', { ...programCreate(), body: [] })[0]?.message).toContain('an array');
  });
});
