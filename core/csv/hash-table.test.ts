import { describe, expect, it } from 'vitest';
import { RowHashTable } from './hash-table.ts';

describe('RowHashTable', () => {
  it('keeps the first row and payload of each 53-bit hash through growth', () => {
    const table = new RowHashTable();
    const hashes: number[] = [];
    for (let i = 0; i < 5000; i++) hashes.push(Math.floor(Math.random() * 2 ** 53));
    hashes.forEach((h, i) => table.add(h, i + 1, i * 7));
    hashes.forEach((h) => table.add(h, 99999, 1));
    expect(table.size).toBe(new Set(hashes).size);
    for (const h of hashes) {
      const first = hashes.indexOf(h);
      expect(table.get(h)).toEqual({ row: first + 1, payload: (first * 7) | 0 });
    }
    expect(table.get(2 ** 53 - 1 - 12345)).toBeUndefined();
  });
  it('keeps a second payload through growth when given one', () => {
    const table = new RowHashTable();
    for (let i = 0; i < 3000; i++) table.add(i * 7919 + 2 ** 41, i + 1, i, i * 3);
    table.add(2 ** 41, 99999, 1, 5);
    expect(table.get(2 ** 41)).toEqual({ row: 1, payload: 0, extra: 0 });
    expect(table.get(2999 * 7919 + 2 ** 41)).toEqual({ row: 3000, payload: 2999, extra: 8997 });
  });
  it('tells apart hashes that differ only in their high bits', () => {
    const table = new RowHashTable();
    table.add(5, 1);
    table.add(5 + 2 ** 40, 2);
    expect(table.get(5)?.row).toBe(1);
    expect(table.get(5 + 2 ** 40)?.row).toBe(2);
  });
});
