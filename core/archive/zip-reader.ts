/**
 * A safe ZIP reader for uploads. It parses the central directory itself and inflates entries with fflate's
 * streaming inflater under a hard output cap, so a zip bomb is stopped while it unpacks, not after.
 * Nothing is ever written to disk; entries are read one at a time, on request.
 *
 * The reader runs stages (zip-stages.ts: directory, entries, listing, total size, each read) and hands each
 * stage's result to the zip-archive rules (RXA001–RXA011, zip-rules.ts), which decide what to report; the
 * reader reports into the caller's DiagnosticCollector. An entry with an error reported at the entry
 * stage, shadowed in the listing (a later copy of a name, overlapping data) or whose read failed is marked
 * `refused` and never unpacked.
 */
import { Inflate } from 'fflate';
import type { DiagnosticCollector } from '../rules/reporter.ts';
import type { ReportDescriptor } from '../rules/rule.ts';
import { zipRulesInReportOrder } from './zip-rules.ts';
import { crc32 } from './crc32.ts';
import {
  decodeName,
  localDataOffset,
  readZipDirectory,
  type ByteView,
  type EntryFacts,
  type ListingFacts,
  type ReadProblem,
  type ZipEntry,
  type ZipLimits,
  type ZipStage,
} from './zip-stages.ts';

export type { ZipEntry, ZipLimits } from './zip-stages.ts';

const MiB = 1024 * 1024;

const defaultZipLimits: ZipLimits = {
  maxEntries: 1000,
  maxEntrySize: 100 * MiB,
  maxTotalSize: 200 * MiB,
  maxRatio: 200,
  ratioMinSize: 1 * MiB,
};

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

const NESTED_ARCHIVE = /\.(zip|7z|rar|tar|tgz|gz|bz2|xz|zst|kmz|jar|z|cab|lzh|lha)$/i;

/** Why a name is unsafe to unpack, or undefined. */
export function unsafePathKind(name: string): 'absolute' | 'parent' | 'control' | undefined {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'control';
  if (/^[/\\]/.test(name) || /^[A-Za-z]:/.test(name)) return 'absolute';
  if (name.split(/[/\\]/).some((segment) => segment === '..')) return 'parent';
  return undefined;
}

/**
 * Hand a stage's result to every zip-archive rule, in report order. `onError` hears each error a rule
 * reports, whether or not the rule is selected (the entry stage refuses its entry so).
 */
function visit(stage: ZipStage, collector: DiagnosticCollector, onError?: (rule: string) => void): void {
  for (const rule of zipRulesInReportOrder) {
    rule.check?.(stage, {
      report(descriptor: ReportDescriptor) {
        collector.report(rule, descriptor);
        if ((descriptor.severity ?? rule.meta.severity) === 'error') onError?.(rule.meta.name);
      },
    });
  }
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
  const directory = readZipDirectory(bytes, limits.maxEntries);
  if (!directory.ok) {
    visit({ stage: 'open', problem: directory.problem }, collector);
    return undefined;
  }
  const { view: z, entries } = directory;

  for (const entry of entries) {
    const facts = entryFacts(z, entry);
    visit({ stage: 'entry', entry, facts, limits }, collector, (rule) => {
      entry.refused ??= rule;
    });
    // Without its local header the entry's data cannot be found, whether or not that was reported.
    if (facts.localHeader !== 'ok') entry.refused ??= 'no local header';
  }
  visit({ stage: 'listing', facts: listingFacts(entries) }, collector);

  // Entries already refused (too large, bombs …) do not count again.
  const declaredTotal = entries.reduce(
    (sum, e) => sum + (e.isDirectory || e.refused !== undefined ? 0 : e.uncompressedSize),
    0,
  );
  if (declaredTotal > limits.maxTotalSize) {
    visit({ stage: 'total', declaredTotal, limits }, collector);
    return undefined;
  }

  let budget = limits.maxTotalSize;
  return {
    entries,
    files: entries.filter((e) => !e.isDirectory),
    read(entry) {
      if (entry.refused !== undefined || entry.isDirectory) return undefined;
      const result = readEntry(z, entry, limits, budget);
      if ('kind' in result) {
        entry.refused = result.kind;
        visit({ stage: 'read', entry, problem: result, limits }, collector);
        return undefined;
      }
      budget -= result.length;
      return result;
    },
  };
}

