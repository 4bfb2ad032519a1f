/**
 * The ZIP reader's stages and what each finds, without a word of diagnostics: the end record and the central
 * directory (`readZipDirectory`, also what detection peeks through), then the facts of each entry, of the
 * listing and of each read. The reader (zip-reader.ts) runs the stages; the zip-archive rules (zip-rules.ts)
 * visit their results and decide what is a problem, each rule in one place.
 */
import { decodeCp437 } from './cp437.ts';

export interface ZipLimits {
  /** Entries in the central directory; more and the archive is not opened. */
  maxEntries: number;
  /** Uncompressed bytes of one entry. */
  maxEntrySize: number;
  /** Uncompressed bytes of all entries together (declared, and actually unpacked). */
  maxTotalSize: number;
  /** Uncompressed : compressed, for entries larger than `ratioMinSize`. */
  maxRatio: number;
  ratioMinSize: number;
}

export interface ZipEntry {
  /** 0-based position in the central directory. */
  index: number;
  /** The name as stored (decoded as UTF-8 when flagged, else CP437). */
  name: string;
  method: number;
  flags: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
  /** Where the entry's data starts (after the local header), when the local header was readable. */
  dataOffset?: number;
  versionMadeBy: number;
  externalAttributes: number;
  /** MS-DOS time and date fields, kept so a rebuilt archive keeps the timestamps. */
  dosTime: number;
  dosDate: number;
  isDirectory: boolean;
  isSymlink: boolean;
  encrypted: boolean;
  /** Set when a problem with this entry was reported: it is never unpacked. */
  refused?: string;
}

/** Why the archive cannot be opened at all (the end record and directory stage). */
type OpenProblem =
  | { kind: 'empty' }
  | { kind: 'notZip'; head: string }
  | { kind: 'truncated'; detail: string }
  | { kind: 'split' }
  | { kind: 'directoryOutside'; offset: number; size: number; fileSize: number }
  | { kind: 'tooManyEntries'; count: number; limit: number }
  | { kind: 'directoryDamaged'; detail: string };

/** What the entry stage finds about one entry from the directory and its 30-byte local header. */
export interface EntryFacts {
  unsafePath: 'absolute' | 'parent' | 'control' | undefined;
  /** Whether the local header is where the directory says: no 30 bytes there, or another signature. */
  localHeader: 'ok' | 'outOfBounds' | 'wrongSignature';
  /** The link's target (at most 1 KiB of it, '…' when it cannot be read), for a symbolic link. */
  symlinkTarget: string | undefined;
  /** The name ends like an archive (and is not macOS's __MACOSX/ resource folder). */
  nestedArchive: boolean;
}

/** Entries the listing stage shadows: a name's later copies, data overlapping another entry's. */
export interface ListingFacts {
  duplicates: readonly { name: string; count: number }[];
  overlaps: readonly {
    entry: ZipEntry;
    other: ZipEntry;
    /** The entry had been refused before the overlap was found. */
    refusedBefore: boolean;
  }[];
}

/** Why reading one entry gave no data. */
export type ReadProblem =
  | { kind: 'outOfBounds' }
  | { kind: 'overBudget' }
  | { kind: 'inflate'; detail: string }
  | { kind: 'overrun'; cap: number }
  | { kind: 'size'; actual: number }
  | { kind: 'crc'; actual: number };

/** One stage's result, as the zip-archive rules visit it. */
export type ZipStage =
  | { stage: 'open'; problem: OpenProblem }
  | { stage: 'entry'; entry: ZipEntry; facts: EntryFacts; limits: ZipLimits }
  | { stage: 'listing'; facts: ListingFacts }
  | { stage: 'total'; declaredTotal: number; limits: ZipLimits }
  | { stage: 'read'; entry: ZipEntry; problem: ReadProblem; limits: ZipLimits };

const SIG_LOCAL = 0x04034b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_EOCD = 0x06054b50;
const SIG_ZIP64_EOCD = 0x06064b50;
const SIG_ZIP64_LOCATOR = 0x07064b50;
const SIG_DATA_DESCRIPTOR = 0x08074b50;

export function decodeName(bytes: Uint8Array, utf8: boolean): string {
  return utf8 ? new TextDecoder('utf-8', { fatal: false }).decode(bytes) : decodeCp437(bytes);
}

export class ByteView {
  readonly view: DataView;
  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  get length(): number {
    return this.bytes.length;
  }
  u16(p: number): number {
    return this.view.getUint16(p, true);
  }
  u32(p: number): number {
    return this.view.getUint32(p, true);
  }
  u64(p: number): number {
    return this.view.getUint32(p, true) + this.view.getUint32(p + 4, true) * 0x100000000;
  }
  has(p: number, n: number): boolean {
    return p >= 0 && p + n <= this.bytes.length;
  }
}

