/**
 * A big multipolygon is checked group by group where its polygons are apart (checkGroupsApart): the same
 * issues as one check of the whole, below the listing caps. Random multipolygons of cells on a grid (each a
 * valid square, or one of the faults below), some cells holding two polygons that overlap or nest.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../test/support/seeded-random.ts';
import { findValidityIssues, groupsApart, type ValidityIssue } from './validity.ts';

type Rings = Float64Array[];
const ring = (points: number[][]): Float64Array => Float64Array.from(points.flat());
const square = (x: number, y: number, s: number): number[][] => [
  [x, y],
  [x + s, y],
  [x + s, y + s],
  [x, y + s],
  [x, y],
];

/** One cell's polygons at (x, y), 1 unit wide: a fault chosen by `kind`. */
function cell(kind: number, x: number, y: number): Rings[] {
  switch (kind) {
    case 0: // valid
      return [[ring(square(x, y, 1))]];
    case 1: // bow-tie
      return [
        [
          ring([
            [x, y],
            [x + 1, y + 1],
            [x + 1, y],
            [x, y + 1],
            [x, y],
          ]),
        ],
      ];
    case 2: // repeated point
      return [
        [
          ring([
            [x, y],
            [x + 1, y],
            [x + 1, y],
            [x + 1, y + 1],
            [x, y + 1],
            [x, y],
          ]),
        ],
      ];
    case 3: // hole outside its shell (still inside the cell)
      return [[ring(square(x, y, 0.5)), ring(square(x + 0.6, y + 0.6, 0.3))]];
    case 4: // nested holes
      return [
        [ring(square(x, y, 1)), ring(square(x + 0.1, y + 0.1, 0.8)), ring(square(x + 0.2, y + 0.2, 0.3))],
      ];
    case 5: // two polygons of the cell overlapping
      return [[ring(square(x, y, 0.6))], [ring(square(x + 0.3, y + 0.3, 0.6))]];
    case 6: // a polygon nested in another
      return [[ring(square(x, y, 1))], [ring(square(x + 0.2, y + 0.2, 0.3))]];
    case 7: // too few points
      return [
        [
          ring([
            [x, y],
            [x + 1, y],
            [x, y],
          ]),
        ],
      ];
    case 8: // a hole touching the shell at two points: a disconnected interior
      return [
        [
          ring(square(x, y, 1)),
          ring([
            [x, y + 0.5],
            [x + 0.5, y + 0.2],
            [x + 1, y + 0.5],
            [x + 0.5, y + 0.8],
            [x, y + 0.5],
          ]),
        ],
      ];
    default: // NaN coordinate
      return [
        [
          ring([
            [x, y],
            [x + 1, y],
            [NaN, y + 1],
            [x, y + 1],
            [x, y],
          ]),
        ],
      ];
  }
}

/**
 * An issue as both ways must agree on it. A disconnected interior is reported once, at a touch found first:
 * which polygon and touch come first depends on the order of the sweep, which grouping changes.
 */
const comparable = (issue: ValidityIssue): unknown =>
  issue.kind === 'disconnected-interior' ? { kind: issue.kind, severity: issue.severity } : issue;

describe('validity of a multipolygon checked group by group', () => {
  it('finds the groups of polygons that are apart, and none where envelopes chain', () => {
    const cells = [0, 1, 2].flatMap((i) => cell(0, i * 2, 0));
    expect(groupsApart(cells)).toEqual([[0], [1], [2]]);
    // Touching envelopes are one group.
    expect(groupsApart([[ring(square(0, 0, 1))], [ring(square(1, 0, 1))], [ring(square(5, 5, 1))]])).toEqual([
      [0, 1],
      [2],
    ]);
  });

  it('gives the issues one check of the whole gives, for 300 random multipolygons', () => {
    const random = seededRandom(20261124);
    const kinds = new Set<string>();
    for (let round = 0; round < 300; round++) {
      const polygons: Rings[] = [];
      const cells = 2 + Math.floor(random() * 12);
      // Mostly valid cells and one or two faults, so that later checks run too; sometimes many faults.
      const faultRate = random() < 0.3 ? 0.6 : 0.12;
      for (let c = 0; c < cells; c++) {
        const kind = random() < faultRate ? 1 + Math.floor(random() * 9) : 0;
        polygons.push(...cell(kind, (c % 4) * 3, Math.floor(c / 4) * 3));
      }
      const whole = findValidityIssues(polygons, { groupsAbove: Infinity });
      const grouped = findValidityIssues(polygons, { groupsAbove: 0 });
      expect(grouped.map(comparable), `round ${round}`).toEqual(whole.map(comparable));
      for (const issue of whole) kinds.add(issue.kind);
    }
    // Every stage's faults came up.
    expect([...kinds].sort()).toEqual(
      [
        'disconnected-interior',
        'hole-outside-shell',
        'invalid-coordinate',
        'nested-holes',
        'nested-polygons',
        'overlapping-polygons',
        'repeated-point',
        'self-intersection',
        'too-few-points',
      ].sort(),
    );
  });

  it('caps each kind as one list does', () => {
    const polygons = Array.from({ length: 30 }, (_, c) => cell(2, c * 3, 0)).flat();
    const whole = findValidityIssues(polygons, { groupsAbove: Infinity, maxIssues: 7 });
    const grouped = findValidityIssues(polygons, { groupsAbove: 0, maxIssues: 7 });
    expect(grouped).toHaveLength(7);
    expect(grouped).toEqual(whole);
  });
});
