/**
 * The repeated-points fix of a big geometry keeps parts of the checked text (TextEdit `keep`) rather than
 * holding its texts: a diagnostic is still a plain value, copied whole, and the JSON report has each text.
 */
import { describe, expect, it } from 'vitest';
import { repeatedPointsWkt } from '../../test/geometry/repeated-points.ts';
import { bytesToStream } from '../csv/csv-reader.ts';
import { editText, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { applyTextFixes } from '../diagnostics/fix-application.ts';
import type { StreamedFile } from '../input/file-kind.ts';
import { fix, validate } from './every-kind.ts';
import type { Report } from './report.ts';
import { createReportJsonWriter, reportToJson } from './report-json.ts';

const encoder = new TextEncoder();
// Over 64 K characters: several edits, each keeping the parts between its cuts.
const { wkt, deduped } = repeatedPointsWkt(40, 200);
const polygon = (w: string): string => w.replace(/^MULTIPOLYGON \((.*)\)$/, 'POLYGON $1');

/** Whether `value` is data all through: no getter or setter anywhere in it. */
function isPlainData(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  return Object.values(Object.getOwnPropertyDescriptors(value)).every(
    (d) => d.get === undefined && d.set === undefined && isPlainData(d.value),
  );
}

const repeatedPoints = (report: Report): Diagnostic => {
  const d = report.diagnostics.find((each) => each.code === 'GEO012' && each.fix);
  if (!d) throw new Error('no GEO012 with a fix');
  return d;
};

/** The report's diagnostics as the JSON report writes them. */
const written = (report: Report): unknown[] =>
  (JSON.parse(reportToJson(report)) as { diagnostics: unknown[] }).diagnostics;

describe('fix edits that keep parts of the checked text', () => {
  it('a copied diagnostic equals the original and gives the same fix text', async () => {
    const report = await validate([{ name: 'big.wkt', bytes: encoder.encode(wkt) }]);
    const text = report.files[0]?.text ?? '';
    const d = repeatedPoints(report);
    const edits = d.fix?.edits ?? [];
    expect(edits.some((e) => e.keep !== undefined)).toBe(true);
    expect(isPlainData(d)).toBe(true);
    for (const copy of [structuredClone(d), { ...d }, JSON.parse(JSON.stringify(d)) as Diagnostic]) {
      expect(copy).toEqual(d);
      expect(copy.fix?.edits?.map((e) => editText(e, text))).toEqual(edits.map((e) => editText(e, text)));
      expect(applyTextFixes(text, [copy]).text).toBe(deduped);
    }
  });

  it('the JSON report has each edit as start, end and its text, from a copy too', async () => {
    const report = await validate([{ name: 'big.wkt', bytes: encoder.encode(wkt) }]);
    const text = report.files[0]?.text ?? '';
    const d = repeatedPoints(report);
    const asWritten = written(report).find((each) => (each as Diagnostic).id === d.id) as Diagnostic;
    expect(asWritten.fix?.edits).toEqual(
      d.fix?.edits?.map((e) => ({ start: e.start, end: e.end, text: editText(e, text) })),
    );
    // The writer fed a structured clone (as from a worker or another window) and the text writes the same.
    const chunks = (list: readonly unknown[]): string => {
      const out: string[] = [];
      const writer = createReportJsonWriter((c) => out.push(c));
      writer.diagnostics(list, text);
      writer.end({ ...report, files: [], diagnostics: [] });
      return out.join('');
    };
    expect(chunks(structuredClone(report.diagnostics))).toBe(chunks(report.diagnostics));
    expect(chunks(report.diagnostics)).toContain(JSON.stringify(editText(d.fix!.edits![0]!, text)));
  });

  it('fix applies them', async () => {
    const out = await fix({ name: 'big.wkt', bytes: encoder.encode(wkt) }, { safety: 'safe' });
    expect(new TextDecoder().decode(out.bytes)).toBe(deduped);
  });

  // A file read as a stream lets its text go as it moves on: its edits come with their text.
  const streamed = (name: string, bytes: Uint8Array): StreamedFile => ({
    name,
    open: () => bytesToStream(bytes, 4096),
  });
  const field = (name: string, boundary: string) => ({ clientName: 'a', farmName: 'b', name, boundary });
  const inputs: Array<[string, string]> = [
    ['.wkt lines', `${wkt}\n${polygon(repeatedPointsWkt(1, 150).wkt)}\n`],
    ['a .wkt file of one boundary', `${wkt}\n`],
    [
      'a field upload',
      JSON.stringify({ fields: [field('big', wkt), field('small', polygon(repeatedPointsWkt(1, 150).wkt))] }),
    ],
    ['a CSV batch', `clientName,farmName,name,boundary\na,b,big,"${wkt}"\n`],
  ];
  it.each(inputs)(
    '%s read as a stream: edits with their text, as the file read whole has them',
    async (kind, content) => {
      const name = kind.includes('.wkt') ? 'f.wkt' : kind === 'a CSV batch' ? 'f.csv' : 'f.json';
      const bytes = encoder.encode(content);
      const stream = await validate([streamed(name, bytes)], { streamAbove: 0 });
      const whole = await validate([{ name, bytes }]);
      const text = whole.files[0]?.text ?? '';
      const fixes = (report: Report) => report.diagnostics.filter((d) => d.fix?.edits).map((d) => d.fix);
      expect(stream.files[0]?.text).toBeUndefined();
      expect(fixes(whole).some((f) => f?.edits?.some((e) => e.keep !== undefined))).toBe(true);
      expect(fixes(stream).every((f) => f?.edits?.every((e) => typeof e.text === 'string'))).toBe(true);
      expect(fixes(stream)).toEqual(
        fixes(whole).map((f) => ({
          ...f,
          edits: f?.edits?.map((e) => ({ start: e.start, end: e.end, text: editText(e, text) })),
        })),
      );
      expect(written(stream)).toEqual(written(whole));
    },
  );
});
