import { describe, expect, it } from 'vitest';
import { decodeText, encodeText, sniffBom, type TextEncodingName } from './text-decoding.ts';
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
