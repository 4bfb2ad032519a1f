import { editText, type Diagnostic, type FixSafety, type TextEdit } from './diagnostic.ts';

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

  // Accepted edits sorted by start: fixes come in document order, so nearly every one is added at the end
  // and the overlap test looks at its neighbours only (a test against every accepted edit made 200,000
  // fixes take hours).
  const accepted: TextEdit[] = [];
  const applied: Diagnostic[] = [];
  const skipped: Diagnostic[] = [];
  for (const { d, edits } of candidates) {
    if (edits.some((e) => clashes(accepted, e))) {
      skipped.push(d);
      continue;
    }
    for (const e of edits) accepted.splice(insertionPoint(accepted, e), 0, e);
    applied.push(d);
  }
  // The text between the edits and the edits' texts, joined once (splicing edit by edit copied the whole
  // text for every fix).
  const pieces: string[] = [];
  let at = 0;
  for (const e of accepted) {
    pieces.push(text.slice(at, e.start), editText(e, text));
    at = e.end;
  }
  pieces.push(text.slice(at));
  return { text: pieces.join(''), applied, skipped };
}

/** Where an edit goes among edits sorted by start: after those that start before it (an insertion before a replacement at the same point). */
function insertionPoint(sorted: readonly TextEdit[], e: TextEdit): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const m = sorted[mid]!;
    if (m.start < e.start || (m.start === e.start && (e.start !== e.end || m.start === m.end))) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Whether an edit overlaps an accepted one, or inserts at the point where another insertion is. Accepted
 * edits never overlap, so only those starting before its end and reaching past its start can: the few
 * just before where it would go.
 */
function clashes(sorted: readonly TextEdit[], e: TextEdit): boolean {
  // The first accepted edit that starts at or after e's end (an insertion at e.start counts as inside).
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]!.start < Math.max(e.end, e.start + 1)) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo - 1; i >= 0; i--) {
    const a = sorted[i]!;
    if (e.start < a.end && a.start < e.end) return true;
    if (e.start === e.end && a.start === a.end && a.start === e.start) return true;
    // Earlier edits end at or before this one's start (they do not overlap each other): none can clash.
    if (a.end <= e.start && a.start < e.start) return false;
  }
  return false;
}
