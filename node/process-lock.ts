/**
 * One process at a time on a thing (a journal, a sandbox's state, an app's data folder): a lock file created
 * exclusively, holding the holder's pid, when that process started, and a line that says who it is. A lock
 * whose holder no longer runs is taken over: a process that died (kill -9, a power cut), one that exited and
 * was not reaped yet (a zombie), and a pid that the system gave to a new process since (its start time is
 * not the holder's) all count as gone. Where /proc is not there, a pid that answers is taken as the holder.
 */
import { readFileSync } from 'node:fs';
import { link, mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

export interface ProcessLock {
  readonly path: string;
  /** The pid whose stale lock this one replaced (that process had gone without letting go). */
  readonly tookOverFrom?: number;
  /** Say more about the holder (an address known once it is listening), for whoever finds it held. */
  describe(about: string): Promise<void>;
  release(): Promise<void>;
}

/** Who holds a lock: the pid, and the line it wrote about itself. */
export interface LockHolder {
  pid?: number;
  about?: string;
}

/** The lock is held by a live process. */
export class LockHeldError extends Error {
  constructor(
    readonly lockPath: string,
    readonly holder: LockHolder,
  ) {
    super(`${lockPath} is held by process ${holder.pid ?? '?'}${holder.about ? ` (${holder.about})` : ''}`);
  }
}

/** A lock file so fresh that its pid may not be written yet is taken as held, not stale. */
const UNWRITTEN_LOCK_GRACE_MS = 10_000;

/** /proc/PID/stat: the state letter and the start time (clock ticks after boot); undefined without /proc. */
function procStat(pid: number): { state: string; started: string } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: fields follow the last ")".
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '', started: fields[19] ?? '' };
  } catch {
    return undefined;
  }
}

/** When this process started, as /proc says (empty where there is no /proc). */
export function processStart(pid = process.pid): string {
  return procStat(pid)?.started ?? '';
}

/** Whether `pid` is the live process that wrote `started` (a zombie, or another process on its pid, is not). */
export function isLiveHolder(pid: number, started: string | undefined): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists, it is someone else's.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const now = procStat(pid);
  if (!now) return true;
  if (now.state === 'Z' || now.state === 'X') return false;
  return !started || now.started === started;
}

interface ReadHolder extends LockHolder {
  started?: string;
  fresh: boolean;
}

async function readHolder(lockPath: string): Promise<ReadHolder | undefined> {
  try {
    const [text, info] = await Promise.all([readFile(lockPath, 'utf8'), stat(lockPath)]);
    const [first = '', about] = text.split('\n');
    const [pidText, started] = first.trim().split(/\s+/);
    const pid = Number(pidText);
    const fresh = Date.now() - info.mtimeMs < UNWRITTEN_LOCK_GRACE_MS;
    const out: ReadHolder = { fresh };
    if (Number.isInteger(pid) && pid > 0) out.pid = pid;
    if (started) out.started = started;
    if (about?.trim()) out.about = about.trim();
    return out;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Take the lock at `lockPath`: created exclusively with this process's pid, start time and `about`. A stale
 * lock is taken over; one held by a live process throws LockHeldError.
 */
export async function takeLock(lockPath: string, about = ''): Promise<ProcessLock> {
  await mkdir(dirname(lockPath), { recursive: true });
  let tookOverFrom: number | undefined;
  for (let attempt = 0; attempt < 5; attempt++) {
    // Written to a file of our own first, then linked to the lock's name: link(2) fails when the name
    // exists (as O_EXCL does), and a lock is never seen empty, even after a kill -9 mid-way.
    const mine = `${lockPath}.${process.pid}.tmp`;
    try {
      await writeFile(mine, `${process.pid} ${processStart()}\n${about.replace(/\n/g, ' ')}\n`, {
        mode: 0o600,
      });
      try {
        await link(mine, lockPath);
      } finally {
        await unlink(mine).catch(() => undefined);
      }
      let released = false;
      return {
        path: lockPath,
        ...(tookOverFrom !== undefined ? { tookOverFrom } : {}),
        async describe(text: string) {
          const holder = await readHolder(lockPath);
          if (released || holder?.pid !== process.pid) return;
          // The lock's own file, written in place: its name (the lock) is never absent meanwhile.
          await writeFile(lockPath, `${process.pid} ${processStart()}\n${text.replace(/\n/g, ' ')}\n`);
        },
        async release() {
          if (released) return;
          released = true;
          // Only our own lock: never remove one that another process took over meanwhile.
          const holder = await readHolder(lockPath);
          if (holder?.pid === process.pid) await unlink(lockPath).catch(() => undefined);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = await readHolder(lockPath);
    if (holder === undefined) continue;
    const live = holder.pid === undefined ? holder.fresh : isLiveHolder(holder.pid, holder.started);
    if (live) throw new LockHeldError(lockPath, holder);
    // Stale: move it aside under a unique name (only one process can), check it is the one we judged
    // stale, and try again to create ours.
    const aside = `${lockPath}.${process.pid}.${Date.now()}.stale`;
    try {
      await rename(lockPath, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    const moved = await readHolder(aside);
    if (moved?.pid !== holder.pid || moved?.started !== holder.started) {
      // Another process took it over between our look and the move: put its live lock back.
      await link(aside, lockPath).catch(() => undefined);
      await unlink(aside).catch(() => undefined);
      throw new LockHeldError(lockPath, moved ?? {});
    }
    await unlink(aside).catch(() => undefined);
    if (holder.pid !== undefined) tookOverFrom = holder.pid;
  }
  throw new LockHeldError(lockPath, {});
}
