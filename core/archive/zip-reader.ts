/**
 * A safe ZIP reader for uploads. It parses the central directory itself and inflates entries with fflate's
 * streaming inflater under a hard output cap, so a zip bomb is stopped while it unpacks, not after.
 * Nothing is ever written to disk; entries are read one at a time, on request.
 *
 * Every problem is reported into the caller's DiagnosticCollector with a zip-archive rule (RXA001–RXA011)
 * and the entry name; entries with a reported problem are marked `refused` and never unpacked.
 */
import { Inflate } from 'fflate';
import type { DiagnosticCollector } from '../rules/reporter.ts';
import {
  zipBomb,
  zipDuplicateEntry,
  zipEntryCorrupt,
  zipEntryTooLarge,
  zipEntryUnsupported,
  zipNestedArchive,
  zipOverlappingEntries,
  zipSymlink,
  zipTooManyEntries,
  zipUnreadable,
  zipUnsafePath,
} from './zip-rules.ts';
import { decodeCp437 } from './cp437.ts';
import { crc32 } from './crc32.ts';

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

const MiB = 1024 * 1024;

const defaultZipLimits: ZipLimits = {
  maxEntries: 1000,
  maxEntrySize: 100 * MiB,
  maxTotalSize: 200 * MiB,
  maxRatio: 200,
  ratioMinSize: 1 * MiB,
};

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

export interface ZipArchive {
  /** Entries in central-directory order (directories included). */
  readonly entries: readonly ZipEntry[];
  /** Entries that are files (not directories). */
  readonly files: readonly ZipEntry[];
  /**
   * Unpack one entry under the limits. Problems (corrupt data, CRC, caps) are reported to the collector
   * given to `openZip` and `undefined` is returned; a refused entry returns `undefined` silently.
   */
  read(entry: ZipEntry): Uint8Array | undefined;
}

export interface OpenZipOptions {
  limits?: Partial<ZipLimits>;
}

const SIG_LOCAL = 0x04034b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_EOCD = 0x06054b50;
const SIG_ZIP64_EOCD = 0x06064b50;
const SIG_ZIP64_LOCATOR = 0x07064b50;
const SIG_DATA_DESCRIPTOR = 0x08074b50;

const METHOD_NAMES: Record<number, string> = {
  1: 'Shrink',
  6: 'Implode',
  9: 'Deflate64',
  12: 'bzip2',
  14: 'LZMA',
  93: 'Zstandard',
  95: 'XZ',
  98: 'PPMd',
  99: 'AES encryption',
};

const NESTED_ARCHIVE = /\.(zip|7z|rar|tar|tgz|gz|bz2|xz|zst|kmz|jar|z|cab|lzh|lha)$/i;

function decodeName(bytes: Uint8Array, utf8: boolean): string {
  return utf8 ? new TextDecoder('utf-8', { fatal: false }).decode(bytes) : decodeCp437(bytes);
}

