import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { checkWktGeometry } from './check-geometry.ts';
import { DiagnosticCollector } from '../rules/reporter.ts';
import { applyTextFixes } from '../diagnostics/fix-application.ts';
import { readFileSync } from 'node:fs';
import { corpusPath } from '../../test/support/corpus.ts';
import type { ReportDescriptor, Rule } from '../rules/rule.ts';
import type { ValidityIssue } from './validity.ts';
import type { ValidityIssueReport } from './validity-report-stage.ts';
import {
  disconnectedInterior,
  holeOutsideShell,
  invalidCoordinate,
  nearSpike,
  nestedHoles,
  nestedPolygons,
  ogcValidityRules,
  overlappingPolygons,
  repeatedPoints,
  ringSelfTouch,
  ringsIntersect,
  selfIntersection,
  tooFewPoints,
  unclosedRing,
} from './validity-rules.ts';

function run(wkt: string): Diagnostic[] {
  const collector = new DiagnosticCollector();
  checkWktGeometry(wkt, collector);
  return collector.diagnostics;
}

describe('GEO001 invalid-coordinate', () => {
  it('reports a NaN coordinate at its text, with polygon, ring and coordinate index', () => {
    const wkt = 'POLYGON ((0 0, NaN 0, 1 1, 0 0))';
    const d = run(wkt);
    expect(d.map((x) => x.code)).toEqual(['GEO001']);
    expect(d[0]?.location).toMatchObject({ polygon: 0, ring: 0, coordinate: 1 });
    expect(d[0]?.location.range?.start.offset).toBe(15);
    expect(d[0]?.location.range?.end.offset).toBe(20);
    expect(d[0]?.message).toContain('NaN');
  });

  it('reports every infinite coordinate and stops the other checks', () => {
    const d = run('MULTIPOLYGON (((0 0, 1e999 0, 0 10, 10 10, 0 0)), ((5 5, 6 5, 6 -inf, 5 5)))');
    expect(d.map((x) => [x.code, x.location.polygon, x.location.coordinate])).toEqual([
      ['GEO001', 0, 1],
      ['GEO001', 1, 2],
    ]);
  });

  it('does not fire on finite coordinates', () => {
    expect(run('POLYGON ((0 0, 2.5e-3 0, 0 1e-3, 0 0))')).toEqual([]);
  });
});

/** Apply every fix, safe and unsafe, then check again: the result must have no errors. */
function fixedClean(wkt: string): string {
  const text = applyTextFixes(wkt, run(wkt), ['safe', 'unsafe']).text;
  expect(run(text).filter((d) => d.severity === 'error')).toEqual([]);
  return text;
}

describe('GEO002 unclosed-ring', () => {
  it('reports the last point of an unclosed ring and closes it (safe) by repeating the first point', () => {
    const wkt = 'POLYGON ((-93.1 45.2, -93.0 45.2, -93.0 45.3, -93.1 45.3))';
    const d = run(wkt);
    expect(d.map((x) => x.code)).toEqual(['GEO002']);
    expect(d[0]?.location).toMatchObject({ polygon: 0, ring: 0, coordinate: 3, point: [-93.1, 45.3] });
    expect(d[0]?.location.range?.start.offset).toBe(wkt.indexOf('-93.1 45.3'));
    expect(d[0]?.fix?.safety).toBe('safe');
    expect(applyTextFixes(wkt, d).text).toBe(
      'POLYGON ((-93.1 45.2, -93.0 45.2, -93.0 45.3, -93.1 45.3, -93.1 45.2))',
    );
  });

  it('does not cascade: an unclosed bow-tie is reported as unclosed only', () => {
    const d = run('POLYGON ((0 0, 10 0, 0 10, 10 10))');
    expect(d.map((x) => x.code)).toEqual(['GEO002']);
  });

  it('closes an unclosed hole', () => {
    const wkt = 'POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (2 2, 4 2, 4 4, 2 4))';
    expect(run(wkt)[0]?.location).toMatchObject({ ring: 1, coordinate: 3 });
    expect(fixedClean(wkt)).toBe('POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (2 2, 4 2, 4 4, 2 4, 2 2))');
  });

  it('does not fire on closed rings', () => {
    expect(run('POLYGON ((0 0, 10 0, 10 10, 0 0))')).toEqual([]);
  });
});

