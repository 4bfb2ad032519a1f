import { describe, expect, it } from 'vitest';
import {
  check,
  EXPERIMENT,
  LOCATION,
  locationCreate,
  programCreate,
  PROTOCOL,
  SEASON,
} from './test-helpers.ts';

describe('EN005 field-of-other-enrollment-type', () => {
  it('accepts bodies that match their header', () => {
    expect(check('EN005', programCreate())).toEqual([]);
    expect(check('EN005', locationCreate())).toEqual([]);
  });

  it('reports location fields in an enrollment by program', () => {
    const ds = check(
      'EN005',
      programCreate({
        experimentProtocolId: PROTOCOL,
        experimentId: EXPERIMENT,
        locationId: LOCATION,
        temporalEntity: SEASON,
      }),
    );
    expect(ds.map((d) => d.message)).toEqual([
      'experimentId belongs to an enrollment by location, but this request is by program (x-enrollment-type: program)',
      'locationId belongs to an enrollment by location, but this request is by program (x-enrollment-type: program)',
    ]);
    expect(ds[0]?.location.path).toEqual(['body', 'experimentId']);
  });

  it('reports experimentProtocolId in an update by location', () => {
    const [d] = check('EN005', {
      method: 'PUT',
      path: '/v5/enrollments/c0ffee00-1234-4abc-8def-0123456789ab',
      headers: { 'x-enrollment-type': 'location' },
      body: { experimentProtocolId: PROTOCOL },
    });
    expect(d?.code).toBe('EN005');
    expect(d?.hint).toContain('set x-enrollment-type to program');
  });
});
