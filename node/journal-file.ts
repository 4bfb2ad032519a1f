/**
 * The batch journal on disk: lines appended to one file, each durable (written and fsync'ed) before the
 * runner is told so. Appends that arrive while a flush is under way are written together with one fsync
 * (group commit), so many workers cost one disk flush, not one each. Opened with O_APPEND: a line is never
 * written over another.
 */
import { mkdir, open, readFile, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { LockHeldError, takeLock, type ProcessLock } from './process-lock.ts';

export class JournalFile {
  private queue: { text: string; resolve: () => void; reject: (e: unknown) => void }[] = [];
  private flushing: Promise<void> | undefined;

  private constructor(
    private readonly handle: FileHandle,
    readonly path: string,
  ) {}

  /** Open (creating it, readable and writable by its owner only) for appending. */
  static async open(path: string): Promise<JournalFile> {
    await mkdir(dirname(path), { recursive: true });
    const handle = await open(path, 'a', 0o600);
    return new JournalFile(handle, path);
  }

  /** Append one line; resolves once it is on disk. */
  append(line: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ text: line.endsWith('\n') ? line : `${line}\n`, resolve, reject });
      this.flushing ??= this.flush();
    });
  }

  private async flush(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue;
      this.queue = [];
      try {
        await this.handle.appendFile(batch.map((b) => b.text).join(''));
        await this.handle.sync();
        for (const b of batch) b.resolve();
      } catch (error) {
        for (const b of batch) b.reject(error);
      }
    }
    this.flushing = undefined;
  }

  async close(): Promise<void> {
    await this.flushing;
    await this.handle.close();
  }
}

/** A journal's text, to replay it. */
export function readJournal(path: string): Promise<string> {
  return readFile(path, 'utf8');
}

/** Another process holds the journal: a second submit or resume must not write the same batch. */
export class JournalLockedError extends Error {
  constructor(
    readonly journalPath: string,
    readonly pid: number | undefined,
    user = 'another submit or resume',
  ) {
    super(
      `${journalPath} is in use by ${user}${pid !== undefined ? ` (process ${pid})` : ''}; wait for it to finish, or stop it and run fieldgate resume again`,
    );
  }
}

export type JournalLock = ProcessLock;

/**
 * Take the journal's lock (`JOURNAL.lock`, node/process-lock.ts): a lock left by a process that no longer
 * runs (kill -9, a power cut, a zombie, a reused pid) is taken over; one held by a live process throws
 * JournalLockedError.
 */
export async function lockJournal(
  journalPath: string,
  /** Who else would hold it, for the message. */
  user?: string,
): Promise<JournalLock> {
  try {
    return await takeLock(`${journalPath}.lock`, user ?? 'a submit or resume');
  } catch (error) {
    if (error instanceof LockHeldError) throw new JournalLockedError(journalPath, error.holder.pid, user);
    throw error;
  }
}

/**
 * Remove a journal's last line from line number `line` on (1-based), when a crash cut it short: appending
 * after it would glue the next line onto it and damage both. The lines before it stay byte for byte.
 */
export async function dropCutShortLine(path: string, line: number): Promise<void> {
  const handle = await open(path, 'r+');
  try {
    const bytes = await handle.readFile();
    let offset = 0;
    for (let n = 1; n < line; n++) {
      const end = bytes.indexOf(0x0a, offset);
      if (end < 0) return;
      offset = end + 1;
    }
    await handle.truncate(offset);
    await handle.sync();
  } finally {
    await handle.close();
  }
}
