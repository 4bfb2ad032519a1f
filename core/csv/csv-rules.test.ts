import { describe, expect, it } from 'vitest';
import type { Diagnostic, Location, TextRange } from '../diagnostics/diagnostic.ts';
import { validateCsvBatch, type CsvBatchOptions } from './csv-batch.ts';
import { bytesToStream } from './csv-reader.ts';
import type { ReportDescriptor, Rule } from '../rules/rule.ts';
import { batchKindById } from './batch-kinds.ts';
import { ACRES_PER_HECTARE, areaAcres } from '../geodesy/area.ts';
import { applyTextFixes } from '../diagnostics/fix-application.ts';
import {
  csvCellValue,
  csvCellWhitespace,
  csvColumns,
  csvConflictingChanges,
  csvCrossRowRulesInReportOrder,
  csvDuplicateRow,
  csvEncodingGuessed,
  csvEnrolledTwice,
  csvFieldsOverlap,
  csvFileReference,
  csvHeader,
  csvNumber,
  csvRaggedRow,
  csvRulesInReportOrder,
} from './csv-rules.ts';
import type { CrossRowStage, CsvStage } from './csv-stages.ts';

const SQUARE = 'POLYGON ((-93.65 42.03, -93.64 42.03, -93.64 42.04, -93.65 42.04, -93.65 42.03))';
const SHIFTED = 'POLYGON ((-93.645 42.035, -93.635 42.035, -93.635 42.045, -93.645 42.045, -93.645 42.035))';
const FAR = 'POLYGON ((-93.55 42.03, -93.54 42.03, -93.54 42.04, -93.55 42.04, -93.55 42.03))';
const FIELDS = 'clientName,farmName,name,boundary,acres,source,userName';
const P1 = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const S = '9b2f3c1e-6a4d-4e8b-9c1a-2f3e4d5c6b7a';
const E = '0c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5';
const L1 = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';
const X1 = '6fa459ea-ee8a-4ca4-894e-db77e160355e';
const EN1 = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

async function check(text: string | Uint8Array, options: CsvBatchOptions = {}): Promise<Diagnostic[]> {
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
  return (await validateCsvBatch(bytesToStream(bytes, 7), options)).diagnostics;
}

const of = (ds: Diagnostic[], code: string, messageId?: string): Diagnostic[] =>
  ds.filter((d) => d.code === code && (messageId === undefined || d.messageId === messageId));

describe('CSV001 csv-encoding-guessed', () => {
  it('says a file that is not UTF-8 was read as Windows-1252', async () => {
    const latin = new TextDecoder('windows-1252').decode(new Uint8Array([0xe9]));
    const text = `${FIELDS}\nG${latin}rard,Home,North,"${SQUARE}",,,\n`;
    const bytes = new Uint8Array([...text].map((c) => (c === latin ? 0xe9 : c.charCodeAt(0))));
    const ds = await check(bytes);
    expect(of(ds, 'CSV001', 'fallback')).toHaveLength(1);
    // Its offset in the file, counted from 0 as offsets are (the line and column below count from 1).
    expect(of(ds, 'CSV001')[0]?.message).toBe(
      `Read as Windows-1252: the byte at offset ${bytes.indexOf(0xe9)} is not UTF-8`,
    );
    // The line and column of that byte (the "é" of "Gérard"), so the name can be found in the sheet.
    expect(of(ds, 'CSV001')[0]?.location.range?.start).toMatchObject({ line: 2, column: 2 });
    // Lines end at CR and CRLF too, as the rows' do.
    for (const end of ['\r', '\r\n']) {
      const other = await check(
        new Uint8Array([...bytes].flatMap((b) => (b === 10 ? [...end].map((c) => c.charCodeAt(0)) : [b]))),
      );
      expect(of(other, 'CSV001')[0]?.location.range?.start, JSON.stringify(end)).toMatchObject({
        line: 2,
        column: 2,
      });
    }
  });
  it('reports bytes further on that are not UTF-8 at their row and cell: an error in a name, a warning in an ignored column', async () => {
    const encode = (t: string): number[] => [...new TextEncoder().encode(t)];
    const rows = Array.from({ length: 1500 }, (_, i) => `Smith,Home,Field ${i},"${SQUARE}",,,,x\n`).join('');
    // Deep in the file (past the 64 KiB read to choose the encoding): "Gérard" saved as Windows-1252.
    const bytes = new Uint8Array([
      ...encode(`${FIELDS},Notes\n${rows}Smith,Home,G`),
      0xe9,
      ...encode(`rard,"${FAR}",,,,ok\nSmith,Home,Other,"${FAR}",,,,caf`),
      0xe9,
      ...encode('\n'),
    ]);
    const result = await validateCsvBatch(bytesToStream(bytes, 4096));
    const ds = of(result.diagnostics, 'CSV001');
    expect(ds.map((d) => [d.messageId, d.severity, d.location.row, d.location.field])).toEqual([
      ['damagedCell', 'error', 1501, 'name'],
      ['damagedCell', 'warning', 1502, 'Notes'],
    ]);
    const byte = bytes.indexOf(0xe9);
    expect(ds[0]!.message).toBe(
      `Row 1501, name: "G\ufffdrard" lost a character: the byte at offset ${byte} is not UTF-8 and was read as U+FFFD (\ufffd)`,
    );
    // The line and column of the lost character itself.
    expect(ds[0]!.location.range?.start).toMatchObject({ line: 1502, column: 13 });
    expect(ds[0]!.location.range?.end.column).toBe(14);
    expect(result.rows.find((r) => r.row === 1501)?.status).toBe('error');
  });

  it('reports a header damaged in a UTF-8 file with a byte order mark, and a U+FFFD already in a name', async () => {
    const encode = (t: string): number[] => [...new TextEncoder().encode(t)];
    const bytes = new Uint8Array([
      0xef,
      0xbb,
      0xbf,
      ...encode(`${FIELDS},N`),
      0xf6,
      ...encode(`tes\nSmith,Home,Gr\ufffdn,"${SQUARE}",,,,\n`),
    ]);
    const ds = of(await check(bytes), 'CSV001');
    expect(ds.map((d) => [d.messageId, d.severity, d.message])).toEqual([
      [
        'invalidLater',
        'warning',
        'Line 1: the byte at offset 60 is not UTF-8; it was read as U+FFFD (\ufffd)',
      ],
      [
        'replacementInCell',
        'error',
        'Row 1, name: "Gr\ufffdn" holds U+FFFD (\ufffd), a character lost before the file was read',
      ],
    ]);
    expect(ds[0]!.location.range?.start).toMatchObject({ line: 1, column: 58 });
  });
});

