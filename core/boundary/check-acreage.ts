/** Stated acres against the boundary's ellipsoidal area (ACR001) and stated acres that make no sense (ACR002). */

import type { Fix, Location } from '../diagnostics/diagnostic.ts';
import { ACRES_PER_HECTARE } from '../geodesy/area.ts';
import { acreageMismatch, acreageNotPositive } from './acreage-rules.ts';
import type { DiagnosticCollector } from '../rules/reporter.ts';
import type { ReportDescriptor } from '../rules/rule.ts';
import { acresValue, formatAcres } from './format-acres.ts';

export const DEFAULT_ACREAGE_TOLERANCE = 0.02;

export interface AcreageInput {
  statedAcres?: number;
  /** Allowed relative difference as a fraction: 0.02 = 2 % (the default). */
  acreageTolerance?: number;
  /** Offsets of the stated acres' text in the same document, so the fix can replace it. */
  acresSpan?: { start: number; end: number };
  /** Where the stated acres are (JSON path, CSV column …); diagnostics point there. */
  acresLocation?: Location;
}

/**
 * The unsafe fix rewriting the stated acres; undefined when their text is not known (a DBF field, acres
 * converted from hectares), since a fix that cannot be written is never offered.
 */
function acresFix(stated: number, computed: number, span: AcreageInput['acresSpan']): Fix | undefined {
  if (!span) return undefined;
  const value = acresValue(computed);
  return {
    safety: 'unsafe',
    title: `Set acres to the boundary's area, ${value} (assumes the boundary is right and the acres are not)`,
    before: String(stated),
    after: String(value),
    edits: [{ start: span.start, end: span.end, text: String(value) }],
  };
}

/**
 * `computedAcres` is undefined when the boundary's area is unknown (coordinates not WGS 84, parse error);
 * then only ACR002 can fire. `boundaryAt` gives the boundary's location, asked for only when acres are
 * stated (most uploads state none, and a location is two line lookups).
 */
export function checkAcreage(
  computedAcres: number | undefined,
  input: AcreageInput,
  collector: DiagnosticCollector,
  boundaryAt: () => Location,
): void {
  const stated = input.statedAcres;
  if (stated === undefined) return;
  const boundaryLocation = boundaryAt();
  const location = input.acresLocation ?? boundaryLocation;
  const related = input.acresLocation ? [{ message: 'the boundary', location: boundaryLocation }] : undefined;
  if (!Number.isFinite(stated) || stated <= 0) {
    const report: ReportDescriptor<'notPositive'> = {
      messageId: 'notPositive',
      data: {
        stated: String(stated),
        computed: computedAcres === undefined ? 'an unknown number of' : formatAcres(computedAcres),
      },
      location,
      hint: "State the field's area in acres, or leave acres out: the service does not require it.",
    };
    const fix =
      computedAcres !== undefined && computedAcres > 0
        ? acresFix(stated, computedAcres, input.acresSpan)
        : undefined;
    if (fix) report.fix = fix;
    if (related) report.related = related;
    collector.report(acreageNotPositive, report);
    return;
  }
  if (computedAcres === undefined || computedAcres <= 0) return;
  const tolerance = input.acreageTolerance ?? DEFAULT_ACREAGE_TOLERANCE;
  const difference = Math.abs(stated - computedAcres) / computedAcres;
  if (difference <= tolerance) return;
  const ratio = stated / computedAcres;
  const fix = acresFix(stated, computedAcres, input.acresSpan);
  let cause = '';
  if (Math.abs(ratio * ACRES_PER_HECTARE - 1) < 0.02 || Math.abs(ratio / ACRES_PER_HECTARE - 1) < 0.02)
    cause =
      ' The ratio is about 2.47, the number of acres in a hectare: one of the two is probably in hectares.';
  const report: ReportDescriptor<'mismatch'> = {
    messageId: 'mismatch',
    data: {
      stated: String(stated),
      computed: formatAcres(computedAcres),
      percent: (difference * 100).toFixed(difference < 0.1 ? 2 : 1),
      tolerance: Number((tolerance * 100).toFixed(4)),
    },
    location,
    hint: `Check that the boundary and the acres describe the same field.${cause} If the boundary is right, set acres to ${acresValue(computedAcres)}${fix ? ' (the unsafe fix)' : ''}.`,
  };
  if (fix) report.fix = fix;
  if (related) report.related = related;
  collector.report(acreageMismatch, report);
}
