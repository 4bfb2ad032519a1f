/** "1 file", "2 files", "0 entries": a count and its noun in agreement (the plural form when it is not -s). */
export function plural(n: number, one: string, other = `${one}s`): string {
  return `${n} ${n === 1 ? one : other}`;
}
