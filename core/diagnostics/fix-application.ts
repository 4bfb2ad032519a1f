import type { Diagnostic, FixSafety, TextEdit } from './diagnostic.ts';

export interface AppliedFixes {
  text: string;
  /** Diagnostics whose fix was applied. */
  applied: Diagnostic[];
  /** Diagnostics with a fix that overlapped an earlier one; run again to apply them. */
  skipped: Diagnostic[];
}

/**
 * Apply the text edits of fixable diagnostics, like ESLint's fixer: fixes are taken in document order and
 * one that overlaps an already accepted edit is left for a later pass, so the result never mixes two
 * fixes of the same span.
 */
export function applyTextFixes(
  text: string,
  diagnostics: readonly Diagnostic[],
  allowed: readonly FixSafety[] = ['safe'],
): AppliedFixes {
  const candidates = diagnostics
    .filter((d) => d.fix?.edits && d.fix.edits.length > 0 && allowed.includes(d.fix.safety))
    .map((d) => ({ d, edits: [...(d.fix?.edits ?? [])].sort((a, b) => a.start - b.start) }))
    .sort((a, b) => (a.edits[0]?.start ?? 0) - (b.edits[0]?.start ?? 0));

  const accepted: TextEdit[] = [];
  const applied: Diagnostic[] = [];
  const skipped: Diagnostic[] = [];
  for (const { d, edits } of candidates) {
    const overlaps = edits.some((e) => accepted.some((a) => e.start < a.end && a.start < e.end));
    const sameInsertPoint = edits.some((e) =>
      accepted.some((a) => e.start === e.end && a.start === a.end && a.start === e.start),
    );
    if (overlaps || sameInsertPoint) {
      skipped.push(d);
      continue;
    }
    accepted.push(...edits);
    applied.push(d);
  }
  accepted.sort((a, b) => b.start - a.start);
  let out = text;
  for (const e of accepted) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return { text: out, applied, skipped };
}