describe('CSV002 csv-ragged-row', () => {
  it('reports a row with too many cells, with expected and found counts', async () => {
    const ds = await check(`${FIELDS}\nSmith,Home,A,"${SQUARE}",,,,extra\n`);
    const d = of(ds, 'CSV002', 'ragged')[0];
    expect(d?.message).toBe('Row 1 has 8 cells; the header has 7');
    expect(d?.location.row).toBe(1);
  });
  it('reports an unterminated quote', async () => {
    const ds = await check(`${FIELDS}\nSmith,Home,A,"${SQUARE},,,\n`);
    expect(of(ds, 'CSV002', 'unterminated')).toHaveLength(1);
    // Opened early, the quote takes the rest of the row and the file: one error says so, not also a row
    // short of cells and a cell to trim.
    const early = await check(`${FIELDS}\nSmith,"Home,A,POLYGON EMPTY\nSmith,Home,B,POLYGON EMPTY\n`);
    expect(early.filter((d) => d.code.startsWith('CSV')).map((d) => `${d.code} ${d.messageId}`)).toEqual([
      'CSV002 unterminated',
    ]);
  });
  it('names a quote that ends its quoted text before the cell does, the likelier cause of cells too many', async () => {
    // The name's closing quote typed before its comma: the boundary's WKT is cut at its commas.
    const ds = await check(`${FIELDS}\nSmith,Home,"North 40,"${SQUARE},80,survey,jsmith\n`);
    const ragged = of(ds, 'CSV002', 'ragged');
    expect(ragged).toHaveLength(1);
    expect(ragged[0]!.hint).toBe(
      'In name, the quote at line 2, column 22 ends the quoted text, and "POLYGON ((-93.65 42.03" follows it up to the next delimiter: a quote inside a quoted value is written twice (""), and a cell\'s closing quote comes right before its delimiter.',
    );
    expect(ragged[0]!.related).toEqual([
      {
        message: 'the quote that ends the quoted text',
        location: expect.objectContaining({
          row: 1,
          range: expect.objectContaining({ start: expect.objectContaining({ line: 2, column: 22 }) }),
        }),
      },
    ]);
    // Spreadsheets read `"a"b` as ab: with the count of cells right, nothing is said.
    const fits = await check(`${FIELDS}\nSmith,Home,"North "40,"${SQUARE}",80,survey,jsmith\n`);
    expect(of(fits, 'CSV002', 'ragged')).toEqual([]);
  });
  it("skips rows made only of delimiters (Excel's ,,,,,, and ;;;;;;) with one note", async () => {
    for (const d of [',', ';']) {
      const row = `Smith${d}Home${d}A${d}"${SQUARE}"${d}${d}${d}`;
      const empty = d.repeat(6);
      const text = `${FIELDS.replaceAll(',', d)}\r\n${row}\r\n${empty}\r\n${row.replace('A', 'B').replace(SQUARE, FAR)}\r\n${empty}\r\n ${d} ${d}${d}${d}${d}${d}\r\n`;
      const result = await validateCsvBatch(bytesToStream(new TextEncoder().encode(text), 5));
      expect(result.rowCount, d).toBe(2);
      expect(result.rows.map((r) => [r.row, r.line])).toEqual([
        [1, 2],
        [2, 4],
      ]);
      // Nothing about the empty rows but the note: no blank names, no missing boundaries.
      expect(result.diagnostics.map((x) => `${x.code} ${x.severity}`)).toEqual(['CSV002 info']);
      const note = result.diagnostics[0]!;
      expect(note.message).toBe(
        '3 lines made only of delimiters were skipped, as blank lines are (the first is line 3)',
      );
      expect(note.location.range?.start).toMatchObject({ line: 3, column: 1 });
      expect(note.location.range?.end).toMatchObject({ line: 3, column: 7 });
    }
  });
});

