/**
 * Which rows the grid shows, in which order: rows with problems only, a search over every cell, a sort by
 * a column. Worked out a slice at a time, yielding between slices, so a million rows never hold the page
 * for long: filtering in slices of rows, sorting by sorting blocks and then merging them, a slice each
 * turn. A newer request cancels an older one (`signal`).
 */

/** How the rows are chosen and ordered; `column` is a function of a row (its value in the sorted column). */
export interface RowQuery<R> {
  onlyProblems: boolean;
  /** Lower-case text that some cell (or the record's name) must contain; '' for every row. */
  needle: string;
  sort?: { valueOf(row: R): string | number; descending: boolean };
}

/** Rows a slice works through before yielding (filtering, reading keys, merging). */
const SLICE = 20_000;
/** Rows of a block sorted in one go (about 60,000 comparisons: well under a frame's worth of work). */
const BLOCK = 4096;

/**
 * A text's sort key: lower case, accents dropped, each run of digits padded to one width, so that plain
 * comparison puts "Field 9" before "Field 10" (what a collator's numeric order does, at a hundredth of the
 * cost: a million rows are compared some 20 million times).
 */
export function textSortKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\d+/g, (digits) => digits.replace(/^0+(?=\d)/, '').padStart(16, '0'));
}

function compare(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The indexes of the rows shown, in order. `matches` says whether a row has a problem and whether it
 * contains the needle; `yieldNow` hands the thread back (a frame, a task). Undefined when cancelled.
 */
export async function orderRows<R>(
  rows: readonly R[],
  query: RowQuery<R>,
  matches: { hasProblem(row: R): boolean; contains(row: R, needle: string): boolean },
  yieldNow: () => Promise<void>,
  signal?: AbortSignal,
): Promise<number[] | undefined> {
  const picked: number[] = [];
  for (let start = 0; start < rows.length; start += SLICE) {
    const end = Math.min(rows.length, start + SLICE);
    for (let i = start; i < end; i++) {
      const row = rows[i]!;
      if (query.onlyProblems && !matches.hasProblem(row)) continue;
      if (query.needle && !matches.contains(row, query.needle)) continue;
      picked.push(i);
    }
    if (end < rows.length) {
      await yieldNow();
      if (signal?.aborted) return undefined;
    }
  }
  const sort = query.sort;
  if (!sort) return picked;
  // The sort keys once (a key read per comparison would read each row's cell ~20 times).
  const keys = new Array<string | number>(rows.length);
  for (let start = 0; start < picked.length; start += SLICE) {
    for (let k = start; k < Math.min(picked.length, start + SLICE); k++) {
      const value = sort.valueOf(rows[picked[k]!]!);
      // A cell that is a number sorts as one (12.25 before 12.5), before any text.
      const number = typeof value === 'number' ? value : value.trim() === '' ? NaN : Number(value);
      keys[picked[k]!] = Number.isFinite(number) ? number : textSortKey(String(value));
    }
    if (start + SLICE < picked.length) {
      await yieldNow();
      if (signal?.aborted) return undefined;
    }
  }
  const sign = sort.descending ? -1 : 1;
  // Ties keep the file's order (indexes ascending): the order is stable either way.
  const byKey = (a: number, b: number): number => sign * compare(keys[a]!, keys[b]!) || a - b;
  // Blocks sorted one per turn, then merged pairwise, a slice of output per turn.
  let runs: number[][] = [];
  for (let start = 0; start < picked.length; start += BLOCK) {
    runs.push(picked.slice(start, start + BLOCK).sort(byKey));
    if (start + BLOCK < picked.length && (start / BLOCK) % 4 === 3) {
      await yieldNow();
      if (signal?.aborted) return undefined;
    }
  }
  while (runs.length > 1) {
    const next: number[][] = [];
    for (let r = 0; r < runs.length; r += 2) {
      const a = runs[r]!;
      const b = runs[r + 1];
      if (!b) {
        next.push(a);
        continue;
      }
      const out = new Array<number>(a.length + b.length);
      let i = 0;
      let j = 0;
      let o = 0;
      while (i < a.length || j < b.length) {
        const sliceEnd = Math.min(out.length, o + SLICE);
        while (o < sliceEnd)
          out[o++] = j >= b.length || (i < a.length && byKey(a[i]!, b[j]!) <= 0) ? a[i++]! : b[j++]!;
        if (o < out.length) {
          await yieldNow();
          if (signal?.aborted) return undefined;
        }
      }
      next.push(out);
    }
    runs = next;
  }
  return runs[0] ?? [];
}
