/**
 * A point for messages: "(lon lat)" with at most 12 significant digits, so computed points such as
 * intersections read as (-93.261 45.12385), not (-93.261 45.123850000000004). Locations keep the exact value.
 */
export function formatPoint(point: readonly [number, number]): string {
  return `(${twelveDigits(point[0])} ${twelveDigits(point[1])})`;
}

/**
 * String(Number(v.toPrecision(12))): a decimal of at most 12 significant digits reads back as the double
 * whose shortest text it is, so in fixed notation that is the text without its trailing zeros (and without
 * a sign on zero). Done on the text: the two conversions cost more than the rest of a crossing's message.
 */
function twelveDigits(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  const text = v.toPrecision(12);
  if (text.includes('e')) return String(Number(text));
  let end = text.length;
  if (text.includes('.')) {
    while (text.charCodeAt(end - 1) === 48) end--;
    if (text.charCodeAt(end - 1) === 46) end--;
  }
  const trimmed = end === text.length ? text : text.slice(0, end);
  return trimmed === '-0' ? '0' : trimmed;
}
