/**
 * The .wkt file kind (one WKT per line, or one WKT) on its own: the engine of `fieldgate/wkt` loads it
 * without the importers of the other boundary formats (GeoJSON, KML, shapefile ZIPs and their projections).
 * Setting `acreageTolerance` (fraction, default 0.02) tunes ACR001.
 */
import { textFix } from '../input/text-fixes.ts';
import { decodeTextFile, type FileKind, type FileReport, type ValidateOptions } from '../input/file-kind.ts';
import type { RecordBoundaryOptions } from './record-boundary.ts';
import { wktKindInfo } from './boundary-kind-info.ts';
import { checkWktStream, checkWktText, checkWktTextOnWorkers, fixWktStream } from './wkt-file.ts';

export function toleranceFrom(options: ValidateOptions): number | undefined {
  const t = options.settings?.acreageTolerance;
  return typeof t === 'number' && Number.isFinite(t) && t >= 0 ? t : undefined;
}

function wktCheckOptions(options: ValidateOptions): RecordBoundaryOptions {
  const tolerance = toleranceFrom(options);
  return tolerance === undefined ? {} : { acreageTolerance: tolerance };
}

/** A .wkt file's text read whole: its boundaries on the run's workers too when it is big enough. */
async function checkText(name: string, text: string, options: ValidateOptions): Promise<FileReport> {
  const check = wktCheckOptions(options);
  // Its size in UTF-16 units: WKT is ASCII, so its bytes.
  const pool = options.workers?.(text.length);
  return pool
    ? checkWktTextOnWorkers(name, text, options, check, pool)
    : checkWktText(name, text, options, check);
}

export const wktFileKind: FileKind = {
  ...wktKindInfo,
  validate: (file, options) => checkText(file.name, decodeTextFile(file.bytes), options),
  validateText: (file, options) => checkText(file.name, file.text, options),
  validateStream: (file, options) => checkWktStream(file, options, wktCheckOptions(options)),
  fix: textFix,
  fixStream: (file, options, fixStatement, output) =>
    fixWktStream(file, options, wktCheckOptions(options), fixStatement, output),
};
