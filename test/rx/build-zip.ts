/**
 * Test helpers: craft ZIP archives with full control over every header field (to lie about sizes, mark
 * symlinks, use hostile names), and build prescription ZIPs from shapefile bytes.
 */
import { deflateRawSync, constants as zlibConstants } from 'node:zlib';
import { crc32 } from '../../core/archive/crc32.ts';
import { concatBytes, writeZip, type ZipWriteEntry } from '../../core/archive/zip-writer.ts';
import { WGS84_PRJ } from '../../core/rx/rx-crs.ts';
import { buildShapefile, type ShapefileBytes, type TestShapefile } from './build-shapefile.ts';

export interface CraftEntry {
  name: string;
  /** The uncompressed content (used for the CRC and, unless `raw` is given, the compressed data). */
  data?: Uint8Array;
  /** Compressed bytes to store as they are. */
  raw?: Uint8Array;
  /** 0 stored, 8 deflate (default). */
  method?: number;
  /** Header values to lie with. */
  uncompressedSize?: number;
  crc?: number;
  flags?: number;
  /** Unix mode (e.g. 0o120777 for a symlink); sets "made by Unix". */
  unixMode?: number;
  /** Point the directory at another entry's local header (index into the list). */
  shareDataWith?: number;
}

export function craftZip(entries: CraftEntry[]): Uint8Array {
  const enc = new TextEncoder();
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  const offsets: number[] = [];
  let offset = 0;
  entries.forEach((e, index) => {
    const name = enc.encode(e.name);
    const data = e.data ?? new Uint8Array(0);
    const method = e.method ?? 8;
    const body = e.raw ?? (method === 8 ? new Uint8Array(deflateRawSync(data)) : data);
    const crc = e.crc ?? crc32(data);
    const usize = e.uncompressedSize ?? data.length;
    const flags = e.flags ?? 0;
    const shared = e.shareDataWith !== undefined ? offsets[e.shareDataWith] : undefined;
    const local = new Uint8Array(30 + name.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, 20, true);
    lv.setUint16(6, flags, true);
    lv.setUint16(8, method, true);
    lv.setUint32(14, crc, true);
    lv.setUint32(18, body.length, true);
    lv.setUint32(22, usize, true);
    lv.setUint16(26, name.length, true);
    local.set(name, 30);
    const central = new Uint8Array(46 + name.length);
    const cv = new DataView(central.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, e.unixMode !== undefined ? (3 << 8) | 20 : 20, true);
    cv.setUint16(6, 20, true);
    cv.setUint16(8, flags, true);
    cv.setUint16(10, method, true);
    cv.setUint32(16, crc, true);
    cv.setUint32(20, body.length, true);
    cv.setUint32(24, usize, true);
    cv.setUint16(28, name.length, true);
    cv.setUint32(38, e.unixMode !== undefined ? (e.unixMode << 16) >>> 0 : 0, true);
    cv.setUint32(42, shared ?? offset, true);
    central.set(name, 46);
    offsets[index] = offset;
    centrals.push(central);
    if (shared === undefined) {
      locals.push(local, body);
      offset += local.length + body.length;
    }
  });
  const directorySize = centrals.reduce((s, c) => s + c.length, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, Math.min(0xffff, entries.length), true);
  ev.setUint16(10, Math.min(0xffff, entries.length), true);
  ev.setUint32(12, directorySize, true);
  ev.setUint32(16, offset, true);
  return concatBytes([...locals, ...centrals, end]);
}

/**
 * A raw deflate stream of `megabytes` MiB of zeros, built by repeating one sync-flushed 1 MiB block, so
 * a gigabyte bomb costs about a megabyte to make and nothing to hold.
 */
export function zeroBomb(megabytes: number): Uint8Array {
  const block = new Uint8Array(
    deflateRawSync(new Uint8Array(1024 * 1024), { finishFlush: zlibConstants.Z_SYNC_FLUSH }),
  );
  const parts: Uint8Array[] = [];
  for (let i = 0; i < megabytes; i++) parts.push(block);
  parts.push(Uint8Array.of(0x03, 0x00)); // an empty final block
  return concatBytes(parts);
}

export interface RxZipSpec {
  base?: string;
  folder?: string;
  shapefile?: TestShapefile;
  files?: ShapefileBytes;
  /** .prj text; null for none. Default WGS 84. */
  prj?: string | null;
  cpg?: string;
  /** Override member names by extension ("dbf" → "Rates.dbf"). */
  names?: Partial<Record<'shp' | 'shx' | 'dbf' | 'prj' | 'cpg', string>>;
  /** Leave members out. */
  omit?: ('shp' | 'shx' | 'dbf')[];
  extra?: ZipWriteEntry[];
}

export function rxZip(spec: RxZipSpec = {}): Uint8Array {
  const base = spec.base ?? 'zones';
  const prefix = spec.folder ? `${spec.folder}/` : '';
  const files =
    spec.files ??
    buildShapefile(spec.shapefile ?? { records: [[[0, 0, 0, 0.001, 0.001, 0.001, 0.001, 0, 0, 0]]] });
  const enc = new TextEncoder();
  const entries: ZipWriteEntry[] = [];
  const name = (ext: 'shp' | 'shx' | 'dbf' | 'prj' | 'cpg'): string =>
    prefix + (spec.names?.[ext] ?? `${base}.${ext}`);
  for (const ext of ['shp', 'shx', 'dbf'] as const) {
    if (!spec.omit?.includes(ext)) entries.push({ name: name(ext), bytes: files[ext] });
  }
  const prj = spec.prj === undefined ? WGS84_PRJ : spec.prj;
  if (prj !== null) entries.push({ name: name('prj'), bytes: enc.encode(prj) });
  if (spec.cpg !== undefined) entries.push({ name: name('cpg'), bytes: enc.encode(spec.cpg) });
  entries.push(...(spec.extra ?? []));
  return writeZip(entries);
}
