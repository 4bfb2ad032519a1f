import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { zipMemberHead } from './zip-peek.ts';

const random = (n: number, seed: number): Uint8Array => {
  const out = new Uint8Array(n);
  let x = seed;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    // Text-like bytes (compressible) with some noise.
    out[i] = i % 7 === 0 ? x >>> 24 : 97 + ((x >>> 16) % 5);
  }
  return out;
};

describe('zipMemberHead', () => {
  it('gives the first bytes of the first matching member, stored or deflated, without reading the rest', () => {
    const big = random(300_000, 7);
    const small = random(50, 3);
    for (const level of [0, 6] as const) {
      const zip = zipSync({
        'a/readme.txt': [random(1000, 1), { level }],
        'a/zones.DBF': [big, { level }],
        'b/other.dbf': [small, { level }],
      });
      const isDbf = (n: string) => n.toLowerCase().endsWith('.dbf');
      expect(zipMemberHead(zip, isDbf, 8193)).toEqual(big.subarray(0, 8193));
      expect(zipMemberHead(zip, (n) => n === 'b/other.dbf', 8193)).toEqual(small);
      expect(zipMemberHead(zip, (n) => n.endsWith('.shp'), 100)).toBeUndefined();
    }
  });

  it('gives undefined for what is not a readable ZIP: no end record, a cut directory, an encrypted member', () => {
    const zip = zipSync({ 'z.dbf': [random(5000, 9), { level: 6 }] });
    const isDbf = (n: string) => n.endsWith('.dbf');
    expect(zipMemberHead(new Uint8Array(0), isDbf, 10)).toBeUndefined();
    expect(zipMemberHead(random(5000, 2), isDbf, 10)).toBeUndefined();
    // The end record points at a central directory that is not there any more.
    const cut = zip.slice();
    const eocd = cut.length - 22;
    new DataView(cut.buffer).setUint32(eocd + 16, cut.length - 30, true);
    expect(zipMemberHead(cut, isDbf, 10)).toBeUndefined();
    // The encryption flag set in the central directory entry.
    const encrypted = zip.slice();
    const view = new DataView(encrypted.buffer);
    const central = view.getUint32(encrypted.length - 22 + 16, true);
    view.setUint16(central + 8, view.getUint16(central + 8, true) | 1, true);
    expect(zipMemberHead(encrypted, isDbf, 10)).toBeUndefined();
    // Damaged deflate data: whatever came out before the damage, or undefined; never a throw.
    const damaged = zip.slice();
    damaged.fill(0xff, 40, 80);
    expect(() => zipMemberHead(damaged, isDbf, 4000)).not.toThrow();
  });

  it("reads through the reader's directory stage: data prepended to the archive shifts every offset", () => {
    const body = random(2000, 5);
    const zip = zipSync({ 'zones.dbf': [body, { level: 6 }] });
    // A self-extractor's stub before the archive: the stored offsets no longer point at the headers.
    const shifted = new Uint8Array(300 + zip.length);
    shifted.set(random(300, 11));
    shifted.set(zip, 300);
    expect(zipMemberHead(shifted, (n) => n.endsWith('.dbf'), 64)).toEqual(body.subarray(0, 64));
  });
});