interface EndRecord {
  entryCount: number;
  directorySize: number;
  directoryOffset: number;
  /** Bytes prepended to the archive (self-extractors): added to every stored offset. */
  shift: number;
}

export type DirectoryStage =
  { ok: true; view: ByteView; entries: ZipEntry[] } | { ok: false; problem: OpenProblem };

/**
 * The first stage: the end record and the central directory, every entry as the directory describes it.
 * More than `maxEntries` entries and the directory is not read.
 */
export function readZipDirectory(bytes: Uint8Array, maxEntries: number): DirectoryStage {
  if (bytes.length === 0) return { ok: false, problem: { kind: 'empty' } };
  const z = new ByteView(bytes);
  const end = readEndRecord(z, maxEntries);
  if ('kind' in end) return { ok: false, problem: end };
  if (end.entryCount > maxEntries) {
    return { ok: false, problem: { kind: 'tooManyEntries', count: end.entryCount, limit: maxEntries } };
  }
  const entries = readCentralDirectory(z, end);
  return Array.isArray(entries) ? { ok: true, view: z, entries } : { ok: false, problem: entries };
}

function readEndRecord(z: ByteView, maxEntries: number): EndRecord | OpenProblem {
  const len = z.length;
  let eocd = -1;
  let loose = -1;
  for (let p = len - 22; p >= 0 && p >= len - 22 - 0xffff; p--) {
    if (z.u32(p) !== SIG_EOCD) continue;
    if (p + 22 + z.u16(p + 20) === len) {
      eocd = p;
      break;
    }
    if (loose < 0) loose = p;
  }
  if (eocd < 0) eocd = loose;
  if (eocd < 0) {
    const startsLikeZip = len >= 4 && z.u32(0) === SIG_LOCAL;
    if (startsLikeZip) return { kind: 'truncated', detail: describeTruncation(z, maxEntries) };
    const head = Array.from(z.bytes.subarray(0, 4), (b) => b.toString(16).padStart(2, '0')).join(' ');
    return { kind: 'notZip', head };
  }

  const disk = z.u16(eocd + 4);
  const directoryDisk = z.u16(eocd + 6);
  let entryCount = z.u16(eocd + 10);
  let directorySize = z.u32(eocd + 12);
  let directoryOffset = z.u32(eocd + 16);
  if (disk !== 0 || directoryDisk !== 0) return { kind: 'split' };
  if (entryCount === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
    const locator = eocd - 20;
    if (z.has(locator, 20) && z.u32(locator) === SIG_ZIP64_LOCATOR) {
      const p = z.u64(locator + 8);
      if (z.has(p, 56) && z.u32(p) === SIG_ZIP64_EOCD) {
        entryCount = z.u64(p + 32);
        directorySize = z.u64(p + 40);
        directoryOffset = z.u64(p + 48);
      }
    }
  }
  // Data prepended to the archive (self-extractors) shifts every offset by the same amount.
  const shift = eocd - (directoryOffset + directorySize);
  if (shift < 0 || !z.has(directoryOffset + shift, directorySize)) {
    return { kind: 'directoryOutside', offset: directoryOffset, size: directorySize, fileSize: len };
  }
  return { entryCount, directorySize, directoryOffset: directoryOffset + shift, shift };
}

/** Walk the local headers of a ZIP without its end record to say where the file ends. */
function describeTruncation(z: ByteView, maxEntries: number): string {
  let p = 0;
  let last: string | undefined;
  for (let i = 0; i <= maxEntries; i++) {
    if (!z.has(p, 4)) break;
    const sig = z.u32(p);
    if (sig === SIG_CENTRAL) {
      return `the file ends inside the archive directory, after the last entry "${last ?? '?'}"`;
    }
    if (sig !== SIG_LOCAL) break;
    if (!z.has(p, 30)) return `the file ends inside the header of entry ${i + 1}`;
    const flags = z.u16(p + 6);
    const compressed = z.u32(p + 18);
    const nameLength = z.u16(p + 26);
    const extraLength = z.u16(p + 28);
    const nameEnd = Math.min(z.length, p + 30 + nameLength);
    const name = decodeName(z.bytes.subarray(p + 30, nameEnd), (flags & 0x800) !== 0);
    const dataStart = p + 30 + nameLength + extraLength;
    if (dataStart > z.length) return `the file ends inside the header of entry "${name}"`;
    if (flags & 0x8 && compressed === 0) {
      // Size only in a data descriptor after the data: search for the next header.
      const next = findSignature(z, dataStart, [SIG_LOCAL, SIG_CENTRAL]);
      if (next < 0) return `the file ends inside entry "${name}"`;
      p = next;
    } else {
      if (dataStart + compressed > z.length) return `the file ends inside entry "${name}"`;
      p = dataStart + compressed;
      if (flags & 0x8) p += z.has(p, 4) && z.u32(p) === SIG_DATA_DESCRIPTOR ? 16 : 12;
    }
    last = name;
  }
  return last === undefined
    ? 'the archive directory is missing'
    : `the archive directory is missing; the last complete entry is "${last}"`;
}

