import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import {
  DEFAULT_SPREADSHEET_FORMAT,
  spreadsheetCsvBytes,
  spreadsheetCsvText,
  spreadsheetFormatFor,
} from './spreadsheet-csv.ts';

const rows = [
  ['name', 'acres', 'message'],
  ['Gård Söder', '227,28', '=1+1 is not a name'],
  ['North; South', 'say "hi"', 'two\nlines'],
];

describe('spreadsheet CSV', () => {
  it('follows the input: Windows-1252 without a mark, UTF-8 and UTF-16 with one, the same delimiter', () => {
    expect(spreadsheetFormatFor({ encoding: 'windows-1252', delimiter: ';' })).toEqual({
      encoding: 'windows-1252',
      delimiter: ';',
      bom: false,
      sepLine: false,
    });
    expect(spreadsheetFormatFor({ encoding: 'utf-8', delimiter: '\t' })).toMatchObject({
      bom: true,
      delimiter: '\t',
    });
    expect(spreadsheetFormatFor({ encoding: 'utf-16le', delimiter: ',' })).toMatchObject({ bom: true });
    expect(spreadsheetFormatFor()).toEqual(DEFAULT_SPREADSHEET_FORMAT);
    expect(spreadsheetFormatFor({ encoding: 'ebcdic', delimiter: '#' })).toEqual(DEFAULT_SPREADSHEET_FORMAT);
  });

  it('writes Windows-1252 ; bytes that read back as the same cells, defused and quoted', () => {
    const { bytes, format } = spreadsheetCsvBytes(
      rows,
      spreadsheetFormatFor({ encoding: 'windows-1252', delimiter: ';' }),
    );
    expect(format.encoding).toBe('windows-1252');
    expect(bytes[21]).toBe(0xe5); // å of Gård as one Windows-1252 byte
    expect(new TextDecoder('windows-1252').decode(bytes)).toBe(
      'name;acres;message\r\nGård Söder;227,28;\'=1+1 is not a name\r\n"North; South";"say ""hi""";"two\nlines"\r\n',
    );
  });

  it('spells what Windows-1252 lacks with look-alikes in reports, else falls back to UTF-8 with a mark', () => {
    const arrow = [['fix', '"a" → "b" (≥ 2)']];
    const format = spreadsheetFormatFor({ encoding: 'windows-1252', delimiter: ';' });
    const spelt = spreadsheetCsvBytes(arrow, format, { lookAlikes: true });
    expect(spelt.format.encoding).toBe('windows-1252');
    expect(new TextDecoder('windows-1252').decode(spelt.bytes)).toBe('fix;"""a"" -> ""b"" (>= 2)"\r\n');
    const fallback = spreadsheetCsvBytes([['name', '田中']], format);
    expect(fallback.format).toEqual({ encoding: 'utf-8', delimiter: ';', bom: true, sepLine: false });
    expect([...fallback.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(fallback.bytes)).toBe('name;田中\r\n');
  });

  it('writes UTF-16 LE with its mark, and sep= only without a mark (Excel would then ignore the mark)', () => {
    const utf16 = spreadsheetCsvBytes([['a', 'b']], {
      encoding: 'utf-16le',
      delimiter: '\t',
      bom: true,
      sepLine: true,
    });
    expect([...utf16.bytes.slice(0, 2)]).toEqual([0xff, 0xfe]);
    expect(new TextDecoder('utf-16le').decode(utf16.bytes)).toBe('a\tb\r\n');
    expect(spreadsheetCsvText([['a', 'b']], { delimiter: ';', bom: false, sepLine: true })).toBe(
      'sep=;\r\na;b\r\n',
    );
  });

  it('keeps data as given for a file to submit (defuse: false)', () => {
    expect(
      spreadsheetCsvText(
        [['-North', '=x', "'y"]],
        { delimiter: ',', bom: false, sepLine: false },
        { defuse: false },
      ),
    ).toBe("-North,=x,'y\r\n");
  });
});

describe('values read again from a streamed file', () => {
  it('are the text at each range, decoded as the check decoded it, wherever the chunks cut', async () => {
    const { readValuesAt } = await import('./values-from-stream.ts');
    const text = 'name;acres\r\nGård;227,28\r\nNörd;"two\r\nlines"\r\n';
    const bytes = new Uint8Array([...text].map((c) => c.charCodeAt(0)));
    const at = (start: number, end: number): Diagnostic => ({
      code: 'CSV001',
      rule: 'x',
      group: 'g',
      severity: 'error',
      messageId: 'm',
      message: 'm',
      location: {
        range: { start: { offset: start, line: 1, column: 1 }, end: { offset: end, line: 1, column: 1 } },
      },
    });
    const wanted = [at(17, 23), at(12, 16), at(31, 41), at(0, 4)];
    for (const size of [1, 3, 64]) {
      let i = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(c) {
          if (i >= bytes.length) c.close();
          else c.enqueue(bytes.subarray(i, (i += size)));
        },
      });
      const values = await readValuesAt(stream, 'windows-1252', wanted);
      expect(
        wanted.map((d) => values.get(d)),
        `chunks of ${size}`,
      ).toEqual(['227,28', 'Gård', 'two lines', 'name']);
    }
  });
});
