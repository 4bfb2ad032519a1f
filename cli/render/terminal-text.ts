/**
 * Text from an input file, made safe and measurable for a terminal. Every renderer prints file contents,
 * values, names and messages through `terminalSafe`, so a file cannot move the cursor, retitle the window or
 * clear the screen (ESC, BEL, CSI …), and code frames measure columns as the terminal draws them.
 */

/** Short names for the C0 controls that have one; the others are written as \xHH. */
const namedEscapes: Record<number, string> = {
  0: '\\0',
  8: '\\b',
  9: '\\t',
  10: '\\n',
  11: '\\v',
  12: '\\f',
  13: '\\r',
};

/**
 * Whether a code point must not reach a terminal as is: C0 controls, DEL, C1 controls, and the invisible
 * bidirectional overrides and line separators that reorder or break what is shown ("Trojan source").
 */
function isUnsafeForTerminal(code: number): boolean {
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069) ||
    code === 0x2028 ||
    code === 0x2029
  );
}

/** The printable escape for one unsafe code point: \x1b, \t, \u202e. */
function escapeCodePoint(code: number): string {
  const named = namedEscapes[code];
  if (named !== undefined) return named;
  return code <= 0xff
    ? `\\x${code.toString(16).padStart(2, '0')}`
    : `\\u${code.toString(16).padStart(4, '0')}`;
}

// One pass over the string; the class lists exactly what isUnsafeForTerminal accepts.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE_BUT_LAYOUT = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;

/**
 * Escape what a terminal would interpret. With `layout: true`, line feeds stay (multi-line messages and
 * hints); without, they are escaped too (file names, single-line values). A tab is always escaped: quoted
 * in a message it is part of a value, and it would shift what follows.
 */
export function terminalSafe(text: string, options: { layout?: boolean } = {}): string {
  const pattern = options.layout ? UNSAFE_BUT_LAYOUT : UNSAFE;
  return text.replace(pattern, (ch) => escapeCodePoint(ch.charCodeAt(0)));
}

/** Whether a code point takes two columns in a terminal (East Asian Wide and Fullwidth, emoji). */
function isWide(code: number): boolean {
  return (
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x231a && code <= 0x231b) ||
    (code >= 0x2329 && code <= 0x232a) ||
    (code >= 0x2e80 && code <= 0x303e) ||
    (code >= 0x3041 && code <= 0x33ff) ||
    (code >= 0x3400 && code <= 0x4dbf) ||
    (code >= 0x4e00 && code <= 0x9fff) ||
    (code >= 0xa000 && code <= 0xa4cf) ||
    (code >= 0xa960 && code <= 0xa97f) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe10 && code <= 0xfe19) ||
    (code >= 0xfe30 && code <= 0xfe6f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x1f300 && code <= 0x1f64f) ||
    (code >= 0x1f900 && code <= 0x1f9ff) ||
    (code >= 0x20000 && code <= 0x3fffd)
  );
}

const ZERO_WIDTH = /^[\p{Mn}\p{Me}\u200b-\u200f\u2060-\u2064\ufeff]$/u;

/** Columns one (safe, printable) character takes: 0 for combining marks, 2 for wide ones, else 1. */
function characterWidth(ch: string): number {
  const code = ch.codePointAt(0) ?? 0;
  if (code < 0x300) return 1;
  if (ZERO_WIDTH.test(ch)) return 0;
  return isWide(code) ? 2 : 1;
}

/** Columns a string takes in a terminal once made safe. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const ch of terminalSafe(text)) width += characterWidth(ch);
  return width;
}

const TAB = '    ';

/**
 * One source line as a code frame shows it: unsafe characters escaped, tabs as four spaces, and for every
 * UTF-16 offset of the line (0 … length) the display column it starts at, so carets land under the text.
 */
export function sourceLineForFrame(line: string): { shown: string; columns: number[] } {
  // Pieces joined once: adding them one by one to a string made a chain of a node per character, and a
  // text report of 200,000 frames spent most of its time and memory on those chains.
  const pieces: string[] = [];
  const columns: number[] = [];
  let column = 0;
  let plain = true;
  for (let i = 0; i < line.length;) {
    const code = line.codePointAt(i) ?? 0;
    const units = code > 0xffff ? 2 : 1;
    const ch = line.slice(i, i + units);
    const escaped = code === 9 || isUnsafeForTerminal(code);
    const piece = code === 9 ? TAB : escaped ? escapeCodePoint(code) : ch;
    if (escaped) plain = false;
    for (let u = 0; u < units; u++) columns.push(column);
    pieces.push(piece);
    column += escaped ? piece.length : characterWidth(ch);
    i += units;
  }
  columns.push(column);
  return { shown: plain ? line : pieces.join(''), columns };
}

/**
 * JSON for stdout: JSON.stringify escapes C0 controls but leaves DEL, C1 controls and the bidi overrides
 * raw; those are written as \u escapes too, so the report parses to the same values and prints harmlessly.
 */
export function jsonForTerminal(value: unknown, indent = 2): string {
  return JSON.stringify(value, null, indent).replace(
    /[\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
