import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, runCli } from './cli-helpers.ts';

describe('fieldgate start (npm start until the app exists)', () => {
  it('gives a one-line overview of every bundled example, with what was found', async () => {
    const run = await runCli(['start', '--no-sandbox']);
    expect(run.code).toBe(0);
    const examples = readdirSync(join(repoRoot, 'examples'), { recursive: true, withFileTypes: true }).filter(
      (e) => e.isFile() && !e.name.endsWith('.md'),
    );
    for (const e of examples) expect(run.stdout).toContain(e.name);
    expect(run.stdout).toMatch(/clean-fields\.json\s+field-upload\s+no problems/);
    expect(run.stdout).toMatch(/boundaries\.wkt\s+\S+\s+\d+ errors, 1 warning: .*GEO004/);
    expect(run.stdout).toMatch(/two-zone-rx\.zip\s+rx-zip\s+0 errors/);
  });
});
