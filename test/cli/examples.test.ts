import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../core/diagnostics/diagnostic.ts';
import { ruleGroups } from '../../core/rules/registry.ts';
import { repoRoot, runCli } from './cli-helpers.ts';

const FOUNDATION_GROUPS = ['json', 'sample-date', 'temporal-entity', 'enrollment', 'field-upload'];

function exampleFiles(dir: string): string[] {
  return readdirSync(join(repoRoot, 'examples', dir))
    .filter((f) => f.endsWith('.json'))
    .map((f) => join('examples', dir, f));
}

describe('fieldgate validate on examples/', () => {
  it('shows every foundation rule firing, each with a precise location', async () => {
    const files = [...exampleFiles('fields'), ...exampleFiles('requests')];
    const run = await runCli(['validate', '--format', 'json', ...files]);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as { diagnostics: Diagnostic[] };
    const fired = new Set(report.diagnostics.map((d) => d.code));
    const expected = ruleGroups
      .filter((g) => FOUNDATION_GROUPS.includes(g.group))
      .flatMap((g) => g.rules.map((r) => r.meta.code));
    expect(expected.filter((c) => !fired.has(c))).toEqual([]);
    for (const d of report.diagnostics) {
      expect(d.location.file, d.code).toBeDefined();
      // Every diagnostic of a text file points at characters (line and column), not just at the file.
      expect(d.location.range?.start.line, `${d.code} ${d.message}`).toBeGreaterThan(0);
    }
  });

  it('passes the clean examples with exit code 0', async () => {
    const run = await runCli([
      'validate',
      'examples/fields/clean-fields.json',
      'examples/requests/enroll-by-program.json',
    ]);
    expect(run.stdout).toContain('2 files checked, no problems');
    expect(run.code).toBe(0);
  });
});
