import { describe, expect, it } from 'vitest';
import { check, EXP_ENROLLMENT, SEASON } from './test-helpers.ts';

const find = (id: string) => ({ method: 'GET', path: `/v5/experiments?experimentEnrollmentId=${id}` });
const create = (id: string) => ({
  method: 'POST',
  path: '/v5/experiments',
  body: { experimentEnrollmentId: id, name: 'Trial', temporalEntity: SEASON },
});

describe('EN011 experiment-create-without-find', () => {
  it('accepts find then create, comparing ids without case', () => {
    expect(check('EN011', [find(EXP_ENROLLMENT.toUpperCase()), create(EXP_ENROLLMENT)])).toEqual([]);
    expect(check('EN011', { requests: [find(EXP_ENROLLMENT), create(EXP_ENROLLMENT)] })).toEqual([]);
  });

  it('reports a create with no find before it, at its row', () => {
    const ds = check('EN011', [create(EXP_ENROLLMENT), find(EXP_ENROLLMENT)]);
    expect(ds.map((d) => [d.messageId, d.location.row, d.location.path])).toEqual([['noFind', 1, [0]]]);
  });

  it('reports a second create for the same id with both rows', () => {
    const ds = check('EN011', [find(EXP_ENROLLMENT), create(EXP_ENROLLMENT), create(EXP_ENROLLMENT)]);
    expect(ds.map((d) => d.messageId)).toEqual(['createdTwice']);
    expect(ds[0]?.location.row).toBe(3);
    expect(ds[0]?.related?.[0]?.location.row).toBe(2);
  });
});
