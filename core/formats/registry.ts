import type { FileKind, InputFile } from './file-kind.ts';
import { jsonFileKind } from './json-file-kind.ts';
import { rxFileKind } from '../rx/rx-file-kind.ts';
import { boundaryFileKinds } from '../boundary/boundary-file-kinds.ts';
import { modusFileKind } from '../modus/modus-file-kind.ts';

/** Every kind of file `validate` understands. Detection picks the highest score. */
export const fileKinds: readonly FileKind[] = [jsonFileKind, rxFileKind, ...boundaryFileKinds, modusFileKind];

export function detectFileKind(
  file: InputFile,
  kinds: readonly FileKind[] = fileKinds,
): FileKind | undefined {
  let best: FileKind | undefined;
  let bestScore = 0;
  for (const kind of kinds) {
    const score = kind.detect(file);
    if (score > bestScore) {
      best = kind;
      bestScore = score;
    }
  }
  return best;
}

export function fileKindById(id: string, kinds: readonly FileKind[] = fileKinds): FileKind | undefined {
  return kinds.find((k) => k.id === id);
}
