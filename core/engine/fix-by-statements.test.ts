import { describe, expect, it } from 'vitest';
import { streamedFile } from '../../test/support/streamed-file.ts';
import { readAll, type StreamedFile } from '../input/file-kind.ts';
import { encodeText } from '../input/text-decoding.ts';
import { type EngineEvent } from './engine.ts';
import { fix, runEngine } from './every-kind.ts';
import type { AppliedFix, Report } from './report.ts';

const encode = (s: string) => new TextEncoder().encode(s);
const decode = (b: Uint8Array | undefined) => new TextDecoder().decode(b);

/** The bytes as a stream of `piece`-byte chunks (odd sizes put line breaks and characters across them). */
const streamed = (name: string, bytes: Uint8Array, piece = 997): StreamedFile =>
  streamedFile(name, bytes, piece);

const square = (x: number, y: number) =>
  `POLYGON ((${x} ${y}, ${x + 0.01} ${y}, ${x + 0.01} ${y + 0.01}, ${x} ${y + 0.01}, ${x} ${y}))`;

/** Lines of every kind a .wkt file of boundaries has: clean, fixable (safe, unsafe, several passes), not. */
function boundaries(count: number): string[] {
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const x = -93 + (i % 50) * 0.02;
    const y = 41 + Math.floor(i / 50) * 0.02;
    switch (i % 7) {
      case 0:
        lines.push(square(x, y));
        break;
      case 1: // A repeated point (safe fix).
        lines.push(
          `POLYGON ((${x} ${y}, ${x + 0.01} ${y}, ${x + 0.01} ${y}, ${x + 0.01} ${y + 0.01}, ${x} ${y}))`,
        );
        break;
      case 2: // A bow-tie (an unsafe rebuild).
        lines.push(
          `POLYGON ((${x} ${y}, ${x + 0.01} ${y + 0.01}, ${x + 0.01} ${y}, ${x} ${y + 0.01}, ${x} ${y}))`,
        );
        break;
      case 3: // An unclosed ring with a repeated point: two fixes on one ring.
        lines.push(
          `POLYGON ((${x} ${y}, ${x} ${y}, ${x + 0.01} ${y}, ${x + 0.01} ${y + 0.01}, ${x} ${y + 0.01}))`,
        );
        break;
      case 4: // Not WKT: a syntax error, no fix.
        lines.push(`POLYGON ((${x} ${y}, oops))`);
        break;
      case 5: // Far too big: no fix.
        lines.push(`POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0))`);
        break;
      default: // A spike.
        lines.push(
          `POLYGON ((${x} ${y}, ${x + 0.01} ${y}, ${x + 0.02} ${y}, ${x + 0.01} ${y}, ${x + 0.01} ${y + 0.01}, ${x} ${y}))`,
        );
    }
  }
  return lines;
}

interface Run {
  report: Report;
  bytes?: Uint8Array;
  /** Diagnostics in the order the events passed them on. */
  passedOn: string[];
  /** Fix passes said: one per pass of the whole file, or one per pass of each statement. */
  passEvents: number;
}

async function run(input: StreamedFile, whole: boolean, safety: 'safe' | 'safe-and-unsafe'): Promise<Run> {
  const source = whole ? await readAll(input) : input;
  let bytes: Uint8Array | undefined;
  let report: Report | undefined;
  const passedOn: string[] = [];
  let passEvents = 0;
  const events: AsyncIterable<EngineEvent> = runEngine([source], {
    fix: { safety },
    streamAbove: 0,
    features: true,
  });
  for await (const e of events) {
    if (e.type === 'fixed') bytes = e.bytes;
    if (e.type === 'diagnostics') for (const d of e.diagnostics) passedOn.push(d.id ?? '');
    if (e.type === 'report') report = e.report;
    if (e.type === 'fix-pass') passEvents++;
  }
  return { report: report as Report, ...(bytes ? { bytes } : {}), passedOn, passEvents };
}

/** Applied fixes as compared: those of the first pass exactly; later passes' places are in texts that differ. */
function appliedShape(applied: readonly AppliedFix[]): unknown[] {
  return [...applied]
    .sort(
      (a, b) =>
        a.pass - b.pass || (a.location.range?.start.offset ?? 0) - (b.location.range?.start.offset ?? 0),
    )
    .map((a) => (a.pass === 1 ? a : { pass: a.pass, code: a.code, title: a.title }));
}

