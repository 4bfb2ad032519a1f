/**
 * `fieldgate/wkt`: WKT boundaries on their own, for a script that needs nothing else: parse a geometry;
 * check a .wkt text (one boundary, or one per line) with the checks `validate` runs on a .wkt file, without
 * the engine (`checkWkt`: its diagnostics are not numbered, no `id`); or run the engine on .wkt files alone
 * (`validate`, `fix`, `runEngine`: the main entry's, knowing only the .wkt kind, its rules and settings), so a
 * bundle holds no other kind's checks and no other rule definitions.
 */
import { checkWktText } from '../boundary/wkt-file.ts';
import { wktKindInfo } from '../boundary/boundary-kind-info.ts';
import { acreageRules } from '../boundary/acreage-rules.ts';
import { serviceLimitRules } from '../boundary/service-limit-rules.ts';
import { wgs84Rules } from '../boundary/wgs84-rules.ts';
import { crossFileRules } from '../cross-file/cross-file-rules.ts';
import {
  fixWith,
  runEngineWith,
  validateWith,
  type EngineEvent,
  type EngineOptions,
  type EngineSource,
  type FixOutcome,
  type RunOptions,
} from '../engine/engine.ts';
import type { FixSelection } from '../engine/fix-loop.ts';
import type { KindSet } from '../engine/kind-set.ts';
import type { Report } from '../engine/report.ts';
import { nonCsvSettingSpecs } from '../engine/settings.ts';
import { lazyKind } from '../formats/lazy-kind.ts';
import { ogcValidityRules } from '../geometry/validity-rules.ts';
import { wktSyntaxRules } from '../geometry/wkt-rules.ts';
import type { FileReport } from '../input/file-kind.ts';
import type { RuleSelection } from '../rules/selection.ts';

export {
  EngineOptionsError,
  type EngineEvent,
  type EngineOptions,
  type EngineSource,
  type FixOutcome,
  type RunOptions,
} from '../engine/engine.ts';
export type { FixSelection } from '../engine/fix-loop.ts';
export type { Report } from '../engine/report.ts';

export { parseWkt, type WktParseResult, type WktSyntaxError } from '../wkt/parse-wkt.ts';
// A fix edit's text (an edit may keep parts of the checked text instead of holding its own: TextEdit).
export { editText, type TextEdit } from '../diagnostics/diagnostic.ts';

export interface CheckWktOptions {
  /** The file's name in each diagnostic's location (default "boundaries.wkt"). */
  name?: string;
  /** Which rules run (codes, prefixes, groups or rule names). */
  rules?: RuleSelection;
  /** Relative acreage tolerance (fraction, default 0.02). */
  acreageTolerance?: number;
  /** Return each boundary as a GeoJSON feature (default true). */
  features?: boolean;
}

/** Check a .wkt text as `validate` checks a .wkt file. */
export function checkWkt(text: string, options: CheckWktOptions = {}): FileReport {
  const name = options.name ?? 'boundaries.wkt';
  const report = checkWktText(
    name,
    text,
    {
      ...(options.rules ? { selection: options.rules } : {}),
      ...(options.features === false ? { features: false as const } : {}),
    },
    options.acreageTolerance === undefined ? {} : { acreageTolerance: options.acreageTolerance },
  );
  for (const d of report.diagnostics) d.location = { file: name, ...d.location };
  return report;
}

const wktKind = lazyKind(wktKindInfo, () =>
  import('../boundary/wkt-file-kind.ts').then((m) => m.wktFileKind),
);

/**
 * What the engine of this entry knows: the .wkt kind, the rules a .wkt file's checks report (syntax,
 * validity, WGS 84, acreage, service limits, and the checks across the files of a run) and its settings.
 */
const wktKinds: KindSet = {
  detected: [wktKind],
  catalogue: [wktKind],
  rules: [
    wktSyntaxRules,
    ogcValidityRules,
    wgs84Rules,
    acreageRules,
    serviceLimitRules,
    crossFileRules,
  ].flatMap((group) => group.map((r) => r.meta)),
  settings: nonCsvSettingSpecs.filter((s) => s.kinds.includes('wkt')),
};

/** Validate .wkt files as the main entry's `validate` does; any other kind of file is listed unreadable. */
export function validate(inputs: readonly EngineSource[], options: EngineOptions = {}): Promise<Report> {
  return validateWith(wktKinds, inputs, options);
}

/** Fix one .wkt file as the main entry's `fix` does. */
export function fix(
  input: EngineSource,
  selection: FixSelection,
  options: EngineOptions = {},
): Promise<FixOutcome> {
  return fixWith(wktKinds, input, selection, options);
}

/** Run the engine on .wkt files: events as it works, ending with `{ type: 'report' }`. */
export function runEngine(
  inputs: readonly EngineSource[],
  options: RunOptions = {},
): AsyncIterable<EngineEvent> {
  return runEngineWith(wktKinds, inputs, options);
}
