/** An argument as a POSIX shell reads it back: as it is when plain, else in single quotes. */
export function quoteArg(arg: string): string {
  return /^[\w./:@=-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}
