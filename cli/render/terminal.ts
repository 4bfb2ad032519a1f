import {
  countBySeverity,
  describeLocation,
  formatCount,
  formatPath,
  sortDiagnostics,
  type Diagnostic,
  type CheckedFileReport,
  type Severity,
} from '../../core/index.ts';
import { LineIndex } from '../../core/diagnostics/text-position.ts';
import { plural } from '../../core/values/plural.ts';
import { sourceLineForFrame, terminalSafe } from './terminal-text.ts';

export interface RenderOptions {
  color: boolean;
}

const codes = { red: 31, yellow: 33, blue: 34, dim: 2, bold: 1, cyan: 36, green: 32 } as const;
type Style = keyof typeof codes;

function painter(color: boolean): (style: Style, text: string) => string {
  return (style, text) => (color ? `\u001b[${codes[style]}m${text}\u001b[0m` : text);
}

const severityStyle: Record<Severity, Style> = { error: 'red', warning: 'yellow', info: 'blue' };
const MAX_LINE = 160;

/** The lines of a file a code frame reads: a LineIndex of its text, or lines read again from the file. */
export interface SourceLines {
  readonly lineCount: number;
  lineText(line: number): string;
  /** Whether a line can be shown (lines read again from a stream are kept only near the ones asked for). */
  has?(line: number): boolean;
}

/** A few lines of source around the range, with the range underlined (like a compiler's code frame). */
function codeFrame(
  lines: SourceLines,
  d: Diagnostic,
  paint: (style: Style, text: string) => string,
): string[] {
  const range = d.location.range;
  // No range, or its line is no longer at hand (a file read again forward only): no frame.
  if (!range || lines.has?.(range.start.line) === false) return [];
  // A line read again is kept cut (cli/io/source-lines.ts, 1 MiB): a column past its end would frame
  // text from elsewhere on the line under a caret that is not there. The location says where.
  if (range.start.column - 1 > lines.lineText(range.start.line).length) return [];
  const first = Math.max(1, range.start.line - 1);
  const last = Math.min(lines.lineCount, range.start.line + 1);
  const width = String(last).length;
  const out: string[] = [];
  for (let line = first; line <= last; line++) {
    const full = lines.lineText(line);
    // Very long lines (a WKT polygon on one line): show a window around the column.
    const col = line === range.start.line ? range.start.column : 1;
    const shift = full.length > MAX_LINE ? Math.max(0, Math.min(col - 40, full.length - MAX_LINE)) : 0;
    const window = full.slice(shift, shift + MAX_LINE);
    const before = shift > 0 ? '…' : '';
    const after = shift + window.length < full.length ? '…' : '';
    const { shown, columns } = sourceLineForFrame(window);
    const marker = line === range.start.line ? '>' : ' ';
    out.push(`${paint('dim', `${marker} ${String(line).padStart(width)} |`)} ${before}${shown}${after}`);
    if (line === range.start.line) {
      // Offsets within the window, then display columns (wide characters, escapes, tabs).
      const at = (offset: number): number => {
        const i = Math.max(0, Math.min(offset, window.length));
        return (columns[i] ?? 0) + before.length;
      };
      const startAt = at(range.start.column - 1 - shift);
      const endOffset = range.end.line === line ? range.end.column - 1 - shift : window.length;
      const endAt = Math.max(at(endOffset), startAt + 1);
      const underline = ' '.repeat(startAt) + '^'.repeat(Math.min(endAt - startAt, MAX_LINE));
      out.push(`${paint('dim', `  ${' '.repeat(width)} |`)} ${paint(severityStyle[d.severity], underline)}`);
    }
  }
  return out;
}

