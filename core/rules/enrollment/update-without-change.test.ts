import { describe, expect, it } from 'vitest';
import { check, ENROLLMENT, LOCATION, PROTOCOL, SEASON } from './test-helpers.ts';

const update = (type: string, body: object, extra: object = {}) => ({
  method: 'PUT',
  path: `/v5/enrollments/${ENROLLMENT}`,
  headers: { 'x-enrollment-type': type },
  body,
  ...extra,
});

describe('EN007 update-without-change', () => {
  it('accepts an update that sends a new program or a new season', () => {
    expect(check('EN007', update('program', { experimentProtocolId: PROTOCOL }))).toEqual([]);
    expect(check('EN007', update('location', { locationId: LOCATION }))).toEqual([]);
    expect(
      check(
        'EN007',
        update(
          'program',
          { temporalEntity: SEASON },
          {
            current: {
              experimentProtocolId: PROTOCOL,
              temporalEntity: { ...SEASON, id: 'b7f0b1de-0000-4000-8000-000000000000' },
            },
          },
        ),
      ),
    ).toEqual([]);
  });

  it('reports an update with nothing to change', () => {
    const [d] = check('EN007', update('program', {}));
    expect(d?.message).toBe(
      'Update by program changes nothing: the body has none of experimentProtocolId, temporalEntity',
    );
    // experimentLocationStatus alone is not a change the spec lists.
    expect(check('EN007', update('location', { experimentLocationStatus: 'NOMINATED' }))[0]?.messageId).toBe(
      'nothingToChange',
    );
  });

  it('reports an update equal to the current enrollment (UUIDs compared without case)', () => {
    const [d] = check(
      'EN007',
      update(
        'program',
        { experimentProtocolId: PROTOCOL.toUpperCase(), temporalEntity: SEASON },
        { current: { experimentProtocolId: PROTOCOL, temporalEntity: SEASON } },
      ),
    );
    expect(d?.message).toBe(
      'Update by program changes nothing: experimentProtocolId, temporalEntity equal the enrollment as it is now',
    );
  });

  it('reports an update without the enrollment id in the path', () => {
    const ds = check('EN007', {
      ...update('program', { experimentProtocolId: PROTOCOL }),
      path: '/v5/enrollments/',
    });
    expect(ds.map((d) => d.messageId)).toEqual(['noIdInPath']);
  });
});
