/**
 * The keyboard model of both maps' marks (problem markers, clusters, soil samples): one tab stop (the
 * last mark focused, else the first in reading order), arrows from one to the next (Home, End), Enter or
 * Space acts on it (selects its problem or sample, zooms into a cluster) and the focus then goes to the mark
 * nearest to where it was, Escape goes back to the map. The SVG map draws its marks; MapLibre's are buttons
 * over its canvas (vector-map.tsx).
 */
import { useEffect, useState, type KeyboardEvent } from 'react';

/** A mark as the keyboard goes through it: where it is (y down: reading order is top to bottom, then left to right). */
export interface KeyMark {
  key: string;
  x: number;
  y: number;
}

/** The marks in reading order. */
export function inReadingOrder<M extends KeyMark>(marks: readonly M[]): M[] {
  return [...marks].sort((a, b) => a.y - b.y || a.x - b.x);
}

/** What a key pressed on the mark at `at` of `count` does: move to a mark, act on it, or leave the marks. */
export type MarkMove = { to: number } | { act: true } | { leave: true };

export function markMove(key: string, at: number, count: number): MarkMove | undefined {
  switch (key) {
    case 'Enter':
    case ' ':
      return { act: true };
    case 'ArrowRight':
    case 'ArrowDown':
      return { to: at + 1 < count ? at + 1 : 0 };
    case 'ArrowLeft':
    case 'ArrowUp':
      return { to: at > 0 ? at - 1 : count - 1 };
    case 'Home':
      return { to: 0 };
    case 'End':
      return { to: count - 1 };
    case 'Escape':
      return { leave: true };
    default:
      return undefined;
  }
}

/** The mark nearest to a place (in the marks' units), or undefined when there are none. */
export function nearestMark<M extends KeyMark>(marks: readonly M[], x: number, y: number): M | undefined {
  let nearest: M | undefined;
  let best = Infinity;
  for (const m of marks) {
    const d = (m.x - x) ** 2 + (m.y - y) ** 2;
    if (d < best) [nearest, best] = [m, d];
  }
  return nearest;
}

interface MarkKeyOptions<M> {
  /** The element drawn for a mark, to focus. */
  element(key: string): HTMLElement | SVGElement | undefined;
  /**
   * Enter or Space on a mark; 'later' when what it does is not done yet (a zoom still to come): the caller
   * then moves the focus itself (`focusNear`) once it is.
   */
  act(mark: M): 'later' | void;
  /** Back to the map (Escape, or no mark left to focus). */
  leave(): void;
}

/**
 * The keyboard over a map's marks (in reading order). `markProps` go on each mark's element, `onMarkKey`
 * handles a key pressed on one (whether it was a mark's key); `focusNear` puts the focus on the mark
 * nearest to a place once the marks next change (or at once): after an act, the marks a zoom made.
 */
export function useMarkKeys<M extends KeyMark>(marks: readonly M[], options: MarkKeyOptions<M>) {
  const [active, setActive] = useState<string | undefined>();
  const [pending, setPending] = useState<{ x: number; y: number } | undefined>();
  const tabStop = marks.find((m) => m.key === active)?.key ?? marks[0]?.key;
  useEffect(() => {
    if (!pending) return;
    setPending(undefined);
    const nearest = nearestMark(marks, pending.x, pending.y);
    if (!nearest) return options.leave();
    setActive(nearest.key);
    options.element(nearest.key)?.focus();
    // The options are read as they are now: only a new place or new marks move the focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pending, marks]);

  function onMarkKey(event: KeyboardEvent, key: string): boolean {
    const at = marks.findIndex((m) => m.key === key);
    const move = markMove(event.key, at, marks.length);
    if (!move) return false;
    if ('to' in move) {
      const mark = marks[move.to];
      if (mark) {
        setActive(mark.key);
        options.element(mark.key)?.focus();
      }
    } else if ('act' in move) {
      const mark = marks[at];
      if (mark && options.act(mark) !== 'later') setPending({ x: mark.x, y: mark.y });
    } else options.leave();
    return true;
  }

  const markProps = (key: string) => ({
    'data-mark': key,
    tabIndex: key === tabStop ? 0 : -1,
    onFocus: () => setActive(key),
  });
  return { markProps, onMarkKey, focusNear: setPending };
}
