/**
 * Where the command line writes its results (fixed files, converted uploads): atomically, never over an
 * input unless asked, keeping the file's permissions and links, and with a one-line reason when it cannot.
 */
import { realpath, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { openAtomically, writeTargetOf, type AtomicFile } from './atomic-write.ts';

/** A file that could not be written, with the reason in words ("no such directory"). */
export class OutputFileError extends Error {
  constructor(
    /** The path as the user wrote it (or as it was derived from theirs). */
    readonly shownPath: string,
    readonly reason: string,
  ) {
    super(`cannot write ${shownPath}: ${reason}`);
    this.name = 'OutputFileError';
  }
}

export interface OutputFileOptions {
  /** How to name the file in a message; defaults to `path`. */
  shownPath?: string;
  /** Files this write must not replace (the inputs), compared by their real path (through links). */
  protect?: readonly string[];
  /** Whether replacing a protected file was asked for (`--fix-in-place`). */
  inPlace?: boolean;
  /** What to suggest when the output is an input: "use --fix-in-place to overwrite it". */
  inPlaceHint?: string;
}

/** Why a write failed, in words; undefined for errors that are not about the file system. */
export function describeFileError(e: unknown): string | undefined {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
      return 'no such directory';
    case 'ENOTDIR':
      return 'a part of the path is not a directory';
    case 'EISDIR':
      return 'is a directory';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EROFS':
      return 'read-only file system';
    case 'ENOSPC':
      return 'no space left on the device';
    case 'EDQUOT':
      return 'disk quota exceeded';
    case 'ENAMETOOLONG':
      return 'the name is too long';
    case 'ELOOP':
      return 'too many symbolic links';
    case 'EIO':
      return 'input/output error';
    default:
      return undefined;
  }
}

async function realPathOrUndefined(path: string): Promise<string | undefined> {
  try {
    return await realpath(path);
  } catch {
    return undefined;
  }
}

/**
 * Start writing `path` (a temporary file, renamed over it on `commit`: see openAtomically). Throws
 * OutputFileError, never a raw file-system error (here or from the file's methods): when `path` is (or links
 * to) a protected input and in place was not asked, when its directory does not exist, when it is a
 * directory, or when the system refuses.
 */
export async function openOutputFile(path: string, options: OutputFileOptions = {}): Promise<AtomicFile> {
  const shown = options.shownPath ?? path;
  if (!options.inPlace && options.protect && options.protect.length > 0) {
    const target = await writeTargetOf(path).catch(() => path);
    const real = (await realPathOrUndefined(target)) ?? target;
    for (const input of options.protect) {
      if ((await realPathOrUndefined(input)) === real)
        throw new OutputFileError(
          shown,
          `it is the input file${options.inPlaceHint ? `; ${options.inPlaceHint}` : ''}`,
        );
    }
  }
  const said = async (e: unknown): Promise<Error> => {
    let reason = describeFileError(e);
    if (reason === undefined) return e instanceof Error ? e : new Error(String(e));
    // ENOENT on a write is the directory: say which part is missing when it is not.
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') {
      const dir = await stat(dirname(path)).catch(() => undefined);
      if (dir?.isDirectory()) reason = 'no such file or directory';
    }
    return new OutputFileError(shown, reason);
  };
  let file: AtomicFile;
  try {
    file = await openAtomically(path);
  } catch (e) {
    throw await said(e);
  }
  return {
    write(bytes) {
      try {
        file.write(bytes);
      } catch (e) {
        // Synchronous, as the file's own write: the reason in words without looking at the directory.
        const reason = describeFileError(e);
        throw reason === undefined ? e : new OutputFileError(shown, reason);
      }
    },
    async commit() {
      try {
        await file.commit();
      } catch (e) {
        throw await said(e);
      }
    },
    abort: () => file.abort(),
  };
}

/** Write `bytes` to `path` all at once (see openOutputFile). */
export async function writeOutputFile(
  path: string,
  bytes: Uint8Array,
  options: OutputFileOptions = {},
): Promise<void> {
  const file = await openOutputFile(path, options);
  file.write(bytes);
  await file.commit();
}