describe('CSV003 csv-columns', () => {
  it('reports missing, extra and repeated columns and notes synonyms', async () => {
    const ds = await check(`Client,Farm,Field Name,WKT,Colour,Field\nSmith,Home,A,"${SQUARE}",red,B\n`, {
      kind: 'csv-fields',
    });
    expect(of(ds, 'CSV003', 'mapped').map((d) => d.message)).toContain('Column "WKT" is read as boundary');
    expect(of(ds, 'CSV003', 'extra')[0]?.location.field).toBe('Colour');
    expect(of(ds, 'CSV003', 'repeated')).toHaveLength(1);
    // The repeated column is said to repeat, not also to be no column of the kind: one warning per column.
    expect(
      of(ds, 'CSV003')
        .filter((d) => d.location.field === 'Field')
        .map((d) => d.messageId),
    ).toEqual(['repeated']);
    const missing = await check(`clientName,farmName,name\nSmith,Home,A\n`, { kind: 'csv-fields' });
    expect(of(missing, 'CSV003', 'missing')[0]?.message).toBe(
      'Column boundary is missing: csv-fields needs it',
    );
  });

  it('reads the headers of sheets from Europe (German, French, Dutch, Spanish, Swedish, Polish), accents or none', async () => {
    // Excel in Germany: semicolons, decimal commas, Windows-1252 ("Müller", "Fläche").
    const latin = (t: string): Uint8Array => new Uint8Array([...t].map((c) => c.charCodeAt(0)));
    const german = latin(
      `Kunde;Betrieb;Schlag;Grenze;Empfaenger\nM\xfcller GbR;Hof Sonnenberg;Gro\xdfe Wiese;"${SQUARE}";a@b.de\n`,
    );
    const sheets: Array<[string, string | Uint8Array]> = [
      ['German', german],
      ['French', `Client;Exploitation;Nom de la parcelle;Geometrie\nDupont;La Ferme;Les Prés;"${SQUARE}"\n`],
      [
        'French, curly apostrophe',
        `Client;Nom de l\u2019exploitation;Parcelle;Géométrie\nDupont;La Ferme;A;"${SQUARE}"\n`,
      ],
      ['Dutch', `Klant;Bedrijf;Perceel;Grens\nJansen;De Hoeve;Achterveld;"${SQUARE}"\n`],
      ['Spanish', `Cliente,Finca,Parcela,Geometría\nGarcía,El Olivar,Norte,"${SQUARE}"\n`],
      ['Swedish', `Kund;Gård;Skiftesnamn;Gräns\nLarsson;Norrgården;Västra;"${SQUARE}"\n`],
      ['Polish', `Klient;Gospodarstwo;Działka;Granica\nNowak;Zielony Dwór;Północ;"${SQUARE}"\n`],
    ];
    for (const [language, text] of sheets) {
      const result = await validateCsvBatch(
        bytesToStream(typeof text === 'string' ? new TextEncoder().encode(text) : text, 7),
        { records: true },
      );
      expect(result.kind, language).toBe('csv-fields');
      expect(of(result.diagnostics, 'CSV003', 'missing'), language).toEqual([]);
      expect(of(result.diagnostics, 'CSV003', 'extra'), language).toEqual([]);
      expect(of(result.diagnostics, 'CSV004'), language).toEqual([]);
      expect(
        of(result.diagnostics, 'CSV003', 'mapped').map((d) =>
          d.message.replace(/^Column "[^"]+" is read as /, ''),
        ),
        language,
      ).toEqual([
        'clientName',
        'farmName',
        'name',
        'boundary',
        ...(language === 'German' ? ['userName'] : []),
      ]);
      expect(
        result.diagnostics.filter((d) => d.severity === 'error'),
        language,
      ).toEqual([]);
    }
    const [record] = (await validateCsvBatch(bytesToStream(german, 7), { records: true })).records ?? [];
    // What is sent: the sheet's own names, read from its own headers.
    expect(record?.action).toMatchObject({
      call: 'uploadFields',
      userName: 'a@b.de',
      fields: [{ clientName: 'Müller GbR', farmName: 'Hof Sonnenberg', name: 'Große Wiese' }],
    });
    // Soil tests too: a file, its user and the date the samples were taken.
    const soil = await validateCsvBatch(
      bytesToStream(
        new TextEncoder().encode('Datei;Benutzer;Probenahmedatum\nsoil/a.xml;a@b.de;2026-04-15\n'),
        7,
      ),
      {},
    );
    expect(soil.kind).toBe('csv-soil-tests');
    expect(of(soil.diagnostics, 'CSV003', 'missing')).toEqual([]);
  });

  it('reads an area in hectares or square metres as acres, converted: checked as acres, sent as acres, fixed in its unit', async () => {
    const acres = areaAcres([[[-93.65, 42.03, -93.64, 42.03, -93.64, 42.04, -93.65, 42.04, -93.65, 42.03]]]);
    const headers: Array<[string, string, number]> = [
      ['Fläche (ha)', 'hectares', ACRES_PER_HECTARE],
      ['Fläche', 'hectares', ACRES_PER_HECTARE],
      ['Area (ha)', 'hectares', ACRES_PER_HECTARE],
      ['superficie', 'hectares', ACRES_PER_HECTARE],
      ['Fläche (m²)', 'square metres', 1 / 4046.8564224],
    ];
    for (const [header, unit, acresPer] of headers) {
      // Row 1 states the boundary's area in the column's unit (decimal comma), row 2 a number 50.
      const stated = (acres / acresPer).toFixed(2).replace('.', ',');
      const text = `Kunde;Betrieb;Schlag;Grenze;${header}\nSmith;Home;A;"${SQUARE}";${stated}\nSmith;Home;B;"${SQUARE}";50\n`;
      const result = await validateCsvBatch(bytesToStream(new TextEncoder().encode(text), 7), {
        records: true,
      });
      const ds = result.diagnostics;
      expect(of(ds, 'CSV003', 'extra'), header).toEqual([]);
      const [note] = of(ds, 'CSV003', 'unit');
      expect(note?.severity, header).toBe('info');
      expect(note?.message, header).toMatch(
        new RegExp(
          `^Column "${header.replace(/[()]/g, '\\$&')}" is read as acres, converted from ${unit} \\(acres = ${unit} `,
        ),
      );
      expect(of(ds, 'CSV003', 'mapped').map((d) => d.location.field)).not.toContain(header);
      // What is sent: acres.
      const sent = (row: number): unknown =>
        (result.records?.find((r) => r.row === row)?.action as { fields?: Array<{ acres?: number }> })
          ?.fields?.[0]?.acres;
      expect(sent(1), header).toBeCloseTo(acres, 1);
      expect(sent(2), header).toBeCloseTo(50 * acresPer, 3);
      // Row 1 agrees with its boundary; row 2 does not, said in acres and as written, fixed in the unit.
      const mismatches = of(ds, 'ACR001');
      expect(
        mismatches.map((d) => d.location.row),
        header,
      ).toEqual([2]);
      const symbol = unit === 'hectares' ? 'ha' : 'm²';
      expect(mismatches[0]?.message).toContain(`, from 50 ${symbol})`);
      const fixed = applyTextFixes(text, mismatches, ['unsafe']).text;
      const written = Number(fixed.split('\n')[2]?.split(';').pop()?.replace(',', '.'));
      expect(written * acresPer, header).toBeCloseTo(acres, 2);
    }
    // A value that reads two ways in a decimal-comma file ("92.123": 92123, or 92.123 typed with a point)
    // is told apart in acres, as any is, and said in the column's unit.
    const hectares = (acres / ACRES_PER_HECTARE).toFixed(3);
    const twoWays = await validateCsvBatch(
      bytesToStream(
        new TextEncoder().encode(
          `Kunde;Betrieb;Schlag;Grenze;Fläche (ha)\nSmith;Home;A;"${SQUARE}";${hectares}\n`,
        ),
        7,
      ),
      { records: true },
    );
    const [reading] = of(twoWays.diagnostics, 'CSV012');
    expect(reading?.severity).toBe('info');
    expect(reading?.message).toContain(
      `was read as ${Number(hectares)} (decimal point): it agrees with the boundary's ${(acres / ACRES_PER_HECTARE).toFixed(2)} ha (${acres.toFixed(2)} acres)`,
    );
    expect(of(twoWays.diagnostics, 'ACR001')).toEqual([]);
    const sentTwoWays = twoWays.records?.[0]?.action as { fields?: Array<{ acres?: number }> } | undefined;
    expect(sentTwoWays?.fields?.[0]?.acres).toBeCloseTo(acres, 1);

    // Hints name the column as the sheet does, in its unit.
    const notNumber = await check(`Kunde;Betrieb;Schlag;Grenze;Fläche (ha)\nSmith;Home;A;"${SQUARE}";viel\n`);
    expect(of(notNumber, 'FU003')[0]?.hint).toBe(
      'Give the area in "Fläche (ha)" (hectares) as a number, or leave "Fläche (ha)" (hectares) out.',
    );

    // Acres, and an "Area" alone (a US sheet's), are acres as they are.
    for (const header of ['Acres', 'Area', 'Area (ac)']) {
      const text = `Kunde;Betrieb;Schlag;Grenze;${header}\nSmith;Home;A;"${SQUARE}";50\n`;
      const result = await validateCsvBatch(bytesToStream(new TextEncoder().encode(text), 7), {
        records: true,
        mapping: { columns: { acres: header } },
      });
      expect(of(result.diagnostics, 'CSV003', 'unit'), header).toEqual([]);
      const action = result.records?.[0]?.action as { fields?: Array<{ acres?: number }> } | undefined;
      expect(action?.fields?.[0]?.acres, header).toBe(50);
    }
  });

  it('names the header that probably holds a missing column, by its values, and the mapping that reads it', async () => {
    // The header is read before the rows: the column whose values are WKT is found in the rows after it.
    const text = `clientName,farmName,name,Outline,Notes\nSmith,Home,A,"${SQUARE}",x\nSmith,Home,B,"${FAR}",y\n`;
    const result = await validateCsvBatch(bytesToStream(new TextEncoder().encode(text), 7), {
      kind: 'csv-fields',
    });
    const [missing] = of(result.diagnostics, 'CSV003', 'missing');
    expect(missing?.hint).toBe(
      'The file has "Outline" (its values are WKT geometry): map it to boundary (setting mapping={"kind":"csv-fields","columns":{"boundary":"Outline"}}; on the command line --mapping \'{"kind":"csv-fields","columns":{"boundary":"Outline"}}\'), or add a boundary column.',
    );
    const outline = of(result.diagnostics, 'CSV003', 'extra').find((d) => d.location.field === 'Outline');
    expect(outline?.hint).toMatch(
      /^Probably the missing boundary column \(its values are WKT geometry\): see its hint\. Columns of csv-fields: /,
    );
    expect(result.suggestedMapping).toEqual({
      kind: 'csv-fields',
      columns: { clientName: 'clientName', farmName: 'farmName', name: 'name', boundary: 'Outline' },
    });
    // Read with that mapping, the file lacks nothing.
    const again = await check(text, { mapping: result.suggestedMapping! });
    expect(of(again, 'CSV003', 'missing')).toEqual([]);
    expect(of(again, 'CSV003', 'mapped').map((d) => d.message)).toEqual([
      'Column "Outline" is read as boundary',
    ]);
    // A file without a header row: its first row's WKT is a value, not the name of a column to map.
    const headless = await check(`Smith,Home,A,"${SQUARE}"\nSmith,Home,B,"${FAR}"\n`, { kind: 'csv-fields' });
    const boundary = of(headless, 'CSV003', 'missing').find((d) => d.location.field === 'boundary');
    expect(boundary?.hint).toMatch(/^Add a boundary column, map one to it/);
  });

  it('names the optional column an ignored one probably is, when its values or its name say which', async () => {
    // Every required column there; "Contact" holds e-mail addresses, "Size" numbers written with a
    // decimal comma, "Ref" UUIDs (no optional column of csv-fields expects one).
    const text = `clientName;farmName;name;boundary;Contact;Size;Ref\nSmith;Home;A;"${SQUARE}";a@b.co;12,5;${P1}\nSmith;Home;B;"${FAR}";c@d.co;7;${S}\n`;
    const result = await validateCsvBatch(bytesToStream(new TextEncoder().encode(text), 7), {});
    const extra = (field: string) =>
      of(result.diagnostics, 'CSV003', 'extra').find((d) => d.location.field === field)?.hint;
    expect(extra('Contact')).toMatch(
      /^Probably userName, which the file does not give yet \(its values are e-mail addresses\): map it to userName \(setting mapping=\{"kind":"csv-fields","columns":\{"userName":"Contact"\}\}; on the command line --mapping '.*'\) to send it\. Columns of csv-fields: /,
    );
    expect(extra('Size')).toMatch(
      /^Probably acres, which the file does not give yet \(its values are numbers\)/,
    );
    expect(extra('Ref')).toMatch(/^Columns of csv-fields: /);
    expect(result.suggestedMapping?.columns).toMatchObject({ userName: 'Contact', acres: 'Size' });
    expect(of(result.diagnostics, 'CSV003', 'missing')).toEqual([]);
    // Read with it, both are sent.
    const again = await check(text, { mapping: result.suggestedMapping! });
    expect(of(again, 'CSV003', 'extra').map((d) => d.location.field)).toEqual(['Ref']);
    // A UUID column could be any of an enrollment's three optional ids: offered only where its name says
    // which ("Season" is the temporal entity), not by its values alone ("Ref").
    const enrollments = `experimentProtocolId,dimensionality,temporalPeriodTypeName,Ref,Season\n${P1},temporal,Season,${E},${S}\n`;
    const ids = await validateCsvBatch(bytesToStream(new TextEncoder().encode(enrollments), 7), {});
    const hints = new Map(of(ids.diagnostics, 'CSV003', 'extra').map((d) => [d.location.field, d.hint]));
    expect(hints.get('Ref')).toMatch(/^Columns of csv-enrollments-by-program: /);
    expect(hints.get('Season')).toMatch(
      /^Probably temporalEntityId, which the file does not give yet \(the header contains its name, and its values are UUIDs\)/,
    );
    expect(ids.suggestedMapping?.columns).toEqual({
      experimentProtocolId: 'experimentProtocolId',
      dimensionality: 'dimensionality',
      temporalPeriodTypeName: 'temporalPeriodTypeName',
      temporalEntityId: 'Season',
    });
  });
});

