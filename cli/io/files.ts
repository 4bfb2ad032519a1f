import { readFile } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve } from 'node:path';
import type { InputFile } from '../../core/index.ts';
import type { CliIo } from '../command.ts';

export type ReadOutcome =
  { ok: true; file: InputFile; path?: string } | { ok: false; name: string; reason: string };

/** Read a file argument ("-" is standard input). Unreadable input is an outcome, not an exception. */
export async function readInput(arg: string, io: CliIo): Promise<ReadOutcome> {
  if (arg === '-') {
    return { ok: true, file: { name: '<stdin>', bytes: await io.readStdin() } };
  }
  const path = resolve(io.cwd, arg);
  try {
    // A view, not a copy: a copy held a big file twice.
    const read = await readFile(path);
    const bytes = new Uint8Array(read.buffer, read.byteOffset, read.byteLength);
    return { ok: true, file: { name: arg, bytes }, path };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'is a directory'
          : code === 'EACCES'
            ? 'permission denied'
            : String((e as Error).message);
    return { ok: false, name: arg, reason };
  }
}

/** fields.json → fields.fixed.json */
export function fixedPathFor(path: string): string {
  const ext = extname(path);
  return join(dirname(path), `${basename(path, ext)}.fixed${ext}`);
}