function findSignature(z: ByteView, from: number, signatures: number[]): number {
  for (let p = from; p + 4 <= z.length; p++) {
    if (z.bytes[p] === 0x50 && z.bytes[p + 1] === 0x4b && signatures.includes(z.u32(p))) return p;
  }
  return -1;
}

function readCentralDirectory(z: ByteView, end: EndRecord): ZipEntry[] | OpenProblem {
  const entries: ZipEntry[] = [];
  let p = end.directoryOffset;
  const directoryEnd = end.directoryOffset + end.directorySize;
  for (let index = 0; index < end.entryCount; index++) {
    const after = entries.length > 0 ? ` after entry "${entries[entries.length - 1]?.name}"` : '';
    if (!z.has(p, 46) || p + 46 > directoryEnd || z.u32(p) !== SIG_CENTRAL) {
      return {
        kind: 'directoryDamaged',
        detail: `entry ${index + 1} of ${end.entryCount}${after} is missing or damaged`,
      };
    }
    const versionMadeBy = z.u16(p + 4);
    const flags = z.u16(p + 8);
    const method = z.u16(p + 10);
    const nameLength = z.u16(p + 28);
    const extraLength = z.u16(p + 30);
    const commentLength = z.u16(p + 32);
    const recordEnd = p + 46 + nameLength + extraLength + commentLength;
    if (recordEnd > directoryEnd) {
      return {
        kind: 'directoryDamaged',
        detail: `entry ${index + 1} of ${end.entryCount}${after} runs past the directory's end`,
      };
    }
    const name = decodeName(z.bytes.subarray(p + 46, p + 46 + nameLength), (flags & 0x800) !== 0);
    let compressedSize = z.u32(p + 20);
    let uncompressedSize = z.u32(p + 24);
    let localHeaderOffset = z.u32(p + 42);
    // ZIP64 extended information: 8-byte values for the fields that hold 0xFFFFFFFF, in this order.
    const extraStart = p + 46 + nameLength;
    for (let q = extraStart; q + 4 <= extraStart + extraLength;) {
      const id = z.u16(q);
      const size = z.u16(q + 2);
      if (id === 0x0001) {
        let r = q + 4;
        const take = (): number => {
          const v = r + 8 <= q + 4 + size ? z.u64(r) : 0xffffffff;
          r += 8;
          return v;
        };
        if (uncompressedSize === 0xffffffff) uncompressedSize = take();
        if (compressedSize === 0xffffffff) compressedSize = take();
        if (localHeaderOffset === 0xffffffff) localHeaderOffset = take();
      }
      q += 4 + size;
    }
    const externalAttributes = z.u32(p + 38);
    const host = versionMadeBy >>> 8;
    const unixMode = host === 3 || host === 19 ? externalAttributes >>> 16 : 0;
    entries.push({
      index,
      name,
      method,
      flags,
      crc32: z.u32(p + 16),
      compressedSize,
      uncompressedSize,
      localHeaderOffset: localHeaderOffset + end.shift,
      versionMadeBy,
      externalAttributes,
      dosTime: z.u16(p + 12),
      dosDate: z.u16(p + 14),
      isDirectory: name.endsWith('/') || name.endsWith('\\') || (unixMode & 0o170000) === 0o040000,
      isSymlink: (unixMode & 0o170000) === 0o120000,
      encrypted: (flags & 0x1) !== 0,
    });
    p = recordEnd;
  }
  return entries;
}

/** Where an entry's data starts, from its local header, or why the local header is not there. */
export function localDataOffset(z: ByteView, e: ZipEntry): number | 'outOfBounds' | 'wrongSignature' {
  const lh = e.localHeaderOffset;
  if (!z.has(lh, 30)) return 'outOfBounds';
  if (z.u32(lh) !== SIG_LOCAL) return 'wrongSignature';
  return lh + 30 + z.u16(lh + 26) + z.u16(lh + 28);
}
