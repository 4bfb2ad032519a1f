import type { Diagnostic, Severity } from '../../core/diagnostics/diagnostic.ts';
import { countBySeverity, sortDiagnostics } from '../../core/diagnostics/diagnostic.ts';
import { LineIndex } from '../../core/diagnostics/text-position.ts';
import type { FileReport } from '../../core/formats/file-kind.ts';
import { describeLocation, formatPath } from '../../core/report/describe-location.ts';

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

/** A few lines of source around the range, with the range underlined (like a compiler's code frame). */
export function codeFrame(
  lines: LineIndex,
  d: Diagnostic,
  paint: (style: Style, text: string) => string,
): string[] {
  const range = d.location.range;
  if (!range) return [];
  const first = Math.max(1, range.start.line - 1);
  const last = Math.min(lines.lineCount, range.start.line + 1);
  const width = String(last).length;
  const out: string[] = [];
  for (let line = first; line <= last; line++) {
    let text = lines.lineText(line);
    let shift = 0;
    if (text.length > MAX_LINE) {
      // Very long lines (a WKT polygon on one line): show a window around the column.
      const col = line === range.start.line ? range.start.column : 1;
      shift = Math.max(0, Math.min(col - 40, text.length - MAX_LINE));
      text =
        (shift > 0 ? '…' : '') +
        text.slice(shift, shift + MAX_LINE) +
        (shift + MAX_LINE < text.length ? '…' : '');
      if (shift > 0) shift -= 1;
    }
    const marker = line === range.start.line ? '>' : ' ';
    out.push(`${paint('dim', `${marker} ${String(line).padStart(width)} |`)} ${text}`);
    if (line === range.start.line) {
      const startCol = range.start.column - shift;
      const endCol =
        range.end.line === line ? Math.max(range.end.column - shift, startCol + 1) : text.length + 1;
      const underline =
        ' '.repeat(Math.max(0, startCol - 1)) +
        '^'.repeat(Math.max(1, Math.min(endCol - startCol, MAX_LINE)));
      out.push(`${paint('dim', `  ${' '.repeat(width)} |`)} ${paint(severityStyle[d.severity], underline)}`);
    }
  }
  return out;
}

export function renderReport(report: FileReport, options: RenderOptions): string {
  const paint = painter(options.color);
  const lines = report.text !== undefined ? new LineIndex(report.text) : undefined;
  const out: string[] = [];
  for (const d of sortDiagnostics(report.diagnostics)) {
    const pos = d.location.range ? `:${d.location.range.start.line}:${d.location.range.start.column}` : '';
    const where = describeLocation(d.location);
    out.push(
      `${paint('bold', `${report.file}${pos}`)}  ${paint(severityStyle[d.severity], d.severity)}  ${paint('cyan', d.code)}  ${d.message}  ${paint('dim', `[${d.rule}]`)}`,
    );
    if (where && !d.location.range) out.push(`  ${paint('dim', 'at')} ${where}`);
    else if (d.location.path && d.location.path.length > 0)
      out.push(`  ${paint('dim', 'at')} ${formatPath(d.location.path)}`);
    if (lines) out.push(...codeFrame(lines, d, paint).map((l) => `  ${l}`));
    for (const r of d.related ?? []) {
      const rpos = r.location.range
        ? `${report.file}:${r.location.range.start.line}:${r.location.range.start.column}`
        : describeLocation(r.location);
      out.push(`  ${paint('dim', 'see')} ${rpos} (${r.message})`);
    }
    if (d.hint) out.push(`  ${paint('green', 'hint:')} ${d.hint}`);
    if (d.fix) {
      const change =
        d.fix.before !== undefined && d.fix.after !== undefined
          ? `: ${truncate(d.fix.before)} → ${truncate(d.fix.after)}`
          : '';
      out.push(
        `  ${paint('green', `fix (${d.fix.safety}):`)} ${d.fix.title}${d.fix.title.includes(d.fix.after ?? '\u0000') ? '' : change}`,
      );
    }
    out.push('');
  }
  return out.join('\n');
}

/** "1 file", "2 files". */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function truncate(s: string, max = 80): string {
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

export function renderSummary(reports: readonly FileReport[], options: RenderOptions): string {
  const paint = painter(options.color);
  const all = reports.flatMap((r) => r.diagnostics);
  const c = countBySeverity(all);
  const fixable = all.filter((d) => d.fix?.safety === 'safe').length;
  if (all.length === 0) return paint('green', `✓ ${plural(reports.length, 'file')} checked, no problems`);
  const text = `${plural(reports.length, 'file')} checked: ${plural(c.error, 'error')}, ${plural(c.warning, 'warning')}, ${c.info} info`;
  const fixNote = fixable > 0 ? `\n${plural(fixable, 'problem')} can be fixed safely with --fix.` : '';
  return (c.error > 0 ? paint('red', `✖ ${text}`) : paint('yellow', `⚠ ${text}`)) + fixNote;
}
