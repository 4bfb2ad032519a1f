/**
 * The engine's report: what `fieldgate validate --format json` prints (docs/report-format.md), plus the
 * decoded text of each file for code frames (never serialised).
 */
import {
  type Diagnostic,
  type DiagnosticCounts,
  type FixSafety,
  type RuleCode,
  type Location,
} from '../diagnostics/diagnostic.ts';
import type { DetectedAs } from '../formats/detect-kind.ts';
import type { FileReport } from '../input/file-kind.ts';
import type { SubmitRecord } from '../records/submit-record.ts';
import type { BatchGeometry } from '../input/batch-geometry.ts';

/** A diagnostic as a report lists it: numbered by the engine (`id`, "d3"), which `fix` takes to choose it. */
export type ReportedDiagnostic = Diagnostic & { id: string };

/** The report format's version: it changes only when a field changes meaning or goes away. */
export const REPORT_VERSION = 1;

/** A fix the engine applied: which diagnostic, where, and the value before and after. */
export interface AppliedFix {
  /** The diagnostic's id in the report the fix was chosen from (pass 1), when it had one. */
  id?: string;
  /** The fix pass (1-based) that applied it. */
  pass: number;
  code: RuleCode;
  rule: string;
  safety: FixSafety;
  title: string;
  location: Location;
  /** Shortened to 200 characters for display. */
  before?: string;
  after?: string;
}

/** A chosen fix that was not applied, and why ("would create GEO004", "overlaps another chosen fix"). */
export interface NotAppliedFix {
  id?: string;
  /** The chosen diagnostic's code; empty when no diagnostic has the id asked for. */
  code: RuleCode | '';
  rule: string;
  title: string;
  location: Location;
  reason: string;
}

export interface FileFixes {
  applied: AppliedFix[];
  notApplied: NotAppliedFix[];
  /** Fix passes run. */
  passes: number;
  /** Why fixing stopped with chosen fixes left, when it did. */
  stopped?: { reason: 'max-passes' | 'not-writable' | 'cancelled'; message: string; remaining: number };
  /**
   * When the lists were passed on in `fixes` events instead (a file fixed statement by statement, with
   * `keepDiagnostics: false`): how many each had. The lists here are then empty.
   */
  counts?: { applied: number; notApplied: number };
}

/**
 * One checked file: the kind's report, its counts, how its kind was found and what fixing did; its records
 * (when asked for) name their diagnostics by id.
 */
export interface FileResult extends Omit<FileReport, 'records' | 'diagnostics'> {
  /** The file's diagnostics, each numbered (`id`) and with `location.file`. */
  diagnostics: ReportedDiagnostic[];
  counts: DiagnosticCounts;
  detectedAs: DetectedAs;
  fixes?: FileFixes;
  records?: SubmitRecord[];
  /** When asked for (EngineOptions.batchGeometry): what the checks across files read of this file. */
  batchGeometry?: BatchGeometry;
}

export interface Unreadable {
  name: string;
  reason: string;
}

/** Filled by the adapter that writes fixed files (the engine writes nothing). */
export interface Written {
  file: string;
  to: string;
  applied: number;
}

export interface Report {
  version: typeof REPORT_VERSION;
  /** `cancelled` when the run's AbortSignal fired: the report holds the files finished before. */
  outcome: 'complete' | 'cancelled';
  counts: DiagnosticCounts;
  files: FileResult[];
  unreadable: Unreadable[];
  written: Written[];
  /** Every file's diagnostics in report order, each with its `id` ("d1", "d2", …) and `location.file`. */
  diagnostics: ReportedDiagnostic[];
}

export function emptyReport(): Report {
  return {
    version: REPORT_VERSION,
    outcome: 'complete',
    counts: { error: 0, warning: 0, info: 0 },
    files: [],
    unreadable: [],
    written: [],
    diagnostics: [],
  };
}

/** Add a file's result to the report (its diagnostics already numbered). */
export function addFileResult(report: Report, result: FileResult): void {
  report.files.push(result);
  for (const d of result.diagnostics) report.diagnostics.push(d);
  const c = result.counts;
  report.counts.error += c.error;
  report.counts.warning += c.warning;
  report.counts.info += c.info;
}

/** Whether any file of the report has an error. */
export function reportHasErrors(report: Report): boolean {
  return report.counts.error > 0;
}
