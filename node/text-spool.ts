/**
 * A TextSpool (core/engine/report-json.ts) in a temporary file: text kept for the end of a report without
 * holding it in memory (the applied fixes of a file fixed statement by statement: 200,000 of them are
 * 200 MB as objects). The file is created on the first append and removed when closed, or if the process
 * is stopped by SIGINT or SIGTERM.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TextSpool } from '../core/index.ts';
import { removeOnStop } from './atomic-write.ts';
import { writeAllSync } from './write-all.ts';

/** Bytes read back at a time. */
const READ_PIECE = 1 << 20;

export function fileSpool(directory = tmpdir()): TextSpool {
  let fd: number | undefined;
  let path: string | undefined;
  let stop: { forget(): void } | undefined;
  // Text appended but not yet written: small appends go out together.
  let pending: string[] = [];
  let pendingLength = 0;
  const flush = (): void => {
    if (pendingLength === 0) return;
    if (fd === undefined) {
      path = join(directory, `.fieldgate-spool-${randomBytes(6).toString('hex')}.tmp`);
      stop = removeOnStop(path);
      fd = openSync(path, 'wx+', 0o600);
    }
    writeAllSync(fd, pending.length === 1 ? (pending[0] as string) : pending.join(''));
    pending = [];
    pendingLength = 0;
  };
  return {
    append(text) {
      pending.push(text);
      pendingLength += text.length;
      if (pendingLength >= READ_PIECE) flush();
    },
    *read() {
      if (fd === undefined) {
        yield* pending;
        return;
      }
      flush();
      const decoder = new TextDecoder();
      const buffer = new Uint8Array(READ_PIECE);
      for (let position = 0; ;) {
        const n = readSync(fd, buffer, 0, buffer.length, position);
        if (n === 0) break;
        position += n;
        // Streaming: a character cut between two reads waits for the next.
        const text = decoder.decode(buffer.subarray(0, n), { stream: true });
        if (text !== '') yield text;
      }
      const rest = decoder.decode();
      if (rest !== '') yield rest;
    },
    close() {
      pending = [];
      pendingLength = 0;
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
      if (path !== undefined) {
        try {
          unlinkSync(path);
        } catch {
          // Already gone.
        }
      }
      stop?.forget();
      path = undefined;
    },
  };
}