describe('GEO003 too-few-points', () => {
  it('reports a ring of three points over the ring text', () => {
    const wkt = 'POLYGON ((0 0, 10 0, 0 0))';
    const d = run(wkt);
    expect(d.map((x) => x.code)).toEqual(['GEO003']);
    expect(d[0]?.location.range?.start.offset).toBe(9);
    expect(d[0]?.location.range?.end.offset).toBe(25);
    expect(d[0]?.message).toContain('has 3 distinct points');
  });

  it('counts distinct consecutive points: repeats do not make a ring', () => {
    expect(run('POLYGON ((0 0, 10 0, 10 0, 0 0))').map((x) => x.code)).toEqual(['GEO003']);
  });

  it('offers to remove a degenerate hole (unsafe)', () => {
    const wkt = 'POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (2 2, 4 2, 4 2, 2 2))';
    const d = run(wkt);
    expect(d[0]?.location).toMatchObject({ ring: 1 });
    expect(d[0]?.fix?.safety).toBe('unsafe');
    expect(fixedClean(wkt)).toBe('POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0))');
  });

  it('does not fire on a triangle', () => {
    expect(run('POLYGON ((0 0, 10 0, 0 10, 0 0))')).toEqual([]);
  });
});

describe('GEO004 self-intersection', () => {
  it('reports a bow-tie at the crossing point, pointing at both crossing edges', () => {
    const wkt = 'POLYGON ((0 0, 10 0, 0 10, 10 10, 0 0))';
    const d = run(wkt);
    expect(d.map((x) => x.code)).toEqual(['GEO004']);
    expect(d[0]?.location).toMatchObject({ polygon: 0, ring: 0, coordinate: 1, point: [5, 5] });
    expect(d[0]?.location.range?.start.offset).toBe(wkt.indexOf('10 0'));
    expect(d[0]?.related?.[0]?.location).toMatchObject({ coordinate: 3 });
    expect(d[0]?.message).toBe('The shell crosses itself at (5 5) (edges starting at coordinates 1 and 3)');
  });

  it('splits the bow-tie into two polygons (unsafe fix)', () => {
    expect(fixedClean('POLYGON ((0 0, 10 0, 0 10, 10 10, 0 0))')).toBe(
      'MULTIPOLYGON (((0 10, 5 5, 10 10, 0 10)), ((0 0, 10 0, 5 5, 0 0)))',
    );
  });

  it('reports a zero-width spike at its tip and removes it', () => {
    const wkt = 'POLYGON ((0 0, 10 0, 10 10, 5 10, 5 20, 5 10, 0 10, 0 0))';
    const d = run(wkt);
    expect(d.map((x) => [x.code, x.messageId])).toEqual([['GEO004', 'spike']]);
    expect(d[0]?.location).toMatchObject({ coordinate: 4, point: [5, 20] });
    expect(fixedClean(wkt)).toBe('POLYGON ((0 0, 10 0, 10 10, 5 10, 0 10, 0 0))');
  });

  it('reports an outline that runs back over itself and a crossing at a vertex', () => {
    expect(run('POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0, 10 0, 10 5, 0 5, 0 0))')[0]?.messageId).toBe(
      'overlap',
    );
    const d = run('POLYGON ((0 0, 2 2, 4 4, 4 0, 2 2, 0 4, 0 0))');
    expect(d.map((x) => [x.code, x.messageId])).toEqual([['GEO004', 'vertex-crossing']]);
    expect(d[0]?.location).toMatchObject({ coordinate: 1, point: [2, 2] });
  });

  it('does not fire on simple outlines, collinear vertices or a near-spike', () => {
    expect(run('POLYGON ((0 0, 5 0, 10 0, 10 10, 0 10, 0 0))')).toEqual([]);
    expect(run('POLYGON ((0 0, 10 0, 10 10, 5.01 10, 5 30, 4.99 10, 0 10, 0 0))').map((x) => x.code)).toEqual(
      ['GEO013'],
    );
  });
});

