/**
 * The XML Schema simple types Modus uses, checked the way libxml2 (xmllint) checks them, so that our
 * verdict matches the reference validator exactly, quirks included: xs:float accepts an exponent marker
 * without digits ("1.5e") and NaN satisfies minInclusive 0; xs:date and xs:dateTime do not trim spaces;
 * base64 ignores characters outside its alphabet; integers may have at most 24 significant digits.
 */
import { daysInMonth } from '../values/calendar.ts';

export type Builtin =
  | 'string'
  | 'anySimpleType'
  | 'date'
  | 'dateTime'
  | 'float'
  | 'int'
  | 'positiveInteger'
  | 'nonNegativeInteger'
  | 'boolean'
  | 'base64Binary';

export interface SimpleType {
  base: Builtin;
  /** Whether surrounding white space is dropped before checking (as libxml2 does for this base). */
  trim?: boolean;
  minLength?: number;
  maxLength?: number;
  length?: number;
  enumeration?: readonly string[];
  minInclusive?: number;
}

const TRIMMED: Record<Builtin, boolean> = {
  string: false,
  anySimpleType: false,
  date: false,
  dateTime: false,
  float: true,
  int: true,
  positiveInteger: true,
  nonNegativeInteger: true,
  boolean: true,
  base64Binary: false,
};

/**
 * Make a simple type. Every type object gets the same properties (absent facets are undefined), so the
 * checks that read them stay monomorphic.
 */
export function simpleType(
  base: Builtin,
  facets: {
    minLength?: number;
    maxLength?: number;
    length?: number;
    enumeration?: readonly string[];
    minInclusive?: number;
  } = {},
): SimpleType {
  return {
    base,
    trim: TRIMMED[base],
    minLength: facets.minLength,
    maxLength: facets.maxLength,
    length: facets.length,
    enumeration: facets.enumeration,
    minInclusive: facets.minInclusive,
  };
}

export const XSD_INT = simpleType('int');
export const XSD_POSITIVE_INTEGER = simpleType('positiveInteger');
export const XSD_NON_NEGATIVE_INTEGER = simpleType('nonNegativeInteger');

export type ValueProblem =
  | { kind: 'lexical'; expected: string }
  | { kind: 'enumeration'; allowed: readonly string[] }
  | { kind: 'range'; detail: string };

export const builtinDescription: Record<Builtin, string> = {
  string: 'text',
  anySimpleType: 'text',
  date: 'a date (xs:date, YYYY-MM-DD)',
  dateTime: 'a date and time (xs:dateTime, YYYY-MM-DDThh:mm:ss)',
  float: 'a number (xs:float)',
  int: 'a whole number (xs:int)',
  positiveInteger: 'a whole number of 1 or more (xs:positiveInteger)',
  nonNegativeInteger: 'a whole number of 0 or more (xs:nonNegativeInteger)',
  boolean: 'true, false, 1 or 0 (xs:boolean)',
  base64Binary: 'base64 data (xs:base64Binary)',
};

function trimXmlSpace(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && isXmlSpace(s.charCodeAt(a))) a++;
  while (b > a && isXmlSpace(s.charCodeAt(b - 1))) b--;
  return a === 0 && b === s.length ? s : s.slice(a, b);
}

function isXmlSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** Code points, as libxml2 counts string length. */
function codePointLength(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/** libxml2's float lexical rule; returns the value (as an xs:float) or undefined when not a float. */
export function parseXsdFloat(s: string): number | undefined {
  const v = parseXsdNumber(s);
  return v === undefined ? undefined : Math.fround(v);
}

/** 10^0 … 10^15, each exact. */
const POWERS_OF_TEN = Array.from({ length: 16 }, (_, k) => 10 ** k);

/** Like parseXsdFloat, but the value as written (double precision), for display. */
export function parseXsdNumber(s: string): number | undefined {
  if (s === 'NaN') return NaN;
  let i = 0;
  const n = s.length;
  let neg = false;
  if (s.charCodeAt(0) === 0x2d /* - */) {
    neg = true;
    i++;
  }
  if (s.startsWith('INF', i)) return i + 3 === n ? (neg ? -Infinity : Infinity) : undefined;
  if (!neg && s.charCodeAt(i) === 0x2b /* + */) i++;
  if (i >= n) return undefined;
  // The digits as an integer, exact while there are at most 15 of them (below 2^53).
  let mantissa = 0;
  let before = 0;
  while (i < n && isDigit(s.charCodeAt(i))) {
    mantissa = mantissa * 10 + (s.charCodeAt(i) - 48);
    i++;
    before++;
  }
  let after = 0;
  if (s.charCodeAt(i) === 0x2e /* . */) {
    i++;
    while (i < n && isDigit(s.charCodeAt(i))) {
      mantissa = mantissa * 10 + (s.charCodeAt(i) - 48);
      i++;
      after++;
    }
  }
  if (before === 0 && after === 0) return undefined;
  // Clinger's fast path: an exact integer divided by an exact power of ten rounds once, correctly, so the
  // result is Number(s) without the runtime call (most of a Modus file's values: "12.5", "0.85").
  if (i === n && before + after <= 15) {
    const value = after === 0 ? mantissa : mantissa / (POWERS_OF_TEN[after] as number);
    return neg ? -value : value;
  }
  let mantissaEnd = i;
  const e = s.charCodeAt(i);
  if (e === 0x65 || e === 0x45) {
    i++;
    const sign = s.charCodeAt(i);
    if (sign === 0x2b || sign === 0x2d) i++;
    const digitsStart = i;
    while (i < n && isDigit(s.charCodeAt(i))) i++;
    if (i > digitsStart) mantissaEnd = i;
  }
  if (i !== n) return undefined;
  return Number(mantissaEnd === n ? s : s.slice(0, mantissaEnd));
}

interface ParsedInteger {
  negative: boolean;
  /** Digits without leading zeros ('' for zero). */
  digits: string;
}

function parseXsdInteger(s: string): ParsedInteger | undefined {
  let i = 0;
  let negative = false;
  const c = s.charCodeAt(0);
  if (c === 0x2d) {
    negative = true;
    i++;
  } else if (c === 0x2b) i++;
  if (i >= s.length || !isDigit(s.charCodeAt(i))) return undefined;
  while (s.charCodeAt(i) === 48) i++;
  const start = i;
  while (i < s.length && isDigit(s.charCodeAt(i))) i++;
  if (i !== s.length || i - start > 24) return undefined;
  return { negative, digits: s.slice(start) };
}

function compareDigits(a: string, b: string): number {
  return a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0;
}

function twoDigits(s: string, i: number): number {
  const a = s.charCodeAt(i);
  const b = s.charCodeAt(i + 1);
  return isDigit(a) && isDigit(b) ? (a - 48) * 10 + (b - 48) : -1;
}

/** Returns the index after a valid time zone (or i when there is none), or -1. */
function timeZone(s: string, i: number): number {
  const c = s.charCodeAt(i);
  if (i >= s.length) return i;
  if (c === 0x5a /* Z */) return i + 1;
  if (c !== 0x2b && c !== 0x2d) return -1;
  const h = twoDigits(s, i + 1);
  if (h < 0 || h > 23 || s.charCodeAt(i + 3) !== 0x3a) return -1;
  const m = twoDigits(s, i + 4);
  if (m < 0 || m > 59) return -1;
  if (h * 60 + m > 14 * 60) return -1;
  return i + 6;
}

/** libxml2's xs:date / xs:dateTime rule (no surrounding spaces). */
export function isXsdDate(s: string, withTime: boolean): boolean {
  let i = 0;
  if (s.charCodeAt(0) === 0x2d) i++;
  const yearStart = i;
  while (i < s.length && isDigit(s.charCodeAt(i))) i++;
  const digits = i - yearStart;
  if (digits < 4 || (digits > 4 && s.charCodeAt(yearStart) === 48) || digits > 18) return false;
  const year = Number(s.slice(yearStart, i));
  if (year === 0) return false;
  if (s.charCodeAt(i) !== 0x2d) return false;
  const month = twoDigits(s, i + 1);
  if (month < 1 || month > 12 || s.charCodeAt(i + 3) !== 0x2d) return false;
  const day = twoDigits(s, i + 4);
  if (day < 1 || day > 31) return false;
  i += 6;
  if (day > daysInMonth(year, month)) return false;
  if (s.charCodeAt(i) !== 0x54 /* T */) {
    if (withTime) return false;
    return timeZone(s, i) === s.length;
  }
  if (!withTime) return false;
  i++;
  const hour = twoDigits(s, i);
  if (hour < 0 || s.charCodeAt(i + 2) !== 0x3a || hour > 24) return false;
  const minute = twoDigits(s, i + 3);
  if (minute < 0 || minute > 59 || s.charCodeAt(i + 5) !== 0x3a) return false;
  const second = twoDigits(s, i + 6);
  if (second < 0) return false;
  i += 8;
  let fractionNonZero = false;
  if (s.charCodeAt(i) === 0x2e) {
    i++;
    if (!isDigit(s.charCodeAt(i))) return false;
    while (i < s.length && isDigit(s.charCodeAt(i))) {
      if (s.charCodeAt(i) !== 48) fractionNonZero = true;
      i++;
    }
  }
  if (second > 59) return false;
  if (hour === 24 && (minute !== 0 || second !== 0 || fractionNonZero)) return false;
  return timeZone(s, i) === s.length;
}

function base64Code(c: number): number {
  if (c >= 65 && c <= 90) return c - 65;
  if (c >= 97 && c <= 122) return c - 71;
  if (c >= 48 && c <= 57) return c + 4;
  if (c === 0x2b) return 62;
  if (c === 0x2f) return 63;
  if (c === 0x3d) return 64;
  return -1;
}

/** libxml2's base64 rule: stray characters are ignored, padding must fit the data. */
export function isXsdBase64(s: string): boolean {
  let i = 0;
  let count = 0;
  let pad = 0;
  for (; i < s.length; i++) {
    const d = base64Code(s.charCodeAt(i));
    if (d < 0) continue;
    if (d < 64) count++;
    else break;
  }
  for (; i < s.length; i++) {
    const d = base64Code(s.charCodeAt(i));
    if (d < 0) continue;
    if (d < 64) return false;
    pad++;
  }
  if (pad === 0) return count % 4 === 0;
  if (pad > 2) return false;
  let last = -1;
  for (let j = s.length - 1; j >= 0; j--) {
    const d = base64Code(s.charCodeAt(j));
    if (d >= 0 && d < 64) {
      last = d;
      break;
    }
  }
  if (pad === 1) return count % 4 === 3 && (last & ~0x3c) === 0;
  return count % 4 === 2 && (last & ~0x30) === 0;
}

/** The value after the type's white-space handling (what facets and enumerations compare). */
export function normaliseValue(type: SimpleType, raw: string): string {
  return (type.trim ?? TRIMMED[type.base]) ? trimXmlSpace(raw) : raw;
}

/** Check a value against a simple type; undefined when valid. */
export function checkSimpleValue(type: SimpleType, raw: string): ValueProblem | undefined {
  const value = normaliseValue(type, raw);
  switch (type.base) {
    case 'string':
    case 'anySimpleType':
      break;
    case 'date':
    case 'dateTime':
      if (!isXsdDate(value, type.base === 'dateTime'))
        return { kind: 'lexical', expected: builtinDescription[type.base] };
      break;
    case 'boolean':
      if (value !== 'true' && value !== 'false' && value !== '1' && value !== '0') {
        return { kind: 'lexical', expected: builtinDescription.boolean };
      }
      break;
    case 'base64Binary':
      if (!isXsdBase64(value)) return { kind: 'lexical', expected: builtinDescription.base64Binary };
      break;
    case 'float': {
      const f = parseXsdFloat(value);
      if (f === undefined) return { kind: 'lexical', expected: builtinDescription.float };
      // NaN compares as satisfying the bound in libxml2.
      if (type.minInclusive !== undefined && f < type.minInclusive) {
        return { kind: 'range', detail: `must be at least ${type.minInclusive}` };
      }
      break;
    }
    case 'int':
    case 'positiveInteger':
    case 'nonNegativeInteger': {
      const v = parseXsdInteger(value);
      if (v === undefined) return { kind: 'lexical', expected: builtinDescription[type.base] };
      const zero = v.digits === '';
      if (type.base === 'positiveInteger' && (zero || v.negative)) {
        return { kind: 'range', detail: 'must be a whole number of 1 or more' };
      }
      if (type.base === 'nonNegativeInteger' && v.negative && !zero) {
        return { kind: 'range', detail: 'must be a whole number of 0 or more' };
      }
      if (type.base === 'int' && compareDigits(v.digits, v.negative ? '2147483648' : '2147483647') > 0) {
        return { kind: 'range', detail: 'must be between -2147483648 and 2147483647 (xs:int)' };
      }
      break;
    }
  }
  if (type.enumeration && !type.enumeration.includes(value))
    return { kind: 'enumeration', allowed: type.enumeration };
  if (type.length !== undefined || type.minLength !== undefined || type.maxLength !== undefined) {
    // Code points lie between half the UTF-16 length and the UTF-16 length; count only when it matters.
    const upper = value.length;
    const lower = (upper + 1) >> 1;
    if (
      type.length === undefined &&
      (type.minLength === undefined || lower >= type.minLength) &&
      (type.maxLength === undefined || upper <= type.maxLength)
    ) {
      return undefined;
    }
    const len = codePointLength(value);
    if (type.length !== undefined && len !== type.length) {
      return { kind: 'range', detail: `must be exactly ${type.length} characters long, not ${len}` };
    }
    if (type.minLength !== undefined && len < type.minLength) {
      return {
        kind: 'range',
        detail:
          type.minLength === 1 ? 'must not be empty' : `must be at least ${type.minLength} characters long`,
      };
    }
    if (type.maxLength !== undefined && len > type.maxLength) {
      return { kind: 'range', detail: `must be at most ${type.maxLength} characters long, not ${len}` };
    }
  }
  return undefined;
}

/**
 * The value as identity constraints (xs:unique) compare it: integers by number, everything else as text.
 * Undefined when the value is not valid for its type (libxml2 then leaves it out of the comparison).
 */
export function keyValue(type: SimpleType, raw: string): string | undefined {
  if (checkSimpleValue(type, raw) !== undefined) return undefined;
  const value = normaliseValue(type, raw);
  if (type.base === 'int' || type.base === 'positiveInteger' || type.base === 'nonNegativeInteger') {
    const v = parseXsdInteger(value);
    if (!v) return undefined;
    return (v.negative && v.digits !== '' ? '-' : '') + (v.digits || '0');
  }
  return value;
}
