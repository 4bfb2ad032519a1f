import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { htmlReport, MAP_MAX_FEATURES, type FeatureLike, type HtmlReportFile } from './html-report.ts';

const square = (id: number, x: number, y: number, size = 0.01, row = id + 1): FeatureLike => ({
  id,
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [x, y],
        [x + size, y],
        [x + size, y + size],
        [x, y + size],
        [x, y],
      ],
    ],
  },
  properties: { row, name: `Field ${row}` },
});

const problem = (feature: number, group: string, severity: Diagnostic['severity'] = 'error'): Diagnostic => ({
  code: 'WGS003',
  rule: 'axes-swapped',
  group,
  severity,
  messageId: 'swapped',
  message: 'swapped',
  location: { feature, row: feature + 1 },
});

/** The widths of the drawn outlines, in pixels, by the title of each shape. */
function widths(html: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const m of html.matchAll(/<path class="\w+" d="([^"]+)"><title>([^<]+)<\/title>/g)) {
    const xs = [...(m[1] ?? '').matchAll(/[ML]([\d.]+) /g)].map((x) => Number(x[1]));
    out[m[2] ?? ''] = Math.max(...xs) - Math.min(...xs);
  }
  return out;
}

describe('the HTML report map', () => {
  it('fits the fields in WGS 84 and leaves out (and names) one whose axes are swapped', () => {
    // The README's example: three fields near Ames, Iowa, and one written latitude first.
    const file: HtmlReportFile = {
      file: 'fields.csv',
      kind: 'csv-fields',
      diagnostics: [problem(2, 'wgs84')],
      features: [
        square(0, -93.65, 42.03),
        square(1, -93.68, 42.03),
        square(2, 42.03, -93.62),
        square(3, -93.7, 42.03),
      ],
    };
    const html = htmlReport({ files: [file] });
    const drawn = widths(html);
    expect(Object.keys(drawn).sort()).toEqual(['Field 1 (row 1)', 'Field 2 (row 2)', 'Field 4 (row 4)']);
    // Each field is a shape of its own, not a sub-pixel dot beside a field 135° away.
    for (const w of Object.values(drawn)) expect(w).toBeGreaterThan(50);
    expect(html).toContain('Not on the map, their coordinates not being WGS 84 longitude, latitude');
    expect(html).toContain('<a href="#f0-row-3">row 3</a>');
  });

  it('caps a big map: fields with problems first, the rest as dots past the budget, and says so', () => {
    const count = MAP_MAX_FEATURES + 5000;
    const features = Array.from({ length: count }, (_, i) =>
      square(i, -100 + (i % 300) * 0.02, 35 + Math.floor(i / 300) * 0.02),
    );
    const last = count - 1;
    const file: HtmlReportFile = {
      file: 'big.csv',
      kind: 'csv-fields',
      diagnostics: [{ ...problem(last, 'ogc-validity'), code: 'GEO004' }],
      features,
    };
    const html = htmlReport({ files: [file] });
    expect((html.match(/<path /g) ?? []).length).toBe(MAP_MAX_FEATURES);
    expect(html).toContain(`The map shows 20,000 of 25,000 shapes, those with problems first.`);
    // The field with a problem is drawn, though it comes last.
    expect(html).toContain(`<path class="error"`);
    expect(html).toContain(`(row ${count})`);
    expect(html.length).toBeLessThan(5 * 1024 * 1024);
  });
});
