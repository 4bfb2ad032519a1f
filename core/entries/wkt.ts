/**
 * `fieldgate/wkt`: WKT boundaries on their own, for a script that needs nothing else: parse a geometry, and
 * check a .wkt text (one boundary, or one per line) with the checks `validate` runs on a .wkt file, without
 * the engine and the other kinds of file. Diagnostics are not numbered (no `id`): `validate` numbers them.
 */
import { checkWktText } from '../boundary/wkt-file.ts';
import type { FileReport } from '../input/file-kind.ts';
import type { RuleSelection } from '../rules/selection.ts';

export { parseWkt, type WktParseResult, type WktSyntaxError } from '../wkt/parse-wkt.ts';

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