class ByteView {
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

/** Why a name is unsafe to unpack, or undefined. */
export function unsafePathKind(name: string): 'absolute' | 'parent' | 'control' | undefined {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'control';
  if (/^[/\\]/.test(name) || /^[A-Za-z]:/.test(name)) return 'absolute';
  if (name.split(/[/\\]/).some((segment) => segment === '..')) return 'parent';
  return undefined;
}

function formatBytes(n: number): string {
  return n.toLocaleString('en-US');
}

interface EndRecord {
  entryCount: number;
  directorySize: number;
  directoryOffset: number;
  /** Bytes prepended to the archive (self-extractors): added to every stored offset. */
  shift: number;
}

/**
 * Open a ZIP held in memory. Returns undefined when the archive cannot be used at all (not a ZIP,
 * truncated, damaged directory, too many entries, total size over the limit); the reason is reported.
 */
export function openZip(
  bytes: Uint8Array,
  collector: DiagnosticCollector,
  options: OpenZipOptions = {},
): ZipArchive | undefined {
  const limits: ZipLimits = { ...defaultZipLimits, ...options.limits };
  const z = new ByteView(bytes);
  if (bytes.length === 0) {
    collector.report(zipUnreadable, { messageId: 'empty', location: {} });
    return undefined;
  }
  const end = readEndRecord(z, collector, limits);
  if (!end) return undefined;

  if (end.entryCount > limits.maxEntries) {
    collector.report(zipTooManyEntries, {
      messageId: 'tooMany',
      data: { count: end.entryCount, limit: limits.maxEntries },
      location: {},
      hint: 'Zip only the prescription’s shapefile members (.shp, .shx, .dbf, .prj).',
    });
    return undefined;
  }

  const entries = readCentralDirectory(z, end, collector);
  if (!entries) return undefined;
  checkEntries(z, entries, collector, limits);

  // Entries already refused (too large, bombs …) do not count again.
  const declaredTotal = entries.reduce(
    (sum, e) => sum + (e.isDirectory || e.refused !== undefined ? 0 : e.uncompressedSize),
    0,
  );
  if (declaredTotal > limits.maxTotalSize) {
    collector.report(zipEntryTooLarge, {
      messageId: 'total',
      data: { size: formatBytes(declaredTotal), limit: formatBytes(limits.maxTotalSize) },
      location: {},
      hint: 'A prescription is a few hundred kilobytes; zip only its shapefile members.',
    });
    return undefined;
  }

  let budget = limits.maxTotalSize;
  return {
    entries,
    files: entries.filter((e) => !e.isDirectory),
    read(entry) {
      if (entry.refused !== undefined || entry.isDirectory) return undefined;
      const data = readEntry(z, entry, collector, limits, budget);
      if (data) budget -= data.length;
      return data;
    },
  };
}

function readEndRecord(
  z: ByteView,
  collector: DiagnosticCollector,
  limits: ZipLimits,
): EndRecord | undefined {
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
    if (startsLikeZip) {
      collector.report(zipUnreadable, {
        messageId: 'truncated',
        data: { detail: describeTruncation(z, limits) },
        location: {},
        hint: 'The end of the file is missing. Copy or download the complete file, or zip the members again.',
      });
    } else {
      const head = Array.from(z.bytes.subarray(0, 4), (b) => b.toString(16).padStart(2, '0')).join(' ');
      collector.report(zipUnreadable, {
        messageId: 'notZip',
        data: { detail: `no ZIP end-of-directory record was found (the file starts with ${head})` },
        location: {},
        hint: 'Upload the prescription as a .zip holding the shapefile members.',
      });
    }
    return undefined;
  }

  const disk = z.u16(eocd + 4);
  const directoryDisk = z.u16(eocd + 6);
  let entryCount = z.u16(eocd + 10);
  let directorySize = z.u32(eocd + 12);
  let directoryOffset = z.u32(eocd + 16);
  if (disk !== 0 || directoryDisk !== 0) {
    collector.report(zipUnreadable, {
      messageId: 'unsupported',
      data: { detail: 'it is one part of a multi-volume (split) archive' },
      location: {},
      hint: 'Zip the members into one single archive.',
    });
    return undefined;
  }
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
    collector.report(zipUnreadable, {
      messageId: 'centralDirectory',
      data: {
        detail: `it points to bytes ${directoryOffset}–${directoryOffset + directorySize}, outside the ${len}-byte file`,
      },
      location: {},
      hint: 'The archive is damaged or truncated; zip the members again.',
    });
    return undefined;
  }
  return { entryCount, directorySize, directoryOffset: directoryOffset + shift, shift };
}

