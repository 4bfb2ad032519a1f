import { describe, expect, it } from 'vitest';
import { encodeCsvText } from './csv-encoding.ts';
import { firstInvalidUtf8, LocatingUtf8Decoder, type InvalidUtf8 } from '../values/utf8.ts';
import {
  bytesToStream,
  cellOffset,
  CsvStreamReader,
  CsvTokenizer,
  guessDelimiter,
  tokenizeCsv,
  type CsvRow,
} from './csv-reader.ts';

async function readAll(bytes: Uint8Array, chunk: number, options = {}) {
  const reader = new CsvStreamReader(bytesToStream(bytes, chunk), { sampleBytes: 16, ...options });
  const rows = [];
  for await (const r of reader.rows()) rows.push(r);
  return { rows, info: reader.info };
}

describe('CSV tokenizer', () => {
  it('keeps quoted delimiters, doubled quotes and quoted line breaks (LF, CRLF, CR), with positions', () => {
    const text = 'a,b\r\n"x,1","say ""hi""\r\nthere"\r"last\nline",z\n';
    const rows = tokenizeCsv(text, ',');
    expect(rows.map((r) => r.cells.map((c) => c.value))).toEqual([
      ['a', 'b'],
      ['x,1', 'say "hi"\r\nthere'],
      ['last\nline', 'z'],
    ]);
    expect(rows.map((r) => r.line)).toEqual([1, 2, 4]);
    const z = rows[2]!.cells[1]!;
    expect([z.line, z.column]).toEqual([5, 7]);
    const hi = rows[1]!.cells[1]!;
    // Value offset 5 ("h") is past one doubled quote: one more character in the text.
    expect(text[cellOffset(hi, 5)]).toBe('h');
    expect(text.slice(hi.start, hi.end)).toBe('"say ""hi""\r\nthere"');
  });

  it('gives the same rows and positions whatever the chunk size, through a character split in two', async () => {
    const text = 'name;boundary\n"Gård";"POLYGON ((1 2, 3 4))"\r\nÅsa;"multi\nline"\n';
    const bytes = encodeCsvText(text, { encoding: 'utf-8', bom: false })!;
    const reference = (await readAll(bytes, 1 << 16)).rows;
    for (const chunk of [1, 2, 3, 5, 7]) {
      const { rows, info } = await readAll(bytes, chunk);
      expect(rows, `chunk ${chunk}`).toEqual(reference);
      expect(info.delimiter.delimiter).toBe(';');
    }
    expect(reference.map((r) => r.cells[0]!.value)).toEqual(['name', 'Gård', 'Åsa']);
  });

  it('skips rows of nothing but delimiters as it skips blank lines, and counts them', () => {
    const tokenizer = new CsvTokenizer(';');
    const rows = tokenizer.push('a;b\n;\n1;2\r\n ; \n"";\n', true);
    expect(rows.map((r) => [r.record, r.line, r.cells.map((c) => c.value)])).toEqual([
      [1, 1, ['a', 'b']],
      [2, 3, ['1', '2']],
      // A quoted empty cell is written on purpose: a row.
      [3, 5, ['', '']],
    ]);
    expect(tokenizer.skippedDelimiterRows).toEqual({
      count: 2,
      first: { start: 4, end: 5, line: 2, column: 1 },
    });
  });

  it('skips blank lines and reports an unterminated quote', () => {
    const rows = tokenizeCsv('a,b\n\n\n1,"open\n', ',');
    expect(rows).toHaveLength(2);
    expect(rows[1]!.unterminated).toBe(true);
    expect(rows[1]!.record).toBe(2);
  });
});