describe('GEO005 ring-self-touch', () => {
  it('reports a ring passing twice through the same vertex, at both visits', () => {
    const wkt = 'POLYGON ((0 0, 2 0, 4 0, 4 4, 2 0, 0 4, 0 0))';
    const d = run(wkt);
    expect(d.map((x) => x.code)).toEqual(['GEO005']);
    expect(d[0]?.location).toMatchObject({ ring: 0, coordinate: 1, point: [2, 0] });
    expect(d[0]?.location.range?.start.offset).toBe(15);
    expect(d[0]?.related?.[0]?.location).toMatchObject({ coordinate: 4 });
  });

  it('reports a vertex touching an edge, and splits the shape (unsafe fix)', () => {
    const wkt = 'POLYGON ((0 0, 10 0, 10 10, 5 0, 0 10, 0 0))';
    const d = run(wkt);
    expect(d.map((x) => [x.code, x.location.point])).toEqual([['GEO005', [5, 0]]]);
    expect(fixedClean(wkt)).toBe('MULTIPOLYGON (((5 0, 10 0, 10 10, 5 0)), ((0 0, 5 0, 0 10, 0 0)))');
  });

  it('finds the real self-touching fields of the USDA crop sequence boundaries sample', () => {
    const csv = readFileSync(corpusPath('derived/us_csb_2024_sample_wgs84.csv'), 'utf8');
    const found: string[] = [];
    for (const m of csv.matchAll(/"(MULTIPOLYGON[^"]*)","(\d+)"/g)) {
      const codes = run(m[1] as string).map((d) => d.code);
      if (codes.includes('GEO005')) found.push(m[2] as string);
    }
    expect(found).toEqual(['351724000000016', '351724000000018', '351724000000030', '351724000000055']);
  });

  it('does not fire on a hole touching the shell once (valid)', () => {
    expect(run('POLYGON ((0 0, 2 0, 4 0, 4 4, 0 4, 0 0), (2 0, 3 1, 1 1, 2 0))')).toEqual([]);
  });
});

describe('GEO006 rings-intersect', () => {
  it('reports a hole crossing its shell at the crossing point', () => {
    const wkt = 'POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (5 5, 15 5, 15 6, 5 6, 5 5))';
    const d = run(wkt);
    expect(d.map((x) => x.code)).toEqual(['GEO006', 'GEO006']);
    expect(d[0]?.location).toMatchObject({ ring: 0, coordinate: 1, point: [10, 5] });
    expect(d[0]?.related?.[0]?.location).toMatchObject({ ring: 1, coordinate: 0 });
    expect(d[0]?.message).toBe('The shell and hole 1 cross at (10 5)');
  });

  it('reports holes sharing an edge and merges them (unsafe fix)', () => {
    const wkt =
      'POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (1 1, 3 1, 3 3, 1 3, 1 1), (3 1, 5 1, 5 3, 3 3, 3 1))';
    expect(run(wkt).map((x) => [x.code, x.messageId])).toContainEqual(['GEO006', 'overlap']);
    expect(fixedClean(wkt)).toBe(
      'POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (3 1, 1 1, 1 3, 3 3, 5 3, 5 1, 3 1))',
    );
  });

  it('does not fire on holes touching at one point', () => {
    expect(run('POLYGON ((0 0, 4 0, 4 4, 0 4, 0 0), (1 1, 2 1, 2 2, 1 1), (2 2, 3 2, 3 3, 2 2))')).toEqual(
      [],
    );
  });
});

describe('GEO007 hole-outside-shell', () => {
  it('reports the hole ring and removes it (unsafe fix)', () => {
    const wkt = 'POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (20 20, 21 20, 21 21, 20 20))';
    const d = run(wkt);
    expect(d.map((x) => x.code)).toEqual(['GEO007']);
    expect(d[0]?.location).toMatchObject({ polygon: 0, ring: 1, coordinate: 0, point: [20, 20] });
    expect(d[0]?.location.range?.start.offset).toBe(wkt.indexOf('(20 20'));
    expect(d[0]?.location.range?.end.offset).toBe(wkt.length - 1);
    expect(fixedClean(wkt)).toBe('POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0))');
  });

  it('reports a hole that contains its shell', () => {
    expect(run('POLYGON ((4 4, 6 4, 6 6, 4 4), (0 0, 10 0, 10 10, 0 10, 0 0))').map((x) => x.code)).toEqual([
      'GEO007',
    ]);
  });

  it('does not fire on holes inside, even touching the shell', () => {
    expect(run('POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (0 0, 5 1, 5 5, 0 0))')).toEqual([]);
  });
});

