/**
 * Node adapters shared by the command line and the sandbox (both sit on Node; core does not).
 */
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, unlinkSync } from 'node:fs';
import { writeBytesSync } from './write-all.ts';
import { chmod, chown, open, readlink, realpath, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';

/** Temporary files being written now: removed if the process is stopped before they are renamed. */
const pendingTemporaryFiles = new Set<string>();

const signalNumbers = { SIGINT: 2, SIGTERM: 15 } as const;
type StopSignal = keyof typeof signalNumbers;

/**
 * A temporary file of another kind (a spool) removed, as the atomic writes' are, if the process is stopped
 * by SIGINT or SIGTERM; `forget` when it is gone.
 */
export function removeOnStop(path: string): { forget(): void } {
  pendingTemporaryFiles.add(path);
  startListening();
  return {
    forget() {
      pendingTemporaryFiles.delete(path);
      if (pendingTemporaryFiles.size === 0) stopListening();
    },
  };
}

function removePendingTemporaryFiles(): void {
  for (const tmp of pendingTemporaryFiles) {
    try {
      unlinkSync(tmp);
    } catch {
      // Already renamed or never created: nothing to clean.
    }
  }
  pendingTemporaryFiles.clear();
}

function onStopSignal(signal: StopSignal): void {
  removePendingTemporaryFiles();
  stopListening();
  // Another part of the process (the sandbox) decides how to stop; alone, stop as a killed process would.
  if (process.listenerCount(signal) === 0) process.exit(128 + signalNumbers[signal]);
}

const listeners: Record<StopSignal, () => void> = {
  SIGINT: () => onStopSignal('SIGINT'),
  SIGTERM: () => onStopSignal('SIGTERM'),
};
let listening = false;

function startListening(): void {
  if (listening) return;
  listening = true;
  for (const signal of Object.keys(listeners) as StopSignal[]) process.on(signal, listeners[signal]);
}

function stopListening(): void {
  if (!listening) return;
  listening = false;
  for (const signal of Object.keys(listeners) as StopSignal[]) process.off(signal, listeners[signal]);
}

/**
 * The file a write to `path` should replace: the final target when `path` is a symbolic link (so the link
 * stays a link), else `path` itself.
 */
export async function writeTargetOf(path: string): Promise<string> {
  try {
    return await realpath(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    // A link to a file not created yet: create that file, and the link then points to it.
    const link = await readlink(path).catch(() => undefined);
    return link === undefined ? path : resolve(dirname(path), link);
  }
}

/** Flush a file's (or a directory's) data to the disk. */
async function syncPath(path: string, flags: 'r' | 'r+'): Promise<void> {
  const handle = await open(path, flags);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** A file being written atomically: its bytes go to a temporary file, which `commit` renames over the target. */
export interface AtomicFile {
  /** Append bytes (synchronously: a caller that makes them faster than a disk takes them holds none). */
  write(bytes: Uint8Array): void;
  /** Rename the temporary file over the target: the target now has every byte written. */
  commit(): Promise<void>;
  /** Remove the temporary file: the target stays as it was. */
  abort(): Promise<void>;
}

/**
 * Start writing all bytes or nothing: a temporary file beside the target, renamed over it on `commit`. An
 * existing target keeps its permission bits, and a symbolic link keeps pointing where it did (its target is
 * replaced). If the process is stopped by SIGINT or SIGTERM before the rename, the temporary file is
 * removed. With `durable`, the temporary file is fsync'ed before the rename and the directory after it, so
 * once `commit` resolves the new bytes survive a power cut or kill -9, not only a crash of this process.
 */
export async function openAtomically(path: string, options: { durable?: boolean } = {}): Promise<AtomicFile> {
  const target = await writeTargetOf(path);
  const existing = await stat(target).catch(() => undefined);
  if (existing?.isDirectory())
    throw Object.assign(new Error(`EISDIR: is a directory, ${path}`), { code: 'EISDIR', path });
  const mode = existing ? existing.mode & 0o7777 : 0o666;
  const tmp = join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  pendingTemporaryFiles.add(tmp);
  startListening();
  let fd: number | undefined;
  const forget = (): void => {
    if (fd !== undefined) closeSync(fd);
    fd = undefined;
    pendingTemporaryFiles.delete(tmp);
    if (pendingTemporaryFiles.size === 0) stopListening();
  };
  const abort = async (): Promise<void> => {
    forget();
    await rm(tmp, { force: true });
  };
  try {
    // Created with at most the target's bits (the umask only removes some), then given exactly those.
    fd = openSync(tmp, 'wx', mode);
  } catch (e) {
    forget();
    throw e;
  }
  return {
    write(bytes) {
      try {
        writeBytesSync(fd as number, bytes);
      } catch (e) {
        void abort();
        throw e;
      }
    },
    async commit() {
      try {
        if (existing) {
          await chmod(tmp, mode);
          // Run as root on someone else's file: the file stays theirs.
          if (process.getuid?.() === 0) await chown(tmp, existing.uid, existing.gid);
        }
        if (options.durable) fsyncSync(fd as number);
        closeSync(fd as number);
        fd = undefined;
        await rename(tmp, target);
        // The rename is an entry in the directory: flushed too, or the old file may come back after a crash.
        if (options.durable && process.platform !== 'win32') await syncPath(dirname(target), 'r');
      } catch (e) {
        await abort();
        throw e;
      } finally {
        forget();
      }
    },
    abort,
  };
}

/** Write all bytes or nothing (see `openAtomically`). */
export async function writeAtomically(
  path: string,
  bytes: Uint8Array,
  options: { durable?: boolean } = {},
): Promise<void> {
  const file = await openAtomically(path, options);
  file.write(bytes);
  await file.commit();
}
