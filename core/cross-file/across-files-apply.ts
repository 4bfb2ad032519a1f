/**
 * When the checks across files (check-across-files.ts) have something to compare, in a module of its own:
 * the engine asks this of every run, and loads the checks only when they run.
 */
import type { BatchGeometry } from '../input/batch-geometry.ts';

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