describe('GEO008 nested-holes', () => {
  it('reports the inner hole, pointing at the enclosing one, and removes it (unsafe)', () => {
    const wkt = 'POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (1 1, 9 1, 9 9, 1 9, 1 1), (2 2, 3 2, 3 3, 2 2))';
    const d = run(wkt);
    expect(d.map((x) => x.code)).toEqual(['GEO008']);
    expect(d[0]?.location).toMatchObject({ ring: 2, coordinate: 0, point: [2, 2] });
    expect(d[0]?.location.range?.start.offset).toBe(wkt.indexOf('(2 2'));
    expect(d[0]?.related?.[0]?.location).toMatchObject({ ring: 1 });
    expect(fixedClean(wkt)).toBe('POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (1 1, 9 1, 9 9, 1 9, 1 1))');
  });

  it('does not fire on separate holes', () => {
    expect(
      run('POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (1 1, 2 1, 2 2, 1 1), (5 5, 6 5, 6 6, 5 5))'),
    ).toEqual([]);
  });
});

describe('GEO009 overlapping-polygons', () => {
  it('reports crossing parts of a multipolygon at each crossing and merges them (unsafe)', () => {
    const wkt = 'MULTIPOLYGON (((0 0, 10 0, 10 10, 0 10, 0 0)), ((5 5, 15 5, 15 15, 5 15, 5 5)))';
    const d = run(wkt);
    expect(d.map((x) => [x.code, x.location.coordinate, x.location.point])).toEqual([
      ['GEO009', 1, [10, 5]],
      ['GEO009', 2, [5, 10]],
    ]);
    expect(d[0]?.location).toMatchObject({ polygon: 0, ring: 0, coordinate: 1 });
    expect(d[0]?.related?.[0]?.location).toMatchObject({ polygon: 1, coordinate: 0 });
    expect(d[0]?.message).toBe(
      'Polygons 0 and 1 of the multipolygon overlap (their boundaries cross at (10 5))',
    );
    expect(fixedClean(wkt)).toBe('MULTIPOLYGON (((0 0, 10 0, 10 5, 15 5, 15 15, 5 15, 5 10, 0 10, 0 0)))');
  });

  it('reports adjacent parts sharing an edge', () => {
    const wkt = 'MULTIPOLYGON (((0 0, 10 0, 10 10, 0 10, 0 0)), ((10 0, 20 0, 20 10, 10 10, 10 0)))';
    expect(run(wkt)[0]).toMatchObject({ code: 'GEO009', messageId: 'overlap' });
    expect(fixedClean(wkt)).toBe('MULTIPOLYGON (((0 0, 10 0, 20 0, 20 10, 10 10, 0 10, 0 0)))');
  });

  it('does not fire on parts touching at a point', () => {
    expect(run('MULTIPOLYGON (((0 0, 4 0, 4 4, 0 4, 0 0)), ((4 4, 8 4, 8 8, 4 8, 4 4)))')).toEqual([]);
  });
});

describe('GEO010 nested-polygons', () => {
  it('reports the inner polygon, pointing at the outer one, and merges (unsafe)', () => {
    const wkt = 'MULTIPOLYGON (((0 0, 10 0, 10 10, 0 10, 0 0)), ((1 1, 2 1, 2 2, 1 1)))';
    const d = run(wkt);
    expect(d.map((x) => x.code)).toEqual(['GEO010']);
    expect(d[0]?.location).toMatchObject({ polygon: 1, ring: 0, coordinate: 0, point: [1, 1] });
    expect(d[0]?.location.range?.start.offset).toBe(wkt.indexOf('1 1'));
    expect(d[0]?.related?.[0]?.location).toMatchObject({ polygon: 0 });
    expect(fixedClean(wkt)).toBe('MULTIPOLYGON (((0 0, 10 0, 10 10, 0 10, 0 0)))');
  });

  it('does not fire on an island inside a hole of another part', () => {
    expect(
      run(
        'MULTIPOLYGON (((0 0, 4 0, 4 4, 0 4, 0 0), (1 1, 3 1, 3 3, 1 3, 1 1)), ((1.5 1.5, 2.5 1.5, 2.5 2.5, 1.5 1.5)))',
      ),
    ).toEqual([]);
  });
});

