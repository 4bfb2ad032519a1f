import { formatCount } from '../values/format-count.ts';

/**
 * Acres for messages: enough digits to compare, no more ("80.94", "0.0412", "12,345.6"). Grouped without
 * toLocaleString, whose first call loads ICU's number data (9 ms of a CLI run on one small file).
 */
export function formatAcres(acres: number): string {
  if (!Number.isFinite(acres)) return String(acres);
  const abs = Math.abs(acres);
  if (abs >= 1000 && abs < 1e21) return formatCount(Math.sign(acres) * roundToTenths(abs));
  if (abs >= 1000) return formatCount(acres);
  if (abs >= 1) return acres.toFixed(2);
  if (abs === 0) return '0';
  return acres.toPrecision(3);
}

/** The value an acres fix writes: 4 decimals (about 0.4 m²), trailing zeros dropped. */
export function acresValue(acres: number): number {
  return Number(acres.toFixed(4));
}

/**
 * `n` (≥ 0, under 1e21) to one decimal as ICU rounds it: the shortest decimal that reads back as `n`, half
 * up (1000.05 is 1000.1 there, though the double is a hair under 1000.05 and toFixed(1) gives 1000.0).
 */
function roundToTenths(n: number): number {
  const [whole = '0', fraction = ''] = String(n).split('.');
  if (fraction.length <= 1) return n;
  const tenths = Number(`${whole}${fraction[0]}`) + (fraction[1]! >= '5' ? 1 : 0);
  return tenths / 10;
}