describe('CSV004 csv-header', () => {
  it('reports no header, an empty file, no data, title rows and bad mappings', async () => {
    expect(of(await check('a,b\n1,2\n'), 'CSV004', 'unknown')).toHaveLength(1);
    expect(of(await check(''), 'CSV004', 'empty')).toHaveLength(1);
    expect(of(await check(`${FIELDS}\n`), 'CSV004', 'noData')).toHaveLength(1);
    const title = await check(`Fields for spring\n${FIELDS}\nSmith,Home,A,"${SQUARE}",,,\n`);
    expect(of(title, 'CSV004', 'titleRow')[0]?.message).toContain('Line 1');
    const mapping = await check(`${FIELDS}\nSmith,Home,A,"${SQUARE}",,,\n`, {
      mapping: { columns: { colour: 'x' } },
    });
    expect(of(mapping, 'CSV004', 'mapping')).toHaveLength(1);
  });
});

describe('CSV005 csv-cell-whitespace', () => {
  it('offers a safe trim at the cell', async () => {
    const text = `${FIELDS}\nSmith ,Home,A,"${SQUARE}",,,\n`;
    const d = of(await check(text), 'CSV005', 'spaces')[0];
    expect(d?.fix?.safety).toBe('safe');
    const edit = d?.fix?.edits?.[0];
    expect(text.slice(edit?.start, edit?.end)).toBe('Smith ');
    expect(edit?.text).toBe('Smith');
  });
});

describe('CSV006 csv-cell-value', () => {
  it('reports words that are not a choice, with a safe case fix, and empty required cells', async () => {
    const head = 'enrollmentId,enrollmentType,action,experimentProtocolId';
    const ds = await check(
      `${head}\n${EN1},Program,update,${P1}\n${EN1.replace('7c', '8c')},program,,${P1}\n`,
    );
    const choice = of(ds, 'CSV006', 'choice')[0];
    expect(choice?.fix?.safety).toBe('safe');
    expect(choice?.fix?.after).toBe('program');
    expect(of(ds, 'CSV006', 'missing')[0]?.location.row).toBe(2);
  });
  it('points an empty userName of a file row at its cell (line and column, for a code frame)', async () => {
    const text = 'file,userName\nrx/a.zip,\n';
    const missing = of(await check(text), 'CSV006', 'missing')[0];
    expect(missing?.message).toBe('Row 1: userName is empty');
    expect(missing?.location.range?.start).toMatchObject({ line: 2, column: 10 });
  });
});

