/**
 * The batch journal on disk: lines appended to one file, each durable (written and fsync'ed) before the
 * runner is told so. Appends that arrive while a flush is under way are written together with one fsync
 * (group commit), so many workers cost one disk flush, not one each. Opened with O_APPEND: a line is never
 * written over another.
 */
import {
  link,
  mkdir,
  open,
  readFile,
  rename,
  stat,
  unlink,
  writeFile,
  type FileHandle,
} from 'node:fs/promises';
import { dirname } from 'node:path';

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

export interface JournalLock {
  readonly path: string;
  /** The pid whose stale lock this one replaced (that process had died without letting go). */
  readonly tookOverFrom?: number;
  release(): Promise<void>;
}

/** A lock file so fresh that its pid may not be written yet is taken as held, not stale. */
const UNWRITTEN_LOCK_GRACE_MS = 10_000;

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it is someone else's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function lockHolder(lockPath: string): Promise<{ pid?: number; fresh: boolean } | undefined> {
  try {
    const [text, info] = await Promise.all([readFile(lockPath, 'utf8'), stat(lockPath)]);
    const pid = Number(text.trim());
    const fresh = Date.now() - info.mtimeMs < UNWRITTEN_LOCK_GRACE_MS;
    return Number.isInteger(pid) && pid > 0 ? { pid, fresh } : { fresh };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Take the journal's lock: `JOURNAL.lock`, created exclusively and holding this process's pid. A
 * lock left by a process that no longer runs (kill -9, a power cut) is taken over; one held by a live
 * process throws JournalLockedError.
 */
export async function lockJournal(
  journalPath: string,
  /** Who else would hold it, for the message. */
  user?: string,
): Promise<JournalLock> {
  const lockPath = `${journalPath}.lock`;
  await mkdir(dirname(journalPath), { recursive: true });
  let tookOverFrom: number | undefined;
  for (let attempt = 0; attempt < 5; attempt++) {
    // The pid is written to a file of our own first, then linked to the lock's name: link(2) fails when
    // the name exists (as O_EXCL does), and a lock is never seen empty, even after a kill -9 mid-way.
    const mine = `${lockPath}.${process.pid}.tmp`;
    try {
      await writeFile(mine, `${process.pid}\n`, { mode: 0o600 });
      try {
        await link(mine, lockPath);
      } finally {
        await unlink(mine).catch(() => undefined);
      }
      let released = false;
      return {
        path: lockPath,
        ...(tookOverFrom !== undefined ? { tookOverFrom } : {}),
        async release() {
          if (released) return;
          released = true;
          // Only our own lock: never remove one that another process took over meanwhile.
          const holder = await lockHolder(lockPath);
          if (holder?.pid === process.pid) await unlink(lockPath).catch(() => undefined);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = await lockHolder(lockPath);
    if (holder === undefined) continue;
    if (holder.pid === undefined ? holder.fresh : processIsAlive(holder.pid))
      throw new JournalLockedError(journalPath, holder.pid, user);
    // Stale: move it aside under a unique name (only one process can), check it is the one we judged
    // stale, and try again to create ours.
    const aside = `${lockPath}.${process.pid}.${Date.now()}.stale`;
    try {
      await rename(lockPath, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    const moved = await lockHolder(aside);
    if (moved?.pid !== holder.pid) {
      // Another process took it over between our look and the move: put its live lock back.
      await link(aside, lockPath).catch(() => undefined);
      await unlink(aside).catch(() => undefined);
      throw new JournalLockedError(journalPath, moved?.pid, user);
    }
    await unlink(aside).catch(() => undefined);
    if (holder.pid !== undefined) tookOverFrom = holder.pid;
  }
  throw new JournalLockedError(journalPath, undefined, user);
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
