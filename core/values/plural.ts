import { formatCount } from './format-count.ts';

/** "1 file", "2 files", "0 entries": a count and its noun in agreement (the plural form when it is not -s). */
export function plural(n: number, one: string, other = `${one}s`): string {
  return `${n} ${n === 1 ? one : other}`;
}

/** plural with the count grouped in threes, for counts that run to thousands ("3,000 rows", "1 event"). */
export function pluralCount(n: number, one: string, other = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : other}`;
}