describe('engine: a big .wkt file is fixed statement by statement, as it is fixed whole', () => {
  for (const safety of ['safe', 'safe-and-unsafe'] as const)
    for (const [label, layout] of [
      ['LF', (lines: string[]) => `${lines.join('\n')}\n`],
      ['CRLF, blank lines, a byte order mark', (lines: string[]) => `\ufeff${lines.join('\r\n\r\n')}`],
    ] as const)
      it(`${safety} fixes, ${label}: the same fixed bytes, report and lists`, async () => {
        // Over the 64 KB detection reads first (a shorter file is given to the kind whole).
        const input = streamed('fields.wkt', encode(layout(boundaries(1400))));
        expect(input.size).toBeGreaterThan(100_000);
        const byStatement = await run(input, false, safety);
        const whole = await run(input, true, safety);
        expect(whole.passEvents).toBeLessThanOrEqual(10);
        expect(byStatement.passEvents).toBeGreaterThan(500);
        expect(byStatement.bytes).toBeDefined();
        expect(decode(byStatement.bytes)).toBe(decode(whole.bytes));
        expect(Buffer.from(byStatement.bytes!).equals(Buffer.from(whole.bytes!))).toBe(true);
        const [a, b] = [byStatement.report, whole.report];
        expect(a.diagnostics).toEqual(b.diagnostics);
        expect(a.counts).toEqual(b.counts);
        const [fa, fb] = [a.files[0]!, b.files[0]!];
        expect(fa.summary).toEqual(fb.summary);
        expect(fa.features).toEqual(fb.features);
        expect(fa.fixes?.applied.length).toBeGreaterThan(300);
        expect(appliedShape(fa.fixes!.applied)).toEqual(appliedShape(fb.fixes!.applied));
        expect(fa.fixes?.notApplied).toEqual(fb.fixes?.notApplied);
        expect(fa.fixes?.passes).toBe(fb.fixes?.passes);
        // Passed on as found, numbered in order.
        expect(byStatement.passedOn).toEqual(a.diagnostics.map((d) => d.id));
      });

  it('fixes a file of one statement, or whose second line is not WKT, whole', async () => {
    // One polygon of 20,000 corners, each written twice, on one line.
    const corners = Array.from({ length: 20_000 }, (_, k) => {
      const a = (k / 20_000) * 2 * Math.PI;
      const p = `${(Math.cos(a) / 100).toFixed(6)} ${(Math.sin(a) / 100).toFixed(6)}`;
      return `${p}, ${p}`;
    });
    const wkt = `POLYGON ((${corners.join(', ')}, ${(0.01).toFixed(6)} ${(0).toFixed(6)}))`;
    const one = streamed('one.wkt', encode(`${wkt}\n`));
    const out = await fix(one, { safety: 'safe' }, { streamAbove: 0 });
    const wholeOne = await fix({ name: 'one.wkt', bytes: encode(`${wkt}\n`) }, { safety: 'safe' });
    expect(decode(out.bytes)).toBe(decode(wholeOne.bytes));
    expect(out.report.files[0]?.fixes?.applied.map((a) => a.code)).toEqual(['GEO012']);

    const text = `${wkt}\nnot a geometry\n`;
    const mixed = await fix(streamed('mixed.wkt', encode(text)), { safety: 'safe' }, { streamAbove: 0 });
    const wholeMixed = await fix({ name: 'mixed.wkt', bytes: encode(text) }, { safety: 'safe' });
    expect(mixed.report.diagnostics).toEqual(wholeMixed.report.diagnostics);
    expect(decode(mixed.bytes)).toBe(decode(wholeMixed.bytes));
  });

  it('writes nothing when nothing changed, and nothing when cancelled', async () => {
    const clean = streamed('clean.wkt', encode(`${square(0, 0)}\n${square(1, 1)}\n`));
    const out = await fix(clean, { safety: 'safe' }, { streamAbove: 0 });
    expect(out.bytes).toBeUndefined();
    expect(out.report.files[0]?.summary).toEqual({
      type: 'wkt',
      boundaries: 2,
      valid: 2,
      acres: expect.any(Number),
    });

    const controller = new AbortController();
    const events: EngineEvent[] = [];
    const input = streamed('big.wkt', encode(`${boundaries(3000).join('\n')}\n`), 4096);
    for await (const e of runEngine([input], {
      fix: { safety: 'safe' },
      streamAbove: 0,
      signal: controller.signal,
    })) {
      events.push(e);
      if (e.type === 'diagnostics') controller.abort();
    }
    expect(events.some((e) => e.type === 'fixed')).toBe(false);
    expect(events.at(-1)).toMatchObject({ type: 'report', report: { outcome: 'cancelled' } });
  });

  it('with fixedInParts, passes the fixed bytes on as they are made, then says the file changed', async () => {
    const text = `${boundaries(1400).join('\n')}\n`;
    const input = streamed('fields.wkt', encode(text));
    const parts: Uint8Array[] = [];
    const events: EngineEvent[] = [];
    for await (const e of runEngine([input], {
      fix: { safety: 'safe' },
      streamAbove: 0,
      fixedInParts: true,
    })) {
      if (e.type === 'fixed-part') parts.push(e.bytes);
      else events.push(e);
    }
    const whole = await fix({ name: 'fields.wkt', bytes: encode(text) }, { safety: 'safe' });
    const joined = Buffer.concat(parts);
    expect(joined.equals(Buffer.from(whole.bytes!))).toBe(true);
    expect(events.find((e) => e.type === 'fixed')).toMatchObject({ inParts: true, bytes: new Uint8Array(0) });

    // Unchanged: the parts are the input, and no `fixed` event says to keep them.
    const clean = `${Array.from({ length: 2000 }, (_, i) => square(i * 0.02 - 90, 40)).join('\n')}\n`;
    const cleanParts: Uint8Array[] = [];
    let fixedEvent = false;
    for await (const e of runEngine([streamed('clean.wkt', encode(clean))], {
      fix: { safety: 'safe' },
      streamAbove: 0,
      fixedInParts: true,
    })) {
      if (e.type === 'fixed-part') cleanParts.push(e.bytes);
      if (e.type === 'fixed') fixedEvent = true;
    }
    expect(decode(Buffer.concat(cleanParts))).toBe(clean);
    expect(fixedEvent).toBe(false);
  });

  it("without keeping diagnostics, passes each statement's fixes on in events, and counts them", async () => {
    const input = streamed('fields.wkt', encode(`${boundaries(1400).join('\n')}\n`));
    const kept = await run(input, false, 'safe-and-unsafe');
    const applied: AppliedFix[] = [];
    let notApplied = 0;
    let report: Report | undefined;
    for await (const e of runEngine([input], {
      fix: { safety: 'safe-and-unsafe' },
      streamAbove: 0,
      keepDiagnostics: false,
    })) {
      if (e.type === 'fixes') {
        applied.push(...e.applied);
        notApplied += e.notApplied.length;
      }
      if (e.type === 'report') report = e.report;
    }
    const keptFixes = kept.report.files[0]!.fixes!;
    expect(applied).toEqual(keptFixes.applied);
    expect(notApplied).toBe(keptFixes.notApplied.length);
    const fixes = report!.files[0]!.fixes!;
    expect(fixes.applied).toEqual([]);
    expect(fixes.counts).toEqual({ applied: applied.length, notApplied });
    expect(report!.diagnostics).toEqual([]);
    expect(report!.counts).toEqual(kept.report.counts);
  });

  it('fixes a UTF-16 file whole, and writes it back in UTF-16', async () => {
    const text = `${boundaries(1400).join('\n')}\n`;
    const utf16 = encodeText(text, { encoding: 'utf-16le', bom: true });
    const byStatement = await run(streamed('fields.wkt', utf16), false, 'safe');
    const whole = await run(streamed('fields.wkt', utf16), true, 'safe');
    expect(byStatement.passEvents).toBeLessThanOrEqual(10);
    expect(Buffer.from(byStatement.bytes!).equals(Buffer.from(whole.bytes!))).toBe(true);
    expect([...byStatement.bytes!.subarray(0, 2)]).toEqual([0xff, 0xfe]);
    expect(byStatement.report.diagnostics).toEqual(whole.report.diagnostics);
  });
});
