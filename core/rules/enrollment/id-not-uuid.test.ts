import { describe, expect, it } from 'vitest';
import { applyTextFixes } from '../../diagnostics/fix-application.ts';
import { check, ENROLLMENT, locationCreate, programCreate, PROTOCOL, SEASON } from './test-helpers.ts';

describe('EN004 id-not-uuid', () => {
  it('accepts lowercase and uppercase UUIDs', () => {
    expect(check('EN004', programCreate())).toEqual([]);
    expect(
      check('EN004', programCreate({ experimentProtocolId: PROTOCOL.toUpperCase(), temporalEntity: SEASON })),
    ).toEqual([]);
    expect(check('EN004', { method: 'GET', path: `/v5/enrollments/${ENROLLMENT.toUpperCase()}` })).toEqual(
      [],
    );
  });

  it('reports a body id that is not a UUID, at the value', () => {
    const ds = check(
      'EN004',
      locationCreate({
        experimentId: 'trial-7',
        locationId: 12,
        experimentLocationStatus: 'NOMINATED',
        temporalEntity: SEASON,
      }),
    );
    expect(ds.map((d) => d.message)).toEqual([
      'experimentId "trial-7" is not a UUID (8-4-4-4-12 hexadecimal digits)',
      'locationId must be a UUID string, but this is a number',
    ]);
    expect(ds[0]?.location.path).toEqual(['body', 'experimentId']);
  });

  it('fixes a UUID in braces safely', () => {
    const text = JSON.stringify(
      programCreate({ experimentProtocolId: `{${PROTOCOL}}`, temporalEntity: SEASON }),
    );
    const [d] = check('EN004', text);
    expect(JSON.parse(applyTextFixes(text, [d!]).text).body.experimentProtocolId).toBe(PROTOCOL);
  });

  it('reports ids in the path and in query parameters', () => {
    expect(check('EN004', { method: 'DELETE', path: '/v5/enrollments/42' })[0]?.message).toBe(
      'The enrollment id "42" in the path is not a UUID',
    );
    const [q] = check('EN004', {
      method: 'GET',
      path: '/v5/enrollments',
      query: { experimentProtocolId: 'abc' },
      headers: { 'x-enrollment-type': 'program' },
    });
    expect(q?.location.path).toEqual(['query', 'experimentProtocolId']);
  });
});
