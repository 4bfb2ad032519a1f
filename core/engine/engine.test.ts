import { readFileSync } from 'node:fs';
import { writeZip } from '../archive/zip-writer.ts';
import { describe, expect, it } from 'vitest';
import {
  isPlainTextEdit,
  plainTextEdit,
  type Diagnostic,
  type RuleCode,
  type TextEdit,
} from '../diagnostics/diagnostic.ts';
import type { FileKind, FileReport } from '../input/file-kind.ts';
import { EngineOptionsError, type EngineEvent } from './engine.ts';
import { everyKind, fix, resolveOptions, runEngine, settingSpecs, validate } from './every-kind.ts';
import { runFixLoop } from './fix-loop.ts';
import { createReportJsonWriter, fileEntry, reportToJson } from './report-json.ts';
import { checkSettings } from './settings.ts';
import { reportLayout } from '../../test/support/report-layout.ts';

const root = new URL('../../', import.meta.url).pathname;
const example = (path: string) => ({ name: path, bytes: new Uint8Array(readFileSync(root + path)) });
const now = new Date('2026-11-22T12:00:00.000Z');
const text = (s: string) => new TextEncoder().encode(s);

const SMALL_FIELD =
  'POLYGON((-93.2650 45.1210, -93.2570 45.1210, -93.2570 45.1267, -93.2650 45.1267, -93.2650 45.1210))';
const upload = JSON.stringify(
  {
    fields: [
      { clientName: 'a', farmName: 'b', name: 'c', boundary: SMALL_FIELD, acres: '98.5' },
      { clientName: 'a', farmName: 'b', name: 'd', boundary: SMALL_FIELD, source: 3 },
    ],
  },
  null,
  2,
);

/** 60 boundaries of a .wkt file, each with a repeated point, fixed: 60 applied fixes. */
async function fixSixtyRepeats() {
  const lines = Array.from(
    { length: 60 },
    (_, i) => `POLYGON ((${i} 0, ${i + 1} 0, ${i + 1} 1, ${i + 1} 1, ${i} 0))`,
  );
  return fix({ name: 'f.wkt', bytes: text(lines.join('\n')) }, { safety: 'safe' }, { features: false });
}

