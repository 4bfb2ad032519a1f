import type { Fix } from '../../diagnostics/diagnostic.ts';
import { defineRule } from '../rule.ts';
import {
  epochMillis,
  formatSampleDate,
  impossiblePart,
  SAMPLE_DATE_SHAPE,
  STRICT_SAMPLE_DATE,
  type DateTimeParts,
  type SampleDateSubject,
} from './sample-date-subject.ts';

// Shapes people actually send: date only, space or lowercase separator, no seconds, any number of fraction
// digits, Z / z / UTC / ±hh:mm / ±hhmm / no zone at all.
const LENIENT =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(Z|z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?)?$/;

/** Day, month and year as spreadsheets write them: 15.04.2026, 15/04/2026, 4/15/2026, with a time or not. */
const DAY_MONTH_YEAR = /^(\d{1,2})([./-])(\d{1,2})\2(\d{4})(?:[Tt ,]\s*(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * The two dates an ambiguous day/month form can be, for a hint ("1 May 2024 or 5 January 2024: write the one
 * meant as 2024-05-01T00:00:00.000Z or 2024-01-05T00:00:00.000Z"); undefined for any other text.
 */
function ambiguousReadings(text: string): string | undefined {
  const m = DAY_MONTH_YEAR.exec(text.trim());
  if (!m || m[2] === '.') return undefined;
  const a = Number(m[1]);
  const b = Number(m[3]);
  const year = m[4] ?? '';
  if (a === b || a < 1 || b < 1 || a > 12 || b > 12) return undefined;
  const iso = (month: number, day: number): string =>
    `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}T00:00:00.000Z`;
  return `It could be ${b} ${MONTHS[a - 1]} ${year} or ${a} ${MONTHS[b - 1]} ${year}: write the one meant as ${iso(a, b)} or ${iso(b, a)}, with the time the samples were taken, in UTC.`;
}

export interface LenientDate {
  /** How the date was written when not year first: "day.month.year", "month/day/year". */
  order?: string;
  parts: DateTimeParts;
  /** Minutes east of UTC, or undefined when the text names no zone. */
  offsetMinutes: number | undefined;
  dateOnly: boolean;
  /** Fraction digits beyond milliseconds that are not zero (lost when the value is shortened). */
  droppedPrecision: boolean;
}

export function parseLenientDate(text: string): LenientDate | undefined {
  const m = LENIENT.exec(text.trim());
  if (!m) return parseDayMonthYear(text);
  const num = (s: string | undefined): number => (s === undefined ? 0 : Number(s));
  const fraction = m[7] ?? '';
  const zone = m[8];
  let offsetMinutes: number | undefined;
  if (zone !== undefined) {
    if (/^(Z|z|UTC|GMT)$/.test(zone)) offsetMinutes = 0;
    else {
      const sign = zone.startsWith('-') ? -1 : 1;
      const digits = zone.slice(1).replace(':', '');
      offsetMinutes = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || '0'));
    }
  }
  return {
    parts: {
      year: num(m[1]),
      month: num(m[2]),
      day: num(m[3]),
      hour: num(m[4]),
      minute: num(m[5]),
      second: num(m[6]),
      millisecond: Number((fraction + '000').slice(0, 3)),
    },
    offsetMinutes,
    dateOnly: m[4] === undefined,
    droppedPrecision: /[1-9]/.test(fraction.slice(3)),
  };
}

/**
 * A date written day first or month first: with dots always day first (15.04.2026, as in most of Europe);
 * with slashes or hyphens only where one number cannot be a month (15/04/2026, 4/15/2026) or both are the
 * same. 05/01/2024 stays unread: 5 January or 1 May.
 */
function parseDayMonthYear(text: string): LenientDate | undefined {
  const m = DAY_MONTH_YEAR.exec(text.trim());
  if (!m) return undefined;
  const a = Number(m[1]);
  const b = Number(m[3]);
  const separator = m[2] ?? '.';
  let dayFirst: boolean;
  if (separator === '.' || a === b || (a > 12 && b <= 12)) dayFirst = true;
  else if (b > 12 && a <= 12) dayFirst = false;
  else return undefined;
  const order = dayFirst ? ['day', 'month', 'year'] : ['month', 'day', 'year'];
  return {
    order: order.join(separator),
    parts: {
      year: Number(m[4]),
      month: dayFirst ? b : a,
      day: dayFirst ? a : b,
      hour: Number(m[5] ?? 0),
      minute: Number(m[6] ?? 0),
      second: Number(m[7] ?? 0),
      millisecond: 0,
    },
    offsetMinutes: undefined,
    dateOnly: m[5] === undefined,
    droppedPrecision: false,
  };
}

export const sampleDateFormat = defineRule<SampleDateSubject, 'format' | 'unrecognised'>({
  meta: {
    code: 'SD002',
    name: 'sample-date-format',
    group: 'sample-date',
    decidedIn: 'core/rules/sample-date/sample-date-format.ts',
    severity: 'error',
    fixable: 'safe-and-unsafe',
    messages: {
      format: 'sampleDate "{value}" is not in the shape ' + SAMPLE_DATE_SHAPE + ': {problem}',
      unrecognised: 'sampleDate "{value}" is not a date in the shape ' + SAMPLE_DATE_SHAPE,
    },
    docs: {
      what: 'Reports a sampleDate that is not exactly YYYY-MM-DDThh:mm:ss.sssZ: a T between date and time, exactly three fraction digits and the zone designator Z. A date as spreadsheets write it is read where its order is certain (15.04.2026 day first, as dots always are; 15/04/2026 and 4/15/2026, where one number cannot be a month), with an unsafe fix; 05/01/2024 is not, and the hint gives both dates it could be.',
      why: 'The service accepts only this one shape; anything else is refused with a 400 after the soil test file was uploaded.',
      example: '2024-05-01T10:00:00Z',
      useInstead: '2024-05-01T10:00:00.000Z',
    },
  },
  check(subject, context) {
    const raw = subject.value;
    if (raw === undefined || raw.trim() === '' || STRICT_SAMPLE_DATE.test(raw)) return;
    const range = subject.valueRange ?? { start: 0, end: raw.length };
    const lenient = parseLenientDate(raw);
    if (!lenient) {
      context.report({
        messageId: 'unrecognised',
        data: { value: raw },
        location: subject.location,
        hint:
          ambiguousReadings(raw) ??
          (/^\d{1,2}[/.-]\d{1,2}[/.-]\d{2}$/.test(raw.trim())
            ? 'The year has two digits and the order of day and month is not known: write the date as YYYY-MM-DD, e.g. 2024-05-01T10:00:00.000Z.'
            : `Write the instant as ${SAMPLE_DATE_SHAPE}, e.g. 2024-05-01T10:00:00.000Z.`),
      });
      return;
    }
    // A value that is not a real instant is SD003's to report; a fix cannot guess the intended date.
    if (impossiblePart(lenient.parts)) return;

    const offset = lenient.offsetMinutes ?? 0;
    const fixed = formatSampleDate(epochMillis(lenient.parts) - offset * 60_000);
    const problems: string[] = lenient.order ? [`it is written ${lenient.order}`] : [];
    let fixTitle: string;
    let safety: Fix['safety'] = 'safe';
    if (lenient.dateOnly) {
      problems.push('it has a date but no time');
      fixTitle = `Assume the samples were taken at midnight UTC: ${fixed}`;
      safety = 'unsafe';
    } else if (lenient.offsetMinutes === undefined) {
      problems.push('it names no time zone');
      fixTitle = `Assume the time is UTC: ${fixed}`;
      safety = 'unsafe';
    } else {
      if (raw !== raw.trim()) problems.push('it has surrounding spaces');
      if (!/\d{2}T\d{2}/.test(raw)) problems.push('date and time must be separated by an uppercase T');
      const fraction = /:\d{2}[.,](\d+)/.exec(raw)?.[1];
      if (!/\d{2}:\d{2}:\d{2}/.test(raw)) problems.push('seconds are missing');
      else if (fraction === undefined) problems.push('the three fraction digits (.sss) are missing');
      else if (fraction.length !== 3) problems.push(`it has ${fraction.length} fraction digits, not 3`);
      if (/,\d/.test(raw)) problems.push('the decimal separator must be a point');
      if (lenient.offsetMinutes !== 0)
        problems.push('the time must be given in UTC with Z, not as an offset');
      else if (!/Z$/.test(raw.trim())) problems.push('the zone designator must be an uppercase Z');
      fixTitle =
        lenient.offsetMinutes !== 0
          ? `Convert to the same instant in UTC: ${fixed}`
          : `Rewrite in the service's shape: ${fixed}`;
      if (lenient.droppedPrecision) {
        safety = 'unsafe';
        fixTitle = `Truncate to milliseconds: ${fixed}`;
      }
    }
    context.report({
      messageId: 'format',
      data: { value: raw, problem: problems.join('; ') || 'it does not match exactly' },
      location: subject.location,
      hint: `Write ${fixed}${safety === 'unsafe' ? ' if that is what was meant' : ''}.`,
      fix: { safety, title: fixTitle, before: raw, after: fixed, edits: [{ ...range, text: fixed }] },
    });
  },
});
