import { describe, expect, it } from 'vitest';
import { readShapefile } from '../../shapefile/read-shapefile.ts';
import { buildDbf, buildShapefile, square } from '../../../test/rx/build-shapefile.ts';

const files = buildShapefile({ records: [[square(0, 0, 1)]] });
const utf8 = (s: string) => new TextEncoder().encode(s);
const latin1 = (s: string) => Uint8Array.from([...s].map((c) => c.charCodeAt(0)));
const table = (encode: (s: string) => Uint8Array) =>
  buildDbf([{ name: 'NAME', type: 'C', length: 20 }], [['Düngung Süd']], 0, encode);
const check = (dbf: Uint8Array, cpg?: string) =>
  readShapefile(
    { shp: files.shp, dbf, ...(cpg !== undefined ? { cpg: utf8(cpg) } : {}) },
    { selection: { select: ['RXS013'] }, names: { dbf: 'z.dbf' } },
  );

describe('RXS013 dbf-text-encoding', () => {
  it('decodes text as the .cpg says, silently', () => {
    const r = check(table(utf8), 'UTF-8');
    expect(r.diagnostics).toEqual([]);
    expect(r.records[0]?.attributes.NAME).toBe('Düngung Süd');
    expect(r.encoding).toBe('UTF-8 (from .cpg)');
    expect(check(table(latin1), '1252').records[0]?.attributes.NAME).toBe('Düngung Süd');
  });

  it('warns about non-ASCII text without a .cpg', () => {
    const r = check(table(latin1));
    expect(r.diagnostics.map((d) => [d.messageId, d.location])).toEqual([['undeclared', { entry: 'z.dbf' }]]);
    expect(r.diagnostics[0]?.message).toBe(
      'Text fields hold non-ASCII characters but no .cpg states their encoding; they were read as ISO-8859-1',
    );
    expect(r.records[0]?.attributes.NAME).toBe('Düngung Süd');
  });

  it('warns about text that is not valid in the declared encoding, and about unknown .cpg names', () => {
    const bad = check(table(latin1), 'UTF-8');
    expect(bad.diagnostics.map((d) => [d.messageId, d.location])).toEqual([
      ['invalid', { entry: 'z.dbf', record: 1, row: 1, field: 'NAME' }],
    ]);
    const unknown = check(table(utf8), 'KLINGON-1');
    expect(unknown.diagnostics[0]?.message).toBe(
      'The .cpg names the encoding "KLINGON-1", which is not known; text is read as ISO-8859-1',
    );
  });
});
