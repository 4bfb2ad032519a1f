import type { Diagnostic } from '../../diagnostics/diagnostic.ts';
import type { JsonSubject } from '../../json/json-location.ts';
import { readJson } from '../../json/read-json.ts';
import { DiagnosticCollector } from '../reporter.ts';
import type { RuleSelection } from '../selection.ts';
import { temporalEntityRules } from './index.ts';

export function runTemporalEntityRules(collector: DiagnosticCollector, subject: JsonSubject): void {
  for (const rule of temporalEntityRules) collector.run(rule, subject);
}

/** Check a temporalEntity given as JSON text on its own (used by tests and `fieldgate validate`). */
export function checkTemporalEntityText(text: string, selection: RuleSelection = {}): Diagnostic[] {
  const read = readJson(text, selection);
  if (!read.root) return read.diagnostics;
  const collector = new DiagnosticCollector(selection);
  runTemporalEntityRules(collector, { node: read.root, path: [], lines: read.lines });
  return collector.diagnostics;
}
