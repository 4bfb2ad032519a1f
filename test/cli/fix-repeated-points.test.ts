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

  it('applies that one fix when asked for any of the repeats by id, and says which ids have none', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fieldgate-repeated-'));
    const input = join(dir, 'few.wkt');
    const { wkt, deduped } = repeatedPointsWkt(2, 10);
    // A second boundary far too big (LIM002): a problem with no fix at all.
    const tooBig = 'POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0))';
    writeFileSync(input, `${wkt}\n${tooBig}\n`);
    const listed = await runCli(['validate', '--format', 'json', input], { cwd: dir });
    const report = JSON.parse(listed.stdout) as {
      diagnostics: { id: string; code: string; fix?: unknown; fixOn?: string }[];
    };
    const repeats = report.diagnostics.filter((d) => d.code === 'GEO012');
    const last = repeats[repeats.length - 1]!;
    expect(last.fix).toBeUndefined();
    expect(last.fixOn).toBe(repeats[0]!.id);
    const noFix = report.diagnostics.find((d) => !d.fix && d.fixOn === undefined)!;
    expect(noFix.code).toBe('LIM002');

    const run = await runCli(['fix', '--fix-only', `${last.id},${noFix.id}`, input], {
      cwd: dir,
    });
    expect(readFileSync(join(dir, 'few.fixed.wkt'), 'utf8')).toBe(`${deduped}\n${tooBig}\n`);
    expect(run.stdout).toMatch(/fixed .*GEO012 {2}Remove all 20 repeated points/);
    expect(run.stdout).toContain(`not fixed ${input}:2:1  LIM002  it has no fix`);
  });

  it("names each fix's id in the text report, and the fix that mends a repeat listed without one", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fieldgate-repeated-'));
    const input = join(dir, 'ids.wkt');
    const { wkt, deduped } = repeatedPointsWkt(2, 10);
    writeFileSync(input, `${wkt}\n`);
    const shown = await runCli(['validate', input], { cwd: dir });
    const ids = [...shown.stdout.matchAll(/fix \(safe, (d\d+)\): Remove all 20 repeated points/g)];
    expect(ids).toHaveLength(1);
    const id = ids[0]![1]!;
    // Every other repeat listed says whose fix mends it.
    const listed = await runCli(['validate', '--format', 'json', input], { cwd: dir });
    const { diagnostics } = JSON.parse(listed.stdout) as { diagnostics: { code: string }[] };
    const repeats = diagnostics.filter((d) => d.code === 'GEO012').length;
    expect(repeats).toBeGreaterThan(5);
    expect(shown.stdout.split(`fix: the fix of ${id} mends this too`)).toHaveLength(repeats);

    // The id as the text report shows it is what --fix-only takes.
    const run = await runCli(['fix', '--fix-only', id, input], { cwd: dir });
    expect(readFileSync(join(dir, 'ids.fixed.wkt'), 'utf8')).toBe(`${deduped}\n`);
    expect(run.code).toBe(0);
  });
});