describe('GEO011 disconnected-interior', () => {
  it('reports a hole touching the shell at two points, at the second touch', () => {
    const wkt = 'POLYGON ((0 0, 2 0, 4 0, 4 4, 2 4, 0 4, 0 0), (2 0, 3 2, 2 4, 1 2, 2 0))';
    const d = run(wkt);
    expect(d.map((x) => x.code)).toEqual(['GEO011']);
    expect(d[0]?.location).toMatchObject({ polygon: 0, point: [2, 0] });
    expect(fixedClean(wkt)).toBe(
      'MULTIPOLYGON (((2 0, 4 0, 4 4, 2 4, 3 2, 2 0)), ((0 0, 2 0, 1 2, 2 4, 0 4, 0 0)))',
    );
  });

  it('reports holes touching in a cycle', () => {
    const d = run(
      'POLYGON ((0 0, 4 0, 4 4, 0 4, 0 0), (1 1, 2 1, 1.5 2, 1 1), (2 1, 3 1, 2.5 2, 2 1), (1.5 2, 2.5 2, 2 3, 1.5 2))',
    );
    expect(d.map((x) => x.code)).toEqual(['GEO011']);
  });

  it('does not fire on holes touching each other once, or in an open chain', () => {
    expect(run('POLYGON ((0 0, 4 0, 4 4, 0 4, 0 0), (1 1, 2 1, 2 2, 1 1), (2 2, 3 2, 3 3, 2 2))')).toEqual(
      [],
    );
    expect(
      run('POLYGON ((0 0, 2 0, 4 0, 4 4, 0 4, 0 2, 0 0), (2 0, 3 1, 1 1, 2 0), (1 1, 1.5 3, 0.5 2, 1 1))'),
    ).toEqual([]);
  });
});

describe('GEO012 repeated-points', () => {
  it('warns at a duplicate point and drops it (safe)', () => {
    const wkt = 'POLYGON ((0 0, 10 0, 10 0, 10 10, 0 0))';
    const d = run(wkt);
    expect(d.map((x) => [x.code, x.severity])).toEqual([['GEO012', 'warning']]);
    expect(d[0]?.location).toMatchObject({ ring: 0, coordinate: 2, point: [10, 0] });
    expect(d[0]?.location.range?.start.offset).toBe(21);
    expect(d[0]?.location.range?.end.offset).toBe(25);
    expect(d[0]?.fix?.safety).toBe('safe');
    expect(applyTextFixes(wkt, d).text).toBe('POLYGON ((0 0, 10 0, 10 10, 0 0))');
  });

  it('reports a run of copies once, and every run separately', () => {
    const wkt = 'POLYGON ((0 0, 0 0, 10 0, 10 10, 10 10, 10 10, 0 0))';
    const d = run(wkt);
    expect(d.map((x) => [x.messageId, x.location.coordinate])).toEqual([
      ['repeated', 1],
      ['repeated-run', 4],
    ]);
    expect(applyTextFixes(wkt, d).text).toBe('POLYGON ((0 0, 10 0, 10 10, 0 0))');
  });

  it('does not fire when points differ', () => {
    expect(run('POLYGON ((0 0, 10 0, 10 0.0000001, 10 10, 0 0))')).toEqual([]);
  });
});

describe('GEO013 near-spike', () => {
  it('warns at the tip of a needle and offers to remove the vertex (unsafe)', () => {
    const wkt = 'POLYGON ((0 0, 10 0, 10 10, 5.01 10, 5 30, 4.99 10, 0 10, 0 0))';
    const d = run(wkt);
    expect(d.map((x) => [x.code, x.severity])).toEqual([['GEO013', 'warning']]);
    expect(d[0]?.location).toMatchObject({ coordinate: 4, point: [5, 30] });
    expect(d[0]?.location.range?.start.offset).toBe(wkt.indexOf('5 30'));
    expect(d[0]?.message).toContain('0.057°');
    expect(d[0]?.fix?.safety).toBe('unsafe');
    expect(fixedClean(wkt)).toBe('POLYGON ((0 0, 10 0, 10 10, 5.01 10, 4.99 10, 0 10, 0 0))');
  });

  it('removes a needle at the first point by re-closing the ring', () => {
    const wkt = 'POLYGON ((5 30, 4.99 10, 0 10, 0 0, 10 0, 10 10, 5.01 10, 5 30))';
    expect(fixedClean(wkt)).toBe('POLYGON ((4.99 10, 0 10, 0 0, 10 0, 10 10, 5.01 10, 4.99 10))');
  });

  it('measures angles on the ground for longitude/latitude (x scaled by cos latitude)', () => {
    // At 60°N a degree of longitude is half as long: this 0.8° (in degrees) tip is 0.4° on the ground.
    const wkt =
      'POLYGON ((10 60, 10.01 60, 10.01 60.01, 10.006 60.01, 10.005 60.1, 10.004 60.01, 10 60.01, 10 60))';
    expect(run(wkt).map((x) => x.code)).toEqual(['GEO013']);
  });

  it('does not fire on ordinary corners, nor on an exact spike (that is GEO004)', () => {
    expect(run('POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0))')).toEqual([]);
    expect(run('POLYGON ((0 0, 10 0, 10 10, 5 10, 5 20, 5 10, 0 10, 0 0))').map((x) => x.code)).toEqual([
      'GEO004',
    ]);
  });
});

