/** Acres for messages: enough digits to compare, no more ("80.94", "0.0412", "12,345.6"). */
export function formatAcres(acres: number): string {
  if (!Number.isFinite(acres)) return String(acres);
  const abs = Math.abs(acres);
  if (abs >= 1000) return acres.toLocaleString('en-US', { maximumFractionDigits: 1 });
  if (abs >= 1) return acres.toFixed(2);
  if (abs === 0) return '0';
  return acres.toPrecision(3);
}

/** The value an acres fix writes: 4 decimals (about 0.4 m²), trailing zeros dropped. */
export function acresValue(acres: number): number {
  return Number(acres.toFixed(4));
}
