/**
 * A look inside a ZIP for detection: the first bytes of one member, found through the reader's own directory
 * stage (zip-stages.ts readZipDirectory, the one central-directory parser) and inflated only as far as
 * needed. No limits beyond the reader's entry count, no diagnostics: anything unexpected (encryption, another
 * method, damage) gives undefined, and the file's kind reads the archive properly with `openZip`.
 */
import { Inflate } from 'fflate';
import { localDataOffset, readZipDirectory } from './zip-stages.ts';

/** Compressed bytes fed per step while inflating a member's head. */
const STEP = 4096;
/** Directories longer than the reader accepts (its default limit) are left to it. */
const MAX_ENTRIES = 1000;

/** The first `want` bytes (fewer if the member is shorter) of the first member whose name `matches`. */
export function zipMemberHead(
  bytes: Uint8Array,
  matches: (name: string) => boolean,
  want: number,
): Uint8Array | undefined {
  const directory = readZipDirectory(bytes, MAX_ENTRIES);
  if (!directory.ok) return undefined;
  const entry = directory.entries.find((e) => matches(e.name));
  if (!entry || entry.encrypted) return undefined;
  const start = localDataOffset(directory.view, entry);
  if (typeof start !== 'number') return undefined;
  const data = bytes.subarray(start, Math.min(bytes.length, start + entry.compressedSize));
  if (entry.method === 0) return data.subarray(0, want);
  if (entry.method === 8) return inflateHead(data, want);
  return undefined;
}

function inflateHead(data: Uint8Array, want: number): Uint8Array | undefined {
  const head = new Uint8Array(want);
  let produced = 0;
  const inflater = new Inflate((chunk) => {
    const room = want - produced;
    if (room <= 0) return;
    head.set(chunk.subarray(0, room), produced);
    produced += Math.min(room, chunk.length);
  });
  try {
    for (let at = 0; at < data.length && produced < want; at += STEP) {
      const end = Math.min(data.length, at + STEP);
      inflater.push(data.subarray(at, end), end >= data.length);
    }
  } catch {
    return produced > 0 ? head.subarray(0, produced) : undefined;
  }
  return head.subarray(0, produced);
}
