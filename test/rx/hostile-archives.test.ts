/**
 * Crafted hostile archives: each gives one clear diagnostic, and none is ever unpacked beyond the limits
 * (the caps are enforced while inflating; memory stays bounded by construction, timings are not asserted).
 */
import { describe, expect, it } from 'vitest';
import { openZip } from '../../core/archive/zip-reader.ts';
import type { Diagnostic } from '../../core/diagnostics/diagnostic.ts';
import { DiagnosticCollector } from '../../core/rules/reporter.ts';
import { validateRx } from '../../core/rx/validate-rx.ts';
import { buildShapefile, square } from './build-shapefile.ts';
import { craftZip, rxZip, zeroBomb } from './build-zip.ts';

const errors = (ds: Diagnostic[]) => ds.filter((d) => d.severity === 'error');
const codes = (ds: Diagnostic[]) => ds.map((d) => d.code);
const files = buildShapefile({ records: [[square(10, 50, 0.001)]] });
const members = [
  { name: 'zones.shp', data: files.shp },
  { name: 'zones.shx', data: files.shx },
  { name: 'zones.dbf', data: files.dbf },
];

describe('hostile prescription archives', () => {
  it('a zip bomb with an honest header: refused from its 1000:1 ratio, never inflated', () => {
    const raw = zeroBomb(64); // 64 MiB of zeros in about 64 KB
    const zip = craftZip([
      ...members,
      { name: 'zones.prj', raw, method: 8, uncompressedSize: 64 * 1024 * 1024, crc: 0 },
    ]);
    const { diagnostics } = validateRx(zip);
    const bomb = diagnostics.find((d) => d.code === 'RXA004');
    expect(bomb?.messageId).toBe('ratio');
    expect(bomb?.location).toEqual({ entry: 'zones.prj' });
    expect(bomb?.message).toMatch(
      /compressed \d+:1 \(.* bytes unpack to 67,108,864\), over the limit of 200:1/,
    );
  });

  it('a 1 GiB zip bomb whose header claims 1 KB: stopped by the output cap at the declared size', () => {
    const raw = zeroBomb(1024);
    const zip = craftZip([...members, { name: 'zones.dbf2', raw, method: 8, uncompressedSize: 1024 }]);
    const c = new DiagnosticCollector();
    const archive = openZip(zip, c);
    const entry = archive?.files.find((e) => e.name === 'zones.dbf2');
    expect(entry).toBeDefined();
    expect(archive?.read(entry!)).toBeUndefined();
    expect(c.diagnostics).toHaveLength(1);
    expect(c.diagnostics[0]).toMatchObject({
      code: 'RXA004',
      messageId: 'overrun',
      location: { entry: 'zones.dbf2' },
      message:
        'Entry "zones.dbf2" unpacks to more than the 1,024 bytes its header declares; unpacking was stopped at 1,024 bytes',
    });
  });

  it('a lying .dbf inside a prescription: the member is refused and nothing cascades', () => {
    const zip = craftZip([
      { name: 'zones.shp', data: files.shp },
      { name: 'zones.shx', data: files.shx },
      { name: 'zones.dbf', raw: zeroBomb(256), method: 8, uncompressedSize: files.dbf.length },
    ]);
    const { diagnostics } = validateRx(zip);
    expect(codes(errors(diagnostics))).toEqual(['RXA004']);
    expect(diagnostics.find((d) => d.code === 'RXA004')?.location.entry).toBe('zones.dbf');
  });

  it('a "../" entry (zip slip) is rejected by name', () => {
    const zip = craftZip([...members, { name: '../../etc/cron.d/evil', data: new Uint8Array(10) }]);
    const d = validateRx(zip).diagnostics.find((x) => x.code === 'RXA005');
    expect(d).toMatchObject({ messageId: 'parent', location: { entry: '../../etc/cron.d/evil' } });
    expect(d?.message).toBe('Entry "../../etc/cron.d/evil" climbs out of the archive with ".."');
  });

  it('absolute paths, Unix and Windows, are rejected', () => {
    const zip = craftZip([
      ...members,
      { name: '/etc/passwd', data: new Uint8Array(1) },
      { name: 'C:\\Windows\\evil.dll', data: new Uint8Array(1) },
    ]);
    const found = validateRx(zip).diagnostics.filter((x) => x.code === 'RXA005');
    expect(found.map((d) => [d.messageId, d.location.entry])).toEqual([
      ['absolute', '/etc/passwd'],
      ['absolute', 'C:\\Windows\\evil.dll'],
    ]);
  });

  it('10,000 entries: the archive is not opened, one diagnostic', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({
      name: `f${i}.txt`,
      data: new Uint8Array(0),
      method: 0,
    }));
    const { diagnostics } = validateRx(craftZip(many));
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ code: 'RXA002', messageId: 'tooMany' });
    expect(diagnostics[0]?.message).toBe(
      'The archive declares 10000 entries; at most 1000 are read, so it was not opened',
    );
  });

  it('a truncated file names the entry it ends in', () => {
    const zip = rxZip({ shapefile: { records: [[square(10, 50, 0.001)], [square(10.001, 50, 0.001)]] } });
    // Cut inside the second entry (zones.shx): after the .shp's local header and data.
    const archive = openZip(zip, new DiagnosticCollector());
    const shx = archive?.files.find((e) => e.name === 'zones.shx');
    const cut = zip.subarray(0, (shx?.dataOffset ?? 0) + 5);
    const { diagnostics } = validateRx(cut);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ code: 'RXA001', messageId: 'truncated' });
    expect(diagnostics[0]?.message).toBe('The archive is truncated: the file ends inside entry "zones.shx"');
  });

  it('a file cut inside the central directory says so', () => {
    const zip = rxZip();
    const { diagnostics } = validateRx(zip.subarray(0, zip.length - 30));
    expect(diagnostics[0]?.message).toBe(
      'The archive is truncated: the file ends inside the archive directory, after the last entry "zones.prj"',
    );
  });

  it('a symlink entry is rejected and not followed', () => {
    const zip = craftZip([
      { name: 'zones.shp', data: new TextEncoder().encode('/etc/passwd'), method: 0, unixMode: 0o120777 },
      { name: 'zones.shx', data: files.shx },
      { name: 'zones.dbf', data: files.dbf },
    ]);
    const { diagnostics } = validateRx(zip);
    expect(codes(errors(diagnostics))).toEqual(['RXA006']);
    expect(diagnostics[0]).toMatchObject({ location: { entry: 'zones.shp' } });
    expect(diagnostics[0]?.message).toBe(
      'Entry "zones.shp" is a symbolic link to "/etc/passwd"; links are not followed',
    );
  });

  it('a nested zip is flagged and not opened; a shapefile only inside it is reported missing', () => {
    const inner = rxZip();
    const zip = craftZip([{ name: 'rx/inner.zip', data: inner, method: 0 }]);
    const { diagnostics } = validateRx(zip);
    expect(codes(diagnostics)).toEqual(['RXA007', 'RXA012', 'RXA012', 'RXA012']);
    expect(diagnostics[0]?.location).toEqual({ entry: 'rx/inner.zip' });
    expect(diagnostics[1]?.message).toBe(
      'The archive has no .shp file (there is a nested archive, "rx/inner.zip")',
    );
  });

  it('a corrupt entry is reported with its name (CRC and broken deflate data)', () => {
    const badCrc = craftZip([
      ...members.slice(0, 2),
      { name: 'zones.dbf', data: files.dbf, crc: 0x12345678 },
    ]);
    const crc = validateRx(badCrc).diagnostics;
    expect(codes(errors(crc))).toEqual(['RXA008']);
    expect(crc.find((d) => d.code === 'RXA008')).toMatchObject({
      messageId: 'crc',
      location: { entry: 'zones.dbf' },
    });

    const garbage = craftZip([
      ...members.slice(0, 2),
      { name: 'zones.dbf', raw: Uint8Array.of(0xff, 0xff, 0xff, 0xff), uncompressedSize: files.dbf.length },
    ]);
    const inflate = validateRx(garbage).diagnostics.find((d) => d.code === 'RXA008');
    expect(inflate).toMatchObject({ messageId: 'inflate', location: { entry: 'zones.dbf' } });
  });

  it('a deflate stream cut short is reported as truncated data', () => {
    const full = craftZip([{ name: 'a.bin', data: new Uint8Array(50_000).map((_, i) => (i * 7919) % 251) }]);
    const a = openZip(full, new DiagnosticCollector())?.files[0];
    const raw = full.subarray(a?.dataOffset ?? 0, (a?.dataOffset ?? 0) + (a?.compressedSize ?? 0));
    const zip = craftZip([
      { name: 'a.bin', raw: raw.subarray(0, raw.length >> 1), uncompressedSize: 50_000 },
    ]);
    const c = new DiagnosticCollector();
    const archive = openZip(zip, c);
    expect(archive?.read(archive.files[0]!)).toBeUndefined();
    expect(c.diagnostics[0]?.message).toBe(
      'Entry "a.bin" cannot be unpacked: the compressed data ends early (truncated)',
    );
  });

  it('entries sharing compressed data (a non-recursive bomb) are refused', () => {
    const zip = craftZip([
      ...members,
      { name: 'a.txt', data: new Uint8Array(100) },
      { name: 'b.txt', data: new Uint8Array(100), shareDataWith: 3 },
    ]);
    const d = validateRx(zip).diagnostics.find((x) => x.code === 'RXA011');
    expect(d?.message).toBe('Entry "b.txt" overlaps the data of entry "a.txt"; it is not read');
  });

  it('encrypted entries and unknown methods are refused', () => {
    const zip = craftZip([
      ...members.slice(0, 2),
      { name: 'zones.dbf', data: files.dbf, flags: 1 },
      { name: 'x.bin', data: new Uint8Array(10), method: 14, raw: new Uint8Array(10) },
    ]);
    const found = validateRx(zip).diagnostics.filter((d) => d.code === 'RXA009');
    expect(found.map((d) => d.message)).toEqual([
      'Entry "zones.dbf" is encrypted',
      'Entry "x.bin" uses compression method 14 (LZMA); only stored and deflated entries can be read',
    ]);
  });

  it('not a ZIP at all, and an empty file', () => {
    expect(validateRx(new TextEncoder().encode('just text, not a zip')).diagnostics[0]).toMatchObject({
      code: 'RXA001',
      messageId: 'notZip',
    });
    expect(validateRx(new Uint8Array(0)).diagnostics[0]).toMatchObject({
      code: 'RXA001',
      messageId: 'empty',
    });
  });
});
