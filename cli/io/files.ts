import { open, readFile, stat } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve } from 'node:path';
import type { InputFile, StreamedFile } from '../../core/index.ts';
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
    return { ok: false, name: arg, reason: readReason(e) };
  }
}

function readReason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  return code === 'ENOENT'
    ? 'no such file'
    : code === 'EISDIR'
      ? 'is a directory'
      : code === 'EACCES'
        ? 'permission denied'
        : String((e as Error).message);
}

export type OpenOutcome =
  { ok: true; file: InputFile | StreamedFile; path?: string } | { ok: false; name: string; reason: string };

/** Bytes read from a file per chunk of its stream. */
const STREAM_CHUNK = 256 * 1024;

/**
 * A file argument as a stream the engine reads when it needs to (a head for detection, then the rows of a
 * big CSV or Modus file), so a big file is never held whole; standard input is read whole. The file is
 * checked up front: unreadable input is an outcome, as with readInput.
 */
export async function openInput(arg: string, io: CliIo): Promise<OpenOutcome> {
  if (arg === '-') return readInput(arg, io);
  const path = resolve(io.cwd, arg);
  try {
    const info = await stat(path);
    if (info.isDirectory()) return { ok: false, name: arg, reason: 'is a directory' };
    // Fail now, with the same reasons, rather than midway through the engine's run.
    await (await open(path, 'r')).close();
    if (!info.isFile()) return readInput(arg, io);
    return { ok: true, file: { name: arg, size: info.size, open: () => fileStream(path) }, path };
  } catch (e) {
    return { ok: false, name: arg, reason: readReason(e) };
  }
}

/** A pull-based stream over a file: at most one chunk is read ahead of the reader (back-pressure). */
export function fileStream(path: string, chunkSize = STREAM_CHUNK): ReadableStream<Uint8Array> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    await handle?.close();
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          handle ??= await open(path, 'r');
          // A fresh buffer per chunk: readers may keep a chunk while asking for the next.
          const buffer = new Uint8Array(chunkSize);
          const { bytesRead } = await handle.read(buffer, 0, chunkSize, null);
          if (bytesRead === 0) {
            await close();
            controller.close();
            return;
          }
          controller.enqueue(bytesRead === chunkSize ? buffer : buffer.subarray(0, bytesRead));
        } catch (e) {
          await close().catch(() => undefined);
          controller.error(e);
        }
      },
      cancel: close,
    },
    // One chunk read ahead: the disk read overlaps the checks of the chunk before, memory stays bounded.
    { highWaterMark: 1 },
  );
}

/** fields.json → fields.fixed.json */
export function fixedPathFor(path: string): string {
  const ext = extname(path);
  return join(dirname(path), `${basename(path, ext)}.fixed${ext}`);
}
