/**
 * A point for messages: "(lon lat)" with at most 12 significant digits, so computed points such as
 * intersections read as (-93.261 45.12385), not (-93.261 45.123850000000004). Locations keep the exact value.
 */
export function formatPoint(point: readonly [number, number]): string {
  const f = (v: number): string => (Number.isFinite(v) ? String(Number(v.toPrecision(12))) : String(v));
  return `(${f(point[0])} ${f(point[1])})`;
}
