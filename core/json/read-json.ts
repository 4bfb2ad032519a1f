import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { LineIndex } from '../diagnostics/text-position.ts';
import { DiagnosticCollector } from '../rules/reporter.ts';
import type { RuleSelection } from '../rules/selection.ts';
import { jsonSyntax } from './json-rules.ts';
import { parseJson, type JsonNode, type JsonSyntaxError } from './json-document.ts';

export interface ReadJsonResult {
  root?: JsonNode;
  lines: LineIndex;
  diagnostics: Diagnostic[];
}

/**
 * JS001 for a syntax error at its real position, or (no error given) for a document with nothing but
 * whitespace. `lines` places the error's offset (a whole text's index, or a stream's window).
 */
export function reportJsonSyntax(
  collector: DiagnosticCollector,
  lines: LineIndex,
  error: JsonSyntaxError | undefined,
): void {
  if (!error) {
    collector.report(jsonSyntax, { messageId: 'empty', location: { range: lines.range(0, 0) } });
    return;
  }
  const { offset, length, message, expected } = error;
  collector.report(jsonSyntax, {
    messageId: 'syntax',
    data: { detail: message },
    location: { range: lines.range(offset, offset + length) },
    hint: `Insert or correct the text here so that ${expected} follows.`,
  });
}

/** Parse JSON text; a syntax error becomes a JS001 diagnostic at its real position. */
export function readJson(text: string, selection: RuleSelection = {}): ReadJsonResult {
  const lines = new LineIndex(text);
  const collector = new DiagnosticCollector(selection);
  if (text.trim() === '' || text.trim() === '\ufeff') {
    reportJsonSyntax(collector, lines, undefined);
    return { lines, diagnostics: collector.diagnostics };
  }
  const parsed = parseJson(text);
  if (!parsed.ok) {
    reportJsonSyntax(collector, lines, parsed.error);
    return { lines, diagnostics: collector.diagnostics };
  }
  return { root: parsed.root, lines, diagnostics: collector.diagnostics };
}
