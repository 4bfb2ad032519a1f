/**
 * When the checks across files (check-across-files.ts) have something to compare, in a module of its own:
 * the engine and the batch's prepare ask this of every run, and load the checks only when they run.
 */
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { BatchGeometry } from '../input/batch-geometry.ts';
import type { RuleSelection } from '../rules/selection.ts';

/** One checked file of the batch and what its kind gathered. */
export interface FileGeometry {
  file: string;
  kind: string;
  geometry: BatchGeometry;
}

/**
 * Whether the checks across files have something to compare: boundaries with prescriptions, samples or
 * shared data, or boundaries in two files. (With one file, or none of those, they are not run unless asked.)
 */
export function acrossFilesApply(files: readonly FileGeometry[]): boolean {
  const withFields = files.filter((f) => f.geometry.fields.length > 0).length;
  const withOthers = files.filter(
    (f) => f.geometry.zones.length + f.geometry.samples.length + f.geometry.points.length > 0,
  ).length;
  return withFields >= 2 || (withFields >= 1 && withOthers >= 1);
}

/** How a run asks for the checks across its files: its `batch` setting (off, on, else where they apply). */
export interface AcrossFilesRequest {
  batch?: unknown;
  selection?: RuleSelection;
  /** The `rxOutsideShare` setting, when a number. */
  rxOutsideShare?: unknown;
}

/**
 * The checks across the files of a run, as its settings ask: none with `batch` off, always with `on`,
 * else where they apply (acrossFilesApply). The checks' module is loaded only when they run.
 */
export async function runAcrossFiles(
  files: readonly FileGeometry[],
  request: AcrossFilesRequest,
): Promise<Diagnostic[]> {
  if (request.batch === 'off' || (request.batch !== 'on' && !acrossFilesApply(files))) return [];
  const { checkAcrossFiles } = await import('./check-across-files.ts');
  return checkAcrossFiles(files, {
    ...(request.selection ? { selection: request.selection } : {}),
    ...(typeof request.rxOutsideShare === 'number' ? { rxOutsideShare: request.rxOutsideShare } : {}),
  });
}
