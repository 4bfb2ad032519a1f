import { closeSync, openSync, readSync } from 'node:fs';
import { open, readdir, readFile, stat } from 'node:fs/promises';
import { basename, dirname, extname, join, relative, resolve } from 'node:path';
import { READ_FILE_EXTENSIONS, type InputFile, type StreamedFile } from '../../core/index.ts';
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

/** What fixedPathFor names a fixed file: fields.fixed.json. */
const FIXED_NAME = /\.fixed\.[^.]+$/;

/**
 * The file arguments with each folder replaced by the files in it and its subfolders that Fieldgate reads
 * (READ_FILE_EXTENSIONS), in path order, as ESLint takes a folder; hidden entries and node_modules are
 * skipped, and with `skipFixed` the fixed files a fix wrote (fixedPathFor). A folder with none of them is
 * `empty`, to be said so.
 */
/** Spreadsheets' own formats, taken from a folder so that they are reported, not passed over in silence. */
const WORKBOOK_EXTENSIONS: readonly string[] = ['xlsx', 'xlsm', 'xls', 'ods'];

export async function expandFolders(
  args: readonly string[],
  io: CliIo,
  options: { skipFixed?: boolean } = {},
): Promise<{ files: string[]; empty: string[] }> {
  const files: string[] = [];
  const empty: string[] = [];
  for (const arg of args) {
    const path = resolve(io.cwd, arg);
    const folder = arg !== '-' && (await stat(path).catch(() => undefined))?.isDirectory() === true;
    if (!folder) {
      files.push(arg);
      continue;
    }
    const found: string[] = [];
    for (const entry of await readdir(path, { recursive: true, withFileTypes: true })) {
      const within = relative(path, join(entry.parentPath, entry.name));
      const skipped = within.split(/[\\/]/).some((part) => part.startsWith('.') || part === 'node_modules');
      const fixed = options.skipFixed === true && FIXED_NAME.test(entry.name);
      const extension = extname(entry.name).slice(1).toLowerCase();
      // Workbooks too: a sheet saved as .xlsx where a CSV was meant is said to be one, with how to save it.
      if (
        entry.isFile() &&
        !skipped &&
        !fixed &&
        (READ_FILE_EXTENSIONS.includes(extension) || WORKBOOK_EXTENSIONS.includes(extension))
      )
        found.push(within);
    }
    if (found.length === 0) empty.push(arg);
    found.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (const within of found) files.push(join(arg, within));
  }
  return { files, empty };
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
  if (arg === '-') {
    if (!io.stdinStream) return readInput(arg, io);
    return { ok: true, file: await stdinSource(io.stdinStream()) };
  }
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

/** Standard input up to this size is handed over whole (its text kept for code frames); beyond, streamed. */
const STDIN_WHOLE_BYTES = 16 * 1024 * 1024;

/**
 * Standard input, which can be read only once: its first 16 MB are read; a shorter input is handed over as
 * bytes, a longer one as a stream that may be opened twice (the engine's detection head, then its read):
 * each opening replays what was read before and goes on from there; the second lets go of what it has
 * passed on. A third opening fails.
 */
export async function stdinSource(
  stream: ReadableStream<Uint8Array>,
  whole = STDIN_WHOLE_BYTES,
): Promise<InputFile | StreamedFile> {
  const name = '<stdin>';
  const reader = stream.getReader();
  const chunks: Array<Uint8Array | undefined> = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) {
      const bytes = new Uint8Array(length);
      let at = 0;
      for (const c of chunks) {
        bytes.set(c as Uint8Array, at);
        at += (c as Uint8Array).length;
      }
      return { name, bytes };
    }
    chunks.push(value);
    length += value.length;
    if (length > whole) break;
  }
  let opens = 0;
  let retain = true;
  return {
    name,
    open(): ReadableStream<Uint8Array> {
      opens++;
      if (opens > 2) {
        return new ReadableStream<Uint8Array>({
          start: (controller) => controller.error(new Error('standard input was read already')),
        });
      }
      const last = opens === 2;
      if (last) retain = false;
      let at = 0;
      return new ReadableStream<Uint8Array>(
        {
          async pull(controller) {
            if (at < chunks.length) {
              const replayed = chunks[at] as Uint8Array;
              if (last) chunks[at] = undefined;
              at++;
              controller.enqueue(replayed);
              return;
            }
            const { done, value } = await reader.read();
            if (done) return controller.close();
            if (retain) chunks.push(value);
            at++;
            controller.enqueue(value);
          },
          async cancel() {
            if (last) await reader.cancel();
          },
        },
        { highWaterMark: 0 },
      );
    },
  };
}

/**
 * A pull-based stream over a file: a chunk is read when the reader asks for it, so memory stays bounded.
 * The reads are synchronous. An asynchronous read runs on libuv's thread pool, which this command has
 * set to a lower priority with V8's helpers (helper-threads.js), so on a busy machine the main thread
 * sat idle waiting for it: 15 ms of a 48 MB upload's 0.48 s here. The kernel reads ahead for a
 * sequential read anyway, so the disk still works while the checks run.
 */
export function fileStream(path: string, chunkSize = STREAM_CHUNK): ReadableStream<Uint8Array> {
  let fd: number | undefined;
  const close = (): void => {
    if (fd === undefined) return;
    const opened = fd;
    fd = undefined;
    closeSync(opened);
  };
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        try {
          fd ??= openSync(path, 'r');
          // A fresh buffer per chunk: readers may keep a chunk while asking for the next.
          const buffer = new Uint8Array(chunkSize);
          const bytesRead = readSync(fd, buffer, 0, chunkSize, null);
          if (bytesRead === 0) {
            close();
            controller.close();
            return;
          }
          controller.enqueue(bytesRead === chunkSize ? buffer : buffer.subarray(0, bytesRead));
        } catch (e) {
          try {
            close();
          } catch {
            // the read's error is the one to report
          }
          controller.error(e);
        }
      },
      cancel: close,
    },
    { highWaterMark: 0 },
  );
}

/** fields.json → fields.fixed.json */
export function fixedPathFor(path: string): string {
  const ext = extname(path);
  return join(dirname(path), `${basename(path, ext)}.fixed${ext}`);
}
