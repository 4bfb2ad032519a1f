import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { settleEditTexts } from '../diagnostics/diagnostic.ts';
import type { FileReport, StreamedFile, ValidateOptions } from '../input/file-kind.ts';
import { encodeText } from '../input/text-decoding.ts';
import { streamedFile } from '../../test/support/streamed-file.ts';
import { wktFileKind } from './boundary-file-kinds.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Every .wkt file of the examples and the fixtures. */
function wktFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name.startsWith('.')) continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.wkt')) found.push(path);
    }
  };
  for (const top of ['examples', 'core', 'test']) walk(join(root, top));
  return found.sort();
}

const streamed = streamedFile;

/** What must match between the ways of reading: diagnostics and summary. */
// Each edit with its text: one that keeps parts of the checked text reads them from the report's text (a
// streamed report has none, and its edits have their text).
const findings = (r: FileReport) => ({
  kind: r.kind,
  diagnostics: r.diagnostics.map((d) => {
    const copy = structuredClone(d);
    if (r.text !== undefined) settleEditTexts(copy, r.text);
    return copy;
  }),
  summary: r.summary,
});

async function allWays(name: string, bytes: Uint8Array, options: ValidateOptions = {}) {
  const whole = await wktFileKind.validate({ name, bytes }, options);
  const text = await wktFileKind.validateText!({ name, text: new TextDecoder().decode(bytes) }, options);
  const streams: FileReport[] = [];
  for (const size of [1, 7, 64 * 1024]) {
    const file = streamed(name, bytes, size);
    streams.push(await wktFileKind.validateStream!(file, options));
  }
  return { whole, text, streams };
}

/** Lines 1 and 2 start like WKT but are one statement, which the line that is not WKT makes of the file. */
const SPANNING = 'POLYGON ((0 0, 1 0,\nNaN 1, 0 0))\nPOLYGON ((2 2, 3 2, 3 3, 2 2))\n(4 4)\n';

/** A stream that can be opened once, as standard input beyond what is kept of it. */
function readOnce(name: string, bytes: Uint8Array): StreamedFile {
  const file = streamed(name, bytes, 7);
  return {
    name,
    open: () =>
      file.opened === 0
        ? file.open()
        : new ReadableStream<Uint8Array>({
            start: (c) => c.error(new Error('standard input was read already')),
          }),
  };
}

