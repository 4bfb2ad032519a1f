/**
 * `fieldgate/wkt`'s engine: the main entry's, knowing .wkt files alone. It reports a .wkt file as the main
 * entry does, knows every rule a .wkt file's checks report, and reads no other kind.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validate as validateEveryKind } from '../engine/every-kind.ts';
import { EngineOptionsError, fix, validate } from './wkt.ts';

const now = new Date('2026-11-22T12:00:00Z');
const boundaries = {
  name: 'boundaries.wkt',
  bytes: new Uint8Array(readFileSync(new URL('../../examples/fields/boundaries.wkt', import.meta.url))),
};
const modus = {
  name: 'lab.xml',
  bytes: new Uint8Array(readFileSync(new URL('../../examples/soil/a-and-l-lab-result.xml', import.meta.url))),
};

describe('fieldgate/wkt validate', () => {
  it('reports a .wkt file as the main entry does', async () => {
    const report = await validate([boundaries], { now });
    expect(report).toEqual(await validateEveryKind([boundaries], { now }));
    expect(report.files[0]?.diagnostics.length).toBeGreaterThan(0);
  });

  it('knows every rule a .wkt file reports: each may be selected on its own and fixed by rule', async () => {
    const report = await validateEveryKind([boundaries], { now });
    const codes = [...new Set(report.files.flatMap((f) => f.diagnostics.map((d) => d.code)))];
    expect(codes.length).toBeGreaterThan(3);
    for (const code of codes) {
      const one = await validate([boundaries], { now, rules: { select: [code] } });
      expect(one.files[0]?.diagnostics.map((d) => d.code)).toContain(code);
    }
    const fixable = report.files[0]?.diagnostics.find((d) => d.fix?.safety === 'safe');
    if (!fixable) throw new Error('boundaries.wkt has no safe fix');
    const fixed = await fix(boundaries, { rules: [fixable.code], safety: 'safe' }, { now });
    expect(fixed.report.files[0]?.fixes?.applied.map((a) => a.code)).toContain(fixable.code);
  });

  it('reads no other kind: a Modus file is not a kind it knows, nor a Modus rule or a CSV setting', async () => {
    const report = await validate([boundaries, modus], { now });
    expect(report.files.map((f) => f.file)).toEqual(['boundaries.wkt']);
    expect(report.unreadable.map((u) => u.name)).toEqual(['lab.xml']);
    expect(report.unreadable[0]?.reason).toMatch(/fit none of: wkt\)/);
    await expect(validate([boundaries], { rules: { select: ['modus-schema'] } })).rejects.toThrow(
      EngineOptionsError,
    );
    await expect(validate([boundaries], { settings: { delimiter: 'tab' } })).rejects.toThrow(
      /unknown setting "delimiter"/,
    );
    await expect(validate([boundaries], { kind: 'modus-result' })).rejects.toThrow(/kinds: wkt$/);
  });
});
