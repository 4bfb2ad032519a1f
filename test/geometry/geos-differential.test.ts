import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hasErrors } from '../../core/diagnostics/diagnostic.ts';
import { checkWktGeometry } from '../../core/geometry/check-geometry.ts';
import { DiagnosticCollector } from '../../core/rules/reporter.ts';
import { needsShared } from '../support/corpus.ts';
import { corpusPolygons, SHARED_ONLY_POLYGON_FILES } from './corpus-polygons.ts';
import { generateFieldPolygons, generateGridPolygons, generateTemplateCases } from './generate-polygons.ts';
import { geosExplain, geosUnavailableReason, type GeosVerdict } from './geos.ts';

/**
 * Our verdict (no error from `--select wkt-syntax,ogc-validity`) against GEOS's (shapely.wkt.loads +
 * is_valid; a load error counts as invalid) on a generated set and on every polygon of the corpus. They
 * must agree on every polygon.
 */

const unavailable = geosUnavailableReason();
if (unavailable) console.warn(`GEOS differential test skipped: ${unavailable}`);

function ourVerdict(wkt: string): { valid: boolean; codes: string[] } {
  const collector = new DiagnosticCollector({ select: ['wkt-syntax', 'ogc-validity'] });
  checkWktGeometry(wkt, collector);
  return { valid: !hasErrors(collector.diagnostics), codes: collector.diagnostics.map((d) => d.code) };
}

interface Case {
  wkt: string;
  label: string;
}

function compare(cases: Case[]): { mismatches: string[]; geos: GeosVerdict[]; invalid: number } {
  const geos = geosExplain(cases.map((c) => c.wkt));
  const mismatches: string[] = [];
  let invalid = 0;
  cases.forEach((c, i) => {
    const g = geos[i] as GeosVerdict;
    const ours = ourVerdict(c.wkt);
    if (!g.valid) invalid++;
    if (ours.valid !== g.valid) {
      const shown = c.wkt.length > 300 ? `${c.wkt.slice(0, 300)}…` : c.wkt;
      mismatches.push(
        `${c.label}: ours ${ours.valid ? 'valid' : `invalid [${ours.codes.join(',')}]`}, GEOS ${g.status} ${g.reason}\n  ${shown}`,
      );
    }
  });
  return { mismatches, geos, invalid };
}

describe.skipIf(unavailable !== undefined)('verdicts agree with GEOS', () => {
  it('on generated polygons: field-like, every invalid kind as a template, grid rings', () => {
    const cases: Case[] = [
      ...generateFieldPolygons({ count: 2500, seed: 20261122, brokenShare: 0.4, maxVertices: 1500 }),
      ...generateTemplateCases(7, 40),
      ...generateGridPolygons(11, 3000),
    ];
    const { mismatches, invalid } = compare(cases);
    expect(cases.length).toBeGreaterThan(5000);
    // Both verdicts well represented.
    expect(invalid).toBeGreaterThan(1000);
    expect(cases.length - invalid).toBeGreaterThan(1000);
    expect(mismatches.slice(0, 10).join('\n')).toBe('');
  });

  it('on the OGC validity fixtures (the WKT syntax and service rules are stricter than GEOS by design)', () => {
    const cases: Case[] = [];
    for (const folder of ['valid', 'invalid']) {
      const dir = fileURLToPath(new URL(`../../core/geometry/fixtures/${folder}/`, import.meta.url));
      for (const name of readdirSync(dir)) {
        // wkt00x cases: EMPTY, SRID, other types and text GEOS's lenient reader skips are ours to refuse.
        if (!name.endsWith('.wkt') || name.startsWith('wkt')) continue;
        cases.push({
          wkt: readFileSync(dir + name, 'utf8')
            .replace(/\s+/g, ' ')
            .trim(),
          label: `${folder}/${name}`,
        });
      }
    }
    expect(cases.length).toBeGreaterThan(40);
    expect(compare(cases).mismatches.join('\n')).toBe('');
  });

  it('on every polygon of the corpus', () => {
    const ofpetrial = needsShared(...SHARED_ONLY_POLYGON_FILES.map((p) => `corpus/${p}`));
    const cases = corpusPolygons().map((p) => ({ wkt: p.wkt, label: `${p.source}#${p.id}` }));
    // 322 in the project's copy; the ofpetrial files in ../shared add 1,239.
    expect(cases.length).toBeGreaterThan(ofpetrial.missing ? 320 : 1400);
    const { mismatches, geos } = compare(cases);
    expect(mismatches.join('\n')).toBe('');
    // The four known invalid CSB fields are invalid for both.
    const invalidCsb = cases
      .filter((c, i) => c.label.startsWith('derived/us_csb_2024_sample_wgs84.csv') && !geos[i]?.valid)
      .map((c) => c.label.split('#')[1]);
    expect(invalidCsb).toEqual(['351724000000016', '351724000000018', '351724000000030', '351724000000055']);
  });
});
