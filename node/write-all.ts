import { writeSync } from 'node:fs';

/** Bytes encoded per write: big enough for few system calls, small enough to stay in the cache. */
const PIECE_BYTES = 64 * 1024;

const encoder = new TextEncoder();
let scratch: Uint8Array | undefined;

type Write = (fd: number, bytes: Uint8Array, offset: number, length: number) => number;

/**
 * Write the first `length` bytes of `bytes` to `fd`, synchronously, however many writes that takes (a
 * write may take fewer bytes than it is given: a full disk, a signal). `write` is for tests.
 */
export function writeBytesSync(
  fd: number,
  bytes: Uint8Array,
  length = bytes.length,
  write: Write = writeSync,
): void {
  for (let at = 0; at < length;) at += write(fd, bytes, at, length - at);
}

/**
 * Write all of `text` to `fd` as UTF-8, synchronously. The text is encoded a piece at a time into one
 * reused buffer (no Buffer per write for the collector to find), and each piece is written whole (see
 * writeBytesSync): a write's count is in bytes, not characters, so it cannot be checked against the
 * text's length. Errors are thrown as `writeSync` throws them (EPIPE, ENOSPC …): for a descriptor that
 * blocks when full (a file, a pipe set to block). `write` is for tests.
 */
export function writeAllSync(fd: number, text: string, write: Write = writeSync): void {
  scratch ??= new Uint8Array(PIECE_BYTES);
  let rest = text;
  while (rest.length > 0) {
    const { read, written } = encoder.encodeInto(rest, scratch);
    writeBytesSync(fd, scratch, written, write);
    rest = read === rest.length ? '' : rest.slice(read);
  }
}