describe('encodings', () => {
  it('reads BOMs, falls back to Windows-1252 when not UTF-8, and can be forced', async () => {
    const text = 'name\nGérard\n';
    for (const [encoding, bom] of [
      ['utf-8', true],
      ['utf-16le', true],
      ['utf-16be', true],
    ] as const) {
      const { rows, info } = await readAll(encodeCsvText(text, { encoding, bom })!, 3);
      expect(rows[1]!.cells[0]!.value).toBe('Gérard');
      expect(info.encoding).toMatchObject({ encoding, bom: true, reason: 'bom' });
    }
    const latin = encodeCsvText(text, { encoding: 'windows-1252', bom: false })!;
    const guessed = await readAll(latin, 3);
    expect(guessed.rows[1]!.cells[0]!.value).toBe('Gérard');
    expect(guessed.info.encoding).toMatchObject({
      encoding: 'windows-1252',
      reason: 'fallback',
      invalidAt: 6,
    });
    const forced = await readAll(latin, 3, { encoding: 'utf-8' });
    expect(forced.rows[1]!.cells[0]!.value).toBe('G\ufffdrard');
  });

  it('finds the first byte that is not UTF-8, waiting for a sequence cut at the end', () => {
    expect(firstInvalidUtf8(new Uint8Array([0x41, 0xc3, 0xa9]), true)).toBe(-1);
    expect(firstInvalidUtf8(new Uint8Array([0x41, 0xc3]), false)).toBe(-1);
    expect(firstInvalidUtf8(new Uint8Array([0x41, 0xc3]), true)).toBe(1);
    expect(firstInvalidUtf8(new Uint8Array([0x41, 0xe9, 0x41]), false)).toBe(1);
    expect(firstInvalidUtf8(new Uint8Array([0xed, 0xa0, 0x80]), true)).toBe(0);
  });
});

describe('UTF-8 with bytes that are not UTF-8', () => {
  it('decodes as TextDecoder does, whatever the chunks, and says where each bad sequence was', () => {
    // Valid text around every kind of invalid sequence: a stray continuation, a lead without its
    // continuations, overlong forms, surrogates, bytes over U+10FFFF, a sequence cut at the very end.
    const bytes = new Uint8Array([
      ...[0x41, 0xc3, 0xa9, 0x80, 0x42, 0xe2, 0x82, 0x43, 0xe0, 0x80, 0x80, 0x44, 0xed, 0xa0, 0x80],
      ...[
        0x45, 0xf4, 0x90, 0x80, 0x80, 0x46, 0xf0, 0x9f, 0x98, 0x80, 0xff, 0xc0, 0xaf, 0x47, 0xf0, 0x9f, 0x98,
      ],
    ]);
    const expected = new TextDecoder().decode(bytes);
    for (let size = 1; size <= bytes.length; size++) {
      const found: InvalidUtf8[] = [];
      const decoder = new LocatingUtf8Decoder((p) => found.push(p));
      let text = '';
      for (let at = 0; at < bytes.length; at += size)
        text += decoder.decode(bytes.subarray(at, at + size), at + size >= bytes.length);
      expect(text, `chunks of ${size}`).toBe(expected);
      // Each report points at a U+FFFD of the text and at a byte that starts a bad sequence.
      expect(found.length).toBe([...expected].filter((c) => c === '\ufffd').length);
      for (const p of found) {
        expect(text[p.offset]).toBe('\ufffd');
        expect(firstInvalidUtf8(bytes.subarray(p.byte), true)).toBe(0);
      }
      expect(found.map((p) => p.byte).slice(0, 3)).toEqual([3, 5, 8]);
    }
  });

  it('drops a byte order mark only at the start', () => {
    const decoder = new LocatingUtf8Decoder(() => undefined);
    const bom = [0xef, 0xbb, 0xbf];
    expect(decoder.decode(new Uint8Array([bom[0]!]))).toBe('');
    expect(decoder.decode(new Uint8Array([bom[1]!, bom[2]!, 0x41, ...bom]), true)).toBe('A\ufeff');
  });
});

describe('delimiter guess', () => {
  it('ignores commas inside quoted WKT and is confirmed by expected headers', () => {
    const wkt = '"POLYGON ((1 2, 3 4, 5 6, 1 2))"';
    expect(guessDelimiter(`name;boundary\nA;${wkt}\nB;${wkt}\n`, true).delimiter).toBe(';');
    expect(guessDelimiter(`name\tboundary\nA\t${wkt}\n`, true).delimiter).toBe('\t');
    expect(guessDelimiter(`name|boundary\nA|${wkt}\n`, true).delimiter).toBe('|');
    // Unquoted WKT with commas in a semicolon file: the header decides.
    const score = (cells: readonly string[]): number =>
      cells.filter((c) => ['name', 'boundary'].includes(c)).length;
    expect(guessDelimiter('name;boundary\nA;POLYGON ((1 2, 3 4))\n', true, score).delimiter).toBe(';');
  });
});

