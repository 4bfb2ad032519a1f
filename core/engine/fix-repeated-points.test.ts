import { describe, expect, it } from 'vitest';
import { repeatedPointsWkt } from '../../test/geometry/repeated-points.ts';
import { editText } from '../diagnostics/diagnostic.ts';
import { fix, validate } from './every-kind.ts';

const text = (s: string) => new TextEncoder().encode(s);
const decode = (b: Uint8Array | undefined) => new TextDecoder().decode(b);

// More repeated points per geometry than validity lists (100), and over 1,000 in all.
describe('engine: fix removes every repeated point in one pass, while the report lists 100', () => {
  it('a one-line WKT: one fix, one pass, the text of the duplicates removed', async () => {
    const { wkt, deduped, repeated } = repeatedPointsWkt(30, 120);
    expect(repeated).toBe(3600);
    const input = { name: 'many.wkt', bytes: text(`${wkt}\n`) };
    const listed = await validate([input], { rules: { select: ['GEO012'] } });
    expect(listed.diagnostics.filter((d) => d.code === 'GEO012')).toHaveLength(100);

    const out = await fix(input, { safety: 'safe' });
    const fixes = out.report.files[0]?.fixes;
    expect(decode(out.bytes)).toBe(`${deduped}\n`);
    expect(fixes?.passes).toBe(1);
    expect(fixes?.stopped).toBeUndefined();
    expect(fixes?.applied.map((a) => [a.code, a.title])).toEqual([
      ['GEO012', 'Remove all 3,600 repeated points of the geometry (2,400 runs of copies)'],
    ]);
    expect(out.report.diagnostics.filter((d) => d.code === 'GEO012')).toEqual([]);
  });

  it('a big geometry: edits of at most 64 K characters each, and a before/after of its ends', async () => {
    const { wkt, deduped } = repeatedPointsWkt(400, 200);
    expect(wkt.length).toBeGreaterThan(10 * 64 * 1024);
    const listed = await validate([{ name: 'big.wkt', bytes: text(wkt) }], { rules: { select: ['GEO012'] } });
    const found = listed.diagnostics.find((d) => d.code === 'GEO012')?.fix;
    const edits = found?.edits ?? [];
    expect(edits.length).toBeGreaterThan(10);
    for (const e of edits) expect(e.end - e.start).toBeLessThanOrEqual(64 * 1024);
    // Applied together they give the text without its copies.
    let fixed = wkt;
    for (const e of [...edits].sort((a, b) => b.start - a.start))
      fixed = fixed.slice(0, e.start) + editText(e, wkt) + fixed.slice(e.end);
    expect(fixed).toBe(deduped);
    // The after text shows the fixed geometry's first 400 and last 150 characters around the edits.
    const first = edits[0]!.start;
    const last = edits[edits.length - 1]!.end;
    const shown = deduped.slice(
      Math.max(0, first - 40),
      deduped.length - (wkt.length - Math.min(wkt.length, last + 40)),
    );
    expect(found?.after).toBe(
      `${first > 40 ? '…' : ''}${shown.slice(0, 400)} … ${shown.slice(-150)}${last + 40 < wkt.length ? '…' : ''}`,
    );
  });

  it('a field upload: each boundary fixed whole, escaped or not', async () => {
    const plain = repeatedPointsWkt(1, 150);
    // Tabs between the points are written "\t" in the JSON: the fix edits around them.
    const tabbed = repeatedPointsWkt(1, 150, ',\t');
    const polygon = (w: string) => w.replace(/^MULTIPOLYGON \((.*)\)$/, 'POLYGON $1');
    const field = (name: string, boundary: string) => ({ clientName: 'a', farmName: 'b', name, boundary });
    const upload = JSON.stringify(
      { fields: [field('plain', polygon(plain.wkt)), field('tabbed', polygon(tabbed.wkt))] },
      null,
      2,
    );
    const input = { name: 'fields.json', bytes: text(upload) };
    const listed = await validate([input]);
    expect(listed.diagnostics.filter((d) => d.code === 'GEO012')).toHaveLength(200);

    const out = await fix(input, { safety: 'safe' });
    const fixes = out.report.files[0]?.fixes;
    expect(fixes?.passes).toBe(1);
    expect(fixes?.applied.map((a) => a.title)).toEqual([
      'Remove all 150 repeated points of the geometry (100 runs of copies)',
      'Remove all 150 repeated points of the geometry (100 runs of copies)',
    ]);
    const fixed = JSON.parse(decode(out.bytes)) as { fields: { boundary: string }[] };
    expect(fixed.fields.map((f) => f.boundary)).toEqual([polygon(plain.deduped), polygon(tabbed.deduped)]);
    expect(out.report.diagnostics.filter((d) => d.code === 'GEO012')).toEqual([]);
  });
});
