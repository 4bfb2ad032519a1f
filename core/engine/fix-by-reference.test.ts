/**
 * Fixes chosen from a report of several files: ids are numbered across a report's files, so a diagnostic is
 * named by itself (its file, code and location), and a fix is applied only where that very diagnostic is.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EngineOptionsError } from './engine.ts';
import { fix, runEngine, validate } from './every-kind.ts';
import type { Report } from './report.ts';

const root = new URL('../../', import.meta.url).pathname;
const boundaries = {
  name: 'boundaries.wkt',
  bytes: new Uint8Array(readFileSync(root + 'examples/fields/boundaries.wkt')),
};
const p1 = {
  name: 'p1.wkt',
  bytes: new TextEncoder().encode('POLYGON((0 0, 0 1, 1 1, 1 0, 0 0))\n'),
};
const now = new Date('2026-11-22T12:00:00.000Z');
const unsafe = { safety: 'safe-and-unsafe' } as const;

async function twoFileReport(): Promise<Report> {
  const report = await validate([p1, boundaries], { now });
  // The ids the issue found misleading: boundaries.wkt's diagnostics do not start at d1.
  expect(report.files[1]?.diagnostics[0]?.id).not.toBe('d1');
  return report;
}

describe('fix: diagnostics chosen from a report of several files', () => {
  it('applies the fix of the chosen diagnostic, not of the one with its number in the file alone', async () => {
    const report = await twoFileReport();
    const chosen = report.files[1]!.diagnostics.find((d) => d.code === 'GEO004')!;
    const out = await fix(boundaries, { ...unsafe, ids: [chosen] }, { now });
    const fixes = out.report.files[0]!.fixes!;
    expect(fixes.notApplied).toEqual([]);
    expect(fixes.applied.map((a) => [a.code, a.location.row])).toEqual([['GEO004', chosen.location.row]]);
    expect(out.bytes).toBeDefined();
  });

  it('refuses a diagnostic of another file, naming both', async () => {
    const report = await twoFileReport();
    const ofP1 = report.files[0]!.diagnostics[0]!;
    const out = await fix(boundaries, { ...unsafe, ids: [ofP1] }, { now });
    expect(out.bytes).toBeUndefined();
    expect(out.report.files[0]!.fixes!.applied).toEqual([]);
    expect(out.report.files[0]!.fixes!.notApplied.map((n) => [n.id, n.code, n.reason])).toEqual([
      [ofP1.id, ofP1.code, 'it is a diagnostic of p1.wkt, not of boundaries.wkt'],
    ]);
  });

  it('refuses an id whose code and location no longer match, saying what the id is now', async () => {
    const report = await twoFileReport();
    const geo004 = report.files[1]!.diagnostics.find((d) => d.code === 'GEO004')!;
    // The number GEO004 has in a report of boundaries.wkt alone, with a location that is not its.
    const stale = { id: 'd1', code: 'GEO002' as const, location: geo004.location };
    const out = await fix(boundaries, { ...unsafe, ids: [stale] }, { now });
    expect(out.bytes).toBeUndefined();
    const refused = out.report.files[0]!.fixes!.notApplied;
    expect(refused).toHaveLength(1);
    expect(refused[0]!.reason).toBe(
      'boundaries.wkt has no GEO002 at line 2, column 10 (its d1 is GEO004 at line 2, column 10): ' +
        'the file or the options differ from the report it was chosen from; validate it again',
    );
  });

  it('applies diagnostics of a report of several files to their own files in one run', async () => {
    const report = await twoFileReport();
    const chosen = report.files[1]!.diagnostics.filter((d) => d.code === 'GEO002' || d.code === 'GEO012');
    expect(chosen).toHaveLength(2);
    let fixed: Report | undefined;
    for await (const e of runEngine([p1, boundaries], { now, fix: { safety: 'safe', ids: chosen } }))
      if (e.type === 'report') fixed = e.report;
    expect(fixed!.files[0]!.fixes!.applied).toEqual([]);
    expect(fixed!.files[1]!.fixes!.applied.map((a) => [a.id, a.code])).toEqual(
      chosen.map((d) => [d.id, d.code]),
    );
  });

  it('throws for fixes of a rule that does not exist, as a rule selection does', async () => {
    const asked = fix(boundaries, { safety: 'safe', rules: ['NOPE999'] });
    await expect(asked).rejects.toBeInstanceOf(EngineOptionsError);
    await expect(asked).rejects.toThrow('fix rules: "NOPE999" matches no rule code');
  });
});
