/**
 * Upload groups in the plan: the fields of one receiving user share an upload only within their group (the
 * app gives each file its own), so a refused upload fails only its own group's rows.
 */
import { describe, expect, it } from 'vitest';
import { planBatch, type BatchRow } from '../../core/index.ts';

const field = (row: number, name: string, uploadGroup?: string): BatchRow => ({
  row,
  columns: { name },
  diagnostics: [],
  operation: {
    call: 'uploadFields',
    userName: 'jsmith',
    fields: [{ clientName: 'C', farmName: 'F', name, boundary: 'POLYGON ((0 0, 1 0, 1 1, 0 0))' }],
  },
  ...(uploadGroup === undefined ? {} : { uploadGroup }),
});

describe('upload groups', () => {
  it('puts one user’s fields in one upload when no group is given', () => {
    const planned = planBatch([field(1, 'a'), field(2, 'b'), field(3, 'c')], {
      source: { name: 't', kind: 'test' },
    });
    expect(planned.ok && planned.plan.steps.map((s) => s.rows)).toEqual([[1, 2, 3]]);
  });

  it('gives each group its own upload, in the order the groups first appear', () => {
    const planned = planBatch([field(1, 'a', '0'), field(2, 'b', '1'), field(3, 'c', '0')], {
      source: { name: 't', kind: 'test' },
    });
    if (!planned.ok) throw new Error(planned.message);
    expect(planned.plan.steps.map((s) => s.rows)).toEqual([[1, 3], [2]]);
    expect(
      planned.plan.steps.map((s) =>
        s.operation.call === 'uploadFields' ? s.operation.fields.map((f) => f.name) : [],
      ),
    ).toEqual([['a', 'c'], ['b']]);
  });
});
