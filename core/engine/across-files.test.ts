/**
 * The engine's pass across the files of a run (core/cross-file): when it runs (the `batch` setting), how
 * its diagnostics are numbered, counted and handed over, and what it reads of a fixed file.
 */
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { EngineOptionsError, type EngineEvent } from './engine.ts';
import { runEngine, validate } from './every-kind.ts';

const now = new Date('2026-06-01T00:00:00.000Z');
const text = (s: string) => new TextEncoder().encode(s);

/** A square field in Iowa, 0.01° a side, at column `i` of a row of fields. */
const square = (i: number, y = 42): string => {
  const x = -93.5 + i * 0.01;
  return `POLYGON ((${x} ${y}, ${x + 0.01} ${y}, ${x + 0.01} ${y + 0.01}, ${x} ${y + 0.01}, ${x} ${y}))`;
};
const fieldsCsv = text(
  `clientName,farmName,name,boundary\nSmith,Home,North 40,"${square(0)}"\nSmith,Home,East 40,"${square(1)}"\n`,
);
/** The first field again, under another name, in a .wkt file; and a field of its own. */
const wkt = text(`${square(0)}\n${square(5)}\n`);

const run = async (files: { name: string; bytes: Uint8Array }[], options = {}) => {
  const events: EngineEvent[] = [];
  for await (const e of runEngine(files, { now, ...options })) events.push(e);
  return events;
};
const codes = (ds: readonly Diagnostic[]) => ds.map((d) => d.code);

describe('engine: the checks across files', () => {
  it('run after every file, numbered after them, in their files’ counts and in one event', async () => {
    const events = await run([
      { name: 'fields.csv', bytes: fieldsCsv },
      { name: 'more.wkt', bytes: wkt },
    ]);
    const across = events.filter((e) => e.type === 'across-files');
    expect(across).toHaveLength(1);
    // After the last file is done, before the report.
    const at = events.findIndex((e) => e.type === 'across-files');
    expect(events[at - 1]?.type).toBe('file-done');
    expect(events[at + 1]?.type).toBe('report');
    const report = (events.at(-1) as Extract<EngineEvent, { type: 'report' }>).report;
    const found = report.diagnostics.filter((d) => d.group === 'cross-file');
    expect(found.map((d) => [d.id, d.code, d.location.file, d.location.row])).toEqual([
      [`d${report.diagnostics.length}`, 'XF006', 'more.wkt', 1],
    ]);
    const wktFile = report.files.find((f) => f.file === 'more.wkt')!;
    expect(codes(wktFile.diagnostics)).toContain('XF006');
    expect(wktFile.counts.error).toBe(wktFile.diagnostics.filter((d) => d.severity === 'error').length);
    expect(report.counts.error).toBe(report.diagnostics.filter((d) => d.severity === 'error').length);
    // Not asked for: no geometry in the results.
    expect(report.files.every((f) => f.batchGeometry === undefined)).toBe(true);
  });

  it('hand their diagnostics over in the event only, when the caller keeps none', async () => {
    const events = await run(
      [
        { name: 'fields.csv', bytes: fieldsCsv },
        { name: 'more.wkt', bytes: wkt },
      ],
      { keepDiagnostics: false },
    );
    const across = events.find((e) => e.type === 'across-files') as Extract<
      EngineEvent,
      { type: 'across-files' }
    >;
    expect(codes(across.diagnostics)).toEqual(['XF006']);
    const report = (events.at(-1) as Extract<EngineEvent, { type: 'report' }>).report;
    expect(report.diagnostics).toEqual([]);
    expect(report.files.find((f) => f.file === 'more.wkt')?.counts.error).toBe(1);
  });

  it('follow the batch setting: off, on, or auto (files of boundaries with others, or in two files)', async () => {
    const files = [
      { name: 'fields.csv', bytes: fieldsCsv },
      { name: 'more.wkt', bytes: wkt },
    ];
    const crossCodes = async (settings: Record<string, string>) =>
      codes((await validate(files, { now, settings })).diagnostics.filter((d) => d.group === 'cross-file'));
    expect(await crossCodes({ batch: 'off' })).toEqual([]);
    expect(await crossCodes({ batch: 'on' })).toEqual(['XF006']);
    expect(await crossCodes({ batch: 'auto' })).toEqual(['XF006']);
    // One file: nothing to compare, whatever the setting.
    expect(codes((await validate([files[0]!], { now, settings: { batch: 'on' } })).diagnostics)).toEqual([]);
    // A rule selection applies to them as to any rule.
    expect(codes((await validate(files, { now, rules: { ignore: ['XF006'] } })).diagnostics)).toEqual([]);
    await expect(validate(files, { settings: { batch: 'sometimes' } })).rejects.toThrow(EngineOptionsError);
    await expect(validate(files, { settings: { rxOutsideShare: 2 } })).rejects.toThrow(/at most 1/);
  });

  it('return each file’s geometry when asked, for a caller that compares files checked one by one', async () => {
    const report = await validate([{ name: 'fields.csv', bytes: fieldsCsv }], { now, batchGeometry: true });
    const geometry = report.files[0]?.batchGeometry;
    expect(geometry?.fields.map((f) => [f.label, f.name, f.feature, f.location.row])).toEqual([
      ['Row 1', 'North 40', 0, 1],
      ['Row 2', 'East 40', 1, 2],
    ]);
    expect(geometry?.fields[0]?.location.range?.start.line).toBe(2);
  });

  it('read a fixed file as fixed, not as it was', async () => {
    // The .wkt file's first field repeats a point (a safe fix removes it); its copy of the CSV's field is
    // found both before and after.
    const repeated = text(`${square(0).replace('42, ', '42, -93.49 42, ')}\n${square(5)}\n`);
    const events = await run(
      [
        { name: 'fields.csv', bytes: fieldsCsv },
        { name: 'more.wkt', bytes: repeated },
      ],
      { fix: { safety: 'safe' } },
    );
    expect(events.some((e) => e.type === 'fixed' && e.file === 'more.wkt')).toBe(true);
    const report = (events.at(-1) as Extract<EngineEvent, { type: 'report' }>).report;
    const wktFile = report.files.find((f) => f.file === 'more.wkt')!;
    expect(codes(wktFile.diagnostics)).toEqual(['XF006']);
  });
});
