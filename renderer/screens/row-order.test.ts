import { describe, expect, it } from 'vitest';
import { orderRows, textSortKey, type RowQuery } from './row-order.ts';

interface Row {
  name: string;
  acres: number;
  problems: number;
}

const rows: Row[] = Array.from({ length: 50_000 }, (_, i) => ({
  name: `Field ${(i * 7919) % 50_000}`,
  acres: (i * 104729) % 997,
  problems: i % 13 === 0 ? 1 : 0,
}));
const matches = {
  hasProblem: (r: Row) => r.problems > 0,
  contains: (r: Row, needle: string) => r.name.toLowerCase().includes(needle),
};

async function order(query: RowQuery<Row>, signal?: AbortSignal) {
  let yields = 0;
  const result = await orderRows(rows, query, matches, async () => void yields++, signal);
  return { result, yields };
}

describe('the rows the grid shows, worked out a slice at a time', () => {
  it('sorts as one stable sort does (ties in the file’s order), yielding between slices', async () => {
    const { result, yields } = await order({
      onlyProblems: false,
      needle: '',
      sort: { valueOf: (r) => r.acres, descending: true },
    });
    const expected = rows.map((_, i) => i).sort((a, b) => rows[b]!.acres - rows[a]!.acres || a - b);
    expect(result).toEqual(expected);
    expect(yields).toBeGreaterThan(5);
  });

  it('sorts text numerically within it ("Field 9" before "Field 10"), and filters before sorting', async () => {
    const { result } = await order({
      onlyProblems: true,
      needle: 'field 1',
      sort: { valueOf: (r) => r.name, descending: false },
    });
    const names = result!.map((i) => rows[i]!.name);
    expect(names.length).toBeGreaterThan(0);
    expect(result!.every((i) => rows[i]!.problems > 0 && rows[i]!.name.startsWith('Field 1'))).toBe(true);
    const numbers = names.map((n) => Number(n.slice(6)));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(result).toHaveLength(rows.filter((r) => r.problems > 0 && r.name.startsWith('Field 1')).length);
  });

  it('keeps the file’s order without a sort, and stops when a newer request cancels it', async () => {
    const { result } = await order({ onlyProblems: true, needle: '' });
    expect(result).toEqual(rows.flatMap((r, i) => (r.problems > 0 ? [i] : [])));
    const abort = new AbortController();
    abort.abort();
    expect((await order({ onlyProblems: false, needle: '' }, abort.signal)).result).toBeUndefined();
  });

  it('orders text as people read it and numbers as numbers', async () => {
    const cells = ['Field 10', 'field 9', 'Été 2', 'ete 10', '12.5', '12.25', '', 'lots', '-3'];
    const { result } = await (async () => ({
      result: await orderRows(
        cells,
        { onlyProblems: false, needle: '', sort: { valueOf: (c) => c, descending: false } },
        { hasProblem: () => true, contains: () => true },
        async () => undefined,
      ),
    }))();
    expect(result!.map((i) => cells[i])).toEqual([
      '-3',
      '12.25',
      '12.5',
      '',
      'Été 2',
      'ete 10',
      'field 9',
      'Field 10',
      'lots',
    ]);
    expect(textSortKey('Field 007') < textSortKey('field 10')).toBe(true);
  });
});
