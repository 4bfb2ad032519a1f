/**
 * The settings each kind takes (`--setting KEY=VALUE`, `options.settings`): name, type, range and what it
 * does. Unknown keys (with the nearest valid name suggested), values of the wrong type and values out of
 * range are refused, never silently replaced by the default.
 */
import type { JsonValue } from '../json/json-document.ts';

export interface SettingSpec {
  name: string;
  type: 'number' | 'integer' | 'string';
  /** Inclusive bounds for numbers. */
  min?: number;
  max?: number;
  description: string;
  /** The kinds that read it. */
  kinds: readonly string[];
  /** For a text setting: what is wrong with a value, or undefined when it is one the kinds can use. */
  check?: (value: string) => string | undefined;
}

const BOUNDARY_KINDS = ['field-upload', 'json', 'wkt', 'geojson', 'kml', 'boundary-shapefile', 'csv-fields'];
/**
 * The settings of every kind but the CSV batches (theirs, core/engine/csv-settings.ts, check values with the
 * CSV reader's parsers): an engine without CSV kinds (`fieldgate/wkt`) takes these alone.
 */
export const nonCsvSettingSpecs: readonly SettingSpec[] = [
  {
    name: 'acreageTolerance',
    type: 'number',
    min: 0,
    max: 1,
    description:
      'how far the stated acres may differ from the boundary area, as a fraction (default 0.02 = 2 %)',
    kinds: BOUNDARY_KINDS,
  },
  {
    name: 'rateColumn',
    type: 'string',
    description: 'the DBF column holding the rates of a prescription (default: found from the column names)',
    kinds: ['rx-zip'],
  },
  {
    name: 'maxDiagnosticsPerRule',
    type: 'integer',
    min: 1,
    description:
      'how many diagnostics of one rule a Modus report lists before summing up the rest (default 1000)',
    kinds: ['modus-result'],
  },
  // The checks across the files of one run (core/cross-file).
  {
    name: 'batch',
    type: 'string',
    description:
      'the checks across the files of a run (prescriptions and soil samples against the boundaries, the same field in two files): on, off, or auto (default: when boundaries come with prescriptions or soil tests, or in two files)',
    kinds: [...BOUNDARY_KINDS, 'rx-zip', 'modus-result'],
    check: (v) => (['on', 'off', 'auto'].includes(v) ? undefined : `"${v}" is not on, off or auto`),
  },
  {
    name: 'rxOutsideShare',
    type: 'number',
    min: 0,
    max: 1,
    description:
      'how much of a prescription zone may lie outside its field in the checks across files, as a fraction of the zone (default 0.05 = 5 %)',
    kinds: ['rx-zip'],
  },
];

export interface SettingProblem {
  setting: string;
  message: string;
}

export type SettingsCheck =
  { ok: true; settings: Record<string, JsonValue> } | { ok: false; problems: SettingProblem[] };

/** One line per setting: "acreageTolerance (number 0–1; field-upload, wkt, …): what it does". */
export function describeSettings(specs: readonly SettingSpec[]): string[] {
  return specs.map((s) => {
    const range =
      s.min !== undefined && s.max !== undefined
        ? ` ${s.min}–${s.max}`
        : s.min !== undefined
          ? ` ≥ ${s.min}`
          : '';
    return `${s.name} (${s.type}${range}; ${s.kinds.join(', ')}): ${s.description}`;
  });
}

/**
 * Check settings given as text (from the command line) or typed values (from a program): each key must be
 * one of `specs` (the settings the engine's kinds read), each value of its type and within its range. Text is
 * converted to the setting's type.
 */
export function checkSettings(
  given: Readonly<Record<string, unknown>>,
  specs: readonly SettingSpec[],
): SettingsCheck {
  const problems: SettingProblem[] = [];
  const settings: Record<string, JsonValue> = {};
  for (const [key, value] of Object.entries(given)) {
    const spec = specs.find((s) => s.name === key);
    if (!spec) {
      const near = nearestName(
        key,
        specs.map((s) => s.name),
      );
      problems.push({
        setting: key,
        message: `unknown setting "${key}"${near ? ` (did you mean ${near}?)` : ''}`,
      });
      continue;
    }
    const checked = checkValue(spec, value);
    if (typeof checked === 'string') problems.push({ setting: key, message: checked });
    else settings[key] = checked.value;
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, settings };
}

function checkValue(spec: SettingSpec, value: unknown): { value: JsonValue } | string {
  if (spec.type === 'string') {
    if (typeof value !== 'string' || value.trim() === '')
      return `setting ${spec.name} must be a non-empty text, not ${show(value)}`;
    const problem = spec.check?.(value);
    if (problem !== undefined) return `setting ${spec.name}: ${problem}`;
    return { value };
  }
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : NaN;
  if (!Number.isFinite(n)) return `setting ${spec.name} must be a number, not ${show(value)}`;
  if (spec.type === 'integer' && !Number.isInteger(n))
    return `setting ${spec.name} must be a whole number, not ${show(value)}`;
  if (spec.min !== undefined && n < spec.min)
    return `setting ${spec.name} must be at least ${spec.min}, not ${show(value)}`;
  if (spec.max !== undefined && n > spec.max)
    return `setting ${spec.name} must be at most ${spec.max}, not ${show(value)}`;
  return { value: n };
}

function show(value: unknown): string {
  return typeof value === 'string' ? `"${value}"` : String(value);
}

/** The candidate within edit distance 3 (case ignored) closest to `name`. */
function nearestName(name: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(3, Math.floor(name.length / 3)) + 1;
  for (const c of candidates) {
    const d = editDistance(name.toLowerCase(), c.toLowerCase());
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