describe('engine: validate', () => {
  it('numbers diagnostics d1, d2, … across files in report order and adds the file name', async () => {
    const report = await validate(
      [
        example('examples/fields/fields-with-problems.json'),
        example('examples/requests/batch-with-problems.json'),
      ],
      { now },
    );
    expect(report.version).toBe(1);
    expect(report.outcome).toBe('complete');
    expect(report.diagnostics.map((d) => d.id)).toEqual(report.diagnostics.map((_, i) => `d${i + 1}`));
    expect(report.files.map((f) => f.kind)).toEqual(['field-upload', 'service-requests']);
    const first = report.files[0]!;
    expect(
      first.diagnostics.every((d) => d.location.file === 'examples/fields/fields-with-problems.json'),
    ).toBe(true);
    expect(report.counts.error).toBe(report.files.reduce((n, f) => n + f.counts.error, 0));
  });

  it('gives the same kind for the same bytes whatever the name, and says why and what else fits', async () => {
    const zip = example('examples/rx/zones-in-folder-no-prj.zip');
    const byPath = await validate([zip]);
    const fromStdin = await validate([{ name: '<stdin>', bytes: zip.bytes }]);
    const noExtension = await validate([{ name: 'zones', bytes: zip.bytes }]);
    for (const r of [byPath, fromStdin, noExtension]) {
      expect(r.files[0]?.kind).toBe('rx-zip');
      expect(r.files[0]?.detectedAs.alternatives).toContain('boundary-shapefile');
      expect(r.counts).toEqual(byPath.counts);
    }
    expect(fromStdin.files[0]?.detectedAs.reason).toContain('--kind boundary-shapefile');
    const forced = await validate([{ name: '<stdin>', bytes: zip.bytes }], { kind: 'boundary-shapefile' });
    expect(forced.files[0]?.detectedAs).toEqual({
      kind: 'boundary-shapefile',
      reason: 'chosen with the kind option (--kind)',
      alternatives: [],
    });
  });

  it('says an empty or unknown file is unreadable, and why', async () => {
    const report = await validate([
      { name: 'empty', bytes: new Uint8Array() },
      { name: 'noise', bytes: text('hello') },
    ]);
    expect(report.files).toEqual([]);
    expect(report.unreadable[0]).toEqual({ name: 'empty', reason: 'it is empty' });
    expect(report.unreadable[1]?.reason).toContain('not a kind of file Fieldgate reads');
  });

  it('says a workbook is one and how to save its sheet as CSV, not a prescription ZIP without a shapefile', async () => {
    const part = (name: string) => ({ name, bytes: text('<?xml version="1.0"?><x/>') });
    const workbook = writeZip(
      ['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml'].map(part),
    );
    for (const name of ['Felder 2026.xlsx', '<stdin>']) {
      const report = await validate([{ name, bytes: workbook }]);
      expect(report.files, name).toEqual([]);
      expect(report.unreadable[0]?.reason, name).toMatch(
        /^it is an Excel workbook \(\.xlsx\), and Fieldgate reads spreadsheets as CSV: save the sheet as CSV/,
      );
    }
  });

  it('accepts every kind name reports use as a forced kind, field-upload included', async () => {
    const report = await validate([{ name: 'x', bytes: text(upload) }], { kind: 'field-upload' });
    expect(report.files[0]?.kind).toBe('field-upload');
    expect(report.diagnostics.map((d) => d.code)).toEqual(['FU003', 'FU004']);
  });

  it('decodes UTF-16 LE and BE JSON with a byte order mark, positions as in UTF-8', async () => {
    const utf8 = await validate([{ name: 'a.json', bytes: text(upload) }]);
    for (const encoding of ['utf-16le', 'utf-16be'] as const) {
      const { encodeText } = await import('../input/text-decoding.ts');
      const bytes = encodeText(upload, { encoding, bom: true });
      const report = await validate([{ name: 'a.json', bytes }]);
      expect(report.files[0]?.kind).toBe('field-upload');
      expect(report.diagnostics.map((d) => [d.code, d.location.range])).toEqual(
        utf8.diagnostics.map((d) => [d.code, d.location.range]),
      );
      // A fixed file is written back in the encoding it came in.
      const fixed = await fix({ name: 'a.json', bytes }, { safety: 'safe' });
      expect([fixed.bytes?.[0], fixed.bytes?.[1]]).toEqual(
        encoding === 'utf-16le' ? [0xff, 0xfe] : [0xfe, 0xff],
      );
      expect(JSON.parse(new TextDecoder(encoding).decode(fixed.bytes)).fields[0].acres).toBe(98.5);
    }
  });

  it('detects and decodes UTF-16 WKT, GeoJSON and KML like their UTF-8 forms', async () => {
    const { encodeText } = await import('../input/text-decoding.ts');
    const files = [
      example('examples/fields/boundaries.wkt'),
      {
        name: 'b.geojson',
        bytes: text(
          JSON.stringify({
            type: 'FeatureCollection',
            features: [
              {
                type: 'Feature',
                properties: { name: 'a' },
                geometry: {
                  type: 'Polygon',
                  coordinates: [
                    [
                      [-93.265, 45.121],
                      [-93.257, 45.1267],
                      [-93.257, 45.121],
                      [-93.265, 45.1267],
                      [-93.265, 45.121],
                    ],
                  ],
                },
              },
            ],
          }),
        ),
      },
      {
        name: 'b.kml',
        bytes: text(
          '<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><name>a</name><Polygon><outerBoundaryIs><LinearRing><coordinates>-93.265,45.121 -93.257,45.1267 -93.257,45.121 -93.265,45.1267 -93.265,45.121</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark></kml>',
        ),
      },
    ];
    for (const file of files) {
      const utf8 = await validate([{ name: 'x', bytes: file.bytes }]);
      expect(utf8.diagnostics.length).toBeGreaterThan(0);
      for (const encoding of ['utf-16le', 'utf-16be'] as const) {
        const bytes = encodeText(new TextDecoder().decode(file.bytes), { encoding, bom: true });
        const report = await validate([{ name: 'x', bytes }]);
        expect(report.files[0]?.kind).toBe(utf8.files[0]?.kind);
        expect(report.diagnostics.map((d) => [d.code, d.location.range?.start])).toEqual(
          utf8.diagnostics.map((d) => [d.code, d.location.range?.start]),
        );
      }
    }
  });

  it('refuses unknown, misspelt, non-numeric and negative settings, listing the valid ones', () => {
    const bad = checkSettings({ acreageTolerence: '0.2', nonsense: '1', rateColumn: '' }, settingSpecs);
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.problems[0]?.message).toBe(
        'unknown setting "acreageTolerence" (did you mean acreageTolerance?)',
      );
      expect(bad.problems[1]?.message).toBe('unknown setting "nonsense"');
      expect(bad.problems).toHaveLength(3);
    }
    expect(checkSettings({ acreageTolerance: 'abc' }, settingSpecs)).toMatchObject({ ok: false });
    expect(checkSettings({ acreageTolerance: '-5' }, settingSpecs)).toMatchObject({ ok: false });
    expect(checkSettings({ acreageTolerance: '0.2', rateColumn: 'RATE' }, settingSpecs)).toEqual({
      ok: true,
      settings: { acreageTolerance: 0.2, rateColumn: 'RATE' },
    });
    expect(() => resolveOptions({ settings: { acreageTolerence: '0.2' } })).toThrow(EngineOptionsError);
    try {
      resolveOptions({ settings: { acreageTolerance: '-5' } });
    } catch (e) {
      expect((e as EngineOptionsError).problems.join('\n')).toContain('valid settings: acreageTolerance');
    }
    expect(() => resolveOptions({ kind: 'nope' })).toThrow(/field-upload/);
  });

  it('reports progress events and ends a cancelled run with outcome cancelled and fewer files', async () => {
    const inputs = [
      example('examples/fields/fields-with-problems.json'),
      example('examples/rx/two-zone-rx.zip'),
      example('examples/soil/a-and-l-lab-result.xml'),
    ];
    const all: EngineEvent[] = [];
    for await (const e of runEngine(inputs)) all.push(e);
    expect(all.filter((e) => e.type === 'file-done')).toHaveLength(3);
    expect(all.some((e) => e.type === 'progress' && e.bytes === e.totalBytes)).toBe(true);
    // Each names the kind its file is read as (what its records are).
    const kinds = new Set(all.flatMap((e) => (e.type === 'progress' ? [`${e.file}: ${e.kind}`] : [])));
    expect([...kinds]).toEqual([
      'examples/fields/fields-with-problems.json: json',
      'examples/rx/two-zone-rx.zip: rx-zip',
      'examples/soil/a-and-l-lab-result.xml: modus-result',
    ]);

    const controller = new AbortController();
    const seen: EngineEvent[] = [];
    for await (const e of runEngine(inputs, { signal: controller.signal })) {
      seen.push(e);
      if (e.type === 'file-done') controller.abort();
    }
    const last = seen.at(-1);
    expect(last?.type).toBe('report');
    if (last?.type === 'report') {
      expect(last.report.outcome).toBe('cancelled');
      expect(last.report.files).toHaveLength(1);
    }
    expect(seen.some((e) => e.type === 'cancelled')).toBe(true);
    expect(seen.length).toBeLessThan(all.length);
  });

  it('returns features unless asked not to', async () => {
    const zip = example('examples/rx/two-zone-rx.zip');
    expect((await validate([zip])).files[0]?.features).toHaveLength(2);
    expect((await validate([zip], { features: false })).files[0]?.features).toBeUndefined();
  });

  it('writes the JSON report in pieces that parse to the report', async () => {
    const report = await validate([example('examples/fields/fields-with-problems.json')], { now });
    const parsed = JSON.parse(reportToJson(report));
    expect(parsed.version).toBe(1);
    expect(parsed.diagnostics).toEqual(JSON.parse(JSON.stringify(report.diagnostics)));
    expect(parsed.files[0]).not.toHaveProperty('text');
    expect(parsed.files[0].detectedAs.kind).toBe('field-upload');
    expect(JSON.parse(reportToJson({ ...report, files: [], diagnostics: [] })).diagnostics).toEqual([]);
  });

  it('writes long fix texts on their own, laid out and escaped as one stringify call would', async () => {
    const report = await validate([example('examples/fields/fields-with-problems.json')], { now });
    const wkt = `POLYGON ((${Array.from({ length: 400 }, (_, i) => `${i} ${i + 1}`).join(', ')}))`;
    // Plain ASCII, text that needs escaping, text with characters the terminal escapes, and text that
    // looks like the writer's own marker.
    const texts = [
      wkt,
      `${wkt} "quoted" \\`,
      `${wkt}\n\u0007`,
      `${wkt} é…\u202e`,
      `\u0000fieldgate-edit-0${wkt}`,
    ];
    const diagnostics = report.diagnostics.map((d, i) => ({
      ...d,
      fix: {
        safety: 'unsafe' as const,
        title: 't °',
        can: { streams: false, text: false, fixes: true, fixesByStatement: false, records: false },
        edits: [{ start: 0, end: 1, text: texts[i % texts.length]! }],
      },
    }));
    const long = { ...report, diagnostics, files: [{ ...report.files[0]!, diagnostics }] };
    const plain = (v: unknown, indent: number): string => JSON.stringify(v, null, indent);
    const terminal = (v: unknown, indent: number): string =>
      plain(v, indent).replace(
        /[\u007f-\u009f\u202e]/g,
        (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
      );
    for (const stringify of [plain, terminal]) {
      const written = reportToJson(long, stringify);
      expect(JSON.parse(written).diagnostics).toEqual(JSON.parse(JSON.stringify(diagnostics)));
      // The same text as each diagnostic stringified in one call, one per line.
      const { version, outcome, counts, unreadable, written: out } = long;
      const files = long.files.map((f) => fileEntry(f));
      const whole = { version, diagnostics, outcome, counts, files, unreadable, written: out };
      expect(written).toBe(`${reportLayout(whole, stringify)}\n`);
    }
    expect(diagnostics.length).toBeGreaterThanOrEqual(texts.length);
    const shown = reportToJson(long, terminal);
    expect(shown.includes('\u0007') || shown.includes('\u202e')).toBe(false);
  });

  it('writes a text its maker marked plain as it is, and looks at any other (a copy of a marked edit too)', async () => {
    const report = await validate([example('examples/fields/fields-with-problems.json')], { now });
    const wkt = `POLYGON ((${'1.25 2.5, '.repeat(120)}1.25 2.5))`;
    const withEdit = (edit: TextEdit) => ({
      ...report.diagnostics[0]!,
      fix: { safety: 'unsafe' as const, title: 't', edits: [edit] },
    });
    const marked = plainTextEdit(0, 1, wkt);
    expect(isPlainTextEdit(marked)).toBe(true);
    expect(isPlainTextEdit({ ...marked })).toBe(false);
    // Not plain, though a copy of a marked edit: its quote and backslash are escaped.
    const quoted: TextEdit = { start: marked.start, end: marked.end, text: `${wkt} "q" \\` };
    const diagnostics = [withEdit(marked), withEdit(quoted)];
    const chunks: string[] = [];
    const writer = createReportJsonWriter((c) => chunks.push(c));
    writer.diagnostics(diagnostics);
    writer.end({ ...report, diagnostics: [], files: [] });
    const edits = JSON.parse(chunks.join('')).diagnostics.map((d: Diagnostic) => d.fix?.edits?.[0]?.text);
    expect(edits).toEqual([wkt, quoted.text]);
  });

  it('gathers small pieces into writes of kilobytes, and writes everything by the end', async () => {
    const report = await validate([example('examples/fields/fields-with-problems.json')], { now });
    // 2,000 diagnostics, each with an edit text long enough to be written apart from its batch.
    const text = `POLYGON ((${'1.25 2.5, '.repeat(120)}1.25 2.5))`;
    const diagnostics = Array.from({ length: 2000 }, (_, i) => ({
      ...report.diagnostics[i % report.diagnostics.length]!,
      fix: { safety: 'unsafe' as const, title: 't', edits: [{ start: 0, end: 1, text }] },
    }));
    const chunks: string[] = [];
    const writer = createReportJsonWriter((c) => chunks.push(c));
    writer.diagnostics(diagnostics);
    writer.end({ ...report, diagnostics: [], files: [] });
    const all = chunks.join('');
    expect(JSON.parse(all).diagnostics).toHaveLength(2000);
    // A write per piece is four per diagnostic (before the text, its quotes and the text itself).
    expect(chunks.length).toBeLessThan(diagnostics.length);
  });

  it('writes fixes given as they came (spooled) as it writes the lists of a report', async () => {
    const { report } = await fixSixtyRepeats();
    const fixes = report.files[0]!.fixes!;
    expect(fixes.applied).toHaveLength(60);
    const whole = reportToJson(report);
    // The same report with its lists passed on in three events, the entry keeping only their counts.
    const chunks: string[] = [];
    const spools: string[][] = [];
    const writer = createReportJsonWriter(
      (c) => chunks.push(c),
      undefined,
      () => {
        const kept: string[] = [];
        spools.push(kept);
        return { append: (t) => void kept.push(t), read: () => kept, close: () => (kept.length = 0) };
      },
    );
    for (const part of [fixes.applied.slice(0, 7), fixes.applied.slice(7, 8), fixes.applied.slice(8)])
      writer.fixes('f.wkt', part, []);
    writer.file(report.files[0]!);
    const counts = { applied: 60, notApplied: 0 };
    const streamed = { ...fixes, applied: [], notApplied: [], counts };
    writer.end({ ...report, files: [{ ...report.files[0]!, fixes: streamed }] });
    expect(chunks.join('')).toBe(whole);
    expect(spools).toHaveLength(2);
    // Closed once written.
    expect(spools.every((k) => k.length === 0)).toBe(true);
  });

  it('writes a text of megabytes in pieces, never between the halves of a surrogate pair', async () => {
    const report = await validate([example('examples/fields/fields-with-problems.json')], { now });
    // Odd lengths put a pair across each 1 M-unit piece boundary of the escaped text.
    const texts = [`P${'0123456789, '.repeat(250_000)}`, `éé${'\ud83c\udf3e'.repeat(700_001)}"`];
    const diagnostics = texts.map((text, i) => ({
      ...report.diagnostics[i]!,
      fix: { safety: 'unsafe' as const, title: 't', edits: [{ start: 0, end: 1, text }] },
    }));
    const chunks: string[] = [];
    const writer = createReportJsonWriter((c) => chunks.push(c));
    writer.diagnostics(diagnostics);
    writer.end({ ...report, diagnostics: [], files: [] });
    expect(chunks.filter((c) => c.length > 100_000).length).toBeGreaterThan(3);
    for (const c of chunks) {
      const last = c.charCodeAt(c.length - 1);
      expect(last >= 0xd800 && last <= 0xdbff).toBe(false);
    }
    const parsed = JSON.parse(chunks.join('')) as {
      diagnostics: Array<{ fix: { edits: Array<{ text: string }> } }>;
    };
    expect(parsed.diagnostics.map((d) => d.fix.edits[0]?.text)).toEqual(texts);
  });

  it("writes a fixed file's list of applied fixes in batches, one per line as the layout says", async () => {
    // 60 boundaries, each with a repeated point: 60 applied fixes, over two batches.
    const { report } = await fixSixtyRepeats();
    expect(report.files[0]?.fixes?.applied).toHaveLength(60);
    const { version, diagnostics, outcome, counts, unreadable, written } = report;
    const files = report.files.map((f) => fileEntry(f));
    const whole = { version, diagnostics, outcome, counts, files, unreadable, written };
    expect(reportToJson(report)).toBe(`${reportLayout(whole)}\n`);
  });
});

