/**
 * Fixture cases for the boundary rules: every file under fixtures/invalid/ has <case>.expected.json beside
 * it (codes and locations, not messages), and a <case>.fixed.<ext> when fixes apply (all fixes, safe and
 * unsafe); files under fixtures/valid/ must produce nothing. UPDATE_FIXTURES=1 rewrites the expectations;
 * review the diff before committing.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { detectFileKind } from '../formats/registry.ts';
import { boundaryFileKinds } from './boundary-file-kinds.ts';

const dir = join(import.meta.dirname, 'fixtures');
const selection = { select: ['wgs84', 'acreage', 'service-limits', 'boundary-import'] };
const update = process.env.UPDATE_FIXTURES === '1';

function brief(d: Diagnostic): Record<string, unknown> {
  const l = d.location;
  const out: Record<string, unknown> = { code: d.code, severity: d.severity };
  if (l.range)
    out.at = `${l.range.start.line}:${l.range.start.column}-${l.range.end.line}:${l.range.end.column}`;
  for (const key of ['row', 'path', 'entry', 'record', 'polygon', 'ring', 'coordinate'] as const) {
    if (l[key] !== undefined) out[key] = l[key];
  }
  return out;
}

async function check(path: string): Promise<{ diagnostics: Diagnostic[]; fixed?: string }> {
  const file = { name: path, bytes: new Uint8Array(readFileSync(path)) };
  const kind = detectFileKind(file, boundaryFileKinds);
  if (!kind) throw new Error(`no boundary kind for ${path}`);
  const report = await kind.validate(file, { selection });
  const result: { diagnostics: Diagnostic[]; fixed?: string } = { diagnostics: report.diagnostics };
  const fixed = kind.fix && (await kind.fix(file, report, ['safe', 'unsafe']));
  if (fixed) result.fixed = new TextDecoder().decode(fixed.bytes);
  return result;
}

const cases = (sub: string): string[] =>
  readdirSync(join(dir, sub)).filter((f) => !f.endsWith('.expected.json') && !/\.fixed\.\w+$/.test(f));

describe('boundary fixtures', () => {
  for (const name of cases('valid')) {
    it(`valid/${name} has no findings`, async () => {
      const { diagnostics } = await check(join(dir, 'valid', name));
      expect(diagnostics.map(brief)).toEqual([]);
    });
  }
  for (const name of cases('invalid')) {
    it(`invalid/${name} gives its expected codes and locations`, async () => {
      const path = join(dir, 'invalid', name);
      const base = name.replace(/\.(\w+)$/, '');
      const ext = name.slice(base.length);
      const { diagnostics, fixed } = await check(path);
      const actual = diagnostics.map(brief);
      const expectedPath = join(dir, 'invalid', `${base}.expected.json`);
      const fixedPath = join(dir, 'invalid', `${base}.fixed${ext}`);
      if (update) {
        writeFileSync(expectedPath, `${JSON.stringify(actual, null, 2)}\n`);
        if (fixed !== undefined) writeFileSync(fixedPath, fixed);
      }
      expect(actual.length).toBeGreaterThan(0);
      expect(actual).toEqual(JSON.parse(readFileSync(expectedPath, 'utf8')));
      if (fixed !== undefined || existsSync(fixedPath)) expect(fixed).toBe(readFileSync(fixedPath, 'utf8'));
    });
  }
});
