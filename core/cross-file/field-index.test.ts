import { describe, expect, it } from 'vitest';
import type { Bbox } from '../planar/rings.ts';
import { seededRandom } from '../../test/support/seeded-random.ts';
import { FieldIndex, type IndexedField } from './field-index.ts';

/** A square field of `size` degrees with its south-west corner at (x, y). */
function squareField(n: number, x: number, y: number, size: number): IndexedField {
  const ring = Float64Array.of(x, y, x + size, y, x + size, y + size, x, y + size, x, y);
  return {
    file: 'fields.csv',
    order: 0,
    field: { feature: n, label: `Row ${n}`, location: {}, polygons: [[ring]] },
    bbox: [x, y, x + size, y + size],
  };
}

/** The answer by definition: every field's box distance, sorted, ties in the order added. */
function nearestByScan(all: readonly IndexedField[], box: Bbox, count: number): IndexedField[] {
  const xScale = Math.cos((((box[1] + box[3]) / 2) * Math.PI) / 180);
  return all
    .map((f, i) => {
      const dx = Math.max(0, f.bbox[0] - box[2], box[0] - f.bbox[2]) * xScale;
      const dy = Math.max(0, f.bbox[1] - box[3], box[1] - f.bbox[3]);
      return { f, i, d: dx * dx + dy * dy };
    })
    .sort((a, b) => a.d - b.d || a.i - b.i)
    .slice(0, count)
    .map((e) => e.f);
}

describe('FieldIndex.nearest', () => {
  it('gives the fields a scan of every field gives, for points near, among and far from the fields', () => {
    const next = seededRandom(7);
    const index = new FieldIndex();
    // A farm region of small fields, a few duplicates (ties), and one field too big for the grid.
    for (let i = 0; i < 3000; i++) {
      const x = -93.6 + next() * 0.8;
      const y = 41.9 + next() * 0.6;
      index.add(squareField(i, x, y, 0.002 + next() * 0.01));
      if (i % 500 === 0) index.add(squareField(i + 100_000, x, y, 0.005));
    }
    index.add(squareField(999_999, -100, 30, 10));
    const queries: Bbox[] = [];
    for (let i = 0; i < 300; i++) {
      const x = -94 + next() * 1.6;
      const y = 41.5 + next() * 1.4;
      queries.push([x, y, x, y]);
    }
    queries.push(
      [10, 50, 10, 50],
      [-93.3, 42.1, -93.1, 42.3],
      [-179, -89, -179, -89],
      [-93.2, 42, -93.2, 42],
    );
    for (const box of queries)
      for (const count of [1, 5])
        expect(index.nearest(box, count).map((f) => f.field.label)).toEqual(
          nearestByScan(index.all, box, count).map((f) => f.field.label),
        );
  });

  it('gives every field when there are fewer than asked for', () => {
    const index = new FieldIndex();
    index.add(squareField(1, 0, 0, 0.01));
    index.add(squareField(2, 5, 5, 0.01));
    expect(index.nearest([1, 1, 1, 1], 5).map((f) => f.field.label)).toEqual(['Row 1', 'Row 2']);
  });
});
