import { describe, expect, it } from 'vitest';
import { reportLayout, type Stringify } from '../../test/support/report-layout.ts';
import { createReportJsonWriter, fileEntry } from './report-json.ts';
import type { FileResult, Report } from './report.ts';

/** A ring of `n` positions, as a prescription summary's map holds them. */
const ring = (n: number, at: number): [number, number][] =>
  Array.from({ length: n }, (_, i) => [at + i * 1e-6, 42 + Math.sin(i) * 1e-3]);

/** A file entry whose summary holds a map of 40 zones of 5,000 points (about 10 MB laid out). */
function bigMapFile(): FileResult {
  const features = Array.from({ length: 40 }, (_, z) => ({
    type: 'Feature',
    id: z + 1,
    properties: { record: z + 1, rate: z % 3 === 0 ? null : 100 + z, skipped: undefined, name: `zone ${z}` },
    geometry:
      z % 2 === 0
        ? { type: 'Polygon', coordinates: [ring(5000, -93 + z)] }
        : { type: 'MultiPolygon', coordinates: [[ring(2500, -93 + z)], [ring(2500, -92 + z), []]] },
  }));
  // Many small keys too (an object laid out entry by entry), some left out as JSON leaves them out.
  const columns = Object.fromEntries(
    Array.from({ length: 6000 }, (_, i) => [
      `c${i}`,
      i % 7 === 0 ? undefined : { width: i, label: `\u009b${i}` },
    ]),
  );
  return {
    file: 'big.zip',
    kind: 'rx-zip',
    counts: { error: 0, warning: 0, info: 0 },
    detectedAs: { kind: 'rx-zip', reason: 'test', alternatives: [] },
    diagnostics: [],
    summary: {
      type: 'rx',
      empty: [],
      none: {},
      columns,
      map: { type: 'FeatureCollection', features },
      after: [1, [2, [3]], { deep: [] }],
    },
  } as unknown as FileResult;
}

/** Escapes C1 controls as the command line's writer does (cli/render/terminal-text.ts). */
const terminal: Stringify = (value, indent) =>
  JSON.stringify(value, null, indent).replace(
    /[\u0080-\u009f]/g,
    (ch) => `\\u00${ch.charCodeAt(0).toString(16)}`,
  );

describe('JSON report: a file entry of many megabytes', () => {
  for (const [name, stringify] of [
    ['JSON.stringify', undefined],
    ['an escaping stringify', terminal],
  ] as const) {
    it(`is written in pieces of at most a megabyte, laid out as the whole would be (${name})`, () => {
      const file = bigMapFile();
      const report: Report = {
        version: 1,
        diagnostics: [],
        outcome: 'complete',
        counts: { error: 0, warning: 0, info: 0 },
        files: [file],
        unreadable: [],
        written: [],
      } as unknown as Report;
      const chunks: string[] = [];
      const writer = createReportJsonWriter((c) => chunks.push(c), stringify);
      writer.file(file);
      writer.end(report);
      const text = chunks.join('');
      const { version, diagnostics, outcome, counts, unreadable, written } = report;
      const whole = { version, diagnostics, outcome, counts, files: [fileEntry(file)], unreadable, written };
      expect(text).toBe(`${reportLayout(whole, stringify)}\n`);
      expect(text.length).toBeGreaterThan(8_000_000);
      // Laid out whole, the summary was one write of the whole text.
      expect(Math.max(...chunks.map((c) => c.length))).toBeLessThan(1 << 20);
    });
  }
});
