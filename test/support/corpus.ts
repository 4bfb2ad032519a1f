/**
 * Where tests find their data files. The corpus files whose licences allow it are copied into the project
 * (test/corpus/, same relative paths as ../shared/corpus; sources and licences in NOTICE), so a fresh clone
 * tests alone. The rest (Modus XSDs, GPL ofpetrial shapefiles, the service specification) is only in
 * ../shared: tests that need it run when it is there and are skipped, saying why, when it is not.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const projectCorpusDir = resolve(repoRoot, 'test/corpus');
export const sharedDir = resolve(repoRoot, '../shared');

/** A path inside ../shared (e.g. `spec/service-interface.md`), whether or not it exists. */
export function sharedPath(relPath: string): string {
  return resolve(sharedDir, relPath);
}

/**
 * A corpus file (path relative to the corpus, e.g. `derived/se2023_wgs84.csv`): the project's copy when
 * there is one, else ../shared/corpus (which may be missing; see `needsShared`).
 */
export function corpusPath(relPath: string): string {
  const copy = resolve(projectCorpusDir, relPath);
  return existsSync(copy) ? copy : sharedPath(`corpus/${relPath}`);
}

/** A requirement on files that only ../shared has, for `it.skipIf` / `describe.skipIf`. */
export interface SharedRequirement {
  /** True when one of the files is missing: the test must be skipped. */
  readonly missing: boolean;
  /** The test's title, followed by "(skipped: needs ../shared/<path>)" when it is skipped. */
  title(name: string): string;
}

/** `relPaths` are relative to ../shared, e.g. `corpus/derived/ofpetrial_td.zip`. */
export function needsShared(...relPaths: string[]): SharedRequirement {
  const absent = relPaths.find((p) => !existsSync(sharedPath(p)));
  return {
    missing: absent !== undefined,
    title: (name) => (absent === undefined ? name : `${name} (skipped: needs ../shared/${absent})`),
  };
}
