import { describe, expect, it } from 'vitest';
import { buildDbf, buildShapefile, square } from '../../test/rx/build-shapefile.ts';
import { readShapefile } from './read-shapefile.ts';

describe('RXS001 shp-header-invalid', () => {
  const files = buildShapefile({ records: [[square(0, 0, 1)]] });
  const check = (shp: Uint8Array, shx: Uint8Array = files.shx) =>
    readShapefile({ shp, shx }, { selection: { select: ['RXS001'] }, names: { shp: 'z.shp', shx: 'z.shx' } })
      .diagnostics;
  const patched = (bytes: Uint8Array, at: number, value: number, littleEndian: boolean) => {
    const copy = bytes.slice();
    new DataView(copy.buffer).setInt32(at, value, littleEndian);
    return copy;
  };

  it('accepts a well-formed header', () => {
    expect(check(files.shp)).toEqual([]);
  });

  it('reports a short file, a wrong file code, a wrong length and an unknown shape type', () => {
    expect(check(files.shp.subarray(0, 50))[0]).toMatchObject({
      messageId: 'tooShort',
      location: { entry: 'z.shp' },
    });
    expect(check(patched(files.shp, 0, 1234, false))[0]?.message).toBe(
      '.shp starts with file code 1234, not 9994: it is not a shapefile',
    );
    const long = new Uint8Array(files.shp.length + 4);
    long.set(files.shp);
    const length = check(long).find((d) => d.messageId === 'length');
    expect(length?.message).toBe(
      `.shp declares a length of ${files.shp.length} bytes but is ${long.length} bytes long`,
    );
    expect(check(patched(files.shp, 32, 7, true))[0]?.message).toBe('.shp declares the unknown shape type 7');
    expect(check(files.shp, patched(files.shx, 28, 999, true))[0]).toMatchObject({
      messageId: 'version',
      severity: 'warning',
      location: { entry: 'z.shx' },
    });
  });

  it('reports a .shx of another shape type', () => {
    const ds = check(files.shp, patched(files.shx, 32, 1, true));
    expect(ds.map((d) => [d.messageId, d.message])).toEqual([
      ['shxShapeType', 'The .shx declares shape type Point, the .shp Polygon'],
    ]);
  });
});

describe('RXS004 record-count-mismatch', () => {
  const two = buildShapefile({ records: [[square(0, 0, 1)], [square(1, 0, 1)]] });
  const one = buildShapefile({ records: [[square(0, 0, 1)]] });
  const check = (shx: Uint8Array, dbf: Uint8Array) =>
    readShapefile(
      { shp: two.shp, shx, dbf },
      { selection: { select: ['RXS004'] }, names: { shx: 'z.shx', dbf: 'z.dbf' } },
    ).diagnostics;

  it('accepts members with the same number of records', () => {
    expect(check(two.shx, two.dbf)).toEqual([]);
  });

  it('reports a .shx and a .dbf with fewer records', () => {
    const ds = check(one.shx, one.dbf);
    expect(ds.map((d) => [d.messageId, d.location, d.message])).toEqual([
      ['shx', { entry: 'z.shx' }, 'The .shp has 2 records, the .shx indexes 1'],
      ['dbf', { entry: 'z.dbf' }, 'The .shp has 2 records, the .dbf has 1'],
    ]);
  });
});

describe('RXS005 shx-index-mismatch', () => {
  const files = buildShapefile({ records: [[square(0, 0, 1)], [square(1, 0, 1)]] });
  const check = (shx: Uint8Array) =>
    readShapefile({ shp: files.shp, shx }, { selection: { select: ['RXS005'] }, names: { shx: 'z.shx' } })
      .diagnostics;

  it('accepts an index that matches the .shp', () => {
    expect(check(files.shx)).toEqual([]);
  });

  it('reports a record indexed at the wrong offset, with its record number', () => {
    const shx = files.shx.slice();
    new DataView(shx.buffer).setInt32(108, 60, false); // record 2 at byte 120
    const ds = check(shx);
    expect(ds.map((d) => [d.messageId, d.location])).toEqual([['offset', { entry: 'z.shx', record: 2 }]]);
    expect(ds[0]?.message).toBe(
      'The .shx says record 2 is at byte 120 with 128 bytes; in the .shp it is at byte 236 with 128 bytes',
    );
  });

  it('reports a .shx whose size is not 100 + 8 per record', () => {
    const shx = new Uint8Array(files.shx.length + 3);
    shx.set(files.shx);
    new DataView(shx.buffer).setInt32(24, shx.length / 2, false);
    expect(check(shx).map((d) => d.messageId)).toEqual(['size']);
  });
});

