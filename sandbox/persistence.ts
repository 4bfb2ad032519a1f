/**
 * Persistence of the sandbox state (`--data FILE`): the whole state in FILE, and each change since then as
 * one JSON line appended to FILE.changes, so a change costs what it changed, not the size of the store (a
 * create among 100,000 stored enrollments appends about 500 bytes instead of rewriting 40 MB).
 *
 *   FILE          {"format": "fieldgate-sandbox-state", "version": 2, "generation": G, ...the whole state}
 *   FILE.changes  {"generation": G, "ids": [...], "put": [enrollments], "removed": [ids], "other"?: {...}}
 *
 * When FILE.changes outgrows FILE, the whole state is written again (compaction): a temporary file renamed
 * over FILE with generation G + 1, then FILE.changes emptied. A crash between the two leaves lines of
 * generation G, which the next start skips: FILE holds them already. A line cut short by a crash is the
 * last one; the next start ignores it and cuts it off before it appends (in durable mode it was never
 * answered for).
 *
 * Writes are coalesced: changes that arrive while a write is under way share the next one (group commit). In
 * durable mode each write is also fsync'ed (the appended line; for compaction the file and its directory),
 * and the server waits for `saved()` before answering a request that changed the state: what a client was
 * told is on disk.
 */
import { readFileSync } from 'node:fs';
import { open, readFile, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { writeAtomically } from '../node/atomic-write.ts';
import {
  StateFormatError,
  type OtherStateData,
  type StateChanges,
  type StateData,
  type StoredEnrollment,
} from './state.ts';
import type { PrngState } from './prng.ts';

/** What persistence reads from the state: its changes since the last save, or all of it. */
export interface PersistedState {
  takeChanges(): StateChanges;
  toData(): StateData;
}

interface ChangeLine {
  generation: number;
  ids: PrngState;
  put: StoredEnrollment[];
  removed: string[];
  other?: OtherStateData;
}

type SavedState = StateData & { generation?: number };

/** The file of changes beside the state file. */
export function changesFileOf(file: string): string {
  return `${file}.changes`;
}

/** Below this, the changes file is not worth a compaction whatever the size of the state file. */
const COMPACT_AFTER_BYTES = 4 * 1024 * 1024;

export interface StateFileOptions {
  /** fsync each write before the server answers (see the top of this file). */
  durable?: boolean;
  /** The least size of FILE.changes that is compacted into FILE (4 MiB; tests make it smaller). */
  compactAfterBytes?: number;
}

interface LoadedState {
  data: SavedState | undefined;
  generation: number;
  /** Bytes of FILE.changes that hold whole lines of this generation; the rest is dropped at open. */
  changesLength: number;
  stateBytes: number;
}

function parseLoaded(
  file: string,
  stateText: string | undefined,
  changesText: string | undefined,
): LoadedState {
  if (stateText === undefined) return { data: undefined, generation: 0, changesLength: 0, stateBytes: 0 };
  let data: SavedState;
  try {
    data = JSON.parse(stateText) as SavedState;
  } catch (error) {
    throw new StateFormatError(`${file} is not JSON: ${(error as Error).message}`);
  }
  const generation = typeof data?.generation === 'number' ? data.generation : 0;
  let changesLength = 0;
  if (changesText && data && typeof data === 'object' && Array.isArray(data.enrollments)) {
    const enrollments = new Map<string, StoredEnrollment>();
    for (const e of data.enrollments) enrollments.set(e.record.id.toLowerCase(), e);
    const lines = changesText.split('\n');
    let offset = 0;
    for (const [index, text] of lines.entries()) {
      // The last piece has no line break after it: a line cut short by a crash (or nothing).
      if (index === lines.length - 1) break;
      const end = offset + Buffer.byteLength(text) + 1;
      let line: ChangeLine;
      try {
        line = JSON.parse(text) as ChangeLine;
      } catch (error) {
        // Damaged bytes at the end are a write a crash cut short; anywhere else they are damage.
        if (lines.slice(index + 1).every((l) => l.trim() === '')) break;
        throw new StateFormatError(
          `line ${index + 1} of ${changesFileOf(file)} is damaged (${(error as Error).message}): move that file away to start from ${file} alone, without the changes since it was written`,
        );
      }
      // Lines of an earlier generation: a compaction wrote them into FILE, then stopped before emptying.
      if (line.generation !== generation) break;
      data.ids = line.ids;
      for (const id of line.removed) enrollments.delete(id.toLowerCase());
      for (const e of line.put) enrollments.set(e.record.id.toLowerCase(), e);
      if (line.other) Object.assign(data, line.other);
      offset = end;
      changesLength = end;
    }
    data.enrollments = [...enrollments.values()];
  }
  return { data, generation, changesLength, stateBytes: Buffer.byteLength(stateText) };
}

async function readOptional(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function readOptionalSync(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * The saved state as a whole (FILE with FILE.changes replayed), or undefined when there is none yet; read
 * synchronously, for tests and tools that look at what a kill would leave.
 */
export function readSavedState(file: string): StateData | undefined {
  return parseLoaded(file, readOptionalSync(file), readOptionalSync(changesFileOf(file))).data;
}

/** Open the state file: the saved state (undefined when the file does not exist yet) and its writer. */
export async function openStateFile(
  file: string,
  options: StateFileOptions = {},
): Promise<{ data: StateData | undefined; writer: StateFileWriter }> {
  const loaded = parseLoaded(file, await readOptional(file), await readOptional(changesFileOf(file)));
  const writer = new StateFileWriter(file, options, loaded);
  return { data: loaded.data, writer };
}

export class StateFileWriter {
  private source: PersistedState | undefined;
  private running: Promise<void> | undefined;
  private failure: unknown;
  /** Changes scheduled so far, and how many of them the last finished write holds. */
  private scheduled = 0;
  private written = 0;
  private waiters: { upTo: number; resolve: () => void; reject: (e: unknown) => void }[] = [];
  private generation: number;
  private changes: FileHandle | undefined;
  private changesBytes: number;
  private stateBytes: number;
  /** Bytes at the end of FILE.changes to drop before the next line (a cut or stale line). */
  private truncateTo: number | undefined;
  private readonly compactAfterBytes: number;

  constructor(
    private readonly file: string,
    readonly options: StateFileOptions,
    loaded: Pick<LoadedState, 'generation' | 'changesLength' | 'stateBytes'>,
  ) {
    this.compactAfterBytes = options.compactAfterBytes ?? COMPACT_AFTER_BYTES;
    this.generation = loaded.generation;
    this.changesBytes = loaded.changesLength;
    this.stateBytes = loaded.stateBytes;
    this.truncateTo = loaded.changesLength;
  }

  /** Save soon; several calls in a row make one write of what changed meanwhile. */
  schedule(source: PersistedState): void {
    this.source = source;
    this.scheduled++;
    this.running ??= this.drain();
  }

  /** Resolves once every change scheduled before this call is written (at once when nothing is pending). */
  saved(): Promise<void> {
    if (this.written >= this.scheduled) return Promise.resolve();
    return new Promise((resolve, reject) => this.waiters.push({ upTo: this.scheduled, resolve, reject }));
  }

  /** Wait until everything scheduled is on disk; rethrows a write failure. */
  async flush(): Promise<void> {
    while (this.running) await this.running;
    if (this.failure !== undefined) {
      const failure = this.failure;
      this.failure = undefined;
      throw failure;
    }
  }

  /** Flush, then let go of FILE.changes. */
  async close(): Promise<void> {
    try {
      await this.flush();
    } finally {
      await this.changes?.close();
      this.changes = undefined;
    }
  }

  private async drain(): Promise<void> {
    // Never finish synchronously: `running` is assigned after this returns, and cleared at the end below
    // (with nothing awaited between the last check for changes and that, so no change is left unwritten).
    await Promise.resolve();
    try {
      while (this.written < this.scheduled && this.source) {
        const source = this.source;
        const upTo = this.scheduled;
        const changes = source.takeChanges();
        if (changes.whole) {
          await this.compact(source);
        } else if (changes.put.length > 0 || changes.removed.length > 0 || changes.other) {
          const line = this.lineOf(changes);
          // Once the changes would outgrow the whole state, writing the whole state is the cheaper record.
          if (this.changesBytes + line.byteLength > Math.max(this.compactAfterBytes, this.stateBytes)) {
            await this.compact(source);
          } else {
            await this.append(line);
          }
        }
        this.written = upTo;
        this.waiters = this.waiters.filter((w) => {
          if (w.upTo > upTo) return true;
          w.resolve();
          return false;
        });
      }
    } catch (error) {
      this.failure = error;
      // The next write cannot rely on what this one left: it writes the whole state again.
      this.stateBytes = -1;
      this.changesBytes = Number.MAX_SAFE_INTEGER;
      // Nothing scheduled so far can be promised any more: the next change tries again.
      this.written = this.scheduled;
      for (const w of this.waiters) w.reject(error);
      this.waiters = [];
    } finally {
      this.running = undefined;
    }
  }

  private lineOf(changes: StateChanges): Buffer {
    const line: ChangeLine = {
      generation: this.generation,
      ids: changes.ids,
      put: changes.put,
      removed: changes.removed,
    };
    if (changes.other) line.other = changes.other;
    return Buffer.from(JSON.stringify(line) + '\n');
  }

  private async append(bytes: Buffer): Promise<void> {
    const handle = await this.changesHandle();
    if (this.truncateTo !== undefined) {
      await handle.truncate(this.truncateTo);
      this.truncateTo = undefined;
    }
    // Opened for appending: every write lands at the end, whatever was truncated before.
    let done = 0;
    while (done < bytes.byteLength) done += (await handle.write(bytes, done)).bytesWritten;
    if (this.options.durable) await handle.datasync();
    this.changesBytes += bytes.byteLength;
  }

  /** Write the whole state as the next generation, then empty FILE.changes. */
  private async compact(source: PersistedState): Promise<void> {
    // Anything noted before this point is in the whole state written now.
    source.takeChanges();
    const generation = this.generation + 1;
    const data: SavedState = { ...source.toData(), generation };
    const durable = this.options.durable === true;
    // A durable file is read by programs, not people: no indentation keeps each write small.
    const text = durable ? JSON.stringify(data) : JSON.stringify(data, null, 2);
    const bytes = Buffer.from(text + '\n');
    await writeAtomically(this.file, bytes, { durable });
    this.generation = generation;
    this.stateBytes = bytes.byteLength;
    const handle = await this.changesHandle();
    await handle.truncate(0);
    if (durable) await handle.datasync();
    this.changesBytes = 0;
    this.truncateTo = undefined;
  }

  private async changesHandle(): Promise<FileHandle> {
    if (this.changes) return this.changes;
    this.changes = await open(changesFileOf(this.file), 'a');
    // A file just created is an entry in its directory: flushed too, or a line fsync'ed into it could be
    // lost with the entry after a power cut.
    if (this.options.durable && process.platform !== 'win32') {
      const directory = await open(dirname(this.file), 'r');
      try {
        await directory.sync();
      } finally {
        await directory.close();
      }
    }
    return this.changes;
  }
}
