import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../test/support/seeded-random.ts';
import { DECODE_PIECE, decodeTextStream } from './decode-text-stream.ts';
import {
  decodeText,
  encodeText,
  sniffBom,
  TextChunkDecoder,
  type TextEncodingName,
} from './text-decoding.ts';
import { CsvStreamReader, bytesToStream } from '../csv/csv-reader.ts';
import { XmlByteDecoder } from '../modus/xml-decoding.ts';
import { sniffRootElement } from '../modus/modus-kind-info.ts';

const TEXT = '<Root>a,b</Root>\n';

function bytes(...parts: Array<number[] | Uint8Array>): Uint8Array {
  return new Uint8Array(parts.flatMap((p) => [...p]));
}

/** What each reader makes of the start of a file: the encoding it decodes with and whether a mark was seen. */
async function csvChoice(input: Uint8Array): Promise<{ encoding: string; bom: boolean }> {
  const reader = new CsvStreamReader(bytesToStream(input));
  for await (const row of reader.rows()) void row;
  return { encoding: reader.info.encoding.encoding, bom: reader.info.encoding.bom };
}

function xmlChoice(input: Uint8Array): { encoding: string; bom: boolean; text: string } {
  const decoder = new XmlByteDecoder();
  const text = decoder.decode(input).text + decoder.finish().text;
  return { encoding: decoder.encoding, bom: decoder.hadBom, text };
}

describe('sniffBom: the one byte order mark check of the text, CSV and XML readers', () => {
  const marked: Array<[TextEncodingName, number[]]> = [
    ['utf-8', [0xef, 0xbb, 0xbf]],
    ['utf-16le', [0xff, 0xfe]],
    ['utf-16be', [0xfe, 0xff]],
  ];

  for (const [encoding, mark] of marked) {
    it(`finds a ${encoding} mark, and every reader decodes by it and drops it`, async () => {
      const input = encodeText(TEXT, { encoding, bom: true });
      expect([...input.subarray(0, mark.length)]).toEqual(mark);
      expect(sniffBom(input)).toEqual({ encoding, length: mark.length });
      expect(decodeText(input)).toEqual({ text: TEXT, encoding, bom: true });
      expect(await csvChoice(input)).toEqual({ encoding, bom: true });
      expect(xmlChoice(input)).toEqual({ encoding, bom: true, text: TEXT });
      expect(sniffRootElement(input)).toBe('Root');
    });
  }

  it('finds none in bytes without a mark: UTF-8', async () => {
    const input = new TextEncoder().encode(TEXT);
    expect(sniffBom(input)).toBeUndefined();
    expect(sniffBom(new Uint8Array(0))).toBeUndefined();
    expect(decodeText(input)).toEqual({ text: TEXT, encoding: 'utf-8', bom: false });
    expect(await csvChoice(input)).toEqual({ encoding: 'utf-8', bom: false });
    expect(xmlChoice(input)).toEqual({ encoding: 'utf-8', bom: false, text: TEXT });
  });

  it('finds none in the first bytes of a mark that the input ends inside, or that other bytes follow', async () => {
    const truncated = [[0xef], [0xef, 0xbb], [0xff], [0xfe]].map((b) => bytes(b));
    const broken = [
      bytes([0xef, 0xbb, 0x41]),
      bytes([0xef, 0x41, 0xbf]),
      bytes([0xff, 0x41]),
      bytes([0xfe, 0x3c]),
    ];
    for (const input of [...truncated, ...broken]) {
      expect(sniffBom(input)).toBeUndefined();
      expect(decodeText(input).bom).toBe(false);
      expect(decodeText(input).encoding).toBe('utf-8');
      // Not UTF-8 either: CSV falls back to Windows-1252, XML reports the bytes; neither claims a mark.
      expect(await csvChoice(input)).toEqual({ encoding: 'windows-1252', bom: false });
      expect(xmlChoice(input).bom).toBe(false);
    }
  });

  it('reads a mark at the start only', () => {
    expect(sniffBom(bytes([0x41], [0xef, 0xbb, 0xbf]))).toBeUndefined();
    expect(sniffBom(bytes([0xef, 0xbb, 0xbf], [0xff, 0xfe]))).toEqual({ encoding: 'utf-8', length: 3 });
  });
});

describe('TextChunkDecoder: chunks decode to what the whole bytes decode to', () => {
  // Pieces that exercise the cut: ASCII, two- to four-byte characters, a mark, lone continuation bytes,
  // truncated and overlong sequences, bytes that are never UTF-8.
  const pieces: number[][] = [
    [0x41],
    [0x0a],
    [0xc3, 0xa9],
    [0xe2, 0x80, 0xa6],
    [0xf0, 0x9f, 0x8c, 0xbe],
    [0xef, 0xbb, 0xbf],
    [0x80],
    [0xbf, 0xbf],
    [0xe2, 0x82],
    [0xf0, 0x9f],
    [0xe0, 0x80, 0x80],
    [0xc0, 0xaf],
    [0xed, 0xa0, 0x80],
    [0xf4, 0x90, 0x80, 0x80],
    [0xff],
    [0xc2],
  ];

  function decodeInChunks(input: Uint8Array, next: () => number): string {
    const decoder = new TextChunkDecoder();
    let text = '';
    for (let at = 0; at < input.length;) {
      const size = Math.min(input.length - at, Math.floor(next() * 7));
      text += decoder.decode(input.subarray(at, at + size));
      at += size;
    }
    return text + decoder.end();
  }

  it('for 3,000 random byte strings cut at random places (UTF-8, with and without a mark)', () => {
    const next = seededRandom(20261124);
    for (let round = 0; round < 3000; round++) {
      const parts = next() < 0.3 ? [[0xef, 0xbb, 0xbf]] : [];
      const count = Math.floor(next() * 12);
      for (let i = 0; i < count; i++) parts.push(pieces[Math.floor(next() * pieces.length)] as number[]);
      const input = bytes(...parts);
      expect(decodeInChunks(input, next), `bytes ${[...input].join(',')}`).toBe(decodeText(input).text);
    }
  });

  it('for UTF-16 with its mark, and for files of fewer than three bytes', () => {
    const next = seededRandom(7);
    for (const encoding of ['utf-16le', 'utf-16be'] as const) {
      const input = encodeText('a\u00e9\u2026\ud83c\udf3e\n', { encoding, bom: true });
      expect(decodeInChunks(input, next)).toBe(decodeText(input).text);
    }
    for (const input of [bytes([]), bytes([0x41]), bytes([0xef, 0xbb]), bytes([0xc3, 0xa9])])
      expect(decodeInChunks(input, next)).toBe(decodeText(input).text);
  });
});

describe('decodeTextStream: big chunks decoded in pieces', () => {
  it('gives the text of the whole bytes when characters straddle the 64 KB pieces of a chunk', async () => {
    // "é…🌾" repeated: two-, three- and four-byte characters fall across every piece boundary of a chunk.
    const text = '\ufeffx' + 'a\u00e9\u2026\ud83c\udf3e'.repeat(30_000);
    const input = new TextEncoder().encode(text);
    expect(input.length).toBeGreaterThan(4 * DECODE_PIECE);
    for (const chunk of [input.length, 3 * DECODE_PIECE + 5, 1000]) {
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < input.length; at += chunk) controller.enqueue(input.slice(at, at + chunk));
          controller.close();
        },
      });
      let out = '';
      for await (const piece of decodeTextStream(stream)) out += piece;
      expect(out).toBe(decodeText(input).text);
    }
  });
});
