/**
 * The engine knowing every kind of file, every rule and every setting: what the main entry (core/index.ts),
 * the command line and the app run. `fieldgate/wkt` binds the same engine to .wkt files alone.
 */
import { fileKinds, kindCatalogue } from '../formats/registry.ts';
import { allRules } from '../rules/registry.ts';
import { csvSettingSpecs } from './csv-settings.ts';
import {
  fixWith,
  resolveOptionsWith,
  runEngineWith,
  validateWith,
  type EngineOptions,
  type EngineSource,
  type EngineEvent,
  type FixOutcome,
  type RunOptions,
} from './engine.ts';
import type { FixSelection } from './fix-loop.ts';
import type { KindSet } from './kind-set.ts';
import type { Report } from './report.ts';
import {
  checkSettings as checkSettingsOf,
  describeSettings as describeSettingsOf,
  nonCsvSettingSpecs,
  type SettingSpec,
  type SettingsCheck,
} from './settings.ts';

/** Every setting a kind reads: what `settings` (and `--setting`) accept. */
export const settingSpecs: readonly SettingSpec[] = [...nonCsvSettingSpecs, ...csvSettingSpecs];

/** The settings a kind reads. */
export function settingsFor(kind: string): SettingSpec[] {
  return settingSpecs.filter((s) => s.kinds.includes(kind));
}

/**
 * Check settings given as text (from the command line) or typed values (from a program) against `specs`
 * (default: every kind's): each key a known setting, each value of its type and within its range.
 */
export function checkSettings(
  given: Readonly<Record<string, unknown>>,
  specs: readonly SettingSpec[] = settingSpecs,
): SettingsCheck {
  return checkSettingsOf(given, specs);
}

/** One line per setting (default: every kind's): "acreageTolerance (number 0–1; field-upload, wkt, …): …". */
export function describeSettings(specs: readonly SettingSpec[] = settingSpecs): string[] {
  return describeSettingsOf(specs);
}

export const everyKind: KindSet = {
  detected: fileKinds,
  catalogue: kindCatalogue,
  rules: allRules,
  settings: settingSpecs,
};

/** Run the engine: events as it works, ending with `{ type: 'report' }`. Options are checked first (throws). */
export function runEngine(
  inputs: readonly EngineSource[],
  options: RunOptions = {},
): AsyncIterable<EngineEvent> {
  return runEngineWith(everyKind, inputs, options);
}

/** Validate files; the Report of every file. */
export function validate(inputs: readonly EngineSource[], options: EngineOptions = {}): Promise<Report> {
  return validateWith(everyKind, inputs, options);
}

/**
 * Apply the chosen fixes to one file: by diagnostic (or its id), by rule, or all of a safety. Each pass is
 * guarded: a pass that would create an error is rolled back and the fixes that caused it are listed as not
 * applied.
 */
export function fix(
  input: EngineSource,
  selection: FixSelection,
  options: EngineOptions = {},
): Promise<FixOutcome> {
  return fixWith(everyKind, input, selection, options);
}

/** Check the options; throws EngineOptionsError listing every problem (and the valid settings). */
export function resolveOptions(options: RunOptions): void {
  resolveOptionsWith(everyKind, options);
}
