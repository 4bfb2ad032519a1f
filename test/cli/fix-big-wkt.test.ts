import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { STREAM_ABOVE_BYTES } from '../../core/engine/engine.ts';
import { repeatedPointsWkt } from '../geometry/repeated-points.ts';
import { runCli } from './cli-helpers.ts';

// Over the size above which a .wkt file of one boundary per line is fixed statement by statement, its
// fixed copy written as it is made: one polygon per line, each with repeated points, a clean line between.
const lines: string[] = [];
const expected: string[] = [];
const polygon = (multi: string) => multi.replace('MULTIPOLYGON (', 'POLYGON ').replace(/\)$/, '');
const { wkt, deduped } = repeatedPointsWkt(1, 60);
let size = 0;
for (let i = 0; size <= STREAM_ABOVE_BYTES + 100_000; i++) {
  if (i % 2 === 0) {
    lines.push(polygon(wkt));
    expected.push(polygon(deduped));
  } else {
    const clean = `POLYGON ((-93 41, -92.99 41, -92.99 41.01, -93 41.01, -93 41))`;
    lines.push(clean);
    expected.push(clean);
  }
  size += (lines[lines.length - 1] as string).length + 2;
}
const input = `${lines.join('\r\n')}\r\n`;
const fixedText = `${expected.join('\r\n')}\r\n`;
const dir = mkdtempSync(join(tmpdir(), 'fieldgate-big-wkt-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('fieldgate fix: a big .wkt file of one boundary per line', () => {
  it('writes the fixed copy statement by statement, as fixing it whole would, and lists every fix', async () => {
    const path = join(dir, 'fields.wkt');
    writeFileSync(path, input);
    expect(statSync(path).size).toBeGreaterThan(STREAM_ABOVE_BYTES);
    const run = await runCli(['fix', '--format', 'json', path], { cwd: dir });
    expect(run.code).toBe(0);
    expect(readFileSync(join(dir, 'fields.fixed.wkt'), 'utf8')).toBe(fixedText);
    const report = JSON.parse(run.stdout) as {
      files: { fixes: { applied: { code: string; location: { row: number } }[]; passes: number } }[];
      written: { applied: number }[];
    };
    const applied = report.files[0]!.fixes.applied;
    expect(applied).toHaveLength(Math.ceil(lines.length / 2));
    expect(applied.every((a) => a.code === 'GEO012')).toBe(true);
    expect(applied.map((a) => a.location.row).slice(0, 3)).toEqual([1, 3, 5]);
    expect(report.written[0]?.applied).toBe(applied.length);
    // No temporary file left beside it.
    expect(readdirSync(dir).sort()).toEqual(['fields.fixed.wkt', 'fields.wkt']);
  });

  it('fixes in place (the input is read to its end before it is replaced), keeping its mode', async () => {
    const path = join(dir, 'in-place.wkt');
    writeFileSync(path, input);
    chmodSync(path, 0o600);
    const run = await runCli(['fix', '--fix-in-place', path], { cwd: dir });
    expect(run.code).toBe(0);
    expect(readFileSync(path, 'utf8')).toBe(fixedText);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('says in one line when the copy cannot be written, and leaves nothing behind', async () => {
    const path = join(dir, 'nowhere.wkt');
    writeFileSync(path, input);
    const run = await runCli(['fix', '-o', join(dir, 'missing', 'out.wkt'), path], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/cannot write .*missing\/out\.wkt: no such directory/);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});
