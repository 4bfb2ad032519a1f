/**
 * A look inside a ZIP for detection: the first bytes of one member, found through the central directory and
 * inflated only as far as needed. No limits, no diagnostics: anything unexpected (ZIP64, encryption, another
 * method, damage) gives undefined, and the file's kind reads the archive properly with `openZip`.
 */
import { Inflate } from 'fflate';

const SIG_CENTRAL = 0x02014b50;
const SIG_EOCD = 0x06054b50;
const SIG_LOCAL = 0x04034b50;
/** The end record is 22 bytes, after which a comment of up to 65,535 bytes may follow. */
const EOCD_SEARCH = 22 + 0xffff;
/** Compressed bytes fed per step while inflating a member's head. */
const STEP = 4096;

/** Member names as stored (CP437 or UTF-8 bytes read as Latin-1: enough to match an extension). */
function latin1(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return s;
}

/** The first `want` bytes (fewer if the member is shorter) of the first member whose name `matches`. */
export function zipMemberHead(
  bytes: Uint8Array,
  matches: (name: string) => boolean,
  want: number,
): Uint8Array | undefined {
  if (bytes.length < 22) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = -1;
  for (let p = bytes.length - 22; p >= Math.max(0, bytes.length - EOCD_SEARCH); p--) {
    if (view.getUint32(p, true) === SIG_EOCD) {
      eocd = p;
      break;
    }
  }
  if (eocd < 0) return undefined;
  const count = view.getUint16(eocd + 10, true);
  let p = view.getUint32(eocd + 16, true);
  for (let i = 0; i < count; i++) {
    if (p + 46 > bytes.length || view.getUint32(p, true) !== SIG_CENTRAL) return undefined;
    const flags = view.getUint16(p + 8, true);
    const method = view.getUint16(p + 10, true);
    const compressed = view.getUint32(p + 20, true);
    const nameLength = view.getUint16(p + 28, true);
    const extraLength = view.getUint16(p + 30, true);
    const commentLength = view.getUint16(p + 32, true);
    const local = view.getUint32(p + 42, true);
    const name = latin1(bytes.subarray(p + 46, p + 46 + nameLength));
    p += 46 + nameLength + extraLength + commentLength;
    if (!matches(name)) continue;
    if ((flags & 1) !== 0 || compressed === 0xffffffff || local + 30 > bytes.length) return undefined;
    if (view.getUint32(local, true) !== SIG_LOCAL) return undefined;
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = bytes.subarray(start, Math.min(bytes.length, start + compressed));
    if (method === 0) return data.subarray(0, want);
    if (method === 8) return inflateHead(data, want);
    return undefined;
  }
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
