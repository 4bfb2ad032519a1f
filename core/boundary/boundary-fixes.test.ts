/**
 * Geometry fixes written back in each format: fixtures/fixes/<case>.<ext> is fixed with every fix (safe and
 * unsafe) by the engine's fix loop, the fix command's own (a pass that would create an error is rolled back,
 * so the bow-tie's stated acres fit its rebuilt area), and compared with <case>.fixed.<ext>, which must
 * check clean. UPDATE_FIXTURES=1 rewrites the .fixed files; review the diff before committing.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusPath } from '../../test/support/corpus.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { LineIndex } from '../diagnostics/text-position.ts';
import type { FileKind, InputFile } from '../input/file-kind.ts';
import { jsonFileKind } from '../formats/json-file-kind.ts';
import { DiagnosticCollector } from '../rules/reporter.ts';
import { fix } from '../engine/every-kind.ts';
import type { AppliedFix } from '../engine/report.ts';
import { boundaryFileKinds } from './boundary-file-kinds.ts';
import { reviewGeometryFixes } from './boundary-fixes.ts';
import { checkBoundary } from './check-boundary.ts';

const dir = join(import.meta.dirname, 'fixtures', 'fixes');
const update = process.env.UPDATE_FIXTURES === '1';

function kindFor(name: string): FileKind {
  if (name.endsWith('.json')) return jsonFileKind;
  const kind = boundaryFileKinds.find((k) => k.id === name.slice(name.lastIndexOf('.') + 1));
  if (!kind) throw new Error(`no kind for ${name}`);
  return kind;
}

/** Every fix, safe and unsafe, as the engine's fix loop applies them (the fix command's). */
async function fixAll(kind: FileKind, file: InputFile): Promise<{ text: string; applied: AppliedFix[] }> {
  const { report, bytes } = await fix({ ...file, kind: kind.id }, { safety: 'safe-and-unsafe' });
  const applied = report.files[0]?.fixes?.applied ?? [];
  return { text: new TextDecoder().decode(bytes ?? file.bytes), applied };
}

const cases = readdirSync(dir).filter((f) => !/\.fixed\.\w+$/.test(f));

