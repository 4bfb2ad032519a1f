/** Fixes of a file checked as text: its report's text edits applied, the result written back as bytes. */
import type { Diagnostic, FixSafety } from '../diagnostics/diagnostic.ts';
import { applyTextFixes } from '../diagnostics/fix-application.ts';
import type { FileReport, FixResult, InputFile } from './file-kind.ts';
import { encodeTextLike } from './text-decoding.ts';

/** The report's text with the fixes of these safeties applied; undefined without text or with none applied. */
export function fixedReportText(
  report: FileReport,
  allowed: readonly FixSafety[],
): { text: string; applied: Diagnostic[] } | undefined {
  if (report.text === undefined) return undefined;
  const result = applyTextFixes(report.text, report.diagnostics, allowed);
  return result.applied.length === 0 ? undefined : { text: result.text, applied: result.applied };
}

/** Fixed text written back in the encoding (and with the byte order mark) the file came in. */
export async function textFix(
  file: InputFile,
  report: FileReport,
  allowed: readonly FixSafety[],
): Promise<FixResult | undefined> {
  const fixed = fixedReportText(report, allowed);
  return fixed && { bytes: encodeTextLike(fixed.text, file.bytes), applied: fixed.applied };
}
