import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repeatedPointsWkt } from '../geometry/repeated-points.ts';
import { runCli } from './cli-helpers.ts';

describe('fieldgate fix: repeated points', () => {
  it('removes every repeated point of a one-line WKT in one run, though the report lists 100', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fieldgate-repeated-'));
    const input = join(dir, 'many.wkt');
    // 12 polygons of 150 corners: 1,800 copies, 150 in each ring.
    const { wkt, deduped } = repeatedPointsWkt(12, 150);
    writeFileSync(input, `${wkt}\n`);

    const listed = await runCli(['validate', '--format', 'json', input], { cwd: dir });
    const report = JSON.parse(listed.stdout) as { diagnostics: { code: string; fix?: unknown }[] };
    const repeats = report.diagnostics.filter((d) => d.code === 'GEO012');
    expect(repeats).toHaveLength(100);
    expect(repeats.filter((d) => d.fix)).toHaveLength(1);

    const run = await runCli(['fix', input], { cwd: dir });
    expect(readFileSync(join(dir, 'many.fixed.wkt'), 'utf8')).toBe(`${deduped}\n`);
    expect(run.stdout).toContain('(1 fix applied)');
    expect(run.stdout).toContain('Remove all 1,800 repeated points of the geometry (1,200 runs of copies)');
    expect(run.stdout).not.toContain('GEO012  Coordinate');
    expect(run.stdout).not.toContain('stopped');
    expect(run.code).toBe(0);
  });
});
