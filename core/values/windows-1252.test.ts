import { describe, expect, it } from 'vitest';
import { decodeWindows1252, encodeWindows1252 } from './windows-1252.ts';

describe('Windows-1252', () => {
  it('reads 0x80–0x9F by the WHATWG table (Node 20’s TextDecoder reads them as C1 controls)', () => {
    expect(decodeWindows1252(Uint8Array.of(0x4f, 0x92, 0x42, 0x80, 0x93, 0x94, 0x96))).toBe('O’B€“”–');
    // The five bytes without a character keep their C1 code point, as the standard says.
    expect(decodeWindows1252(Uint8Array.of(0x81, 0x8d, 0x8f, 0x90, 0x9d))).toBe(
      '\u0081\u008d\u008f\u0090\u009d',
    );
  });

  it('writes back every byte it reads: all 256 round-trip', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect([...encodeWindows1252(decodeWindows1252(all))!]).toEqual([...all]);
  });
});
