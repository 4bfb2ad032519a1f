/**
 * Numbers as spreadsheets write them: a decimal point or a decimal comma, thousands grouped by the other
 * mark, a space, a no-break or thin space, or an apostrophe, and only in groups of three. A file has a
 * convention (a semicolon-delimited CSV comes from a comma-decimal locale); a text is read by it, and where
 * another reading fits as well ("1.234" in a comma-decimal file: 1234, or 1.234 typed with a point) both
 * are returned, the convention's first, for the caller to choose (by the boundary's area, for acres).
 */

export type DecimalMark = '.' | ',';

export interface DecimalReading {
  value: number;
  /** The mark read as the decimal mark, when the text has a fraction. */
  decimal?: DecimalMark;
  /** The character read as a thousands separator, when the text has groups. */
  grouping?: string;
}

export interface DecimalNumber {
  /** The convention's reading, or the only one. */
  reading: DecimalReading;
  /** Another reading the text fits as well (different value), when there is one. */
  alternative?: DecimalReading;
}

/** Thousands separators besides the other mark: space, no-break space, narrow no-break space, thin space, apostrophe. */
const SPACE_GROUPS = [' ', '\u00a0', '\u202f', '\u2009', "'"];

const escape = (c: string): string => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const patterns = new Map<string, RegExp>();

/** ^sign (integer, grouped in threes by one of `groups`, or plain) (decimal fraction)? (exponent)?$ */
function pattern(decimal: DecimalMark, groups: readonly string[]): RegExp {
  const key = decimal + groups.join('');
  let re = patterns.get(key);
  if (!re) {
    const g = groups.map(escape).join('|');
    const d = escape(decimal);
    re = new RegExp(
      `^([+-]?)(?:([1-9]\\d{0,2}(?:(${g})\\d{3})(?:\\3\\d{3})*)|(\\d*))(?:${d}(\\d+))?([eE][+-]?\\d+)?$`,
    );
    patterns.set(key, re);
  }
  return re;
}

function readWith(text: string, decimal: DecimalMark, groups: readonly string[]): DecimalReading | undefined {
  const m = pattern(decimal, groups).exec(text);
  if (!m) return undefined;
  const [, sign = '', grouped, separator, plain, fraction, exponent] = m;
  const integer = grouped !== undefined ? grouped.split(separator as string).join('') : (plain ?? '');
  if (integer === '' && fraction === undefined) return undefined;
  // Grouped thousands with an exponent is no way anyone writes a number.
  if (grouped !== undefined && exponent !== undefined) return undefined;
  const value = Number(
    `${sign}${integer || '0'}${fraction !== undefined ? `.${fraction}` : ''}${exponent ?? ''}`,
  );
  if (!Number.isFinite(value)) return undefined;
  const reading: DecimalReading = { value };
  if (fraction !== undefined) reading.decimal = decimal;
  if (separator !== undefined) reading.grouping = separator;
  return reading;
}

/**
 * Read `text` (surrounding spaces ignored) as a number in a file whose decimal mark is `convention`;
 * undefined when it is no number. The other mark is read as the decimal mark too when it cannot be a
 * thousands separator ("227,4" in a decimal-point file, "227.28" in a decimal-comma one); when it can
 * ("1,234" in a decimal-point file, "1.234" in a decimal-comma one), that reading is the alternative.
 */
export function readDecimal(text: string, convention: DecimalMark): DecimalNumber | undefined {
  const t = text.trim();
  if (t === '' || !/\d/.test(t)) return undefined;
  const other: DecimalMark = convention === ',' ? '.' : ',';
  // The convention: its decimal mark, grouped by the other mark or a space.
  const first = readWith(t, convention, [other, ...SPACE_GROUPS]);
  // The other mark as the decimal mark. The convention's mark separates thousands only where it cannot be
  // the decimal mark: twice ("1.234.567") or before the other mark ("1.234,5"); "1,234" in a decimal-comma
  // file is 1.234.
  let second = readWith(t, other, [convention, ...SPACE_GROUPS]);
  if (second?.grouping === convention && t.split(convention).length < 3 && !t.includes(other))
    second = undefined;
  if (first && second && first.value !== second.value) return { reading: first, alternative: second };
  const reading = first ?? second;
  return reading ? { reading } : undefined;
}

/** A number written so that `readDecimal` with `convention` reads it back one way only: 1234.5 → "1234,5". */
export function writeDecimal(value: number, convention: DecimalMark): string {
  const text = String(value);
  return convention === ',' ? text.replace('.', ',') : text;
}

/** How a reading read the text, for messages: "decimal comma", "\".\" as thousands separator". */
export function describeReading(reading: DecimalReading): string {
  const parts: string[] = [];
  if (reading.grouping !== undefined) {
    const g = reading.grouping;
    const name = g === ' ' ? 'space' : g === "'" ? 'apostrophe' : /\s/.test(g) ? 'space' : `"${g}"`;
    parts.push(`${name} as thousands separator`);
  }
  if (reading.decimal !== undefined) parts.push(reading.decimal === ',' ? 'decimal comma' : 'decimal point');
  return parts.join(', ') || 'a whole number';
}
