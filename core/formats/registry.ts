import type { FileKind, InputFile } from '../input/file-kind.ts';
import { jsonFileKind, jsonShapeKinds } from './json-file-kind.ts';
import { rxFileKind } from '../rx/rx-file-kind.ts';
import { boundaryFileKinds } from '../boundary/boundary-file-kinds.ts';
import { modusFileKind } from '../modus/modus-file-kind.ts';
import { sampleDateFileKind } from './sample-date-file-kind.ts';
import { detectKind } from './detect-kind.ts';
import { csvFileKinds } from '../csv/csv-file-kinds.ts';

/** The kinds detection chooses from (content first, see core/engine/detect-kind.ts). */
export const fileKinds: readonly FileKind[] = [
  jsonFileKind,
  rxFileKind,
  ...boundaryFileKinds,
  modusFileKind,
  ...csvFileKinds,
];

/**
 * Every kind by name: the detected ones and those only chosen by name (each JSON shape, a bare sampleDate).
 * These names are exactly what reports say, `fieldgate kinds` lists and `--kind` accepts.
 */
export const kindCatalogue: readonly FileKind[] = [
  jsonFileKind,
  ...jsonShapeKinds,
  rxFileKind,
  ...boundaryFileKinds,
  modusFileKind,
  sampleDateFileKind,
  ...csvFileKinds,
];

/** The kind of a file, content first (core/formats/detect-kind.ts): the same bytes give the same kind. */
export function detectFileKind(
  file: InputFile,
  kinds: readonly FileKind[] = fileKinds,
): FileKind | undefined {
  return detectKind(file, kinds)?.kind;
}

export function fileKindById(id: string, kinds: readonly FileKind[] = kindCatalogue): FileKind | undefined {
  return kinds.find((k) => k.id === id);
}