describe('engine: fix', () => {
  it('applies only the fix chosen by id and lists it with before and after', async () => {
    const input = { name: 'f.json', bytes: text(upload) };
    const listed = await validate([input]);
    const chosen = listed.diagnostics.find((d) => d.code === 'FU004')!;
    const out = await fix(input, { ids: [chosen.id!], safety: 'safe' });
    const fixes = out.report.files[0]?.fixes;
    expect(fixes?.applied).toHaveLength(1);
    expect(fixes?.applied[0]).toMatchObject({
      id: chosen.id,
      code: 'FU004',
      before: '3',
      after: '"3"',
      pass: 1,
    });
    const fixed = JSON.parse(new TextDecoder().decode(out.bytes));
    expect(fixed.fields[1].source).toBe('3');
    expect(fixed.fields[0].acres).toBe('98.5');
    expect(out.report.diagnostics.map((d) => d.code)).toEqual(['FU003']);
  });

  it('names fixes by the ids of the listed report, across files, also when an earlier file is fixed', async () => {
    const a = { name: 'a.json', bytes: text(upload) };
    const b = { name: 'b.json', bytes: text(upload) };
    const listed = await validate([a, b]);
    const inB = listed.diagnostics.filter((d) => d.location.file === 'b.json' && d.code === 'FU004')[0]!;
    const inA = listed.diagnostics.filter((d) => d.location.file === 'a.json' && d.code === 'FU003')[0]!;
    let report;
    for await (const e of runEngine([a, b], { fix: { ids: [inA.id!, inB.id!], safety: 'safe' } }))
      if (e.type === 'report') report = e.report;
    expect(report!.files.map((f) => f.fixes?.applied.map((x) => x.id))).toEqual([[inA.id], [inB.id]]);
    expect(report!.diagnostics.map((d) => d.id)).toEqual(report!.diagnostics.map((_, i) => `d${i + 1}`));
  });

  it('renames only the prescription member whose fix was chosen', async () => {
    const zip = example('examples/rx/zones-in-folder-no-prj.zip');
    const listed = await validate([zip]);
    const renames = listed.diagnostics.filter((d) => d.code === 'RXA014');
    expect(renames).toHaveLength(2);
    const out = await fix(zip, { ids: [renames[0]!.id!], safety: 'safe' });
    expect(out.report.files[0]?.fixes?.applied.map((a) => a.id)).toEqual([renames[0]!.id]);
    expect(out.report.diagnostics.filter((d) => d.code === 'RXA014').map((d) => d.location.entry)).toEqual([
      renames[1]!.location.entry,
    ]);
  });

  it('says why chosen ids were not fixed: unknown, no fix, or unsafe', async () => {
    const input = example('examples/fields/fields-with-problems.json');
    const listed = await validate([input]);
    const noFix = listed.diagnostics.find((d) => !d.fix)!;
    const unsafe = listed.diagnostics.find((d) => d.fix?.safety === 'unsafe')!;
    const out = await fix(input, { ids: ['d999', noFix.id!, unsafe.id!], safety: 'safe' });
    expect(out.bytes).toBeUndefined();
    expect(out.report.files[0]?.fixes?.notApplied.map((n) => [n.id, n.reason])).toEqual([
      ['d999', 'no diagnostic d999 in the report'],
      [noFix.id, 'it has no fix'],
      [unsafe.id, 'its fix is unsafe: allow unsafe fixes to apply it'],
    ]);
  });

  it('applies the one fix of a whole geometry when any of the diagnostics it fixes is chosen (fixOn)', async () => {
    // Three repeated points and a bow-tie in two boundaries: each geometry's fix is listed once.
    const input = {
      name: 'two.wkt',
      bytes: text(
        'POLYGON ((0 0, 1 0, 1 0, 1 1, 1 1, 0 1, 0 1, 0 0))\nPOLYGON ((10 10, 12 12, 12 10, 10 12, 10 10))\n',
      ),
    };
    const listed = await validate([input]);
    const repeats = listed.diagnostics.filter((d) => d.code === 'GEO012');
    expect(repeats.map((d) => [d.fix !== undefined, d.fixOn])).toEqual([
      [true, undefined],
      [false, repeats[0]!.id],
      [false, repeats[0]!.id],
    ]);
    // No link key of the checks reaches the report.
    expect(JSON.stringify(listed)).not.toMatch(/sharesFix|"shared"/);
    const out = await fix(input, { ids: [repeats[2]!.id!], safety: 'safe' });
    expect(new TextDecoder().decode(out.bytes).split('\n')[0]).toBe('POLYGON ((0 0, 1 0, 1 1, 0 1, 0 0))');
    expect(out.report.files[0]?.fixes?.notApplied).toEqual([]);
    expect(out.report.files[0]?.fixes?.applied.map((a) => [a.code, a.id])).toEqual([
      ['GEO012', repeats[0]!.id],
    ]);
  });

  it('applies the fixes of one rule, or all safe ones', async () => {
    const input = { name: 'f.json', bytes: text(upload) };
    const byRule = await fix(input, { rules: ['field-acres-invalid'], safety: 'safe' });
    expect(byRule.report.files[0]?.fixes?.applied.map((a) => a.code)).toEqual(['FU003']);
    const all = await fix(input, { safety: 'safe' });
    expect(all.report.files[0]?.fixes?.applied.map((a) => a.code).sort()).toEqual(['FU003', 'FU004']);
    expect(all.report.diagnostics).toEqual([]);
  });

  it('rolls back a fix that would create a new error and says which error', async () => {
    // A kind whose fix for BAD replaces "x" with "y" and whose fix for OK removes a "!": "y" is an error.
    const kind: FileKind = {
      id: 'test-kind',
      title: 'test',
      can: { streams: false, text: false, fixes: true, fixesByStatement: false, records: false },
      detect: () => 0,
      async validate(file) {
        const t = new TextDecoder().decode(file.bytes);
        const diagnostics: FileReport['diagnostics'] = [];
        // The fake kind's own codes, which no rule has.
        const at = (i: number, code: string, fixText?: string, len = 1) =>
          diagnostics.push({
            code: code as RuleCode,
            rule: code.toLowerCase(),
            group: 'test',
            severity: 'error',
            messageId: 'm',
            message: code,
            location: {},
            ...(fixText !== undefined
              ? {
                  fix: {
                    safety: 'safe' as const,
                    title: `to ${fixText}`,
                    edits: [{ start: i, end: i + len, text: fixText }],
                  },
                }
              : {}),
          });
        [...t].forEach((ch, i) => {
          if (ch === 'x') at(i, 'BAD', 'y');
          if (ch === '!') at(i, 'OK', '');
          if (ch === 'y') at(i, 'NEW');
        });
        return { file: file.name, kind: 'test-kind', diagnostics, text: t };
      },
      async fix(file, report, allowed) {
        const { applyTextFixes } = await import('../diagnostics/fix-application.ts');
        const r = applyTextFixes(new TextDecoder().decode(file.bytes), report.diagnostics, allowed);
        return r.applied.length ? { bytes: text(r.text), applied: r.applied } : undefined;
      },
    };
    const file = { name: 't', bytes: text('a!x!b') };
    const first = await kind.validate(file, {});
    const result = await runFixLoop({
      file,
      kind,
      rules: everyKind.rules,
      first,
      selection: { safety: 'safe' },
      check: (bytes) => kind.validate({ name: 't', bytes }, {}),
      stopped: () => false,
      onPass: () => {},
    });
    expect(new TextDecoder().decode(result.bytes)).toBe('axb');
    expect(result.fixes.applied.map((a) => a.code)).toEqual(['OK', 'OK']);
    expect(result.fixes.notApplied).toEqual([
      expect.objectContaining({ code: 'BAD', reason: 'would create NEW' }),
    ]);

    // Nothing capped in the listed report: it is the complete list, so the file is checked once more only
    // after the fixes are applied (not again before, which held a second report of a big file).
    const clean = { name: 't', bytes: text('a!!b') };
    const checked: string[] = [];
    const twoFixes = await runFixLoop({
      file: clean,
      kind,
      rules: everyKind.rules,
      first: await kind.validate(clean, {}),
      selection: { safety: 'safe' },
      check: (bytes) => {
        checked.push(new TextDecoder().decode(bytes));
        return kind.validate({ name: 't', bytes }, {});
      },
      stopped: () => false,
      onPass: () => {},
    });
    expect(new TextDecoder().decode(twoFixes.bytes)).toBe('ab');
    expect(checked).toEqual(['ab']);
  });

  it('applies every fix of a rule in one pass', async () => {
    // 30 quoted acres: every one fixed in one pass (the cap lists, it does not limit fixing).
    const fields = Array.from({ length: 30 }, (_, i) => ({
      clientName: 'a',
      farmName: 'b',
      name: `f${i}`,
      boundary: SMALL_FIELD,
      acres: '98.5',
    }));
    const out = await fix({ name: 'f.json', bytes: text(JSON.stringify({ fields })) }, { safety: 'safe' });
    expect(out.report.files[0]?.fixes?.applied).toHaveLength(30);
    expect(out.report.files[0]?.fixes?.passes).toBe(1);
    expect(out.report.files[0]?.fixes?.stopped).toBeUndefined();
  });

  it('says when it stops at the pass limit with fixes left', async () => {
    // Every fix appends a character that needs another fix: the loop never settles.
    const kind: FileKind = {
      id: 'endless',
      title: 'endless',
      can: { streams: false, text: false, fixes: true, fixesByStatement: false, records: false },
      detect: () => 0,
      async validate(file) {
        const t = new TextDecoder().decode(file.bytes);
        return {
          file: file.name,
          kind: 'endless',
          text: t,
          diagnostics: [
            {
              code: 'END' as RuleCode,
              rule: 'end',
              group: 'test',
              severity: 'warning',
              messageId: 'm',
              message: 'again',
              location: {},
              fix: {
                safety: 'safe',
                title: 'add one',
                can: { streams: false, text: false, fixes: true, fixesByStatement: false, records: false },
                edits: [{ start: t.length, end: t.length, text: '+' }],
              },
            },
          ],
        };
      },
      async fix(file, report, allowed) {
        const { applyTextFixes } = await import('../diagnostics/fix-application.ts');
        const r = applyTextFixes(new TextDecoder().decode(file.bytes), report.diagnostics, allowed);
        return r.applied.length ? { bytes: text(r.text), applied: r.applied } : undefined;
      },
    };
    const file = { name: 't', bytes: text('') };
    const result = await runFixLoop({
      file,
      kind,
      rules: everyKind.rules,
      first: await kind.validate(file, {}),
      selection: { safety: 'safe' },
      check: (bytes) => kind.validate({ name: 't', bytes }, {}),
      stopped: () => false,
      onPass: () => {},
    });
    expect(result.fixes.passes).toBe(10);
    expect(result.fixes.applied).toHaveLength(10);
    expect(result.fixes.stopped).toMatchObject({ reason: 'max-passes', remaining: 1 });
    expect(result.fixes.stopped?.message).toContain('stopped after 10 fix passes with 1 chosen fix left');
  });
});
