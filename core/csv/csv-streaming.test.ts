/**
 * A CSV batch validated as a stream hands its diagnostics over row by row, as they are found (a field upload
 * does the same), so with `keepDiagnostics: false` none of them is held until the end: the same diagnostics
 * and row statuses as when the file is read whole.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bytesToStream } from './csv-reader.ts';
import type { EngineEvent } from '../engine/engine.ts';
import { runEngine, validate } from '../engine/every-kind.ts';

const root = new URL('../../', import.meta.url).pathname;
const example = readFileSync(root + 'examples/csv/fields-with-problems.csv', 'utf8');
const [header, ...rows] = example.trimEnd().split('\n');
// Each copy's fields renamed (a name repeated would be one more warning per copy, found only at the end).
const body = Array.from({ length: 120 }, (_, copy) => rows.map((r) => r.replace(/ 40,/, ` 40-${copy},`)));
const bytes = new TextEncoder().encode([header, ...body.flat()].join('\n') + '\n');
const now = new Date('2026-11-22T12:00:00.000Z');

describe('CSV batches streamed: diagnostics as found', () => {
  it('hands diagnostics over as rows are read, and they are those of the file read whole', async () => {
    const streamed = { name: 'big.csv', size: bytes.length, open: () => bytesToStream(bytes) };
    const events: EngineEvent[] = [];
    for await (const e of runEngine([streamed], { now, streamAbove: 1, keepDiagnostics: false }))
      events.push(e);
    const first = events.findIndex((e) => e.type === 'diagnostics');
    const done = events.findIndex((e) => e.type === 'file-done');
    // Rows were still being read after the first diagnostics went out.
    const progressAfter = events
      .slice(first, done)
      .filter((e) => e.type === 'progress' && e.records !== undefined && e.records < body.flat().length);
    expect(progressAfter.length).toBeGreaterThan(0);
    const handed = events.flatMap((e) => (e.type === 'diagnostics' ? e.diagnostics : []));
    const report = events.find((e) => e.type === 'report')!.report;
    expect(report.diagnostics).toEqual([]);

    const whole = await validate([{ name: 'big.csv', bytes }], { now });
    const key = (d: { code: string; message: string; location: { row?: number } }) =>
      `${d.location.row ?? ''}|${d.code}|${d.message}`;
    expect(handed.map(key).sort()).toEqual(whole.diagnostics.map(key).sort());
    expect(report.counts).toEqual(whole.counts);
    const status = (r: typeof report) => {
      const summary = r.files[0]?.summary;
      return summary?.type === 'csv-batch' ? summary.rowStatus : undefined;
    };
    expect(status(report)).toEqual(status(whole));
    expect(status(report)?.some((r) => r.status === 'warning')).toBe(true);
  });
});
