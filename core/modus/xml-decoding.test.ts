import { describe, expect, it } from 'vitest';
import { XmlByteDecoder } from './xml-decoding.ts';
import { firstInvalidUtf8 } from '../values/utf8.ts';

function decodeAll(bytes: Uint8Array, chunk: number): { text: string; problem?: string; offset?: number } {
  const d = new XmlByteDecoder();
  let text = '';
  for (let i = 0; i < bytes.length; i += chunk) {
    const p = d.decode(bytes.subarray(i, i + chunk));
    text += p.text;
    if (p.problem) return { text, problem: p.problem.message, offset: p.problem.byteOffset };
  }
  const p = d.finish();
  text += p.text;
  return p.problem ? { text, problem: p.problem.message, offset: p.problem.byteOffset } : { text };
}

describe('XmlByteDecoder', () => {
  const doc = '<?xml version="1.0"?><a>é𝄞€ x</a>';
  const utf8 = new TextEncoder().encode(doc);

  it('decodes UTF-8 split anywhere, multi-byte characters included', () => {
    for (const size of [1, 2, 3, 5, 4096]) expect(decodeAll(utf8, size).text).toBe(doc);
  });

  it('drops a UTF-8 byte order mark and remembers it', () => {
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]);
    const d = new XmlByteDecoder();
    expect(d.decode(bom).text + d.finish().text).toBe(doc);
    expect(d.hadBom).toBe(true);
  });

  it('reads UTF-16 with a byte order mark and Latin-1 by declaration', () => {
    const u16 = new Uint8Array(2 + doc.length * 2 + 4);
    u16.set([0xff, 0xfe]);
    let k = 2;
    for (const c of doc) {
      const code = c.codePointAt(0) ?? 0;
      if (code > 0xffff) {
        const hi = 0xd800 + ((code - 0x10000) >> 10);
        const lo = 0xdc00 + ((code - 0x10000) & 0x3ff);
        u16.set([hi & 0xff, hi >> 8, lo & 0xff, lo >> 8], k);
        k += 4;
      } else {
        u16.set([code & 0xff, code >> 8], k);
        k += 2;
      }
    }
    expect(decodeAll(u16.subarray(0, k), 3).text).toBe(doc);
    const latin = new Uint8Array([
      ...new TextEncoder().encode('<?xml version="1.0" encoding="ISO-8859-1"?><a>'),
      0xe9,
      ...new TextEncoder().encode('</a>'),
    ]);
    expect(decodeAll(latin, 7).text).toContain('<a>é</a>');
  });

  it('reports the first invalid byte at its byte offset, after the text before it', () => {
    const bad = new Uint8Array([
      ...new TextEncoder().encode('<a>ok'),
      0xc3,
      0x28,
      ...new TextEncoder().encode('</a>'),
    ]);
    for (const size of [1, 4, 100]) {
      const r = decodeAll(bad, size);
      expect(r.offset).toBe(5);
      expect(r.text).toBe('<a>ok');
      expect(r.problem).toContain('0xC3');
    }
    const cut = decodeAll(new Uint8Array([0x3c, 0x61, 0x3e, 0xe2, 0x82]), 2);
    expect(cut.problem).toContain('ends inside a multi-byte');
  });

  it('finds invalid sequences (overlong, surrogates, stray continuation bytes)', () => {
    expect(firstInvalidUtf8(new Uint8Array([0x41, 0xc0, 0x80]))).toBe(1);
    expect(firstInvalidUtf8(new Uint8Array([0x41, 0xed, 0xa0, 0x80]))).toBe(1);
    expect(firstInvalidUtf8(new Uint8Array([0x41, 0x80]), false)).toBe(1);
    expect(firstInvalidUtf8(utf8)).toBe(-1);
  });
});
