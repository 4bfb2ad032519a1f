import { describe, expect, it } from 'vitest';
import { applyLineChanges, byteOffsetsOf, encodeIn, unwritableCharacter } from './byte-edits.ts';

/** A small deterministic generator, so a failing case can be replayed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('byteOffsetsOf', () => {
  it('finds where each character of the decoded text starts, whatever invalid UTF-8 the bytes hold', () => {
    // Bytes biased to the interesting ranges: ASCII, lead bytes, continuation bytes, surrogates, F4+.
    const pick = [
      0x41, 0x0a, 0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80, 0xed, 0xa0, 0xf4, 0x90, 0xff,
    ];
    for (let seed = 1; seed <= 300; seed++) {
      const next = random(seed);
      const bytes = Uint8Array.from({ length: 1 + Math.floor(next() * 40) }, () =>
        Math.floor(next() * 4) === 0 ? Math.floor(next() * 256) : pick[Math.floor(next() * pick.length)]!,
      );
      const text = new TextDecoder('utf-8').decode(bytes);
      const offsets = Array.from({ length: text.length + 1 }, (_, i) => i);
      const found = byteOffsetsOf(bytes, 'utf-8', offsets);
      // Decoding the bytes before each offset gives exactly the text before it: the offset is right (an
      // offset between the two halves of a surrogate pair splits no bytes, so is left out).
      for (const [i, at] of found.entries()) {
        const code = text.charCodeAt(i);
        if (code >= 0xdc00 && code <= 0xdfff) continue;
        const before = new TextDecoder('utf-8').decode(bytes.subarray(0, at));
        expect(before, `seed ${seed}, character ${i}`).toBe(text.slice(0, i));
      }
    }
  });

  it('skips a byte order mark, and counts two bytes a unit in UTF-16 and one in Windows-1252', () => {
    expect(byteOffsetsOf(Uint8Array.of(0xef, 0xbb, 0xbf, 0x41, 0x42), 'utf-8', [0, 1, 2])).toEqual([3, 4, 5]);
    expect(byteOffsetsOf(Uint8Array.of(0xff, 0xfe, 0x41, 0, 0x42, 0), 'utf-16le', [0, 1])).toEqual([2, 4]);
    expect(byteOffsetsOf(Uint8Array.of(0x4d, 0xfc, 0x6c), 'windows-1252', [1, 2])).toEqual([1, 2]);
  });
});

describe('encodeIn', () => {
  it('writes Windows-1252 (0x80–0x9F too: € ’ “ ”), and refuses what it cannot hold', () => {
    expect([...encodeIn('Müller €', 'windows-1252')!]).toEqual([
      0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72, 0x20, 0x80,
    ]);
    expect([...encodeIn('O’Brien “Nord”', 'windows-1252')!].filter((b) => b >= 0x80)).toEqual([
      0x92, 0x93, 0x94,
    ]);
    expect(encodeIn('Łódź', 'windows-1252')).toBeUndefined();
    expect(unwritableCharacter('Łódź', 'windows-1252')).toBe('Ł');
    expect(unwritableCharacter('Łódź', 'utf-8')).toBeUndefined();
  });
});

describe('applyLineChanges', () => {
  it('replaces a line on the bytes: other lines, their breaks and their bad bytes stay as they were', () => {
    const bytes = Uint8Array.of(
      ...new TextEncoder().encode('one\r\n'),
      0xff,
      ...new TextEncoder().encode('two\nthree'),
    );
    const done = applyLineChanges(bytes, [{ line: 2, text: 'zwei' }]);
    expect(done.ok).toBe(true);
    if (!done.ok) return;
    expect([...done.bytes]).toEqual([...new TextEncoder().encode('one\r\nzwei\nthree')]);
    const third = applyLineChanges(bytes, [{ line: 3, text: 'drei é' }]);
    expect(third.ok && [...third.bytes]).toEqual([
      ...new TextEncoder().encode('one\r\n'),
      0xff,
      ...new TextEncoder().encode('two\ndrei é'),
    ]);
  });

  it('writes UTF-16 files as UTF-16, and says which line is not there', () => {
    const utf16 = Uint8Array.of(0xff, 0xfe, 0x61, 0, 0x0a, 0, 0x62, 0);
    const done = applyLineChanges(utf16, [{ line: 2, text: 'é' }]);
    expect(done.ok && [...done.bytes]).toEqual([0xff, 0xfe, 0x61, 0, 0x0a, 0, 0xe9, 0]);
    expect(applyLineChanges(utf16, [{ line: 9, text: 'x' }])).toEqual({
      ok: false,
      change: 0,
      message: 'the file has no line 9',
    });
  });
});
