import { describe, expect, it } from 'vitest';
import { check, EXPERIMENT, LOCATION, locationCreate, SEASON } from './test-helpers.ts';

const withStatus = (status: unknown) =>
  locationCreate({
    experimentId: EXPERIMENT,
    experimentLocationStatus: status,
    locationId: LOCATION,
    temporalEntity: SEASON,
  });

describe('EN006 experiment-location-status', () => {
  it('accepts NOMINATED', () => {
    expect(check('EN006', withStatus('NOMINATED'))).toEqual([]);
  });
  it('warns about an unknown status, fixing only the case safely', () => {
    const [lower] = check('EN006', withStatus('nominated'));
    expect([lower?.severity, lower?.fix?.safety, lower?.fix?.after]).toEqual([
      'warning',
      'safe',
      'NOMINATED',
    ]);
    const [other] = check('EN006', withStatus('ACCEPTED'));
    expect([other?.severity, other?.fix]).toEqual(['warning', undefined]);
  });
  it('reports a non-string status as an error', () => {
    expect(check('EN006', withStatus(true))[0]).toMatchObject({ severity: 'error', messageId: 'notString' });
  });
});
