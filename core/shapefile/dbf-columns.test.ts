import { describe, expect, it } from 'vitest';
import { dbfColumnNames } from './dbf-columns.ts';

/** A dBASE III header with these columns (C, 10 wide), no records. */
function dbfHeader(names: string[]): Uint8Array {
  const headerLength = 32 + 32 * names.length + 1;
  const bytes = new Uint8Array(headerLength);
  bytes[0] = 3;
  bytes[8] = headerLength & 0xff;
  bytes[9] = headerLength >> 8;
  names.forEach((name, i) => {
    bytes.set(new TextEncoder().encode(name), 32 + 32 * i);
    bytes[32 + 32 * i + 11] = 67;
    bytes[32 + 32 * i + 16] = 10;
  });
  bytes[headerLength - 1] = 0x0d;
  return bytes;
}

describe('dbfColumnNames', () => {
  it('reads the column names of a header, up to its terminator', () => {
    expect(dbfColumnNames(dbfHeader(['FIELD', 'FARM', 'Tgt_Rate_1']))).toEqual([
      'FIELD',
      'FARM',
      'Tgt_Rate_1',
    ]);
    const many = Array.from({ length: 255 }, (_, i) => `C${i}`);
    expect(dbfColumnNames(dbfHeader(many))).toEqual(many);
  });

  it('gives undefined for bytes that do not start like a table, and stops at a cut header', () => {
    expect(dbfColumnNames(new Uint8Array(10))).toBeUndefined();
    expect(dbfColumnNames(new Uint8Array(64))).toBeUndefined();
    expect(dbfColumnNames(dbfHeader(['A', 'B', 'C']).subarray(0, 70))).toEqual(['A']);
  });
});