describe('RXS006 bbox-mismatch', () => {
  const files = buildShapefile({ records: [[square(0, 0, 1)], [square(1, 0, 1)]] });
  const check = (shp: Uint8Array, shx = files.shx) =>
    readShapefile({ shp, shx }, { selection: { select: ['RXS006'] }, names: { shp: 'z.shp', shx: 'z.shx' } })
      .diagnostics;
  const setDouble = (bytes: Uint8Array, at: number, v: number) => {
    const copy = bytes.slice();
    new DataView(copy.buffer).setFloat64(at, v, true);
    return copy;
  };

  it('accepts boxes that are the extent of the coordinates', () => {
    expect(check(files.shp)).toEqual([]);
  });

  it('reports a record box that misses points (error) and one that is only larger (warning)', () => {
    // Record 1 content starts at 108: type (4), then xmin, ymin, xmax, ymax.
    const misses = check(setDouble(files.shp, 108 + 4 + 16, 0.5)).filter((d) => d.messageId === 'record');
    expect(misses.map((d) => [d.severity, d.location, d.message])).toEqual([
      [
        'error',
        { entry: 'z.shp', record: 1 },
        'Record 1: its bounding box [0, 0, 0.5, 1] does not contain all its points ([0, 0, 1, 1])',
      ],
    ]);
    const loose = check(setDouble(files.shp, 108 + 4, -1)).filter((d) => d.messageId === 'recordLoose');
    expect(loose[0]).toMatchObject({ severity: 'warning', location: { entry: 'z.shp', record: 1 } });
  });

  it('reports header boxes of the .shp and the .shx', () => {
    const ds = check(setDouble(files.shp, 52, 1.5));
    expect(ds.map((d) => [d.messageId, d.severity, d.location])).toEqual([
      ['header', 'error', { entry: 'z.shp' }],
      ['headerLoose', 'warning', { entry: 'z.shx' }],
    ]);
    expect(ds[0]?.message).toBe(
      'The .shp header’s bounding box [0, 0, 1.5, 1] does not contain all records ([0, 0, 2, 1])',
    );
  });
});

describe('RXS007 shp-record-malformed', () => {
  const files = buildShapefile({ records: [[square(0, 0, 1)], [square(1, 0, 1)]] });
  const check = (shp: Uint8Array) =>
    readShapefile({ shp }, { selection: { select: ['RXS007'] }, names: { shp: 'z.shp' } }).diagnostics;
  const setInt = (bytes: Uint8Array, at: number, v: number, le: boolean) => {
    const copy = bytes.slice();
    new DataView(copy.buffer).setInt32(at, v, le);
    return copy;
  };

  it('accepts well-formed records', () => {
    expect(check(files.shp)).toEqual([]);
  });

  it('reports a record cut short, with its number', () => {
    const cut = check(files.shp.subarray(0, files.shp.length - 10));
    expect(cut.map((d) => [d.messageId, d.location])).toEqual([['truncated', { entry: 'z.shp', record: 2 }]]);
    expect(cut[0]?.message).toBe('Record 2 runs past the end of the .shp (it needs 128 bytes, 118 are left)');
  });

  it('reports counts that do not fit the record, without allocating them', () => {
    // Record 1: numPoints at content offset 40 → 1,000,000 points.
    const ds = check(setInt(files.shp, 108 + 40, 1_000_000, true));
    expect(ds.map((d) => [d.messageId, d.location, d.message])).toEqual([
      [
        'content',
        { entry: 'z.shp', record: 1 },
        'Record 1: 1 parts and 1000000 points need 16000048 bytes, but the record has 128',
      ],
    ]);
  });

  it('reports a record number that is not its position (warning)', () => {
    const ds = check(setInt(files.shp, 100 + 136, 7, false));
    expect(ds.map((d) => [d.messageId, d.severity, d.location])).toEqual([
      ['number', 'warning', { entry: 'z.shp', record: 2 }],
    ]);
  });
});

describe('RXS008 record-shape-type-mismatch', () => {
  const files = buildShapefile({ records: [[square(0, 0, 1)], null] });
  const check = (shp: Uint8Array) =>
    readShapefile({ shp }, { selection: { select: ['RXS008'] }, names: { shp: 'z.shp' } }).diagnostics;

  it('accepts records of the header type, and Null records', () => {
    expect(check(files.shp)).toEqual([]);
  });

  it('reports a record of another type', () => {
    const shp = files.shp.slice();
    new DataView(shp.buffer).setInt32(108, 3, true); // record 1 says PolyLine
    const ds = check(shp);
    expect(ds.map((d) => [d.messageId, d.location, d.message])).toEqual([
      [
        'mismatch',
        { entry: 'z.shp', record: 1 },
        'Record 1 is a PolyLine, but the file header declares Polygon',
      ],
    ]);
  });
});

