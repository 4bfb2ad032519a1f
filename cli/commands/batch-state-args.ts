/**
 * The batch state (core/batch/batch-state.ts) of `fieldgate submit`, built from its arguments: the files
 * named (or a saved state, `--state`), the kind settings and CSV mapping, the receiving user and the
 * sampleDate. The app builds the same value from drops, mappings and edits; both go through one prepare.
 */
import { readFile } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import {
  batchStateFromJson,
  BatchStateError,
  detectFileKind,
  parseCsvMapping,
  type BatchFile,
  type BatchState,
  type CsvMapping,
  type KindSettingValues,
} from '../../core/index.ts';
import { UsageError, type CliIo } from '../command.ts';
import { mappingArgText } from '../io/mapping-arg.ts';
import { encodingOption, settingsFrom } from './validate.ts';

/** The options that shape a batch, for commands that send one. */
export const BATCH_STATE_OPTIONS = {
  state: { type: 'string' },
  kind: { type: 'string' },
  mapping: { type: 'string' },
  encoding: { type: 'string' },
  setting: { type: 'string', multiple: true },
  'user-name': { type: 'string' },
  'sample-date': { type: 'string' },
} as const;

export interface BatchStateArgs {
  state?: string | undefined;
  kind?: string | undefined;
  mapping?: string | undefined;
  encoding?: string | undefined;
  setting?: string[] | undefined;
  'user-name'?: string | undefined;
  'sample-date'?: string | undefined;
}

export interface BatchFromArgs {
  state: BatchState;
  /** Reads a file a CSV row names from the CSV's own folder on disk. */
  readFile: (relativePath: string, from: string) => Promise<Uint8Array | undefined>;
  /** What the batch is called (the journal's name). */
  title: string;
}

async function mappingFrom(value: string, io: CliIo): Promise<CsvMapping> {
  const mapping = parseCsvMapping(await mappingArgText(value, io));
  if (typeof mapping === 'string') throw new UsageError(`--mapping ${value}: ${mapping}`);
  return mapping;
}

/** The state of the batch the arguments name; usage errors for what cannot be used. */
export async function batchStateFromArgs(
  values: BatchStateArgs,
  positionals: readonly string[],
  io: CliIo,
): Promise<BatchFromArgs> {
  // Where each file was read from: a CSV row's relative paths are read from that folder.
  const folders = new Map<string, string>();
  let state: BatchState;
  let title: string;
  if (values.state !== undefined) {
    if (positionals.length > 0) throw new UsageError('give the batch as files or as --state, not both');
    const statePath = resolve(io.cwd, values.state);
    let json: unknown;
    try {
      json = JSON.parse(await readFile(statePath, 'utf8'));
    } catch (error) {
      throw new UsageError(`--state ${values.state}: ${(error as Error).message.split('\n')[0]}`);
    }
    try {
      state = await batchStateFromJson(json, async (path) => {
        const full = resolve(dirname(statePath), path);
        try {
          return new Uint8Array(await readFile(full));
        } catch {
          throw new BatchStateError(`${path}: cannot read the file (paths are relative to the state file)`);
        }
      });
    } catch (error) {
      if (error instanceof BatchStateError) throw new UsageError(`--state ${values.state}: ${error.message}`);
      throw error;
    }
    const raw = (json as { files?: Array<{ path?: unknown; name?: unknown }> }).files ?? [];
    state.files.forEach((f, i) => {
      const path = raw[i]?.path;
      folders.set(
        f.name,
        typeof path === 'string' ? dirname(resolve(dirname(statePath), path)) : dirname(statePath),
      );
    });
    title = basename(values.state).replace(/\.[^.]*$/, '');
  } else {
    if (positionals.length === 0) throw new UsageError('name the batch: one or more files, or --state FILE');
    const files: BatchFile[] = [];
    for (const given of positionals) {
      const path = resolve(io.cwd, given);
      const name = basename(path);
      if (folders.has(name)) throw new UsageError(`two files named ${name}: a batch names each file once`);
      let bytes: Uint8Array;
      try {
        bytes = new Uint8Array(await readFile(path));
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        // A batch is the files it names (a CSV row's prescription is read beside the CSV, not sent twice).
        throw new UsageError(
          `${given}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder; name the batch’s files in it (a CSV batch’s prescriptions and soil tests are read beside it)' : 'cannot read it'}`,
        );
      }
      folders.set(name, dirname(path));
      files.push({ name, bytes });
    }
    state = { files };
    title = basename(positionals[0]!).replace(/\.[^.]*$/, '');
  }
  // Flags apply to every file of the batch (a saved state keeps its own, which flags override).
  const settings: KindSettingValues = settingsFrom(values.setting) as KindSettingValues;
  if (values.encoding !== undefined) settings.encoding = encodingOption(values.encoding);
  const mapping = values.mapping !== undefined ? await mappingFrom(values.mapping, io) : undefined;
  // A mapping is a CSV batch's: the files named beside it (the prescriptions it sends) keep their kind.
  const isCsv = (f: BatchFile): boolean =>
    /\.(csv|tsv|txt)$/i.test(f.name) || (detectFileKind(f)?.id.startsWith('csv-') ?? false);
  state.files = state.files.map((f) => ({
    ...f,
    ...(values.kind !== undefined ? { kind: values.kind } : {}),
    ...(mapping && isCsv(f) ? { mapping } : {}),
    ...(Object.keys(settings).length > 0 ? { settings: { ...f.settings, ...settings } } : {}),
  }));
  if (values['user-name'] !== undefined) state.userName = values['user-name'];
  if (values['sample-date'] !== undefined) state.sampleDate = values['sample-date'];
  return {
    state,
    title,
    readFile: async (relative, from) => {
      const folder = folders.get(from);
      if (folder === undefined) return undefined;
      try {
        return new Uint8Array(await readFile(resolve(folder, relative)));
      } catch {
        return undefined;
      }
    },
  };
}
