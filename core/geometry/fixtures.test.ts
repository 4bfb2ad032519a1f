import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { hasErrors } from '../diagnostics/diagnostic.ts';
import { applyTextFixes } from '../diagnostics/fix-application.ts';
import { DiagnosticCollector } from '../rules/reporter.ts';
import { checkWktGeometry } from './check-geometry.ts';

/**
 * Fixture cases for the wkt-syntax and ogc-validity rules:
 * - fixtures/valid/<case>.wkt: no diagnostic at all;
 * - fixtures/invalid/<case>.wkt with <case>.expected.json (codes and locations, not message text) and,
 *   when fixes apply, <case>.fixed.wkt: the text after applying every fix (safe and unsafe) until none is
 *   left, which must then have no errors.
 * Regenerate with UPDATE_FIXTURES=1 and review the diff.
 */

const root = fileURLToPath(new URL('./fixtures/', import.meta.url));
const update = process.env.UPDATE_FIXTURES === '1';

function check(text: string): Diagnostic[] {
  const collector = new DiagnosticCollector();
  checkWktGeometry(text, collector);
  return collector.diagnostics;
}

function summary(d: Diagnostic): Record<string, unknown> {
  const l = d.location;
  const out: Record<string, unknown> = { code: d.code, severity: d.severity, messageId: d.messageId };
  if (l.range)
    out.range = [
      `${l.range.start.line}:${l.range.start.column}`,
      `${l.range.end.line}:${l.range.end.column}`,
    ];
  if (l.range) out.offsets = [l.range.start.offset, l.range.end.offset];
  for (const key of ['polygon', 'ring', 'coordinate'] as const) if (l[key] !== undefined) out[key] = l[key];
  // NaN and Infinity as text: JSON has no such numbers.
  if (l.point) out.point = l.point.map((v) => (Number.isFinite(v) ? v : String(v)));
  if (d.fix) out.fix = d.fix.safety;
  return out;
}

function fixAll(text: string): string {
  let current = text;
  for (let pass = 0; pass < 6; pass++) {
    const { text: next, applied } = applyTextFixes(current, check(current), ['safe', 'unsafe']);
    if (applied.length === 0) break;
    current = next;
  }
  return current;
}

function cases(folder: string): string[] {
  return readdirSync(root + folder)
    .filter((f) => f.endsWith('.wkt') && !f.endsWith('.fixed.wkt'))
    .map((f) => f.slice(0, -4))
    .sort();
}

describe('fixtures/valid', () => {
  for (const name of cases('valid')) {
    it(name, () => {
      expect(check(readFileSync(`${root}valid/${name}.wkt`, 'utf8')).map(summary)).toEqual([]);
    });
  }
});

describe('fixtures/invalid', () => {
  for (const name of cases('invalid')) {
    it(name, () => {
      const base = `${root}invalid/${name}`;
      const text = readFileSync(`${base}.wkt`, 'utf8');
      const diagnostics = check(text);
      expect(diagnostics.length).toBeGreaterThan(0);
      const got = diagnostics.map(summary);
      const expectedPath = `${base}.expected.json`;
      if (update || !existsSync(expectedPath))
        writeFileSync(expectedPath, JSON.stringify(got, null, 2) + '\n');
      expect(got).toEqual(JSON.parse(readFileSync(expectedPath, 'utf8')));

      // A case named after a code must report that code.
      const named = /^(wkt|geo)\d{3}/.exec(name)?.[0].toUpperCase();
      if (named) expect(got.map((d) => d.code)).toContain(named);

      if (!diagnostics.some((d) => d.fix)) return;
      const fixed = fixAll(text);
      const fixedPath = `${base}.fixed.wkt`;
      if (update || !existsSync(fixedPath)) writeFileSync(fixedPath, fixed);
      expect(fixed).toBe(readFileSync(fixedPath, 'utf8'));
      const after = check(fixed);
      const unfixable = diagnostics.filter((d) => d.severity === 'error' && !d.fix);
      if (unfixable.length === 0) expect(hasErrors(after), JSON.stringify(after.map(summary))).toBe(false);
    });
  }
});
