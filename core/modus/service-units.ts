/**
 * The units the service takes for soil test results, and spellings that mean the same thing.
 */

const ACCEPTED_UNITS = ['percent', 'ppm', 'meq/100 g', 'cmol/kg', 'lb/ac'] as const;

/** Accepted by the service with a warning on the import. */
const WARNED_UNITS = ['lbs/ac', 'lb/acre', 'lbs/acre', 'pounds/ac', 'pounds/acre'] as const;

/** Same meaning, other spelling: compared without case and spaces. */
const SAME_MEANING: Record<string, (typeof ACCEPTED_UNITS)[number]> = {
  '%': 'percent',
  percent: 'percent',
  pct: 'percent',
  'percent(%)': 'percent',
  ppm: 'ppm',
  'mg/kg': 'ppm',
  'mgkg-1': 'ppm',
  'mg/kgdw': 'ppm',
  'µg/g': 'ppm',
  'ug/g': 'ppm',
  'meq/100g': 'meq/100 g',
  'meq/100gm': 'meq/100 g',
  'me/100g': 'meq/100 g',
  'meq100g-1': 'meq/100 g',
  'cmol/kg': 'cmol/kg',
  'cmol(+)/kg': 'cmol/kg',
  'cmolc/kg': 'cmol/kg',
  'cmol+/kg': 'cmol/kg',
  'cmolkg-1': 'cmol/kg',
  'lb/ac': 'lb/ac',
  'lb/a': 'lb/ac',
  'lbs/a': 'lb/ac',
  'lbs/ac': 'lb/ac',
  'lb/acre': 'lb/ac',
  'lbs/acre': 'lb/ac',
  'pounds/ac': 'lb/ac',
  'pounds/acre': 'lb/ac',
  lbperacre: 'lb/ac',
  lbsperacre: 'lb/ac',
};

const UNITLESS = new Set(['', 'none', 'unitless', 'n/a', 'na', '-', 'nounit', 'ph', 'ratio']);

export type UnitVerdict =
  | { kind: 'accepted' }
  | { kind: 'warned' }
  | { kind: 'spelling'; canonical: string }
  | { kind: 'unitless' }
  | { kind: 'unknown' };

const ACCEPTED = new Set<string>(ACCEPTED_UNITS);
const ACCEPTED_VERDICT: UnitVerdict = { kind: 'accepted' };

/** How the service sees a ValueUnit. */
export function classifyUnit(unit: string): UnitVerdict {
  if (ACCEPTED.has(unit)) return ACCEPTED_VERDICT;
  if ((WARNED_UNITS as readonly string[]).includes(unit)) return { kind: 'warned' };
  const key = unit.toLowerCase().replace(/\s+/g, '');
  const canonical = SAME_MEANING[key];
  if (canonical !== undefined) return { kind: 'spelling', canonical };
  if (UNITLESS.has(key)) return { kind: 'unitless' };
  return { kind: 'unknown' };
}

const INCH_SPELLINGS = new Set(['in', 'in.', 'inch', 'inches', 'ins', '"', 'inchs']);

export type DepthUnitVerdict = 'inches' | 'spelling' | 'other';

export function classifyDepthUnit(unit: string): DepthUnitVerdict {
  if (unit === 'inches') return 'inches';
  return INCH_SPELLINGS.has(unit.trim().toLowerCase()) ? 'spelling' : 'other';
}
