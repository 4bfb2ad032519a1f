/**
 * The checks across the files of the batch in the app: the worker checks each file alone, keeps what the
 * checks across files read of it, and runs them over every checked file when asked (core's
 * `checkAcrossFiles`, as the command line runs them); their problems join the list, each on its file. A
 * problem's related places in other files name features the map outlines with its own.
 */
import type { Diagnostic } from '../../core/index.ts';
import type { BatchFile, Problem } from './batch.tsx';

/** The files the checks across files compare: those checked, each by the job that holds its geometry. */
export function acrossFilesRequest(files: readonly BatchFile[]): Array<{ job: number; name: string }> {
  return files.flatMap((f) =>
    f.state === 'checked' && f.geometryJob !== undefined ? [{ job: f.geometryJob, name: f.name }] : [],
  );
}

/** The problems of the checks across files, on their files, with ids x1, x2, … (never a file's d1, d2, …). */
export function acrossFilesProblems(
  diagnostics: readonly Diagnostic[],
  files: readonly BatchFile[],
): Problem[] {
  const problems: Problem[] = [];
  diagnostics.forEach((d, i) => {
    const file = files.find((f) => f.name === d.location.file);
    if (!file) return;
    const id = `x${i + 1}`;
    problems.push({
      key: `${file.key}:${id}`,
      fileKey: file.key,
      fileName: file.name,
      diagnostic: { ...d, id },
    });
  });
  return problems;
}

/**
 * The problems the checks across files found on a file: after its own, they count in its errors and
 * warnings and go into its exports, as the command line reports them.
 */
export function acrossFilesDiagnostics(
  file: Pick<BatchFile, 'key'>,
  acrossFiles: readonly Problem[],
): Diagnostic[] {
  return acrossFiles.filter((p) => p.fileKey === file.key).map((p) => p.diagnostic);
}

/** `fileKey:feature` of the features a problem's related places name (in its file or others). */
export function relatedFeatureKeys(problem: Problem | undefined, files: readonly BatchFile[]): Set<string> {
  const keys = new Set<string>();
  for (const r of problem?.diagnostic.related ?? []) {
    const feature = r.location.feature;
    if (feature === undefined) continue;
    const name = r.location.file;
    const file =
      name === undefined ? files.find((f) => f.key === problem?.fileKey) : files.find((f) => f.name === name);
    if (file) keys.add(`${file.key}:${feature}`);
  }
  return keys;
}

const resultIds = new WeakMap<object, number>();
let nextResultId = 1;

/** A key that changes when a file is added, removed or gets a new result (not with its progress). */
export function resultsKey(files: readonly BatchFile[]): string {
  return files
    .map((f) => {
      if (!f.result) return `${f.key}:-`;
      let id = resultIds.get(f.result);
      if (id === undefined) resultIds.set(f.result, (id = nextResultId++));
      return `${f.key}:${id}`;
    })
    .join(',');
}