/** Walk the local headers of a ZIP without its end record to say where the file ends. */
function describeTruncation(z: ByteView, limits: ZipLimits): string {
  let p = 0;
  let last: string | undefined;
  for (let i = 0; i <= limits.maxEntries; i++) {
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

function readCentralDirectory(
  z: ByteView,
  end: EndRecord,
  collector: DiagnosticCollector,
): ZipEntry[] | undefined {
  const entries: ZipEntry[] = [];
  let p = end.directoryOffset;
  const directoryEnd = end.directoryOffset + end.directorySize;
  for (let index = 0; index < end.entryCount; index++) {
    const after = entries.length > 0 ? ` after entry "${entries[entries.length - 1]?.name}"` : '';
    if (!z.has(p, 46) || p + 46 > directoryEnd || z.u32(p) !== SIG_CENTRAL) {
      collector.report(zipUnreadable, {
        messageId: 'centralDirectory',
        data: { detail: `entry ${index + 1} of ${end.entryCount}${after} is missing or damaged` },
        location: {},
        hint: 'The archive is damaged; zip the members again.',
      });
      return undefined;
    }
    const versionMadeBy = z.u16(p + 4);
    const flags = z.u16(p + 8);
    const method = z.u16(p + 10);
    const nameLength = z.u16(p + 28);
    const extraLength = z.u16(p + 30);
    const commentLength = z.u16(p + 32);
    const recordEnd = p + 46 + nameLength + extraLength + commentLength;
    if (recordEnd > directoryEnd) {
      collector.report(zipUnreadable, {
        messageId: 'centralDirectory',
        data: { detail: `entry ${index + 1} of ${end.entryCount}${after} runs past the directory's end` },
        location: {},
        hint: 'The archive is damaged; zip the members again.',
      });
      return undefined;
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

/** Safety checks that need only the directory (and the 30-byte local headers). */
function checkEntries(
  z: ByteView,
  entries: ZipEntry[],
  collector: DiagnosticCollector,
  limits: ZipLimits,
): void {
  const seen = new Map<string, ZipEntry[]>();
  for (const e of entries) {
    const location = { entry: e.name };
    const refuse = (why: string): void => {
      e.refused ??= why;
    };
    const pathKind = unsafePathKind(e.name);
    if (pathKind) {
      collector.report(zipUnsafePath, {
        messageId: pathKind,
        data: { entry: e.name },
        location,
        hint: 'Zip the files from inside their folder so that entry names are plain relative names such as zones.shp.',
      });
      refuse('unsafe path');
    }
    const same = seen.get(e.name);
    if (same) same.push(e);
    else seen.set(e.name, [e]);

    // The local header tells where the data starts; it must agree with the directory.
    const lh = e.localHeaderOffset;
    if (!z.has(lh, 30) || z.u32(lh) !== SIG_LOCAL) {
      if (e.refused === undefined) {
        collector.report(zipEntryCorrupt, {
          messageId: z.has(lh, 30) ? 'localHeader' : 'outOfBounds',
          data: { entry: e.name, detail: `no local header at byte ${lh}` },
          location,
          hint: 'The archive is damaged; zip the members again.',
        });
      }
      refuse('no local header');
    } else {
      e.dataOffset = lh + 30 + z.u16(lh + 26) + z.u16(lh + 28);
    }

    if (e.isSymlink) {
      const target =
        e.dataOffset !== undefined && e.method === 0 && z.has(e.dataOffset, e.compressedSize)
          ? decodeName(z.bytes.subarray(e.dataOffset, e.dataOffset + Math.min(e.compressedSize, 1024)), true)
          : '…';
      collector.report(zipSymlink, {
        messageId: 'symlink',
        data: { entry: e.name, target },
        location,
        hint: 'Zip the file itself instead of a link to it (zip without -y / --symlinks).',
      });
      refuse('symbolic link');
    }
    if (e.isDirectory) continue;
    if (e.encrypted) {
      collector.report(zipEntryUnsupported, {
        messageId: 'encrypted',
        data: { entry: e.name },
        location,
        hint: 'Zip the files again without a password.',
      });
      refuse('encrypted');
    } else if (e.method !== 0 && e.method !== 8) {
      collector.report(zipEntryUnsupported, {
        messageId: 'method',
        data: { entry: e.name, method: e.method, methodName: METHOD_NAMES[e.method] ?? 'unknown' },
        location,
        hint: 'Zip the files again with the default (deflate) compression.',
      });
      refuse('unsupported method');
    }
    if (e.uncompressedSize > limits.maxEntrySize) {
      collector.report(zipEntryTooLarge, {
        messageId: 'entry',
        data: {
          entry: e.name,
          size: formatBytes(e.uncompressedSize),
          limit: formatBytes(limits.maxEntrySize),
        },
        location,
        hint: 'A prescription shapefile is a few hundred kilobytes; check that this is the right file.',
      });
      refuse('too large');
    } else if (
      e.uncompressedSize > limits.ratioMinSize &&
      e.uncompressedSize > limits.maxRatio * Math.max(1, e.compressedSize)
    ) {
      collector.report(zipBomb, {
        messageId: 'ratio',
        data: {
          entry: e.name,
          ratio: Math.round(e.uncompressedSize / Math.max(1, e.compressedSize)),
          compressed: formatBytes(e.compressedSize),
          size: formatBytes(e.uncompressedSize),
          limit: limits.maxRatio,
        },
        location,
        hint: 'Real shapefiles do not compress this well; this entry looks like a zip bomb. Do not unpack it.',
      });
      refuse('compression ratio');
    }
    if (NESTED_ARCHIVE.test(e.name) && !e.name.startsWith('__MACOSX/')) {
      collector.report(zipNestedArchive, {
        messageId: 'nested',
        data: { entry: e.name },
        location,
        hint: 'Put the shapefile members directly into the uploaded ZIP.',
      });
    }
  }

  for (const [name, list] of seen) {
    if (list.length < 2) continue;
    collector.report(zipDuplicateEntry, {
      messageId: 'duplicate',
      data: { entry: name, count: list.length },
      location: { entry: name },
      hint: 'Zip the members again into a new archive instead of adding to an old one.',
    });
    for (const e of list.slice(1)) e.refused ??= 'duplicate name';
  }

  // Entries whose data overlaps another's (the non-recursive zip bomb construction).
  const spans = entries
    .filter((e) => e.dataOffset !== undefined && !e.isDirectory)
    .map((e) => ({ e, start: e.localHeaderOffset, end: (e.dataOffset ?? 0) + e.compressedSize }))
    .sort((a, b) => a.start - b.start || a.e.index - b.e.index);
  let previous: (typeof spans)[number] | undefined;
  for (const span of spans) {
    if (previous && span.start < previous.end) {
      if (span.e.refused === undefined) {
        collector.report(zipOverlappingEntries, {
          messageId: 'overlap',
          data: { entry: span.e.name, other: previous.e.name },
          location: { entry: span.e.name },
          hint: 'Archives written by zip tools never share data between entries; this one was crafted or damaged.',
        });
      }
      span.e.refused ??= 'overlapping data';
      continue;
    }
    previous = span;
  }
}

function readEntry(
  z: ByteView,
  e: ZipEntry,
  collector: DiagnosticCollector,
  limits: ZipLimits,
  budget: number,
): Uint8Array | undefined {
  const location = { entry: e.name };
  const start = e.dataOffset ?? 0;
  if (!z.has(start, e.compressedSize)) {
    collector.report(zipEntryCorrupt, {
      messageId: 'outOfBounds',
      data: { entry: e.name },
      location,
      hint: 'The end of the file is missing. Copy or download the complete file, or zip the members again.',
    });
    e.refused = 'out of bounds';
    return undefined;
  }
  const raw = z.bytes.subarray(start, start + e.compressedSize);
  // Never produce more than the header declares, nor more than the limits allow.
  const cap = Math.min(e.uncompressedSize, limits.maxEntrySize, Math.max(0, budget));
  let out: Uint8Array;
  if (e.method === 0) {
    // Stored: the data is the file; its length must be the declared size.
    if (raw.length === e.uncompressedSize && raw.length > cap) return overBudget(e, collector, limits);
    out = raw.slice();
  } else {
    const inflated = inflateCapped(raw, cap);
    if (inflated.error !== undefined) {
      collector.report(zipEntryCorrupt, {
        messageId: 'inflate',
        data: { entry: e.name, detail: inflated.error },
        location,
        hint: 'The compressed data is damaged; zip the original files again.',
      });
      e.refused = 'corrupt';
      return undefined;
    }
    if (inflated.overflow) {
      if (cap < e.uncompressedSize) return overBudget(e, collector, limits);
      collector.report(zipBomb, {
        messageId: 'overrun',
        data: { entry: e.name, declared: formatBytes(e.uncompressedSize), cap: formatBytes(cap) },
        location,
        hint: 'The entry’s header lies about its size, as zip bombs do. Do not unpack this archive.',
      });
      e.refused = 'overrun';
      return undefined;
    }
    out = inflated.bytes;
  }
  if (out.length !== e.uncompressedSize) {
    collector.report(zipEntryCorrupt, {
      messageId: 'size',
      data: { entry: e.name, actual: formatBytes(out.length), declared: formatBytes(e.uncompressedSize) },
      location,
      hint: 'The data is damaged; zip the original files again.',
    });
    e.refused = 'size mismatch';
    return undefined;
  }
  const actual = crc32(out);
  if (actual !== e.crc32) {
    const hex = (n: number): string => n.toString(16).padStart(8, '0');
    collector.report(zipEntryCorrupt, {
      messageId: 'crc',
      data: { entry: e.name, actual: hex(actual), expected: hex(e.crc32) },
      location,
      hint: 'The data is damaged; zip the original files again.',
    });
    e.refused = 'checksum';
    return undefined;
  }
  return out;
}

function overBudget(e: ZipEntry, collector: DiagnosticCollector, limits: ZipLimits): undefined {
  collector.report(zipEntryTooLarge, {
    messageId: 'total',
    data: { size: `more than ${formatBytes(limits.maxTotalSize)}`, limit: formatBytes(limits.maxTotalSize) },
    location: { entry: e.name },
    hint: 'A prescription is a few hundred kilobytes; zip only its shapefile members.',
  });
  e.refused = 'over budget';
  return undefined;
}

interface InflateResult {
  bytes: Uint8Array;
  overflow: boolean;
  error?: string;
}

/**
 * Inflate raw DEFLATE data, stopping as soon as the output would exceed `cap`. Input is fed in slices
 * of 4–64 KiB sized to the remaining room (deflate expands at most 1032:1), so one slice cannot overshoot
 * the cap by more than about 4 MiB and memory stays bounded whatever the data claims. (Smaller slices
 * cost more: fflate keeps a 32 KiB window per push; 1 KiB slices are 6× slower than 4 KiB ones.)
 */
export function inflateCapped(data: Uint8Array, cap: number): InflateResult {
  const chunks: Uint8Array[] = [];
  let produced = 0;
  let overflow = false;
  const inflater = new Inflate((chunk) => {
    if (overflow) return;
    if (produced + chunk.length > cap) {
      overflow = true;
      return;
    }
    produced += chunk.length;
    chunks.push(chunk);
  });
  try {
    let p = 0;
    do {
      const step = Math.min(64 * 1024, Math.max(4096, Math.ceil((cap - produced) / 1032) + 1));
      const next = Math.min(data.length, p + step);
      inflater.push(data.subarray(p, next), next >= data.length);
      p = next;
    } while (p < data.length && !overflow);
  } catch (error) {
    if (!overflow) return { bytes: new Uint8Array(0), overflow: false, error: describeInflateError(error) };
  }
  if (overflow) return { bytes: new Uint8Array(0), overflow: true };
  const bytes = new Uint8Array(produced);
  let offset = 0;
  for (const c of chunks) {
    bytes.set(c, offset);
    offset += c.length;
  }
  return { bytes, overflow: false };
}

function describeInflateError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/unexpected EOF/i.test(message)) return 'the compressed data ends early (truncated)';
  return `the compressed data is invalid (${message})`;
}