/** The entry stage: what the directory and the local header say about one entry. */
function entryFacts(z: ByteView, e: ZipEntry): EntryFacts {
  const offset = localDataOffset(z, e);
  if (typeof offset === 'number') e.dataOffset = offset;
  const symlinkTarget = !e.isSymlink
    ? undefined
    : e.dataOffset !== undefined && e.method === 0 && z.has(e.dataOffset, e.compressedSize)
      ? decodeName(z.bytes.subarray(e.dataOffset, e.dataOffset + Math.min(e.compressedSize, 1024)), true)
      : '…';
  return {
    unsafePath: unsafePathKind(e.name),
    localHeader: typeof offset === 'number' ? 'ok' : offset,
    symlinkTarget,
    nestedArchive: NESTED_ARCHIVE.test(e.name) && !e.name.startsWith('__MACOSX/'),
  };
}

/** The listing stage: later copies of a name and entries whose data overlaps another's are refused. */
function listingFacts(entries: readonly ZipEntry[]): ListingFacts {
  const seen = new Map<string, ZipEntry[]>();
  for (const e of entries) {
    const same = seen.get(e.name);
    if (same) same.push(e);
    else seen.set(e.name, [e]);
  }
  const duplicates: { name: string; count: number }[] = [];
  for (const [name, list] of seen) {
    if (list.length < 2) continue;
    duplicates.push({ name, count: list.length });
    for (const e of list.slice(1)) e.refused ??= 'duplicate name';
  }

  // Entries whose data overlaps another's (the non-recursive zip bomb construction).
  const overlaps: ListingFacts['overlaps'][number][] = [];
  const spans = entries
    .filter((e) => e.dataOffset !== undefined && !e.isDirectory)
    .map((e) => ({ e, start: e.localHeaderOffset, end: (e.dataOffset ?? 0) + e.compressedSize }))
    .sort((a, b) => a.start - b.start || a.e.index - b.e.index);
  let previous: (typeof spans)[number] | undefined;
  for (const span of spans) {
    if (previous && span.start < previous.end) {
      overlaps.push({ entry: span.e, other: previous.e, refusedBefore: span.e.refused !== undefined });
      span.e.refused ??= 'overlapping data';
      continue;
    }
    previous = span;
  }
  return { duplicates, overlaps };
}

/** The read stage: the entry's bytes, or why there are none. */
function readEntry(z: ByteView, e: ZipEntry, limits: ZipLimits, budget: number): Uint8Array | ReadProblem {
  const start = e.dataOffset ?? 0;
  if (!z.has(start, e.compressedSize)) return { kind: 'outOfBounds' };
  const raw = z.bytes.subarray(start, start + e.compressedSize);
  // Never produce more than the header declares, nor more than the limits allow.
  const cap = Math.min(e.uncompressedSize, limits.maxEntrySize, Math.max(0, budget));
  let out: Uint8Array;
  if (e.method === 0) {
    // Stored: the data is the file; its length must be the declared size.
    if (raw.length === e.uncompressedSize && raw.length > cap) return { kind: 'overBudget' };
    out = raw.slice();
  } else {
    const inflated = inflateCapped(raw, cap);
    if (inflated.error !== undefined) return { kind: 'inflate', detail: inflated.error };
    if (inflated.overflow)
      return cap < e.uncompressedSize ? { kind: 'overBudget' } : { kind: 'overrun', cap };
    out = inflated.bytes;
  }
  if (out.length !== e.uncompressedSize) return { kind: 'size', actual: out.length };
  const actual = crc32(out);
  if (actual !== e.crc32) return { kind: 'crc', actual };
  return out;
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
 * cost more: fflate keeps a 32 KiB window per push; 1 KiB slices are 6× slower than 4 KiB ones.) The output
 * goes into one buffer of the cap (an honest entry's declared size) as it comes: gathering the pieces and
 * joining them at the end held the entry twice.
 */
export function inflateCapped(data: Uint8Array, cap: number): InflateResult {
  let out: Uint8Array | undefined;
  let produced = 0;
  let overflow = false;
  const inflater = new Inflate((chunk) => {
    if (overflow) return;
    if (produced + chunk.length > cap) {
      overflow = true;
      return;
    }
    out ??= new Uint8Array(cap);
    out.set(chunk, produced);
    produced += chunk.length;
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
  // Less than the cap: the entry is shorter than declared (reported), or the cap was the limits'.
  const bytes = out === undefined ? new Uint8Array(0) : produced === cap ? out : out.slice(0, produced);
  return { bytes, overflow: false };
}

function describeInflateError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/unexpected EOF/i.test(message)) return 'the compressed data ends early (truncated)';
  return `the compressed data is invalid (${message})`;
}
