import { describe, expect, it } from 'vitest';
import { inReadingOrder, markMove, nearestMark } from './mark-keys.ts';

describe("the maps' marks by keyboard", () => {
  it('go in reading order: top to bottom, then left to right', () => {
    const marks = [
      { key: 'c', x: 5, y: 20 },
      { key: 'b', x: 9, y: 10 },
      { key: 'a', x: 1, y: 10 },
    ];
    expect(inReadingOrder(marks).map((m) => m.key)).toEqual(['a', 'b', 'c']);
  });

  it('move with the arrows (round the ends), Home and End; Enter or Space acts, Escape leaves', () => {
    expect(markMove('ArrowRight', 1, 3)).toEqual({ to: 2 });
    expect(markMove('ArrowDown', 2, 3)).toEqual({ to: 0 });
    expect(markMove('ArrowLeft', 0, 3)).toEqual({ to: 2 });
    expect(markMove('ArrowUp', 2, 3)).toEqual({ to: 1 });
    expect(markMove('Home', 2, 3)).toEqual({ to: 0 });
    expect(markMove('End', 0, 3)).toEqual({ to: 2 });
    expect(markMove('Enter', 1, 3)).toEqual({ act: true });
    expect(markMove(' ', 1, 3)).toEqual({ act: true });
    expect(markMove('Escape', 1, 3)).toEqual({ leave: true });
    // Other keys (+ and − zoom the map) are not the marks'.
    expect(markMove('+', 1, 3)).toBeUndefined();
  });

  it('after an act, the focus goes to the mark nearest to where it was', () => {
    const marks = [
      { key: 'far', x: 100, y: 100 },
      { key: 'near', x: 12, y: 9 },
    ];
    expect(nearestMark(marks, 10, 10)?.key).toBe('near');
    expect(nearestMark([], 10, 10)).toBeUndefined();
  });
});
