/** Stated acres against the boundary's ellipsoidal area (ACR001) and stated acres that make no sense (ACR002). */

import type { Fix, Location } from '../diagnostics/diagnostic.ts';
import { ACRES_PER_HECTARE } from '../geodesy/area.ts';
import { acreageMismatch, acreageNotPositive } from './acreage-rules.ts';
import type { DiagnosticCollector } from '../rules/reporter.ts';
import type { ReportDescriptor } from '../rules/rule.ts';
import { acresValue, formatAcres } from './format-acres.ts';
import type { AreaUnit } from '../records/field-record.ts';

export const DEFAULT_ACREAGE_TOLERANCE = 0.02;

export interface AcreageInput {
  statedAcres?: number;
  /** Allowed relative difference as a fraction: 0.02 = 2 % (the default). */
  acreageTolerance?: number;
  /** The stated acres as written ("1.227,5"), for the fix's before; default they are written as a number. */
  statedText?: string;
  /** Offsets of the stated acres' text in the same document, so the fix can replace it. */
  acresSpan?: { start: number; end: number };
  /** Where the stated acres are (JSON path, CSV column …); diagnostics point there. */
  acresLocation?: Location;
  /** Writes a number as the source writes numbers (a decimal-comma CSV: "227,28"); default String(n). */
  writeNumber?: (n: number) => string;
  /** The unit the stated area is written in when not acres (a CSV column of hectares); `statedAcres` converted. */
  statedUnit?: AreaUnit;
}

/** The stated area for a message: acres, and as written when in another unit ("220.91, from 89,4 ha"). */
function statedWords(stated: number, input: AcreageInput): string {
  const unit = input.statedUnit;
  if (!unit) return String(stated);
  return `${formatAcres(stated)}, from ${input.statedText?.trim() || String(stated / unit.acresPer)} ${unit.symbol}`;
}

/** The boundary's area as a fix writes it into the source: acres, or the stated area's unit. */
function writtenArea(computed: number, input: AcreageInput): string {
  const unit = input.statedUnit;
  return (input.writeNumber ?? String)(acresValue(unit ? computed / unit.acresPer : computed));
}

/**
 * Differences below this (40 m², a square of about 6.4 m) are not reported: a sliver of 4 m² stated to
 * 4 decimals of a hectare (a Brandenburg application's "groesse") differs by 10 % and by nothing that matters.
 */
const NEGLIGIBLE_ACRES = 0.01;

/** Stated acres this many times the boundary's area (or this fraction of it) are an error, not a warning. */
const FAR_OFF_FACTOR = 5;

/**
 * The unsafe fix rewriting the stated area, in the unit it is written in; undefined when its text is not
 * known (a DBF field), since a fix that cannot be written is never offered.
 */
function acresFix(stated: number, computed: number, input: AcreageInput): Fix | undefined {
  const span = input.acresSpan;
  if (!span) return undefined;
  const write = input.writeNumber ?? String;
  const value = writtenArea(computed, input);
  const unit = input.statedUnit;
  return {
    safety: 'unsafe',
    title: unit
      ? `Set the ${unit.name} to the boundary's area, ${value} ${unit.symbol} (assumes the boundary is right and the stated area is not)`
      : `Set acres to the boundary's area, ${value} (assumes the boundary is right and the acres are not)`,
    before: input.statedText?.trim() || write(stated),
    after: value,
    edits: [{ start: span.start, end: span.end, text: value }],
  };
}

/** "100 times", "1/12 of": how far off a ratio is, for the far-off message. */
function describeRatio(ratio: number): string {
  const round = (n: number): string => (n < 10 ? n.toFixed(1) : String(Math.round(n)));
  return ratio >= 1 ? `${round(ratio)} times` : `1/${round(1 / ratio)} of`;
}

/** What a stated area that far off usually is. */
function farOffCause(ratio: number): string {
  const power = Math.log10(ratio);
  if (Math.abs(power) >= 0.99 && Math.abs(power - Math.round(power)) < 0.01)
    return ` A factor of ${ratio > 1 ? '' : '1/'}${10 ** Math.abs(Math.round(power))} is what a decimal mark read as a thousands separator makes (227,28 read as 22728).`;
  if (Math.abs(ratio / 4046.86 - 1) < 0.02)
    return ' The ratio is about 4047, the square metres in an acre: the acres are probably square metres.';
  return '';
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
        stated: statedWords(stated, input),
        computed: computedAcres === undefined ? 'an unknown number of' : formatAcres(computedAcres),
      },
      location,
      hint: "State the field's area in acres, or leave acres out: the service does not require it.",
    };
    const fix =
      computedAcres !== undefined && computedAcres > 0 ? acresFix(stated, computedAcres, input) : undefined;
    if (fix) report.fix = fix;
    if (related) report.related = related;
    collector.report(acreageNotPositive, report);
    return;
  }
  if (computedAcres === undefined || computedAcres <= 0) return;
  const tolerance = input.acreageTolerance ?? DEFAULT_ACREAGE_TOLERANCE;
  const difference = Math.abs(stated - computedAcres) / computedAcres;
  // A few square metres are no difference, however large a share of a sliver they are.
  if (difference <= tolerance || Math.abs(stated - computedAcres) < NEGLIGIBLE_ACRES) return;
  const ratio = stated / computedAcres;
  const fix = acresFix(stated, computedAcres, input);
  // Written as the fix writes it: the hint says what to type into this file (227,2756 in a decimal-comma CSV).
  const ifRight = `If the boundary is right, set ${input.statedUnit ? `the ${input.statedUnit.name}` : 'acres'} to ${writtenArea(computedAcres, input)}${fix ? ' (the unsafe fix)' : ''}.`;
  if (ratio > FAR_OFF_FACTOR || ratio < 1 / FAR_OFF_FACTOR) {
    const report: ReportDescriptor<'farOff'> = {
      messageId: 'farOff',
      severity: 'error',
      data: {
        stated: statedWords(stated, input),
        ratio: describeRatio(ratio),
        computed: formatAcres(computedAcres),
        factor: FAR_OFF_FACTOR,
      },
      location,
      hint: `A field is not off by that much: check how the acres were written and that the boundary is this field's.${farOffCause(ratio)} ${ifRight}`,
    };
    if (fix) report.fix = fix;
    if (related) report.related = related;
    collector.report(acreageMismatch, report);
    return;
  }
  let cause = '';
  if (Math.abs(ratio * ACRES_PER_HECTARE - 1) < 0.02 || Math.abs(ratio / ACRES_PER_HECTARE - 1) < 0.02)
    cause =
      ' The ratio is about 2.47, the number of acres in a hectare: one of the two is probably in hectares.';
  const report: ReportDescriptor<'mismatch'> = {
    messageId: 'mismatch',
    data: {
      stated: statedWords(stated, input),
      computed: formatAcres(computedAcres),
      percent: (difference * 100).toFixed(difference < 0.1 ? 2 : 1),
      tolerance: Number((tolerance * 100).toFixed(4)),
    },
    location,
    hint: `Check that the boundary and the acres describe the same field.${cause} ${ifRight}`,
  };
  if (fix) report.fix = fix;
  if (related) report.related = related;
  collector.report(acreageMismatch, report);
}
