import type { Diagnostic, Location } from '../../diagnostics/diagnostic.ts';
import { DiagnosticCollector } from '../reporter.ts';
import type { RuleSelection } from '../selection.ts';
import { sampleDateRules } from './index.ts';
import type { SampleDateSubject } from './sample-date-subject.ts';

export interface CheckSampleDateOptions {
  now?: Date;
  selection?: RuleSelection;
  /** Where the value is; by default the upload's query parameter (POST /v2/soil/modus/result?sampleDate=). */
  location?: Location;
  valueRange?: { start: number; end: number };
}

/** Run every sample-date rule on one value. */
export function checkSampleDate(
  value: string | undefined,
  options: CheckSampleDateOptions = {},
): Diagnostic[] {
  const collector = new DiagnosticCollector(options.selection);
  runSampleDateRules(collector, {
    value,
    location: options.location ?? { path: ['query', 'sampleDate'], field: 'sampleDate' },
    ...(options.valueRange ? { valueRange: options.valueRange } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  return collector.diagnostics;
}

export function runSampleDateRules(collector: DiagnosticCollector, subject: SampleDateSubject): void {
  for (const rule of sampleDateRules) collector.run(rule, subject);
}
