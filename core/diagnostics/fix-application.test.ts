import { describe, expect, it } from 'vitest';
import type { Diagnostic, TextEdit } from './diagnostic.ts';
import { applyTextFixes } from './fix-application.ts';

const diagnostic = (edits: TextEdit[], safety: 'safe' | 'unsafe' = 'safe'): Diagnostic => ({
  code: 'GEO001',
  rule: 'test',
  group: 'test',
  severity: 'warning',
  messageId: 'test',
  message: 'test',
  location: {},
  fix: { safety, title: 'fix', edits },
});

/** The rule stated plainly: every accepted edit against every other; then the edits in order of position. */
function reference(text: string, diagnostics: Diagnostic[]): { text: string; applied: number[] } {
  const order = diagnostics
    .map((d, i) => ({ i, edits: [...(d.fix?.edits ?? [])].sort((a, b) => a.start - b.start) }))
    .filter((c) => c.edits.length > 0 && diagnostics[c.i]?.fix?.safety === 'safe')
    .sort((a, b) => (a.edits[0]?.start ?? 0) - (b.edits[0]?.start ?? 0));
  const accepted: TextEdit[] = [];
  const applied: number[] = [];
  for (const { i, edits } of order) {
    const clash = edits.some((e) =>
      accepted.some(
        (a) =>
          (e.start < a.end && a.start < e.end) ||
          (e.start === e.end && a.start === a.end && a.start === e.start),
      ),
    );
    if (clash) continue;
    accepted.push(...edits);
    applied.push(i);
  }
  // Insertions before replacements that start at the same point.
  accepted.sort(
    (a, b) => a.start - b.start || (a.end - a.start === 0 ? -1 : 0) - (b.end - b.start === 0 ? -1 : 0),
  );
  let out = '';
  let at = 0;
  for (const e of accepted) {
    out += text.slice(at, e.start) + e.text;
    at = e.end;
  }
  return { text: out + text.slice(at), applied };
}

describe('applyTextFixes', () => {
  it('applies fixes in document order, leaving those that overlap an applied one (random edits against the plain rule)', () => {
    let seed = 12345;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    for (let round = 0; round < 300; round++) {
      const text = 'abcdefghijklmnopqrstuvwxyz0123456789'.slice(0, 5 + random(30));
      const diagnostics: Diagnostic[] = [];
      for (let k = random(12); k > 0; k--) {
        const edits: TextEdit[] = [];
        for (let j = 1 + random(3); j > 0; j--) {
          const start = random(text.length + 1);
          const end = Math.min(text.length, start + random(4));
          edits.push({ start, end, text: random(2) ? `<${round}.${k}.${j}>` : '' });
        }
        diagnostics.push(diagnostic(edits, random(5) === 0 ? 'unsafe' : 'safe'));
      }
      const want = reference(text, diagnostics);
      const got = applyTextFixes(text, diagnostics);
      expect(got.text).toBe(want.text);
      expect(got.applied.map((d) => diagnostics.indexOf(d)).sort((a, b) => a - b)).toEqual(
        [...want.applied].sort((a, b) => a - b),
      );
      expect(got.applied.length + got.skipped.length).toBe(
        diagnostics.filter((d) => d.fix?.safety === 'safe').length,
      );
    }
  });

  it('applies 200,000 fixes of one text in one pass', () => {
    const text = 'x, x, '.repeat(200000);
    const diagnostics = Array.from({ length: 200000 }, (_, i) =>
      diagnostic([{ start: 6 * i, end: 6 * i + 3, text: '' }]),
    );
    const result = applyTextFixes(text, diagnostics);
    expect(result.applied).toHaveLength(200000);
    expect(result.text).toBe('x, '.repeat(200000));
  });
});
