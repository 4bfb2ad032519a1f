/**
 * A batch file's bytes after its changes (core/batch/batch-state.ts), applied in order: cell and row edits of
 * a CSV batch on its bytes in its own encoding (core/csv/csv-edits.ts), line edits of another text file
 * (core/input/byte-edits.ts), and chosen fixes through the engine's guarded fix loop. The renderer, the hosts
 * and the command line all read a file through here, so each sees the same bytes.
 */
import { applyCsvRowChanges, type CsvRowChange } from '../csv/csv-edits.ts';
import { parseCsvEncoding } from '../csv/csv-encoding.ts';
import { parseCsvDelimiter } from '../csv/csv-options.ts';
import { batchKindById, type BatchKindId } from '../csv/batch-kinds.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { EngineOptions } from '../engine/engine.ts';
import { fix, validate } from '../engine/every-kind.ts';
import type { FixSelection } from '../engine/fix-loop.ts';
import type { FileFixes } from '../engine/report.ts';
import { detectFileKind } from '../formats/registry.ts';
import { applyLineChanges, type LineChange } from '../input/byte-edits.ts';
import {
  engineSettingsOf,
  type BatchChange,
  type BatchFile,
  type FixChoice,
  type ProblemAnchor,
} from './batch-state.ts';

/** A change that could not be applied, and why; the ones after it are not applied either. */
export interface ChangeProblem {
  /** Its index in the file's changes. */
  change: number;
  message: string;
}

export interface ChangedFile {
  bytes: Uint8Array;
  /** Changes applied (the first `applied` of the file's changes). */
  applied: number;
  problem?: ChangeProblem;
}

/** How files are read for fixes: the batch's now, sampleDate and the reader of files a CSV names. */
export type ChangeOptions = Pick<EngineOptions, 'now' | 'sampleDate' | 'resolveFile' | 'signal'>;

/** The kind a file is read as: its own, else the one detection gives its bytes. */
export function kindOfFile(file: Pick<BatchFile, 'name' | 'kind' | 'mapping'>, bytes: Uint8Array): string {
  return file.kind ?? file.mapping?.kind ?? detectFileKind({ name: file.name, bytes })?.id ?? 'unknown';
}

async function applyEdits(
  file: BatchFile,
  bytes: Uint8Array,
  edits: ReadonlyArray<{ change: BatchChange; index: number }>,
): Promise<{ bytes: Uint8Array } | ChangeProblem> {
  const kind = kindOfFile(file, bytes);
  const csv = batchKindById(kind) !== undefined;
  const rowChanges: CsvRowChange[] = [];
  const lineChanges: LineChange[] = [];
  for (const { change, index } of edits) {
    if (change.type === 'cell' || change.type === 'row') {
      if (!csv)
        return { change: index, message: `${file.name} is ${kind}, not a CSV batch: it has no cells` };
      rowChanges.push(change);
    } else if (change.type === 'line') {
      if (csv)
        return { change: index, message: `${file.name} is a CSV batch: edit its cells, not its lines` };
      lineChanges.push({ line: change.line, text: change.text });
    }
  }
  const first = edits[0]?.index ?? 0;
  if (csv) {
    const settings = file.settings ?? {};
    const encoding = typeof settings.encoding === 'string' ? parseCsvEncoding(settings.encoding) : undefined;
    const delimiter =
      typeof settings.delimiter === 'string' ? parseCsvDelimiter(settings.delimiter) : undefined;
    const done = await applyCsvRowChanges(bytes, rowChanges, {
      ...(encoding ? { encoding } : {}),
      ...(delimiter ? { delimiter } : {}),
      ...(file.mapping ? { mapping: file.mapping } : {}),
      kind: kind as BatchKindId,
    });
    return done.ok ? { bytes: done.bytes } : { change: first + done.change, message: done.message };
  }
  const done = applyLineChanges(bytes, lineChanges);
  return done.ok ? { bytes: done.bytes } : { change: first + done.change, message: done.message };
}

function anchorMatches(d: Diagnostic, at: ProblemAnchor): boolean {
  const l = d.location;
  return (
    (at.row === undefined || l.row === at.row) &&
    (at.field === undefined || l.field === at.field) &&
    (at.offset === undefined || l.range?.start.offset === at.offset) &&
    (at.entry === undefined || l.entry === at.entry) &&
    (at.record === undefined || l.record === at.record)
  );
}

/** The fix selection of a choice, for these bytes; a message when the chosen problem is not there. */
async function selectionOf(
  choice: FixChoice,
  input: { name: string; bytes: Uint8Array; kind?: string },
  options: EngineOptions,
): Promise<FixSelection | string> {
  const safety = (s: 'safe' | 'unsafe'): FixSelection['safety'] =>
    s === 'unsafe' ? 'safe-and-unsafe' : 'safe';
  if ('all' in choice) return { safety: safety(choice.all) };
  if ('rule' in choice) return { rules: [choice.rule], safety: safety(choice.safety) };
  const report = await validate([input], options);
  const found = report.diagnostics.find(
    (d) => d.code === choice.code && d.fix !== undefined && anchorMatches(d, choice.at),
  );
  if (!found?.id) return `the ${choice.code} problem to fix is no longer there`;
  return { ids: [found.id], safety: safety(choice.safety) };
}

/** What a chosen fix did: the bytes after it and the fixes applied and not applied, or why it could not. */
export type FixChoiceOutcome = { bytes: Uint8Array; fixes: FileFixes } | { problem: string };

/**
 * One chosen fix on a file's bytes (its changes before it already made), through the engine's guarded fix
 * loop: what a change `{ type: 'fix' }` does in `applyFileChanges`, with the fixes it applied, for a person
 * choosing fixes one at a time to see (the app's Apply, its change log).
 */
export async function applyFixChoice(
  file: Omit<BatchFile, 'bytes' | 'changes'>,
  bytes: Uint8Array,
  choice: FixChoice,
  options: ChangeOptions = {},
): Promise<FixChoiceOutcome> {
  const engine: EngineOptions = { ...options, settings: engineSettingsOf(file) };
  const kind = file.kind ?? file.mapping?.kind;
  const input = { name: file.name, bytes, ...(kind ? { kind } : {}) };
  const selection = await selectionOf(choice, input, engine);
  if (typeof selection === 'string') return { problem: selection };
  const fixed = await fix(input, selection, engine);
  const fixes = fixed.report.files[0]?.fixes ?? { applied: [], notApplied: [], passes: 0 };
  return { bytes: fixed.bytes ?? bytes, fixes };
}

/**
 * The file's bytes after its changes. A change that cannot be applied stops there: the bytes are those
 * before it, and `problem` says which and why.
 */
export async function applyFileChanges(file: BatchFile, options: ChangeOptions = {}): Promise<ChangedFile> {
  const changes = file.changes ?? [];
  let bytes = file.bytes;
  let i = 0;
  while (i < changes.length) {
    const change = changes[i]!;
    if (change.type !== 'fix') {
      // Consecutive edits are made in one pass over the file.
      const group: Array<{ change: BatchChange; index: number }> = [];
      while (i < changes.length && changes[i]!.type !== 'fix')
        group.push({ change: changes[i]!, index: i++ });
      const done = await applyEdits(file, bytes, group);
      if ('change' in done) return { bytes, applied: done.change, problem: done };
      bytes = done.bytes;
      continue;
    }
    const fixed = await applyFixChoice(file, bytes, change.fix, options);
    if ('problem' in fixed) return { bytes, applied: i, problem: { change: i, message: fixed.problem } };
    bytes = fixed.bytes;
    i++;
  }
  return { bytes, applied: changes.length };
}