describe('.wkt read whole, as text or as a stream', () => {
  const files = wktFiles();

  it('finds the examples and the fixtures', () => {
    expect(files.length).toBeGreaterThan(40);
    expect(files.some((f) => f.endsWith('examples/fields/boundaries.wkt'))).toBe(true);
  });

  it.each(files.map((f) => relative(root, f)))('%s: the same diagnostics every way', async (path) => {
    const bytes = new Uint8Array(readFileSync(join(root, path)));
    const { whole, text, streams } = await allWays(path, bytes);
    expect(findings(text)).toEqual(findings(whole));
    for (const s of streams) {
      expect(findings(s)).toEqual(findings(whole));
      expect(s.text).toBeUndefined();
      expect(s.features).toBeUndefined();
    }
  });

  const cases: Array<[string, string]> = [
    ['CRLF line breaks', 'POLYGON ((0 0, 1 0, 1 1, 0 0))\r\n\r\nPOLYGON ((2 2, 3 2, 3 3, 3 3, 2 2))\r\n'],
    ['CR line breaks', 'POLYGON ((0 0, 1 0, 1 1, 0 0))\rPOLYGON ((2 2, 3 2, 3 2, 3 3, 2 2))\r'],
    [
      'blank lines and spaces',
      '\n  \nPOLYGON ((0 0, 1 0, 1 1, 0 0, 0 0))\n\t\n  POLYGON ((2 2, 3 2, 3 3))  \n\n',
    ],
    ['one statement on several lines', 'POLYGON (\n  (0 0, 1 0,\n   1 1, 1 1, 0 0)\n)\n'],
    ['one line', '\n\nMULTIPOLYGON (((0 0, 1 0, 1 1, 1 1, 0 0)), ((5 5, 6 5, 6 6, 5 5)))'],
    [
      'a line that is not WKT after boundaries were checked',
      'POLYGON ((0 0, 1 0, 1 1, 0 0))\nPOLYGON ((2 2, 3 2, 3 3, 3 3, 2 2))\n(4 4, 5 5)\nPOLYGON ((0 0, 1 0))\n',
    ],
    [
      'a line that is not WKT first',
      '# boundaries\nPOLYGON ((0 0, 1 0, 1 1, 0 0))\nPOLYGON ((2 2, 3 2, 3 3, 2 2))\n',
    ],
    ['a statement that goes on past line 2, then a line that is not WKT', SPANNING],
    ['a syntax error on line 2', 'POLYGON ((0 0, 1 0, 1 1, 0 0))\nPOLYGON ((0 0, 1x 0, 1 1, 0 0))\n'],
    ['non-ASCII text', 'POLYGON ((0 0, 1 0, 1 1, 0 0))\nPOLYGON ((0 0, 1 0, 1 1, 0 0)) é ü 𝑥\n'],
    ['empty', ''],
    ['two bytes', 'P\n'],
  ];

  it.each(cases)('%s: the same diagnostics every way', async (_label, source) => {
    for (const bytes of [
      encodeText(source, { encoding: 'utf-8', bom: false }),
      encodeText(source, { encoding: 'utf-8', bom: true }),
      encodeText(source, { encoding: 'utf-16le', bom: true }),
      encodeText(source, { encoding: 'utf-16be', bom: true }),
    ]) {
      const whole = await wktFileKind.validate({ name: 'f.wkt', bytes }, {});
      for (const size of [1, 2, 3, 5, 64 * 1024]) {
        const s = await wktFileKind.validateStream!(streamed('f.wkt', bytes, size), {});
        expect(findings(s)).toEqual(findings(whole));
      }
    }
  });

  it('reads a file of many boundaries once, and a file of one boundary from what it read', async () => {
    const many = new TextEncoder().encode('POLYGON ((0 0, 1 0, 1 1, 0 0))\nPOLYGON ((2 2, 3 2, 3 3, 2 2))\n');
    const one = new TextEncoder().encode('POLYGON ((0 0, 1 0, 1 1, 0 0))\n');
    const notWkt = new TextEncoder().encode('POLYGON ((0 0, 1 0, 1 1, 0 0))\nPOINT (1 1)\n(4 4)\n');
    for (const [bytes, opened] of [
      [many, 1],
      [one, 1],
      // Two WKT lines: one statement per line, the third one's syntax error its own.
      [notWkt, 1],
      // The statement goes on past line 2: read again as one statement.
      [new TextEncoder().encode(SPANNING), 2],
    ] as const) {
      const file = streamed('f.wkt', bytes, 5);
      await wktFileKind.validateStream!(file, {});
      expect(file.opened).toBe(opened);
    }
  });

  it('asks for memory to be reclaimed once it joined the pieces of a file of one boundary, only then', async () => {
    const one = new TextEncoder().encode('POLYGON ((0 0, 1 0, 1 1, 0 0))\n');
    const many = new TextEncoder().encode('POLYGON ((0 0, 1 0, 1 1, 0 0))\nPOLYGON ((2 2, 3 2, 3 3, 2 2))\n');
    for (const [bytes, calls] of [
      [one, 1],
      [many, 0],
    ] as const) {
      let released = 0;
      await wktFileKind.validateStream!(streamed('f.wkt', bytes, 5), { releaseMemory: () => released++ });
      expect(released).toBe(calls);
    }
  });

  it('a stream that cannot be read again: the same diagnostics, or says why it could not check it whole', async () => {
    // Many boundaries, then a line that is not WKT: one statement per line (decided by the first two),
    // so that line gets its own syntax error and the boundaries before it are checked; not read again.
    const lines = Array.from({ length: 50 }, (_, i) => `POLYGON ((${i} 0, ${i + 1} 0, ${i + 1} 1, ${i} 0))`);
    const bytes = new TextEncoder().encode(`${lines.join('\n')}\n# end\n`);
    const whole = await wktFileKind.validate({ name: '<stdin>', bytes }, {});
    // Every boundary line has its finding (each triangle is under the service's smallest area), and line 51
    // its syntax error.
    expect(new Set(whole.diagnostics.map((d) => d.location.range?.start.line)).size).toBe(51);
    expect(whole.diagnostics.filter((d) => d.code === 'WKT001').map((d) => d.location.row)).toEqual([51]);
    expect(findings(await wktFileKind.validateStream!(readOnce('<stdin>', bytes), {}))).toEqual(
      findings(whole),
    );

    // A first line over 1 MB, then the same: its boundary checked too, the last line's error its own.
    const corners = Array.from({ length: 60_000 }, (_, k) => {
      const a = (2 * Math.PI * k) / 60_000;
      return `${(10 * Math.cos(a)).toFixed(7)} ${(10 * Math.sin(a)).toFixed(7)}`;
    });
    const long = new TextEncoder().encode(
      `POLYGON ((${[...corners, corners[0]].join(', ')}))\n${lines.join('\n')}\n# end\n`,
    );
    expect(long.length).toBeGreaterThan(1 << 20);
    const longWhole = await wktFileKind.validate({ name: '<stdin>', bytes: long }, {});
    expect(longWhole.diagnostics.filter((d) => d.code === 'WKT001').map((d) => d.location.row)).toEqual([52]);
    expect(findings(await wktFileKind.validateStream!(readOnce('<stdin>', long), {}))).toEqual(
      findings(longWhole),
    );

    // The statement goes on past line 2: it needs the whole text, which cannot be read again.
    const spanning = await wktFileKind.validateStream!(
      readOnce('<stdin>', new TextEncoder().encode(SPANNING)),
      {},
    );
    expect(spanning.diagnostics).toHaveLength(1);
    expect(spanning.diagnostics[0]).toMatchObject({
      code: 'WKT001',
      location: { row: 2, range: { start: { line: 2, column: 1 }, end: { line: 2, column: 13 } } },
    });
    expect(spanning.diagnostics[0]?.message).toBe(
      'Invalid WKT: line 2 does not start a geometry, so the input is one WKT, which could not be read again to check it whole (standard input was read already)',
    );
  });

  it("hands each statement's diagnostics over as it is read, in the order of the file read whole", async () => {
    // 400 boundaries, every other one with a repeated point (GEO012), and a line that is not WKT.
    const lines = Array.from({ length: 400 }, (_, i) =>
      i % 2 === 0
        ? `POLYGON ((${i} 0, ${i + 1} 0, ${i + 1} 1, ${i + 1} 1, ${i} 0))`
        : `POLYGON ((${i} 0, ${i + 1} 0, ${i + 1} 1, ${i} 0))`,
    );
    const bytes = new TextEncoder().encode(`${lines.join('\n')}\nnot wkt\n`);
    const handed: number[] = [];
    const report = await wktFileKind.validateStream!(streamed('f.wkt', bytes, 512), {
      emit: (found) => handed.push(...found.map((d) => d.location.row ?? 0)),
    });
    const whole = await wktFileKind.validate({ name: 'f.wkt', bytes }, {});
    // All but the diagnostics of the last statement read were handed over, in file order.
    expect(handed.length).toBeGreaterThan(whole.diagnostics.length / 2);
    expect([...handed, ...report.diagnostics.map((d) => d.location.row ?? 0)]).toEqual(
      whole.diagnostics.map((d) => d.location.row ?? 0),
    );
    expect(handed).toEqual([...handed].sort((a, b) => a - b));
  });

  it('returns features from a stream only when asked', async () => {
    const bytes = new TextEncoder().encode(
      'POLYGON ((0 0, 1 0, 1 1, 0 0))\nPOLYGON ((2 2, 3 2, 3 3, 2 2))\n',
    );
    const one = new TextEncoder().encode('POLYGON ((0 0, 1 0, 1 1, 0 0))\n');
    for (const b of [bytes, one]) {
      const asked = await wktFileKind.validateStream!(streamed('f.wkt', b, 7), { features: true });
      expect(asked.features?.map((f) => f.geometry?.type)).toEqual(
        b === one ? ['Polygon'] : ['Polygon', 'Polygon'],
      );
      expect(asked.text).toBeUndefined();
    }
  });

  it('returns features unless asked not to', async () => {
    const bytes = new TextEncoder().encode(
      'POLYGON ((0 0, 1 0, 1 1, 0 0))\nPOLYGON ((2 2, 3 2, 3 3, 2 2))\n',
    );
    expect((await wktFileKind.validate({ name: 'f.wkt', bytes }, {})).features).toHaveLength(2);
    expect(
      (await wktFileKind.validate({ name: 'f.wkt', bytes }, { features: false })).features,
    ).toBeUndefined();
  });

  it('stops at a cancelled signal', async () => {
    const controller = new AbortController();
    controller.abort();
    const lines = 'POLYGON ((0 0, 1 0, 1 1, 0 0))\n'.repeat(50000);
    const file = streamed('f.wkt', new TextEncoder().encode(lines), 64 * 1024);
    const report = await wktFileKind.validateStream!(file, {
      signal: controller.signal,
      pause: async () => undefined,
    });
    expect((report.summary as { boundaries: number }).boundaries).toBeLessThan(50000);
  });
});