export function renderReport(
  report: CheckedFileReport,
  options: RenderOptions,
  source?: SourceLines,
): string {
  const paint = painter(options.color);
  const lines = source ?? (report.text !== undefined ? new LineIndex(report.text) : undefined);
  // Everything below that comes from the input (names, values, paths, messages quoting it) is made safe.
  const file = terminalSafe(report.file);
  const safe = (text: string): string => terminalSafe(text, { layout: true });
  const out: string[] = [];
  for (const d of sortDiagnostics(report.diagnostics)) {
    const pos = d.location.range ? `:${d.location.range.start.line}:${d.location.range.start.column}` : '';
    const where = describeLocation(d.location);
    out.push(
      `${paint('bold', `${file}${pos}`)}  ${paint(severityStyle[d.severity], d.severity)}  ${paint('cyan', d.code)}  ${safe(d.message)}  ${paint('dim', `[${d.rule}]`)}`,
    );
    if (where && !d.location.range) out.push(`  ${paint('dim', 'at')} ${terminalSafe(where)}`);
    else if (d.location.path && d.location.path.length > 0)
      out.push(`  ${paint('dim', 'at')} ${terminalSafe(formatPath(d.location.path))}`);
    if (lines) out.push(...codeFrame(lines, d, paint).map((l) => `  ${l}`));
    for (const r of d.related ?? []) {
      // A related place in another file (the file a CSV row names) is shown with that file's name.
      const rfile = r.location.file !== undefined ? terminalSafe(r.location.file) : file;
      const described = terminalSafe(describeLocation(r.location));
      const rpos = r.location.range
        ? `${rfile}:${r.location.range.start.line}:${r.location.range.start.column}`
        : r.location.file !== undefined
          ? [rfile, described].filter((p) => p !== '').join(', ')
          : described;
      if (rpos === '') continue;
      out.push(`  ${paint('dim', 'see')} ${rpos} (${safe(r.message)})`);
    }
    if (d.hint) out.push(`  ${paint('green', 'hint:')} ${safe(d.hint)}`);
    if (d.fix) {
      const change =
        d.fix.before !== undefined && d.fix.after !== undefined
          ? `: ${terminalSafe(truncate(d.fix.before))} → ${terminalSafe(truncate(d.fix.after))}`
          : '';
      // The id names the fix for `fix --fix-only`, without a JSON report to look it up in.
      const id = d.id !== undefined ? `, ${d.id}` : '';
      out.push(
        `  ${paint('green', `fix (${d.fix.safety}${id}):`)} ${safe(d.fix.title)}${d.fix.title.includes(d.fix.after ?? '\u0000') ? '' : change}`,
      );
    } else if (d.fixOn !== undefined) {
      out.push(`  ${paint('green', 'fix:')} the fix of ${d.fixOn} mends this too`);
    }
    out.push('');
  }
  return out.join('\n');
}

/** "1 file", "2 files" (the core's, for the commands that import it from here). */
export { plural };

function truncate(s: string, max = 80): string {
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

/** "2 errors, 1 warning, 3 info": the counts of a set of diagnostics. */
export function describeCounts(c: Record<Severity, number>): string {
  return `${plural(c.error, 'error')}, ${plural(c.warning, 'warning')}, ${formatCount(c.info)} info`;
}

/**
 * The fixes a report offers, by safety, and what the run did with them: `check` applied none, `fix` the
 * safe ones, `fix-unsafe` every one (what is left was not applied for a reason the report gives).
 */
export interface OfferedFixes {
  safe: number;
  unsafe: number;
  run?: 'check' | 'fix' | 'fix-unsafe';
}

export function renderSummary(
  reports: readonly CheckedFileReport[],
  options: RenderOptions,
  run: OfferedFixes['run'] = 'check',
): string {
  const all = reports.flatMap((r) => r.diagnostics);
  const fixes = { safe: 0, unsafe: 0, run };
  for (const d of all) if (d.fix) fixes[d.fix.safety]++;
  return renderCountsSummary(reports.length, countBySeverity(all), fixes, options);
}

/** The summary line from counts (a report whose diagnostics were written as they came holds none). */
export function renderCountsSummary(
  files: number,
  c: Record<Severity, number>,
  fixes: OfferedFixes,
  options: RenderOptions,
): string {
  const paint = painter(options.color);
  if (c.error + c.warning + c.info === 0)
    return paint('green', `✓ ${plural(files, 'file')} checked, no problems`);
  const text = `${plural(files, 'file')} checked: ${describeCounts(c)}`;
  // Fixes, not problems: one fix may mend several problems (every repeated point of a geometry, say).
  const safeFixes = fixes.safe;
  // Unsafe fixes too: a `fix` that writes nothing for want of --unsafe-fixes must say what would.
  const unsafeFixes = fixes.run === 'fix-unsafe' ? 0 : fixes.unsafe;
  const unsafeOption = fixes.run === 'fix' ? '--unsafe-fixes' : '--fix --unsafe-fixes';
  const unsafeNote = `${plural(unsafeFixes, 'unsafe fix', 'unsafe fixes')} (${unsafeFixes === 1 ? 'a guess that states its assumption' : 'guesses that state their assumptions'}; check the result)`;
  const fixNote =
    safeFixes > 0
      ? `\n${plural(safeFixes, 'safe fix', 'safe fixes')} can be applied with --fix${unsafeFixes > 0 ? `, and ${unsafeNote} with ${unsafeOption}` : ''}.`
      : unsafeFixes > 0
        ? `\n${unsafeNote} can be applied with ${unsafeOption}.`
        : '';
  // Only notes: nothing to warn about, so no warning sign.
  const line =
    c.error > 0
      ? paint('red', `✖ ${text}`)
      : c.warning > 0
        ? paint('yellow', `⚠ ${text}`)
        : paint('blue', `ℹ ${text}`);
  return line + fixNote;
}
