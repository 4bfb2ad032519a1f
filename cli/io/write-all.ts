import { writeSync } from 'node:fs';

/** Bytes encoded per write: big enough for few system calls, small enough to stay in the cache. */
const PIECE_BYTES = 64 * 1024;

const encoder = new TextEncoder();
let scratch: Uint8Array | undefined;

/**
 * Write all of `text` to `fd` as UTF-8, synchronously. The text is encoded a piece at a time into one
 * reused buffer (no Buffer per write for the collector to find), and each piece is written until every
 * byte is: a write may take fewer bytes than it is given (a full disk, a signal), and its count is in
 * bytes, not characters, so it cannot be checked against the text's length. Errors are thrown as
 * `writeSync` throws them (EPIPE, ENOSPC …): for a descriptor that blocks when full (a file, a pipe set
 * to block). `write` is for tests.
 */
export function writeAllSync(
  fd: number,
  text: string,
  write: (fd: number, bytes: Uint8Array, offset: number, length: number) => number = writeSync,
): void {
  scratch ??= new Uint8Array(PIECE_BYTES);
  let rest = text;
  while (rest.length > 0) {
    const { read, written } = encoder.encodeInto(rest, scratch);
    let at = 0;
    while (at < written) at += write(fd, scratch, at, written - at);
    rest = read === rest.length ? '' : rest.slice(read);
  }
}
