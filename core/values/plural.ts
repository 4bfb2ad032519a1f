import { formatCount } from './format-count.ts';

/**
 * "1 file", "2 files", "3,000 rows": a count, grouped in threes as every count a person reads is, and its
 * noun in agreement (the plural form when it is not -s).
 */
export function plural(n: number, one: string, other = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : other}`;
}