/**
 * Characters the string searches of `run` examine (indexOf from its start to the match or the end, one per
 * charCodeAt): how much scanning a tokenizer does, counted, not timed.
 */
function scannedCharacters(run: () => void): number {
  const proto = String.prototype;
  const { indexOf, charCodeAt } = proto;
  let scanned = 0;
  proto.indexOf = function (this: string, search: string, from?: number): number {
    const at = indexOf.call(this, search, from);
    scanned += (at < 0 ? this.length : at + 1) - Math.max(0, from ?? 0);
    return at;
  };
  proto.charCodeAt = function (this: string, index: number): number {
    scanned++;
    return charCodeAt.call(this, index);
  };
  try {
    run();
  } finally {
    proto.indexOf = indexOf;
    proto.charCodeAt = charCodeAt;
  }
  return scanned;
}

describe('a huge cell', () => {
  const points = Array.from({ length: 20000 }, (_, i) => `${(-93 + i * 1e-6).toFixed(6)} 42.000000`);
  const wkt = `POLYGON ((${points.join(', ')}, ${points[0]}))`;

  /** The text in pieces of `size` characters, as the stream reader hands them to the tokenizer. */
  const pushed = (text: string, size: number, delimiter: ',' | ';') => {
    const tokenizer = new CsvTokenizer(delimiter);
    const rows = [];
    for (let at = 0; at < text.length; at += size)
      rows.push(...tokenizer.push(text.slice(at, at + size), at + size >= text.length));
    return rows;
  };

  for (const [name, text, delimiter] of [
    ['quoted, in a comma file', `name,boundary\nN,"${wkt}"\nM,x\n`, ','],
    ['unquoted, in a semicolon file', `name;boundary\nN;${wkt}\nM;x\n`, ';'],
  ] as const) {
    it(`is scanned once, not again for every chunk (${name})`, () => {
      let rows: CsvRow[] = [];
      const scanned = scannedCharacters(() => {
        rows = pushed(text, 1024, delimiter);
      });
      // A few passes over each character (quotes, and line breaks inside quotes); rescanning the unfinished
      // row at every one of the ~430 chunks examined about 200 times the text.
      expect(scanned).toBeLessThan(4 * text.length);
      expect(rows.map((r) => r.cells.map((c) => c.value))).toEqual([
        ['name', 'boundary'],
        ['N', wkt],
        ['M', 'x'],
      ]);
      expect(rows).toEqual(tokenizeCsv(text, delimiter));
    });
  }
});

describe('chunks', () => {
  it('give the same rows and positions cut anywhere: quotes, doubled quotes, CR, LF and CRLF at the cut', () => {
    const text =
      'a,b,c\r\n"x,1","say ""hi""\r\nthere",3\r"last\nline",z,""\n\n"q""",r"s",t\r\n' +
      '"un""clo\r\nsed,"x""\r\n"tail';
    const whole = tokenizeCsv(text, ',');
    expect(whole.map((r) => r.cells.map((c) => c.value))).toEqual([
      ['a', 'b', 'c'],
      ['x,1', 'say "hi"\r\nthere', '3'],
      ['last\nline', 'z', ''],
      ['q"', 'r"s"', 't'],
      ['un"clo\r\nsed,x""'],
      ['tail'],
    ]);
    for (let size = 1; size <= 9; size++) {
      const tokenizer = new CsvTokenizer(',');
      const rows = [];
      for (let at = 0; at < text.length; at += size)
        rows.push(...tokenizer.push(text.slice(at, at + size), at + size >= text.length));
      expect(rows, `pieces of ${size}`).toEqual(whole);
    }
  });
});
