/**
 * A small deterministic ZIP writer (deflate via fflate, or stored when that is not smaller), used to rebuild
 * prescription archives. Timestamps come from the caller (no clock is read); names are written with the
 * UTF-8 flag when they are not ASCII.
 */
import { deflateSync } from 'fflate';
import { crc32 } from './crc32.ts';

export interface ZipWriteEntry {
  name: string;
  bytes: Uint8Array;
  /** MS-DOS time and date fields; default 1980-01-01 00:00. */
  dosTime?: number;
  dosDate?: number;
}

const DOS_EPOCH_DATE = (0 << 9) | (1 << 5) | 1;

export function writeZip(entries: readonly ZipWriteEntry[]): Uint8Array {
  const encoder = new TextEncoder();
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = encoder.encode(entry.name);
    // eslint-disable-next-line no-control-regex
    const utf8 = /[^\u0000-\u007f]/.test(entry.name);
    const deflated = deflateSync(entry.bytes, { level: 6 });
    const stored = deflated.length >= entry.bytes.length;
    const data = stored ? entry.bytes : deflated;
    const crc = crc32(entry.bytes);
    const method = stored ? 0 : 8;
    const flags = utf8 ? 0x800 : 0;
    const time = entry.dosTime ?? 0;
    const date = entry.dosDate ?? DOS_EPOCH_DATE;

    const local = new Uint8Array(30 + name.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, 20, true);
    lv.setUint16(6, flags, true);
    lv.setUint16(8, method, true);
    lv.setUint16(10, time, true);
    lv.setUint16(12, date, true);
    lv.setUint32(14, crc, true);
    lv.setUint32(18, data.length, true);
    lv.setUint32(22, entry.bytes.length, true);
    lv.setUint16(26, name.length, true);
    lv.setUint16(28, 0, true);
    local.set(name, 30);

    const central = new Uint8Array(46 + name.length);
    const cv = new DataView(central.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, (3 << 8) | 20, true); // made by Unix, so the mode below is a regular file
    cv.setUint16(6, 20, true);
    cv.setUint16(8, flags, true);
    cv.setUint16(10, method, true);
    cv.setUint16(12, time, true);
    cv.setUint16(14, date, true);
    cv.setUint32(16, crc, true);
    cv.setUint32(20, data.length, true);
    cv.setUint32(24, entry.bytes.length, true);
    cv.setUint16(28, name.length, true);
    const directory = entry.name.endsWith('/');
    cv.setUint32(38, (((directory ? 0o040755 : 0o100644) << 16) | (directory ? 0x10 : 0)) >>> 0, true);
    cv.setUint32(42, offset, true);
    central.set(name, 46);

    locals.push(local, data);
    centrals.push(central);
    offset += local.length + data.length;
  }
  const directorySize = centrals.reduce((s, c) => s + c.length, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, entries.length, true);
  ev.setUint16(10, entries.length, true);
  ev.setUint32(12, directorySize, true);
  ev.setUint32(16, offset, true);
  return concatBytes([...locals, ...centrals, end]);
}

export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}
