import { readFileSync } from 'node:fs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { corpusPath } from '../../test/support/corpus.ts';
import { DiagnosticCollector } from '../rules/reporter.ts';
import { craftZip } from '../../test/rx/build-zip.ts';
import { crc32 } from './crc32.ts';
import { inflateCapped, openZip, unsafePathKind } from './zip-reader.ts';
import { concatBytes, writeZip } from './zip-writer.ts';

const corpus = (p: string): Uint8Array => readFileSync(corpusPath(p));

describe('openZip', () => {
  it('reads every member of the corpus archives exactly as jszip does', async () => {
    for (const p of [
      'derived/isoxml_test_rx.zip',
      'fiboa-cli-testdata/tests/data-files/convert/de_bb/antrag.zip',
      'oats-center-modus/examples/examples/enyart-east50-a_l_labs/soil/locations-shp.zip',
      'dev4Agriculture-isoxml-js/data/duplicate-xmlid.zip',
    ]) {
      const bytes = corpus(p);
      const c = new DiagnosticCollector();
      const archive = openZip(bytes, c);
      expect(c.diagnostics).toEqual([]);
      const reference = await JSZip.loadAsync(bytes);
      const names = Object.keys(reference.files);
      expect(archive?.entries.map((e) => e.name)).toEqual(names);
      for (const e of archive?.files ?? []) {
        expect(archive?.read(e)).toEqual(await reference.file(e.name)?.async('uint8array'));
      }
    }
  });

  it('marks directories and keeps DOS timestamps', () => {
    const archive = openZip(
      corpus('oats-center-modus/examples/examples/enyart-east50-a_l_labs/soil/locations-shp.zip'),
      new DiagnosticCollector(),
    );
    expect(archive?.entries[0]).toMatchObject({ name: 'enyart-east50-locations-shp/', isDirectory: true });
    expect(archive?.files).toHaveLength(4);
    expect(archive?.files[0]?.dosDate).toBeGreaterThan(0);
  });

  it('decodes names as CP437 unless the UTF-8 flag is set', () => {
    const name = Uint8Array.of(0x7a, 0x81, 0x72, 0x69, 0x63, 0x68); // "zürich" in CP437
    const zip = craftZip([{ name: 'placeholder', data: new Uint8Array(1) }]);
    // Overwrite the 11-byte placeholder name in both headers with the CP437 bytes (padded with spaces).
    const patched = zip.slice();
    const padded = concatBytes([name, new Uint8Array(5).fill(0x20)]);
    patched.set(padded, 30);
    const directory = new DataView(patched.buffer).getUint32(patched.length - 6, true);
    patched.set(padded, directory + 46);
    const archive = openZip(patched, new DiagnosticCollector());
    expect(archive?.entries[0]?.name).toBe('zürich     ');
    const utf8 = openZip(
      writeZip([{ name: 'zürich.shp', bytes: new Uint8Array(2) }]),
      new DiagnosticCollector(),
    );
    expect(utf8?.entries[0]?.name).toBe('zürich.shp');
  });

  it('reads archives with data prepended (self-extractors)', () => {
    const zip = writeZip([{ name: 'a.txt', bytes: new TextEncoder().encode('hello') }]);
    const archive = openZip(concatBytes([new Uint8Array(1000).fill(0x4d), zip]), new DiagnosticCollector());
    expect(new TextDecoder().decode(archive?.read(archive.files[0]!))).toBe('hello');
  });

  it('refuses an archive whose declared total is over the limit; every read counts against the budget', () => {
    const data = new Uint8Array(4000).map((_, i) => i % 7);
    const zip = craftZip([
      { name: 'a', data },
      { name: 'b', data },
    ]);
    const over = new DiagnosticCollector();
    expect(openZip(zip, over, { limits: { maxTotalSize: 7999 } })).toBeUndefined();
    expect(over.diagnostics.map((d) => [d.code, d.messageId])).toEqual([['RXA003', 'total']]);

    // Unpacked bytes can never exceed the declared sizes (each entry is capped at its own), so the running
    // budget only bites when entries are read again.
    const c = new DiagnosticCollector();
    const archive = openZip(zip, c, { limits: { maxTotalSize: 8000 } })!;
    expect(archive.read(archive.files[0]!)).toHaveLength(4000);
    expect(archive.read(archive.files[1]!)).toHaveLength(4000);
    expect(archive.read(archive.files[0]!)).toBeUndefined();
    expect(c.diagnostics.map((d) => [d.code, d.messageId, d.location])).toEqual([
      ['RXA003', 'total', { entry: 'a' }],
    ]);
  });
});

describe('inflateCapped', () => {
  it('inflates within the cap and stops beyond it', async () => {
    const { deflateRawSync } = await import('node:zlib');
    const data = new Uint8Array(100_000).map((_, i) => (i * 31) % 256);
    const raw = new Uint8Array(deflateRawSync(data));
    expect(inflateCapped(raw, 100_000)).toEqual({ bytes: data, overflow: false });
    expect(inflateCapped(raw, 99_999).overflow).toBe(true);
  });
});

describe('unsafePathKind and crc32', () => {
  it('classifies names', () => {
    expect(unsafePathKind('zones/zones.shp')).toBeUndefined();
    expect(unsafePathKind('a/../b')).toBe('parent');
    expect(unsafePathKind('..\\b')).toBe('parent');
    expect(unsafePathKind('D:x')).toBe('absolute');
    expect(unsafePathKind('a\nb')).toBe('control');
  });

  it('computes the standard check value', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });
});

describe('writeZip', () => {
  it('writes archives that jszip reads back', async () => {
    const files = [
      { name: 'zones.shp', bytes: new Uint8Array(5000).fill(7) },
      { name: 'dir/', bytes: new Uint8Array(0) },
      { name: 'Düngung.dbf', bytes: new TextEncoder().encode('tiny') },
    ];
    const reference = await JSZip.loadAsync(writeZip(files));
    expect(Object.keys(reference.files)).toEqual(['zones.shp', 'dir/', 'Düngung.dbf']);
    expect(reference.files['dir/']?.dir).toBe(true);
    expect(await reference.file('zones.shp')?.async('uint8array')).toEqual(files[0]?.bytes);
    expect(await reference.file('Düngung.dbf')?.async('string')).toBe('tiny');
  });
});

describe('refusing entries', () => {
  it('refuses an entry with an error at the entry stage even when that rule is not selected', () => {
    const zip = craftZip([
      { name: '../evil.shp', data: new Uint8Array(10) },
      { name: 'inner.zip', data: new Uint8Array(10) },
    ]);
    const collector = new DiagnosticCollector({ ignore: ['RXA005'] });
    const archive = openZip(zip, collector);
    const [evil, inner] = archive?.entries ?? [];
    expect(evil?.refused).toBe('zip-unsafe-path');
    expect(archive?.read(evil!)).toBeUndefined();
    // A warning (a nested archive) is reported and the entry is still read.
    expect(collector.diagnostics.map((d) => d.code)).toEqual(['RXA007']);
    expect(inner?.refused).toBeUndefined();
    expect(archive?.read(inner!)).toEqual(new Uint8Array(10));
  });
});