describe('geometry fixes are written back in the input format', () => {
  for (const name of cases) {
    it(`${name} is fixed in place and then checks clean`, async () => {
      const base = name.replace(/\.(\w+)$/, '');
      const ext = name.slice(base.length);
      const kind = kindFor(name);
      const file = { name, bytes: new Uint8Array(readFileSync(join(dir, name))) };
      const before = await kind.validate(file, {});
      expect(before.diagnostics.some((d) => d.fix)).toBe(true);
      const { text, applied } = await fixAll(kind, file);
      const fixedPath = join(dir, `${base}.fixed${ext}`);
      if (update) writeFileSync(fixedPath, text);
      expect(existsSync(fixedPath)).toBe(true);
      expect(text).toBe(readFileSync(fixedPath, 'utf8'));
      // Every applied fix says what it changed.
      expect(applied.length).toBeGreaterThan(0);
      for (const d of applied) expect([d.before, d.after].every((s) => typeof s === 'string')).toBe(true);
      // Written with the input's precision: no binary noise like 45.105000000000004.
      expect(text).not.toMatch(/\d\.\d*0000000\d/);
      const after = await kind.validate({ name, bytes: new TextEncoder().encode(text) }, {});
      expect(after.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    });
  }
});

describe('reviewGeometryFixes', () => {
  const bowTie = 'POLYGON ((0 0, 1 1, 1 0, 0 1, 0 0))';

  function diagnosticsWithFix(replacement: string): Diagnostic[] {
    const collector = new DiagnosticCollector({ select: ['GEO004'] });
    checkBoundary(bowTie, {}, collector);
    const d = collector.diagnostics[0]!;
    return [
      {
        ...d,
        fix: {
          safety: 'unsafe',
          title: 'rebuild',
          edits: [{ start: 0, end: bowTie.length, text: replacement }],
        },
      },
    ];
  }

  it('does not offer a fix whose result breaks the point limit, and says why in the hint', () => {
    const ring: string[] = [];
    for (let i = 0; i < 10_500; i++) {
      const a = (2 * Math.PI * i) / 10_500;
      ring.push(`${0.5 + 0.4 * Math.cos(a)} ${0.5 + 0.4 * Math.sin(a)}`);
    }
    ring.push(ring[0]!);
    const diagnostics = diagnosticsWithFix(`POLYGON ((${ring.join(', ')}))`);
    const parsed = checkBoundary(bowTie, {}, new DiagnosticCollector({ select: ['GEO004'] })).geometry!;
    reviewGeometryFixes(diagnostics, 0, { wkt: bowTie, geometry: parsed, toDocument: (o) => o });
    expect(diagnostics[0]?.fix).toBeUndefined();
    expect(diagnostics[0]?.hint).toContain(
      "No fix is offered: the result would have 10,501 points, over the service's limit of 10,000.",
    );
  });

  it('reviews equal fixes given as separate objects once, and shares the result', () => {
    const wkt = 'POLYGON ((0 0, 0.01 0.01, 0.01 0, 0 0.01, 0 0))';
    const parsed = checkBoundary(wkt, {}, new DiagnosticCollector({ select: ['GEO004'] })).geometry!;
    const fix = () => ({
      safety: 'unsafe' as const,
      title: 'rebuild',
      edits: [
        {
          start: 0,
          end: wkt.length,
          text: 'MULTIPOLYGON (((0 0, 0.005 0.005, 0 0.01, 0 0)), ((0.01 0.01, 0.005 0.005, 0.01 0, 0.01 0.01)))',
        },
      ],
    });
    const base = {
      code: 'GEO004' as const,
      rule: 'self-intersection',
      group: 'ogc-validity',
      severity: 'error' as const,
    };
    const diagnostics = [
      { ...base, messageId: 'a', message: 'a', location: {}, fix: fix() },
      { ...base, messageId: 'b', message: 'b', location: {}, fix: fix() },
    ];
    reviewGeometryFixes(diagnostics, 0, { wkt, geometry: parsed, toDocument: (o) => o });
    expect(diagnostics[0]?.fix).toBeDefined();
    expect(diagnostics[1]?.fix).toBe(diagnostics[0]?.fix);
  });

  it('does not offer a rebuilt geometry that is still invalid', () => {
    const diagnostics = diagnosticsWithFix(bowTie);
    const parsed = checkBoundary(bowTie, {}, new DiagnosticCollector({ select: ['GEO004'] })).geometry!;
    reviewGeometryFixes(diagnostics, 0, { wkt: bowTie, geometry: parsed, toDocument: (o) => o });
    expect(diagnostics[0]?.hint).toContain(
      'No fix is offered: the rebuilt boundary would still not be a valid polygon.',
    );
  });

  it('does not offer a rebuilt boundary over the acre limit, and rebuilds one under it', () => {
    // Bow-ties at 45° N: one of 0.1° (two triangles, about 10,800 acres: measured, as its
    // box could hold more than the limit), one of 0.5° (about 270,000 acres).
    const bowTieOf = (size: number): string =>
      `POLYGON ((-93 45, ${-93 + size} ${45 + size}, ${-93 + size} 45, -93 ${45 + size}, -93 45))`;
    const fixOf = (wkt: string): Diagnostic | undefined => {
      const collector = new DiagnosticCollector({ select: ['GEO004'] });
      checkBoundary(wkt, {}, collector);
      return collector.diagnostics[0];
    };
    expect(fixOf(bowTieOf(0.1))?.fix?.edits?.[0]?.text).toBe(
      'MULTIPOLYGON (((-92.9 45.1, -92.95 45.05, -92.9 45, -92.9 45.1)), ((-93 45, -92.95 45.05, -93 45.1, -93 45)))',
    );
    const over = fixOf(bowTieOf(0.5));
    expect(over?.fix).toBeUndefined();
    expect(over?.hint).toMatch(
      /No fix is offered: the rebuilt boundary would cover 2\d\d,\d{3} acres, over the service's limit of 20,000\./,
    );
  });

  it('writes a rebuilt WKT with the input precision, inside a document', () => {
    const wkt =
      'POLYGON ((-93.12345 45.12385, -93.11345 45.13385, -93.11345 45.12385, -93.12345 45.13385, -93.12345 45.12385))';
    const text = `line one\n${wkt}`;
    const collector = new DiagnosticCollector();
    checkBoundary(wkt, {}, collector, { lines: new LineIndex(text), offset: 9 });
    const fix = collector.diagnostics.find((d) => d.code === 'GEO004')?.fix;
    expect(fix?.edits?.[0]?.start).toBe(9);
    expect(fix?.edits?.[0]?.text).toContain('-93.11845 45.12885');
    expect(fix?.edits?.[0]?.text).not.toMatch(/\d{9}/);
    expect(fix?.after).toBe(fix?.edits?.[0]?.text);
  });
});

describe('acreage fixes', () => {
  it('are offered only where the stated acres can be rewritten (not from a DBF field)', async () => {
    const collector = new DiagnosticCollector({ select: ['ACR001'] });
    const wkt = 'POLYGON ((-96 40, -95.99 40, -95.99 40.01, -96 40.01, -96 40))';
    checkBoundary(
      wkt,
      { statedAcres: 250, acresLocation: { entry: 'f.dbf', record: 1, field: 'ACRES' } },
      collector,
    );
    expect(collector.diagnostics[0]?.fix).toBeUndefined();
    expect(collector.diagnostics[0]?.hint).toContain('set acres to 234.2804.');
  });
});

describe('local fixes near the point limit', () => {
  it('does not offer closing a ring of 10,000 points (it would have 10,001)', () => {
    const points: string[] = [];
    for (let i = 0; i < 10_000; i++) {
      const a = (2 * Math.PI * i) / 10_000;
      points.push(`${(-93 + 0.01 * Math.cos(a)).toFixed(7)} ${(45 + 0.01 * Math.sin(a)).toFixed(7)}`);
    }
    const collector = new DiagnosticCollector({ select: ['GEO002'] });
    checkBoundary(`POLYGON ((${points.join(', ')}))`, {}, collector);
    expect(collector.diagnostics[0]?.fix).toBeUndefined();
    expect(collector.diagnostics[0]?.hint).toContain('the result would have 10,001 points');
    // One point fewer, and closing it is offered.
    const fewer = new DiagnosticCollector({ select: ['GEO002'] });
    checkBoundary(`POLYGON ((${points.slice(1).join(', ')}))`, {}, fewer);
    expect(fewer.diagnostics[0]?.fix?.safety).toBe('safe');
  });
});

describe('the corpus CSB GeoJSON', () => {
  it('is fixed in place: only the four invalid features change, and the result checks clean', async () => {
    const path = corpusPath('derived/us_csb_2024_sample_wgs84.geojson');
    const original = readFileSync(path, 'utf8');
    const kind = kindFor('csb.geojson');
    const { text, applied } = await fixAll(kind, {
      name: 'csb.geojson',
      bytes: new TextEncoder().encode(original),
    });
    expect(applied.map((d) => d.location.feature).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([
      15, 17, 29, 54,
    ]);
    const before = JSON.parse(original) as { features: unknown[] };
    const after = JSON.parse(text) as { features: unknown[] };
    const changed = after.features.flatMap((f, i) =>
      JSON.stringify(f) === JSON.stringify(before.features[i]) ? [] : [i],
    );
    expect(changed).toEqual([15, 17, 29, 54]);
    // Every other line of the file is untouched, byte for byte.
    const originalLines = original.split('\n');
    const fixedLines = text.split('\n');
    expect(fixedLines.filter((line, i) => line !== originalLines[i])).toHaveLength(4);
    const report = await kind.validate({ name: 'csb.geojson', bytes: new TextEncoder().encode(text) }, {});
    expect(report.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
});