describe('CSV007 csv-file-reference', () => {
  const head = 'file,userName\n';
  it('reports missing, absolute and unreadable files, and attaches the file’s own errors', async () => {
    const resolveFile = async (p: string): Promise<Uint8Array | undefined> =>
      p === 'ok.zip' ? new Uint8Array([1, 2, 3]) : undefined;
    const checkFile = async () => ({
      kind: 'rx-zip',
      diagnostics: [
        {
          code: 'RXA001' as const,
          rule: 'zip-unreadable',
          group: 'zip-archive',
          severity: 'error' as const,
          messageId: 'notZip',
          message: 'The file is not a ZIP archive: x',
          location: {},
        },
      ],
    });
    const ds = await check(`${head}missing.zip,u\n/abs.zip,u\nok.zip,u\n`, { resolveFile, checkFile });
    expect(of(ds, 'CSV007', 'notFound')[0]?.location.row).toBe(1);
    expect(of(ds, 'CSV007', 'absolute')[0]?.location.row).toBe(2);
    expect(of(ds, 'CSV007', 'problems')[0]?.location.row).toBe(3);
    const attached = ds.find((d) => d.code === 'RXA001');
    expect(attached?.location).toMatchObject({ row: 3, entry: 'ok.zip' });
    // At the row's file cell, so a text report shows file:line:col and the row; the file's own place is
    // related, with the file's name.
    expect(attached?.location.range?.start).toMatchObject({ line: 4, column: 1 });
    expect(attached?.related?.[0]).toMatchObject({
      message: 'where in the file',
      location: { file: 'ok.zip' },
    });
    expect(of(await check(`${head}a.zip,u\n`), 'CSV007', 'unreadable')[0]?.severity).toBe('info');
  });
});

describe('CSV008 csv-duplicate-row', () => {
  it('reports a repeated row, ignoring case and spaces', async () => {
    const ds = await check(`${FIELDS}\nSmith,Home,A,"${SQUARE}",,,\nsmith,Home,A,"${SQUARE}",,,\n`);
    const d = of(ds, 'CSV008', 'duplicate')[0];
    expect(d?.message).toBe('Row 2 repeats row 1');
    expect(d?.location.range?.start).toMatchObject({ line: 3, column: 1 });
    expect(d?.related).toEqual([{ message: 'the row it repeats', location: { row: 1 } }]);
  });
  it('tells rows apart by every cell while a required column is not mapped yet', async () => {
    // A Finnish sheet: "Lohko" (the name) and "Raja" (the boundary) not mapped, only Client and Farm are.
    const head = 'Client;Farm;Lohko;Raja';
    const north = `Müller;Hof;Nord 1;${SQUARE}`;
    const south = `Müller;Hof;Süd;${FAR}`;
    const apart = await check(`${head}\n${north}\n${south}\n`);
    expect(of(apart, 'CSV003', 'missing').length).toBeGreaterThan(0);
    expect(of(apart, 'CSV008', 'duplicate')).toEqual([]);
    // The same row twice is still one row repeated.
    const twice = await check(`${head}\n${north}\n${north.replace('Hof', ' hof')}\n`);
    expect(of(twice, 'CSV008', 'duplicate').map((d) => d.message)).toEqual(['Row 2 repeats row 1']);
  });
});

describe('CSV009 csv-location-enrolled-twice', () => {
  it('reports one location enrolled twice for one experiment and season', async () => {
    const head =
      'experimentEnrollmentId,experimentName,locationId,experimentLocationStatus,dimensionality,startId,endId,temporalPeriodTypeName';
    const row = `${X1},Trial,${L1},NOMINATED,INTERVAL,${S},${E},GrowingSeason`;
    const ds = await check(`${head}\n${row}\n${row.replace('Trial', 'Trial B')}\n`);
    const twice = of(ds, 'CSV009', 'twice')[0];
    expect(twice?.location).toMatchObject({ row: 2, field: 'locationId' });
    expect(twice?.location.range?.start).toMatchObject({ line: 3, column: 46 });
    expect(twice?.related?.[0]?.location.range?.start).toMatchObject({ line: 2, column: 44 });
  });
});

describe('CSV010 csv-fields-overlap', () => {
  it('reports two overlapping fields of one farm, not of different farms', async () => {
    const text = `${FIELDS}\nSmith,Home,A,"${SQUARE}",,,\nSmith,Home,B,"${SHIFTED}",,,\nSmith,Other,C,"${SQUARE}",,,\nSmith,Home,D,"${FAR}",,,\n`;
    const ds = await check(text);
    const overlaps = of(ds, 'CSV010', 'overlap');
    expect(overlaps).toHaveLength(1);
    expect(overlaps[0]?.message).toBe('Field "B" (row 2) overlaps field "A" (row 1) of the same farm');
    // The range is the boundary cell of the later row; the related location the earlier row's.
    const at = (l: Location | undefined): string =>
      l?.range ? text.slice(l.range.start.offset, l.range.end.offset) : '(no range)';
    expect(at(overlaps[0]?.location)).toBe(SHIFTED);
    expect(overlaps[0]?.location.range?.start.line).toBe(3);
    expect(at(overlaps[0]?.related?.[0]?.location)).toBe(SQUARE);
  });

  it('names the features of both fields of an overlap or a repeated name, as the geometry rules do', async () => {
    const text = `${FIELDS}\nSmith,Home,A,"${SQUARE}",,,\nSmith,Home,B,"${FAR}",,,\nSmith,Home,C,"${SHIFTED}",,,\nSmith,Home,b,"${FAR}",,,\n`;
    const result = await validateCsvBatch(bytesToStream(new TextEncoder().encode(text), 7));
    const rowOf = (feature: number | undefined) =>
      feature === undefined ? undefined : result.features[feature]?.properties.row;
    const [overlap] = of(result.diagnostics, 'CSV010', 'overlap');
    expect(overlap?.location).toMatchObject({ row: 3, feature: 2 });
    expect(overlap?.related?.[0]?.location).toMatchObject({ row: 1, feature: 0 });
    const [duplicate] = of(result.diagnostics, 'FU005', 'duplicate');
    expect(duplicate?.location).toMatchObject({ row: 4, feature: 3 });
    expect(duplicate?.related?.[0]?.location).toEqual({ row: 2, feature: 1 });
    for (const d of [overlap, duplicate]) {
      expect(rowOf(d?.location.feature)).toBe(d?.location.row);
      expect(rowOf(d?.related?.[0]?.location.feature)).toBe(d?.related?.[0]?.location.row);
    }
    // Features not kept: each place still numbers its field's feature.
    const lean = await validateCsvBatch(bytesToStream(new TextEncoder().encode(text), 7), {
      keepFeatures: false,
    });
    expect(of(lean.diagnostics, 'FU005')[0]?.location.feature).toBe(3);
  });
  it('lists a field’s overlaps with earlier rows up to OVERLAPS_PER_FIELD, then says there are more', async () => {
    const { OVERLAPS_PER_FIELD: limit } = await import('./csv-cross-rows.ts');
    // Twelve rows of one pasted boundary: each overlaps every earlier one.
    const rows = Array.from({ length: 12 }, (_, i) => `Smith,Home,Copy ${i + 1},"${SQUARE}",,,`);
    const ds = await check(`${FIELDS}\n${rows.join('\n')}\n`);
    const perRow = (row: number) => of(ds, 'CSV010', 'overlap').filter((d) => d.location.row === row).length;
    expect(Array.from({ length: 12 }, (_, i) => perRow(i + 1))).toEqual([0, 1, 2, 3, 4, 5, 5, 5, 5, 5, 5, 5]);
    expect(limit).toBe(5);
    const crowded = of(ds, 'CSV010', 'crowded');
    expect(crowded.map((d) => d.location.row)).toEqual([6, 7, 8, 9, 10, 11, 12]);
    expect(crowded[0]?.message).toBe(
      'Field "Copy 6" (row 6) overlaps 5 or more fields of earlier rows of the same farm: only 5 are listed',
    );
  });
  it('notes when a farm let go comes back, not when the rows are sorted by farm', async () => {
    const { FARM_BUDGET, CrossRowChecks } = await import('./csv-cross-rows.ts');
    const { DiagnosticCollector } = await import('../rules/reporter.ts');
    const ring = new Float64Array([0, 0, 1, 0, 1, 1, 0, 0]);
    const rowRange = (row: number): TextRange => ({
      start: { offset: row * 10, line: row + 1, column: 1 },
      end: { offset: row * 10 + 9, line: row + 1, column: 10 },
    });
    const feed = (farmOf: (i: number) => string, count: number): InstanceType<typeof DiagnosticCollector> => {
      const collector = new DiagnosticCollector();
      const cross = new CrossRowChecks('csv-fields', collector);
      for (let i = 0; i < count; i++)
        cross.field(
          {
            format: 'csv',
            row: i + 1,
            location: { row: i + 1, range: rowRange(i + 1) },
            label: '',
            farmName: { kind: 'string', value: farmOf(i), location: {} },
          },
          i + 1,
          {
            valid: true,
            geometry: { polygons: [[ring.map((v) => v + i * 2)]] },
          },
        );
      cross.finish();
      return collector;
    };
    const interleaved = feed((i) => `f${i % 3}`, FARM_BUDGET + 2);
    const limited = of(interleaved.diagnostics, 'CSV010', 'limited');
    expect(limited).toHaveLength(1);
    // At the first row whose farm came back: the oldest farm (f0) was let go when the budget ran out.
    const back = Math.ceil((FARM_BUDGET + 1) / 3) * 3 + 1;
    expect(limited[0]?.location).toEqual({ row: back, range: rowRange(back) });
    const sorted = feed((i) => `f${Math.floor(i / 20)}`, FARM_BUDGET * 2);
    expect(of(sorted.diagnostics, 'CSV010', 'limited')).toEqual([]);
  });
});

