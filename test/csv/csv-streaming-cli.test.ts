/**
 * A CSV batch too big to hold (over the engine's 16 MB threshold) streams through `fieldgate validate`:
 * the JSON report holds no text and no features, and the text report still shows the code frame of a
 * problem far into the file (its lines read again from the file).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STREAM_ABOVE_BYTES } from '../../core/engine/engine.ts';
import type { Report } from '../../core/index.ts';
import { runCli } from '../cli/cli-helpers.ts';

/** Valid fields (147 bytes a row), with row `bad` holding a boundary that is not WKT. */
function bigCsv(rows: number, bad: number): string {
  const parts = ['clientName,farmName,name,boundary,acres,source,userName\n'];
  for (let i = 0; i < rows; i++) {
    const x = (-100 + (i % 2000) * 0.01).toFixed(4);
    const y = (35 + Math.floor(i / 2000) * 0.01).toFixed(4);
    const wkt =
      i === bad
        ? 'POLYGON ((not a ring))'
        : `POLYGON ((${x} ${y}, ${x} ${(Number(y) + 0.005).toFixed(4)}, ${(Number(x) + 0.005).toFixed(4)} ${(Number(y) + 0.005).toFixed(4)}, ${(Number(x) + 0.005).toFixed(4)} ${y}, ${x} ${y}))`;
    parts.push(`Client,Farm ${Math.floor(i / 20)},Field ${i},"${wkt}",,bench,user\n`);
  }
  return parts.join('');
}

describe('a big CSV batch through the command line', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fieldgate-stream-'));
  const path = join(dir, 'big.csv');
  // 17.6 MB: over the size from which the engine streams a file, not much more (each test checks all of it).
  const rows = 120_000;
  const bad = 110_000;
  const csv = bigCsv(rows, bad);
  writeFileSync(path, csv);

  it('streams: the JSON report has the finding at its row but no text or features', async () => {
    expect(Buffer.byteLength(csv)).toBeGreaterThan(STREAM_ABOVE_BYTES);
    const run = await runCli(['validate', '--format', 'json', path]);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as Report;
    const file = report.files[0]!;
    expect(file.kind).toBe('csv-fields');
    expect(file.text).toBeUndefined();
    expect(file.features ?? []).toEqual([]);
    const rowsWithErrors = report.diagnostics
      .filter((d) => d.severity === 'error')
      .map((d) => d.location.row);
    expect(rowsWithErrors).toContain(bad + 1);
  }, 60_000);

  it('shows the code frame of a problem deep in the file in the text report', async () => {
    const run = await runCli(['validate', path]);
    expect(run.code).toBe(1);
    const line = bad + 2;
    expect(run.stdout).toContain(
      `> ${line} | Client,Farm ${Math.floor(bad / 20)},Field ${bad},"POLYGON ((not a ring))"`,
    );
  }, 60_000);

  it('fills the value column of the problems CSV from the file, as for a small file', async () => {
    const run = await runCli(['validate', '--format', 'csv', path]);
    expect(run.code).toBe(1);
    const line = run.stdout.split('\r\n').find((l) => l.includes(`,${bad + 1},boundary,`));
    expect(line).toBeDefined();
    // file,row,column,line,character,value,…: the text at the diagnostic's place ("not" of "((not a ring))").
    expect(line).toContain(`,${bad + 1},boundary,${bad + 2},42,not,error,WKT001,`);
  }, 60_000);

  it('draws a capped, simplified map in the HTML report and fills its value column', async () => {
    const run = await runCli(['validate', '--format', 'html', path]);
    expect(run.code).toBe(1);
    const html = run.stdout;
    // 120,000 fields: at most 20,000 shapes on the map, the one with a problem among them, and a note.
    const shapes = html.match(/<path class=/g) ?? [];
    expect(shapes.length).toBeLessThanOrEqual(20_000);
    expect(html).toContain('The map shows 20,000 of');
    expect(html).toMatch(/WKT001<\/td>.*?<code>not<\/code>/);
    // A few megabytes, not the hundreds every outline of every field made.
    expect(html.length).toBeLessThan(8 * 1024 * 1024);
  }, 60_000);
});
