import { describe, expect, it } from 'vitest';
import { applyTextFixes } from '../diagnostics/fix-application.ts';
import { rectangleWkt, runBoundary } from './test-helpers.ts';

// 0.01° × 0.01° at 40° N (1,110 m × 854 m): 234.28 acres on the WGS 84 ellipsoid.
const wkt = rectangleWkt(-96, 40, 0.01, 0.01);

describe('ACR001 acreage-mismatch', () => {
  it('warns beyond the 2 % default, showing both numbers, at the boundary', () => {
    const run = runBoundary(wkt, { statedAcres: 250 });
    expect(run.result.areaAcres).toBeCloseTo(234.2804, 4);
    expect(run.brief).toEqual([['ACR001', '2:1', wkt]]);
    const d = run.diagnostics[0];
    expect(d?.severity).toBe('warning');
    expect(d?.message).toBe(
      "The stated acres (250) differ from the boundary's area (234.28 acres on the WGS 84 ellipsoid) by 6.71%, beyond the 2% tolerance",
    );
  });

  it('points at the stated acres when their place is known, and the unsafe fix rewrites them', () => {
    const text = `{"acres": 250, "boundary": "${wkt}"}`;
    const run = runBoundary(wkt, {
      statedAcres: 250,
      acresSpan: { start: 10, end: 13 },
      acresLocation: { path: ['acres'] },
    });
    const d = run.diagnostics[0];
    expect(d?.location.path).toEqual(['acres']);
    expect(d?.related?.[0]?.message).toBe('the boundary');
    expect(d?.fix).toMatchObject({ safety: 'unsafe', before: '250', after: '234.2804' });
    expect(applyTextFixes(text, run.diagnostics, ['unsafe']).text).toBe(
      `{"acres": 234.2804, "boundary": "${wkt}"}`,
    );
    expect(applyTextFixes(text, run.diagnostics, ['safe']).applied).toEqual([]);
  });

  it('names hectares when the ratio is 2.47', () => {
    expect(runBoundary(wkt, { statedAcres: 94.81 }).diagnostics[0]?.hint).toContain('hectares');
  });

  it('leaves a sliver’s few square metres be, and says a stated area in hectares both ways', () => {
    // 0.00005° × 0.00005° at 40° N: about 23 m² (0.0058 acres).
    const sliver = rectangleWkt(-96, 40, 0.00005, 0.00005);
    const area = runBoundary(sliver).result.areaAcres ?? 0;
    expect(area).toBeLessThan(0.01);
    // 10 % off, but under 0.01 acre (40 m²): nothing to report.
    const codes = (run: ReturnType<typeof runBoundary>) => run.brief.map((b) => b[0]);
    expect(codes(runBoundary(sliver, { statedAcres: area * 0.9 }))).not.toContain('ACR001');
    // The same share of a field is reported.
    expect(codes(runBoundary(wkt, { statedAcres: 234.28 * 0.9 }))).toEqual(['ACR001']);
    // Stated in hectares (converted): the message gives both, the fix writes hectares.
    const text = `{"ha": 100, "boundary": "${wkt}"}`;
    const run = runBoundary(wkt, {
      statedAcres: 100 * 2.4710538146716536,
      statedText: '100',
      statedUnit: { name: 'hectares', symbol: 'ha', acresPer: 2.4710538146716536 },
      acresSpan: { start: 7, end: 10 },
    });
    const d = run.diagnostics[0];
    expect(d?.message).toBe(
      "The stated acres (247.11, from 100 ha) differ from the boundary's area (234.28 acres on the WGS 84 ellipsoid) by 5.47%, beyond the 2% tolerance",
    );
    expect(d?.fix?.title).toContain("Set the hectares to the boundary's area, 94.8099 ha");
    expect(applyTextFixes(text, run.diagnostics, ['unsafe']).text).toBe(
      `{"ha": 94.8099, "boundary": "${wkt}"}`,
    );
  });

  it('does not fire within the tolerance, with a wider tolerance, or without stated acres', () => {
    expect(runBoundary(wkt, { statedAcres: 230 }).brief).toEqual([]);
    expect(runBoundary(wkt, { statedAcres: 250, acreageTolerance: 0.1 }).brief).toEqual([]);
    expect(runBoundary(wkt).brief).toEqual([]);
  });

  it('does not compare an invalid (bow-tie) or projected boundary', () => {
    const bowtie = 'POLYGON ((-96 40, -95.99 40.01, -95.99 40, -96 40.01, -96 40))';
    expect(runBoundary(bowtie, { statedAcres: 1 }).brief).toEqual([]);
    expect(
      runBoundary('POLYGON ((374000 6135000, 374100 6135000, 374100 6135100, 374000 6135000))', {
        statedAcres: 1,
      }).brief.map((b) => b[0]),
    ).toEqual(['WGS004']);
  });
});

describe('ACR002 acreage-not-positive', () => {
  it('reports zero and negative acres with the computed area and an unsafe fix', () => {
    const run = runBoundary(wkt, {
      statedAcres: 0,
      acresLocation: { path: ['fields', 0, 'acres'] },
      acresSpan: { start: 0, end: 1 },
    });
    expect(run.diagnostics.map((d) => [d.code, d.severity, d.location.path])).toEqual([
      ['ACR002', 'error', ['fields', 0, 'acres']],
    ]);
    expect(run.diagnostics[0]?.message).toBe(
      'The stated acres (0) are not a positive number; the boundary has 234.28 acres',
    );
    expect(run.diagnostics[0]?.fix?.after).toBe('234.2804');
    expect(runBoundary(wkt, { statedAcres: -5 }).brief.map((b) => b[0])).toEqual(['ACR002']);
  });

  it('still reports when the boundary does not parse, without a fix, at the boundary text', () => {
    const run = runBoundary('POLYGON ((1 2, 3 4', { statedAcres: -1 });
    expect(run.brief).toEqual([['ACR002', '2:1', 'POLYGON ((1 2, 3 4']]);
    expect(run.diagnostics[0]?.fix).toBeUndefined();
    expect(run.diagnostics[0]?.message).toContain('an unknown number of acres');
  });

  it('does not fire on positive acres', () => {
    expect(runBoundary(wkt, { statedAcres: 234 }).brief).toEqual([]);
  });
});

describe('ACR001 far off', () => {
  it('is an error when the stated acres are more than 5 times the area or under a fifth of it', () => {
    const above = runBoundary(wkt, { statedAcres: 23428 });
    expect(above.diagnostics[0]).toMatchObject({ messageId: 'farOff', severity: 'error' });
    expect(above.diagnostics[0]?.message).toBe(
      "The stated acres (23428) are 100 times the boundary's area (234.28 acres on the WGS 84 ellipsoid), more than 5 times off",
    );
    expect(above.diagnostics[0]?.hint).toContain(
      'A factor of 100 is what a decimal mark read as a thousands separator makes',
    );
    const below = runBoundary(wkt, { statedAcres: 20 });
    expect(below.diagnostics[0]?.message).toContain('are 1/12 of the boundary');
    expect(runBoundary(wkt, { statedAcres: 1000 }).diagnostics[0]?.severity).toBe('warning');
    expect(runBoundary(wkt, { statedAcres: 948118 }).diagnostics[0]?.hint).toContain('square metres');
  });
});
