/**
 * Persistence of the sandbox state to one JSON file (`--data file`). Writes are coalesced and atomic (write a
 * temporary file, then rename), so a crash never leaves half a file.
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

  constructor(private readonly file: string) {}

  /** Save soon; several calls in a row make one write of the latest state. */
  schedule(snapshot: () => StateData): void {
    this.pending = snapshot;
    this.running ??= this.drain();
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
        await writeAtomically(this.file, Buffer.from(JSON.stringify(snapshot(), null, 2) + '\n'));
      }
    } catch (error) {
      this.failure = error;
    } finally {
      this.running = undefined;
    }
  }
}