describe('the ogc-validity rules as visitors over validity issues', () => {
  const crossing: ValidityIssue = {
    kind: 'self-intersection',
    severity: 'error',
    polygon: 0,
    ring: 1,
    coordinate: 4,
    point: [1, 2],
    other: { polygon: 0, ring: 1, coordinate: 7 },
    detail: 'crossing',
  };
  const report = (issue: ValidityIssue, listedCrossings = 0): ValidityIssueReport => ({
    issue,
    ring: 'hole 1',
    otherRing: 'hole 1',
    point: '(1 2)',
    ringStart: '',
    listedCrossings,
    hint: 'the caller’s hint',
    locate: (target) => ({ ring: issue.ring, ...(target && 'wholeRing' in target ? {} : { coordinate: 4 }) }),
    related: (message) => [{ message, location: { coordinate: 7 } }],
  });
  const visit = (rule: Rule<ValidityIssueReport>, r: ValidityIssueReport): ReportDescriptor[] => {
    const reports: ReportDescriptor[] = [];
    rule.check?.(r, { report: (d) => reports.push(d) });
    return reports;
  };

  it('GEO004 decides from the issue alone: the crossing, then on the last listed one the count of the rest at the whole ring', () => {
    expect(visit(selfIntersection, report(crossing))).toEqual([
      {
        messageId: 'crossing',
        data: expect.objectContaining({ ring: 'Hole 1', coordinate: 4, otherCoordinate: 7 }),
        location: { ring: 1, coordinate: 4 },
        hint: 'the caller’s hint',
        related: [{ message: 'the other edge', location: { coordinate: 7 } }],
      },
    ]);
    const last = report({ ...crossing, unlisted: { count: 990, atLeast: true } }, 3);
    const [, count] = visit(selfIntersection, last);
    expect(count).toMatchObject({
      messageId: 'many-crossings',
      severity: 'info',
      data: { ring: 'Hole 1', count: 990, listed: 3, total: 993 },
      location: { ring: 1 },
    });
  });

  it('each leaves the issues of other kinds alone', () => {
    const touch: ValidityIssue = { ...crossing, kind: 'ring-self-touch', detail: 'touch' };
    expect(visit(selfIntersection, report(touch))).toEqual([]);
    expect(visit(ringSelfTouch, report(crossing))).toEqual([]);
    expect(visit(ringSelfTouch, report(touch)).map((d) => d.messageId)).toEqual(['touch']);
  });

  it('each takes the issues of its own kind, and only those', () => {
    const cases: [Rule<ValidityIssueReport>, Partial<ValidityIssue>, string[]][] = [
      [invalidCoordinate, { kind: 'invalid-coordinate', point: [NaN, 2] }, ['not-finite']],
      [unclosedRing, { kind: 'unclosed-ring' }, ['unclosed']],
      [tooFewPoints, { kind: 'too-few-points', count: 2 }, ['too-few']],
      [selfIntersection, { kind: 'self-intersection', detail: 'spike' }, ['spike']],
      [ringSelfTouch, { kind: 'ring-self-touch' }, ['touch']],
      [ringsIntersect, { kind: 'rings-intersect', detail: 'overlap' }, ['overlap']],
      [holeOutsideShell, { kind: 'hole-outside-shell' }, ['outside']],
      [nestedHoles, { kind: 'nested-holes' }, ['nested']],
      [overlappingPolygons, { kind: 'overlapping-polygons' }, ['crossing']],
      [nestedPolygons, { kind: 'nested-polygons' }, ['nested']],
      [disconnectedInterior, { kind: 'disconnected-interior' }, ['disconnected']],
      [repeatedPoints, { kind: 'repeated-point', count: 3 }, ['repeated-run']],
      [nearSpike, { kind: 'near-spike', angle: 0.25 }, ['spike']],
    ];
    expect(cases.map(([rule]) => rule)).toEqual([...ogcValidityRules]);
    for (const [rule, over, ids] of cases) {
      const r = report({ ...crossing, detail: undefined, ...over } as ValidityIssue);
      const found = ogcValidityRules.flatMap((other) =>
        visit(other, r).map((d) => `${other.meta.code}:${d.messageId}`),
      );
      expect(found, rule.meta.code).toEqual(ids.map((id) => `${rule.meta.code}:${id}`));
    }
  });
});
