/**
 * Persistence of the sandbox state to one JSON file (`--data file`). Writes are coalesced and atomic (write a
 * temporary file, then rename), so a crash never leaves half a file. In durable mode each write is also
 * fsync'ed (file and directory), and the server waits for `saved()` before answering a request that changed
 * the state: what a client was told is on disk. Requests that arrive during a write share the next one
 * (group commit), so many in flight cost one write each round, not one each.
 */
import { readFile } from 'node:fs/promises';
import { writeAtomically } from '../node/atomic-write.ts';
import type { StateData } from './state.ts';

/** The saved state, or undefined when the file does not exist yet. */
export async function readStateFile(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return JSON.parse(text) as unknown;
}

export class StateFileWriter {
  private pending: (() => StateData) | undefined;
  private running: Promise<void> | undefined;
  private failure: unknown;
  /** Changes scheduled so far, and how many of them the last finished write holds. */
  private scheduled = 0;
  private written = 0;
  private waiters: { upTo: number; resolve: () => void; reject: (e: unknown) => void }[] = [];

  constructor(
    private readonly file: string,
    readonly options: { durable?: boolean } = {},
  ) {}

  /** Save soon; several calls in a row make one write of the latest state. */
  schedule(snapshot: () => StateData): void {
    this.pending = snapshot;
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

  private async drain(): Promise<void> {
    try {
      while (this.pending) {
        const snapshot = this.pending;
        this.pending = undefined;
        const upTo = this.scheduled;
        const durable = this.options.durable === true;
        // A durable file is read by programs, not people: no indentation keeps each write small.
        const text = durable ? JSON.stringify(snapshot()) : JSON.stringify(snapshot(), null, 2);
        await writeAtomically(this.file, Buffer.from(text + '\n'), { durable });
        this.written = upTo;
        this.waiters = this.waiters.filter((w) => {
          if (w.upTo > upTo) return true;
          w.resolve();
          return false;
        });
      }
    } catch (error) {
      this.failure = error;
      // Nothing scheduled so far can be promised any more: the next change tries again.
      this.written = this.scheduled;
      for (const w of this.waiters) w.reject(error);
      this.waiters = [];
    } finally {
      this.running = undefined;
    }
  }
}
