/**
 * The lines of a streamed file that a text report's code frames show, read again after the checks: the
 * report of a big file holds no text, and reading only the wanted lines keeps memory to those lines.
 */

/** What code frames read (cli/render/terminal.ts SourceLines): 1-based lines without their break. */
export interface ReadLines {
  readonly lineCount: number;
  lineText(line: number): string;
}

/**
 * A copy of a string that does not point into the chunk it was cut from: a slice keeps its whole decoded
 * chunk alive, so a few kept lines held most of a big file. UTF-16 keeps every code unit as it is.
 */
function detached(text: string): string {
  return Buffer.from(text, 'utf16le').toString('utf16le');
}

/** A kept line longer than this is cut (a frame shows a window of about 160 characters near its start). */
const MAX_KEPT_CHARS = 1 << 20;

/**
 * Read `wanted` lines (1-based) of a stream decoded as `encoding`; breaks are \n, \r\n and \r, as the
 * core's LineIndex counts them. Reading stops after the last wanted line.
 */
export async function readSourceLines(
  stream: ReadableStream<Uint8Array>,
  wanted: ReadonlySet<number>,
  encoding = 'utf-8',
): Promise<ReadLines> {
  const kept = new Map<number, string>();
  let last = 0;
  for (const l of wanted) last = Math.max(last, l);
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(encoding);
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  let line = 1;
  let current = '';
  let afterCr = false;
  const keep = (piece: string): void => {
    if (wanted.has(line) && current.length < MAX_KEPT_CHARS)
      current += piece.slice(0, MAX_KEPT_CHARS - current.length);
  };
  const endLine = (): void => {
    if (wanted.has(line)) kept.set(line, detached(current));
    current = '';
    line++;
  };
  const take = (text: string): void => {
    if (text.length === 0) return;
    let at = 0;
    if (afterCr && text.charCodeAt(0) === 10) at = 1;
    afterCr = false;
    while (at < text.length && line <= last) {
      const lf = text.indexOf('\n', at);
      const cr = text.indexOf('\r', at);
      const brk = lf < 0 ? cr : cr < 0 ? lf : Math.min(lf, cr);
      if (brk < 0) {
        keep(text.slice(at));
        return;
      }
      keep(text.slice(at, brk));
      endLine();
      if (text.charCodeAt(brk) === 13) {
        if (brk + 1 === text.length) afterCr = true;
        else if (text.charCodeAt(brk + 1) === 10) at = brk + 2;
        else at = brk + 1;
        if (afterCr) return;
      } else at = brk + 1;
    }
  };
  const reader = stream.getReader();
  let complete = false;
  try {
    while (line <= last) {
      const { done, value } = await reader.read();
      if (done) {
        take(decoder.decode());
        complete = true;
        break;
      }
      take(decoder.decode(value, { stream: true }));
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  // The last line has no break after it; lines after the last wanted one need not be counted exactly.
  if (complete && line <= last && wanted.has(line)) kept.set(line, detached(current));
  const lineCount = complete ? line : line + 1;
  return {
    lineCount,
    lineText: (n) => kept.get(n) ?? '',
  };
}