describe('CSV011 csv-conflicting-changes', () => {
  it('reports contradicting changes of one enrollment', async () => {
    const head = 'enrollmentId,enrollmentType,action,experimentProtocolId';
    const other = P1.replace('3f', '4f');
    const ds = await check(
      `${head}\n${EN1},program,update,${P1}\n${EN1},program,update,${other}\n${EN1},program,remove,\n`,
    );
    const conflicts = of(ds, 'CSV011', 'conflict');
    expect(conflicts.map((d) => d.location.row)).toEqual([2, 3]);
    expect(conflicts[0]?.message).toContain('different values');
    // At the enrollmentId cell of the row, and the first change's cell as related: file:line:col for both.
    expect(conflicts.map((d) => d.location.range?.start.line)).toEqual([3, 4]);
    expect(conflicts[0]?.related?.[0]).toMatchObject({
      message: 'the first change of this enrollment',
      location: { row: 1, range: { start: { line: 2, column: 1 } } },
    });
  });
});

describe('CSV012 csv-number-two-ways', () => {
  // Numbers: decimal commas, thousands in groups of three, and the reading a value that reads two ways gets.
  /** A field CSV with the SQUARE boundary (227.2756 acres) and these acres, in a file delimited by `d`. */
  const fields = (d: ',' | ';' | '\t', ...acres: string[]): string =>
    `${FIELDS.replaceAll(',', d)}\n` +
    acres
      .map((a, i) => {
        const cell = d === ',' && a.includes(',') ? `"${a}"` : a;
        const wkt = i === 0 ? SQUARE : FAR;
        return ['Smith', 'Home', `F${i}`, d === ',' ? `"${wkt}"` : wkt, cell, '', ''].join(d);
      })
      .join('\n') +
    '\n';

  it('reads "227,28" and "227,4" as decimals in a semicolon file (Excel in most of Europe): no problem', async () => {
    const result = await validateCsvBatch(
      bytesToStream(new TextEncoder().encode(fields(';', '227,28', '227,4'))),
    );
    expect(result.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    expect(result.decimalMark).toBe(',');
    expect(result.features.map((f) => f.properties.statedAcres)).toEqual([227.28, 227.4]);
  });

  it('reads a quoted "227,4" in a comma file as 227.4, never as 2274', async () => {
    const ds = await check(fields(',', '227,28', '227,4'));
    expect(ds.filter((d) => d.severity !== 'info')).toEqual([]);
  });

  it('takes the reading of "227.276" that agrees with the boundary, and says so', async () => {
    for (const d of [';', ','] as const) {
      // In a semicolon file "227.276" could be 227276 (a point between thousands); in a comma file
      // "227,276" could be 227276. The boundary has 227.2756 acres.
      const value = d === ';' ? '227.276' : '227,276';
      const ds = await check(fields(d, value));
      expect(ds.map((x) => `${x.code} ${x.severity}`)).toEqual(['CSV012 info']);
      const note = ds[0]!;
      expect(note.message).toBe(
        `Row 1, acres: "${value}" was read as 227.276 (${d === ';' ? 'decimal point' : 'decimal comma'}): it agrees with the boundary's 227.28 acres; with ${d === ';' ? '"." as thousands separator' : '"," as thousands separator'} it would be 227276`,
      );
      expect(note.location).toMatchObject({ row: 1, field: 'acres' });
      expect(note.fix).toMatchObject({ safety: 'safe', after: d === ';' ? '227,276' : '227.276' });
    }
  });

  it("keeps the file's reading when neither agrees, warns, and calls acres 5 times off an error", async () => {
    const ds = await check(fields(',', '1,234'));
    expect(ds.map((x) => `${x.code} ${x.messageId} ${x.severity}`)).toEqual([
      'CSV012 twoWays warning',
      'ACR001 farOff error',
    ]);
    expect(ds[0]?.message).toBe(
      'Row 1, acres: "1,234" was read as 1234 ("," as thousands separator): the nearer to the boundary\'s 227.28 acres; with decimal comma it would be 1.234',
    );
    expect(ds[0]?.fix?.safety).toBe('unsafe');
    expect(ds[1]?.message).toBe(
      "The stated acres (1234) are 5.4 times the boundary's area (227.28 acres on the WGS 84 ellipsoid), more than 5 times off",
    );
  });

  it("keeps the file's reading when the boundary's area is not known", async () => {
    const bowtie = 'POLYGON ((-96 40, -95.99 40.01, -95.99 40, -96 40.01, -96 40))';
    const ds = await check(`${FIELDS.replaceAll(',', ';')}\nSmith;Home;A;${bowtie};1.234;;\n`);
    const note = of(ds, 'CSV012')[0];
    expect(note?.severity).toBe('warning');
    expect(note?.message).toContain(
      'was read as 1234 ("." as thousands separator): the file\'s decimal comma, as the boundary\'s area is not known',
    );
  });

  it('takes the decimal mark from --setting decimalMark, and writes fixes with it', async () => {
    const tab = fields('\t', '300,5');
    const ds = await check(tab, { decimalMark: ',' });
    const mismatch = of(ds, 'ACR001', 'mismatch')[0];
    expect(mismatch?.message).toContain('The stated acres (300.5)');
    // The fix, and the hint that tells what to write, write the area as the file writes numbers.
    expect(mismatch?.fix).toMatchObject({ before: '300,5', after: '227,2756' });
    expect(mismatch?.hint).toContain('set acres to 227,2756 (the unsafe fix)');
    // Its before is the cell as written, thousands separator and all, not the number written again.
    const grouped = of(await check(fields('\t', '1.100,5'), { decimalMark: ',' }), 'ACR001', 'mismatch')[0];
    expect(grouped?.fix).toMatchObject({ before: '1.100,5', after: '227,2756' });
  });
});

describe("the rules of a CSV batch's reading as visitors over its stage results", () => {
  const visit = (rule: Rule<CsvStage>, stage: CsvStage): ReportDescriptor[] => {
    const reports: ReportDescriptor[] = [];
    rule.check?.(stage, { report: (d) => reports.push(d) });
    return reports;
  };
  const at = (offset: number): TextRange['start'] => ({ offset, line: 2, column: offset - 9 });
  const row = (over: Partial<Extract<CsvStage, { stage: 'row' }>>): CsvStage => ({
    stage: 'row',
    row: 1,
    found: 7,
    expected: 7,
    start: 10,
    end: 60,
    unterminated: undefined,
    closedEarly: undefined,
    spaced: [],
    range: (start, end) => ({ start: at(start), end: at(end) }),
    ...over,
  });

  it('CSV005 trims a name but leaves the spaces around a boundary’s WKT alone', () => {
    const name = { column: 'name', value: ' North ', quoted: false, start: 20, end: 27 };
    const boundary = {
      column: 'boundary',
      value: ' POLYGON ((0 0, 1 0, 1 1, 0 0)) ',
      quoted: true,
      start: 30,
      end: 62,
    };
    const reports = visit(csvCellWhitespace, row({ spaced: [boundary, name] }));
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({
      messageId: 'spaces',
      location: { row: 1, field: 'name', range: { start: at(20), end: at(27) } },
      fix: { safety: 'safe', edits: [{ start: 20, end: 27, text: 'North' }] },
    });
  });

  it('CSV002 decides from the counts alone; a row that fits says nothing', () => {
    expect(visit(csvRaggedRow, row({}))).toEqual([]);
    expect(visit(csvRaggedRow, row({ found: 8 }))).toMatchObject([
      {
        messageId: 'ragged',
        data: { row: 1, found: 8, expected: 7 },
        location: { range: { start: at(10) } },
      },
    ]);
    expect(visit(csvRaggedRow, row({ unterminated: { column: '?', start: undefined } }))).toMatchObject([
      { messageId: 'unterminated', location: { row: 1 } },
    ]);
    expect(
      visit(csvCellWhitespace, { stage: 'end', kind: 'csv-fields', header: undefined, dataRows: 0 }),
    ).toEqual([]);
  });

  it('each reports what its stage result shows, and no other rule does', () => {
    const range = { start: at(10), end: at(60) };
    const reading = (value: number, written: string) => ({ value, how: 'decimal point', written });
    const cases: [Rule<CsvStage>, CsvStage, string[]][] = [
      [
        csvEncodingGuessed,
        {
          stage: 'encoding',
          encoding: { encoding: 'windows-1252', bom: false, reason: 'fallback', invalidAt: 9 },
        },
        ['fallback'],
      ],
      [
        csvEncodingGuessed,
        {
          stage: 'lostCharacter',
          row: 4,
          column: 'name',
          name: 'name',
          excerpt: 'G\ufffdrard',
          byte: 90,
          range,
        },
        ['damagedCell'],
      ],
      [csvRaggedRow, row({ found: 6 }), ['ragged']],
      [csvHeader, { stage: 'titleRow', line: 1, range }, ['titleRow']],
      [
        csvColumns,
        {
          stage: 'columns',
          kind: batchKindById('csv-fields')!,
          map: {
            byIndex: ['name'],
            index: new Map([['name', 0]]),
            renamed: [],
            repeated: [],
            missing: ['boundary'],
            unusable: [],
          },
          range,
          cells: [{ value: 'name', range }],
          suggested: [],
        },
        ['missing'],
      ],
      [
        csvCellWhitespace,
        row({ spaced: [{ column: 'name', value: 'A ', quoted: false, start: 12, end: 14 }] }),
        ['spaces'],
      ],
      [
        csvCellValue,
        {
          stage: 'cellValue',
          row: 2,
          column: 'action',
          location: { row: 2, field: 'action' },
          value: 'Delete',
          choices: ['update', 'remove'],
          readAs: 'remove',
          cell: { value: 'Delete', start: 30, end: 36 },
        },
        ['choice'],
      ],
      [
        csvFileReference,
        {
          stage: 'fileReference',
          row: 2,
          path: '/rx/a.zip',
          location: { row: 2 },
          facts: { found: 'absolute' },
        },
        ['absolute'],
      ],
      [
        csvNumber,
        {
          stage: 'acresTwoWays',
          row: 3,
          raw: '1.234',
          chosen: reading(1.234, '1,234'),
          other: reading(1234, '1234'),
          decimalMark: ',',
          area: '1.23',
          agrees: true,
          location: { row: 3, field: 'acres' },
          span: { start: 40, end: 45 },
        },
        ['twoWays'],
      ],
    ];
    expect(new Set(cases.map(([rule]) => rule))).toEqual(new Set(csvRulesInReportOrder));
    for (const [rule, stage, expected] of cases) {
      const found = csvRulesInReportOrder.flatMap((other) =>
        visit(other, stage).map((d) => `${other.meta.code}:${d.messageId}`),
      );
      expect(found, rule.meta.code).toEqual(expected.map((id) => `${rule.meta.code}:${id}`));
    }
  });

  it('CSV006 offers a safe fix for a case slip, an unsafe one for a word read as another, none for a word it cannot read', () => {
    type CellValue = Extract<CsvStage, { stage: 'cellValue' }>;
    const stage = (value: string, readAs: string | undefined): CellValue => ({
      stage: 'cellValue',
      row: 1,
      column: 'enrollmentType',
      location: { row: 1, field: 'enrollmentType' },
      value,
      choices: ['program', 'location'],
      readAs,
      cell: { value, start: 5, end: 5 + value.length },
    });
    expect(visit(csvCellValue, stage('program', 'program'))).toEqual([]);
    expect(visit(csvCellValue, stage('Program', 'program'))[0]?.fix?.safety).toBe('safe');
    expect(visit(csvCellValue, stage('removal', 'remove'))[0]?.fix?.safety).toBe('unsafe');
    expect(visit(csvCellValue, stage('prgram', undefined))[0]).not.toHaveProperty('fix');
    const user: CellValue = { ...stage('', undefined), column: 'userName', choices: undefined };
    expect(visit(csvCellValue, user)).toMatchObject([
      { messageId: 'missing', hint: 'Name the user who receives the file.' },
    ]);
  });
});

describe('the rules of the checks across rows as visitors over their stage results', () => {
  const visit = (rule: Rule<CrossRowStage>, stage: CrossRowStage): ReportDescriptor[] => {
    const reports: ReportDescriptor[] = [];
    rule.check?.(stage, { report: (d) => reports.push(d) });
    return reports;
  };
  const range = (line: number): TextRange => ({
    start: { offset: line * 10, line, column: 1 },
    end: { offset: line * 10 + 9, line, column: 10 },
  });
  const cellAt = (row: number, field: string): Location => ({ row, field, range: range(row + 1) });
  const changed = (action: string, firstAction: string, sameValues: boolean): CrossRowStage => ({
    stage: 'changedAgain',
    row: 5,
    enrollmentId: 'EN-1',
    action,
    firstAction,
    sameValues,
    location: cellAt(5, 'enrollmentId'),
    firstRow: 2,
    first: cellAt(2, 'enrollmentId'),
  });
  const field = (row: number, name: string) => ({ row, name, boundary: cellAt(row, 'boundary') });

  it('CSV008 points at the repeated row and the row it repeats', () => {
    expect(visit(csvDuplicateRow, { stage: 'repeatedRow', row: 7, firstRow: 3, range: range(8) })).toEqual([
      {
        messageId: 'duplicate',
        data: { row: 7, firstRow: 3 },
        location: { row: 7, range: range(8) },
        related: [{ message: 'the row it repeats', location: { row: 3 } }],
        hint: 'Delete the repeated row.',
      },
    ]);
  });

  it('CSV009 reports the second enrollment at its locationId cell, the first as related', () => {
    const reports = visit(csvEnrolledTwice, {
      stage: 'enrolledAgain',
      row: 4,
      locationId: 'L-1',
      experiment: 'X-1',
      location: cellAt(4, 'locationId'),
      firstRow: 1,
      first: cellAt(1, 'locationId'),
    });
    expect(reports).toMatchObject([
      {
        messageId: 'twice',
        data: { row: 4, locationId: 'L-1', experiment: 'X-1', firstRow: 1 },
        location: cellAt(4, 'locationId'),
        related: [{ message: 'the first enrollment of this location', location: cellAt(1, 'locationId') }],
      },
    ]);
  });

  it('CSV010 places an overlap at the later boundary and its point; a farm that came back is a note', () => {
    const overlap = visit(csvFieldsOverlap, {
      stage: 'fieldsOverlap',
      field: field(9, 'North 40 East'),
      other: field(2, 'North 40'),
      point: [-93.64, 42.03],
    });
    expect(overlap).toMatchObject([
      {
        messageId: 'overlap',
        data: { name: 'North 40 East', row: 9, otherName: 'North 40', otherRow: 2 },
        location: { ...cellAt(9, 'boundary'), point: [-93.64, 42.03] },
        related: [{ message: 'row 2', location: cellAt(2, 'boundary') }],
      },
    ]);
    expect(
      visit(csvFieldsOverlap, { stage: 'fieldCrowded', field: field(9, 'Copy'), limit: 5 }),
    ).toMatchObject([
      { messageId: 'crowded', data: { name: 'Copy', row: 9, limit: 5 }, location: cellAt(9, 'boundary') },
    ]);
    expect(
      visit(csvFieldsOverlap, { stage: 'farmCameBack', limit: 5000, location: { row: 6001 } }),
    ).toMatchObject([
      { messageId: 'limited', severity: 'info', data: { limit: 5000 }, location: { row: 6001 } },
    ]);
  });

  it('CSV011 decides which changes of one enrollment contradict each other, and says how', () => {
    const detail = (stage: CrossRowStage): unknown[] =>
      visit(csvConflictingChanges, stage).map((d) => d.data?.detail);
    expect(detail(changed('update', 'update', true))).toEqual([]);
    expect(detail(changed('update', 'update', false))).toEqual(['the two updates set different values']);
    expect(detail(changed('remove', 'remove', true))).toEqual(['it is removed twice']);
    expect(detail(changed('update', 'remove', true))).toEqual(['it is updated after it was removed']);
    expect(detail(changed('remove', 'update', true))).toEqual([
      'it is removed after an update in the same batch',
    ]);
    expect(visit(csvConflictingChanges, changed('remove', 'remove', true))).toMatchObject([
      {
        data: { row: 5, enrollmentId: 'EN-1', firstRow: 2 },
        location: cellAt(5, 'enrollmentId'),
        related: [{ message: 'the first change of this enrollment', location: cellAt(2, 'enrollmentId') }],
      },
    ]);
  });

  it('each reports what its stage result shows, and no other rule does', () => {
    const cases: [Rule<CrossRowStage>, CrossRowStage, string[]][] = [
      [csvDuplicateRow, { stage: 'repeatedRow', row: 2, firstRow: 1, range: range(3) }, ['duplicate']],
      [
        csvEnrolledTwice,
        {
          stage: 'enrolledAgain',
          row: 2,
          locationId: 'L',
          experiment: 'X',
          location: { row: 2 },
          firstRow: 1,
          first: { row: 1 },
        },
        ['twice'],
      ],
      [
        csvFieldsOverlap,
        { stage: 'fieldsOverlap', field: field(2, 'B'), other: field(1, 'A'), point: [0, 0] },
        ['overlap'],
      ],
      [csvFieldsOverlap, { stage: 'farmCameBack', limit: 10, location: { row: 12 } }, ['limited']],
      [csvConflictingChanges, changed('update', 'update', false), ['conflict']],
    ];
    expect(new Set(cases.map(([rule]) => rule))).toEqual(new Set(csvCrossRowRulesInReportOrder));
    for (const [rule, stage, expected] of cases) {
      const found = csvCrossRowRulesInReportOrder.flatMap((other) =>
        visit(other, stage).map((d) => `${other.meta.code}:${d.messageId}`),
      );
      expect(found, rule.meta.code).toEqual(expected.map((id) => `${rule.meta.code}:${id}`));
    }
  });
});