describe('RXS010 dbf-header-invalid', () => {
  const files = buildShapefile({ records: [[square(0, 0, 1)], [square(1, 0, 1)]] });
  const check = (dbf: Uint8Array) =>
    readShapefile({ shp: files.shp, dbf }, { selection: { select: ['RXS010'] }, names: { dbf: 'z.dbf' } })
      .diagnostics;

  it('accepts a consistent table', () => {
    expect(check(files.dbf)).toEqual([]);
  });

  it('reports a table cut short, and one holding fewer records than declared', () => {
    expect(check(files.dbf.subarray(0, 20)).map((d) => [d.messageId, d.location])).toEqual([
      ['tooShort', { entry: 'z.dbf' }],
    ]);
    const fewer = check(files.dbf.subarray(0, files.dbf.length - 12));
    expect(fewer.map((d) => d.message)).toEqual(['The .dbf declares 2 records but holds only 1']);
  });

  it('reports a record length that disagrees with the fields', () => {
    const dbf = files.dbf.slice();
    new DataView(dbf.buffer).setUint16(10, 20, true);
    expect(check(dbf)[0]?.message).toBe(
      'The .dbf header is inconsistent: the record length is 20 bytes, but the fields add up to 11 (1 flag byte + 10)',
    );
  });

  it('reports a repeated field name', () => {
    const dbf = buildDbf(
      [
        { name: 'RATE', type: 'N', length: 5 },
        { name: 'rate', type: 'N', length: 5 },
      ],
      [[1, 2]],
    );
    expect(check(dbf).map((d) => [d.messageId, d.location])).toEqual([
      ['duplicateField', { entry: 'z.dbf', field: 'rate' }],
    ]);
  });
});

describe('RXS011 dbf-value-invalid', () => {
  const files = buildShapefile({ records: [[square(0, 0, 1)], [square(1, 0, 1)]] });
  const fields = [
    { name: 'RATE', type: 'N', length: 8, decimals: 2 },
    { name: 'DAY', type: 'D', length: 8 },
    { name: 'OK', type: 'L', length: 1 },
  ] as const;
  const check = (rows: (string | number | boolean | null)[][]) =>
    readShapefile(
      { shp: files.shp, dbf: buildDbf([...fields], rows) },
      { selection: { select: ['RXS011'] }, names: { dbf: 'z.dbf' } },
    );

  it('accepts values of their field types, and empty values', () => {
    const r = check([
      ['12.50', '20240501', 'T'],
      [null, null, '?'],
    ]);
    expect(r.diagnostics).toEqual([]);
    expect(r.records.map((x) => x.attributes)).toEqual([
      { RATE: 12.5, DAY: '20240501', OK: true },
      { RATE: null, DAY: null, OK: null },
    ]);
  });

  it('reports each value that does not fit, by record and field', () => {
    const r = check([
      ['12,5', '1.5.2024', 'X'],
      ['7', '20240501', 'F'],
    ]);
    expect(r.diagnostics.map((d) => [d.messageId, d.location, d.message])).toEqual([
      [
        'number',
        { entry: 'z.dbf', record: 1, row: 1, field: 'RATE' },
        'Record 1, field RATE: "12,5" is not a number',
      ],
      [
        'date',
        { entry: 'z.dbf', record: 1, row: 1, field: 'DAY' },
        'Record 1, field DAY: "1.5.2024" is not a date (YYYYMMDD)',
      ],
      [
        'logical',
        { entry: 'z.dbf', record: 1, row: 1, field: 'OK' },
        'Record 1, field OK: "X" is not a logical value (T/F/Y/N/?)',
      ],
    ]);
    expect(r.records[0]?.attributes.RATE).toBeNull();
  });
});

describe('RXS012 dbf-deleted-record', () => {
  const files = buildShapefile({ records: [[square(0, 0, 1)], [square(1, 0, 1)]] });
  const check = (dbf: Uint8Array) =>
    readShapefile({ shp: files.shp, dbf }, { selection: { select: ['RXS012'] }, names: { dbf: 'z.dbf' } });

  it('accepts active rows', () => {
    expect(check(files.dbf).diagnostics).toEqual([]);
  });

  it('reports a row flagged deleted, and an unknown flag byte', () => {
    const dbf = files.dbf.slice();
    const header = new DataView(dbf.buffer).getUint16(8, true);
    dbf[header + 11] = 0x2a; // row 2: "*"
    dbf[header] = 0x41; // row 1: "A"
    const r = check(dbf);
    expect(r.diagnostics.map((d) => [d.messageId, d.severity, d.location])).toEqual([
      ['flag', 'warning', { entry: 'z.dbf', record: 1, row: 1 }],
      ['deleted', 'warning', { entry: 'z.dbf', record: 2, row: 2 }],
    ]);
    expect(r.records[1]?.deleted).toBe(true);
  });
});

describe('RXS013 dbf-text-encoding', () => {
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
