/** Shared by the boundary rule tests: run the pipeline on WKT placed in a small document. */

import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { LineIndex } from '../diagnostics/text-position.ts';
import { DiagnosticCollector } from '../rules/reporter.ts';
import type { RuleSelection } from '../rules/selection.ts';
import { checkBoundary, type BoundaryCheckResult, type CheckBoundaryOptions } from './check-boundary.ts';

export interface BoundaryRun {
  result: BoundaryCheckResult;
  diagnostics: Diagnostic[];
  /** Diagnostics reduced to code, line:column of the range start, and the covered text. */
  brief: Array<[code: string, at: string, text: string]>;
}

/** Check `wkt` as the second line of a document (so ranges are document ranges), with a selection. */
export function runBoundary(
  wkt: string,
  options: CheckBoundaryOptions = {},
  selection: RuleSelection = { select: ['wgs84', 'acreage', 'service-limits'] },
): BoundaryRun {
  const prefix = 'boundary:\n';
  const text = prefix + wkt;
  const lines = new LineIndex(text);
  const collector = new DiagnosticCollector(selection);
  const result = checkBoundary(wkt, options, collector, {
    lines,
    offset: prefix.length,
    location: { row: 1 },
  });
  const brief = collector.diagnostics.map((d): [string, string, string] => {
    const r = d.location.range;
    return [
      d.code,
      r ? `${r.start.line}:${r.start.column}` : '-',
      r ? text.slice(r.start.offset, r.end.offset) : '',
    ];
  });
  return { result, diagnostics: collector.diagnostics, brief };
}

/** A closed rectangle as WKT. */
export function rectangleWkt(lon: number, lat: number, dLon: number, dLat: number): string {
  const pts = [
    [lon, lat],
    [lon + dLon, lat],
    [lon + dLon, lat + dLat],
    [lon, lat + dLat],
    [lon, lat],
  ];
  return `POLYGON ((${pts.map(([x, y]) => `${x} ${y}`).join(', ')}))`;
}
