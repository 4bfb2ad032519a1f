import { daysInMonth } from '../../values/calendar.ts';
import type { Location } from '../../diagnostics/diagnostic.ts';

/** A sampleDate value to check, with where it sits. */
export interface SampleDateSubject {
  value: string | undefined;
  /** Where the value is reported (a query parameter, a CSV cell, a JSON property). */
  location: Location;
  /**
   * Offsets of the raw value in the checked document, for fixes as text edits. When absent, the
   * document is the value itself (edits cover 0..value.length).
   */
  valueRange?: { start: number; end: number };
  /** The injected clock's reading. */
  now?: Date;
}

export const SAMPLE_DATE_SHAPE = 'YYYY-MM-DDThh:mm:ss.sssZ';
export const STRICT_SAMPLE_DATE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.(\d{3})Z$/;

export interface DateTimeParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

/** Why the parts are not a real instant, or undefined when they are. */
export function impossiblePart(p: DateTimeParts): string | undefined {
  if (p.year < 1) return `year ${p.year} is before year 1`;
  if (p.month < 1 || p.month > 12) return `month ${String(p.month).padStart(2, '0')} does not exist`;
  const days = daysInMonth(p.year, p.month);
  if (p.day < 1 || p.day > days) {
    const monthName = new Date(Date.UTC(2000, p.month - 1, 1)).toLocaleString('en', {
      month: 'long',
      timeZone: 'UTC',
    });
    return `${monthName} ${p.year} has ${days} days, not ${p.day}`;
  }
  if (p.hour > 23)
    return `hour ${p.hour} does not exist (hours run 00 to 23; use 00 of the next day for midnight)`;
  if (p.minute > 59) return `minute ${p.minute} does not exist (minutes run 00 to 59)`;
  if (p.second > 59)
    return `second ${p.second} does not exist (seconds run 00 to 59; leap seconds are not accepted)`;
  return undefined;
}

export function epochMillis(p: DateTimeParts): number {
  const d = new Date(0);
  d.setUTCFullYear(p.year, p.month - 1, p.day);
  d.setUTCHours(p.hour, p.minute, p.second, p.millisecond);
  return d.getTime();
}

/** Formats an instant in the service's shape (years 0001-9999). */
export function formatSampleDate(millis: number): string {
  const d = new Date(millis);
  const pad = (n: number, w = 2): string => String(n).padStart(w, '0');
  return (
    `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${pad(d.getUTCMilliseconds(), 3)}Z`
  );
}
