/**
 * The file kinds. Detection needs only each kind's name and detector (its KindInfo, in a module of its own);
 * a kind's checks load on first use, by a dynamic import that a split bundle makes a chunk of its own, so
 * validating a Modus file loads no geometry, CSV or ZIP code, and the other way round.
 */
import type { FileKind, InputFile } from '../input/file-kind.ts';
import { lazyKind, loaded } from './lazy-kind.ts';
import { jsonKindInfo, jsonShapeInfos } from './json-kind-info.ts';
import { rxKindInfo } from '../rx/rx-kind-info.ts';
import { boundaryKindInfos } from '../boundary/boundary-kind-info.ts';
import { modusKindInfo } from '../modus/modus-kind-info.ts';
import { sampleDateFileKind } from './sample-date-file-kind.ts';
import { detectKind } from './detect-kind.ts';
import { csvKindInfos } from '../csv/csv-kind-info.ts';
import { agronomicKindInfo } from '../agronomic/agronomic-kind-info.ts';

const jsonKinds = (): Promise<readonly FileKind[]> =>
  import('./json-file-kind.ts').then((m) => [m.jsonFileKind, ...m.jsonShapeKinds]);
const boundaryKinds = (): Promise<readonly FileKind[]> =>
  import('../boundary/boundary-file-kinds.ts').then((m) => m.boundaryFileKinds);
const csvKinds = (): Promise<readonly FileKind[]> =>
  import('../csv/csv-file-kinds.ts').then((m) => m.csvFileKinds);

const jsonFileKind = lazyKind(jsonKindInfo, () => loaded('json', jsonKinds()));
const jsonShapeKinds = jsonShapeInfos.map((info) => lazyKind(info, () => loaded(info.id, jsonKinds())));
const rxFileKind = lazyKind(rxKindInfo, () => import('../rx/rx-file-kind.ts').then((m) => m.rxFileKind));
const boundaryFileKinds = boundaryKindInfos.map((info) =>
  lazyKind(info, () => loaded(info.id, boundaryKinds())),
);
const modusFileKind = lazyKind(modusKindInfo, () =>
  import('../modus/modus-file-kind.ts').then((m) => m.modusFileKind),
);
const agronomicFileKind = lazyKind(agronomicKindInfo, () =>
  import('../agronomic/agronomic-file-kind.ts').then((m) => m.agronomicFileKind),
);
const csvFileKinds = csvKindInfos.map((info) => lazyKind(info, () => loaded(info.id, csvKinds())));

/** The kinds detection chooses from (content first, see core/formats/detect-kind.ts). */
export const fileKinds: readonly FileKind[] = [
  jsonFileKind,
  rxFileKind,
  ...boundaryFileKinds,
  modusFileKind,
  ...csvFileKinds,
  agronomicFileKind,
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
  agronomicFileKind,
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
