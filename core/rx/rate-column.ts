/**
 * Which DBF column holds the rate: the configured one (settings.rateColumn), else the first column with a
 * rate-like name (in the order of RATE_COLUMN_NAMES, any case), else the only numeric column that is not
 * an identifier. The choice, or why none was made, is returned for the caller to report.
 */
import { isNumericField, type DbfField } from '../shapefile/read-dbf.ts';

/** Names taken as the rate column, in order of preference (compared case-insensitively). */
export const RATE_COLUMN_NAMES = [
  'rate',
  'rx',
  'target',
  'dose',
  'rx_rate',
  'rxrate',
  'tgt_rate',
  'target_rat',
  'targetrate',
  'app_rate',
  'apprate',
  'rate_1',
] as const;

const IDENTIFIER =
  /^(fid|id|oid|gid|objectid|object_id|shape_id|zone|zone_id|zoneid|zone_no|plot_id|strip_id)$|_id$/i;

export type RateColumnChoice =
  | {
      ok: true;
      field: DbfField;
      index: number;
      reason: 'setting' | 'byName' | 'onlyNumeric';
      others: string[];
    }
  | { ok: false; reason: 'setting' | 'none' | 'ambiguous'; candidates: string[] };

export function chooseRateColumn(fields: readonly DbfField[], setting?: string): RateColumnChoice {
  const find = (name: string): number => fields.findIndex((f) => f.name.toLowerCase() === name.toLowerCase());
  if (setting !== undefined && setting.trim() !== '') {
    const index = find(setting.trim());
    const field = fields[index];
    if (!field) return { ok: false, reason: 'setting', candidates: fields.map((f) => f.name) };
    return { ok: true, field, index, reason: 'setting', others: [] };
  }
  const named = RATE_COLUMN_NAMES.map(find).filter((i) => i >= 0);
  const first = named[0];
  if (first !== undefined) {
    const field = fields[first] as DbfField;
    const others = named.slice(1).map((i) => fields[i]?.name ?? '');
    return { ok: true, field, index: first, reason: 'byName', others };
  }
  const numeric = fields.map((f, index) => ({ f, index })).filter(({ f }) => isNumericField(f));
  const candidates = numeric.filter(({ f }) => !IDENTIFIER.test(f.name));
  const only = candidates.length === 1 ? candidates[0] : undefined;
  if (only) {
    const others = numeric.filter((n) => n !== only).map((n) => n.f.name);
    return { ok: true, field: only.f, index: only.index, reason: 'onlyNumeric', others };
  }
  if (candidates.length === 0) return { ok: false, reason: 'none', candidates: fields.map((f) => f.name) };
  return { ok: false, reason: 'ambiguous', candidates: candidates.map((c) => c.f.name) };
}
