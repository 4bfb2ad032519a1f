import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { officeDocumentOf, officeDocumentReason } from './office-document.ts';
import { writeZip } from './zip-writer.ts';

const text = (s: string): Uint8Array => new TextEncoder().encode(s);
const part = (name: string, body = '<?xml version="1.0"?><x/>') => ({ name, bytes: text(body) });

/** The parts Excel writes first, in its order. */
const workbook = writeZip([
  part('[Content_Types].xml'),
  part('_rels/.rels'),
  part('xl/workbook.xml'),
  part('xl/_rels/workbook.xml.rels'),
  part('xl/worksheets/sheet1.xml'),
  part('xl/sharedStrings.xml'),
]);

describe('officeDocumentOf', () => {
  it('tells an Excel workbook, an OpenDocument spreadsheet and other office files by their first members', () => {
    expect(officeDocumentOf(workbook)).toEqual({ what: 'an Excel workbook (.xlsx)', spreadsheet: true });
    // What detection sees of a streamed file: its first bytes only, the central directory out of reach.
    expect(officeDocumentOf(workbook.subarray(0, 400))?.spreadsheet).toBe(true);
    // OpenDocument: "mimetype" first, stored.
    const ods = zipSync({
      mimetype: [text('application/vnd.oasis.opendocument.spreadsheet'), { level: 0 }],
      'content.xml': text('<?xml version="1.0"?><x/>'),
    });
    expect(officeDocumentOf(ods)).toEqual({ what: 'an OpenDocument spreadsheet (.ods)', spreadsheet: true });
    const docx = writeZip([part('[Content_Types].xml'), part('_rels/.rels'), part('word/document.xml')]);
    expect(officeDocumentOf(docx)).toEqual({ what: 'a Word document (.docx)', spreadsheet: false });
  });

  it('goes by the extension where the members after the parts list cannot be reached', () => {
    // Sizes after the data (flag bit 3): the walk stops at the first member, [Content_Types].xml.
    const streamed = workbook.slice();
    streamed[6] = (streamed[6] ?? 0) | 8;
    expect(officeDocumentOf(streamed, 'Felder 2026.xlsx')).toEqual({
      what: 'an Excel workbook (.xlsx)',
      spreadsheet: true,
    });
    expect(officeDocumentOf(streamed, 'unnamed')?.what).toBe('an Office document (.xlsx, .docx or .pptx)');
  });

  it('is undefined for a prescription ZIP, a shapefile ZIP and bytes that are no ZIP', () => {
    const rx = writeZip([part('zones.shp', 'x'), part('zones.shx', 'x'), part('zones.dbf', 'x')]);
    expect(officeDocumentOf(rx)).toBeUndefined();
    expect(officeDocumentOf(text('clientName,farmName\n'))).toBeUndefined();
    expect(officeDocumentOf(new Uint8Array(0))).toBeUndefined();
    // Cut inside a header: nothing read past the end.
    expect(officeDocumentOf(workbook.subarray(0, 20))).toBeUndefined();
    // A first member called "mimetype" that is megabytes long: its media type is read from its start only.
    const big = zipSync({ mimetype: [new Uint8Array(4 * 1024 * 1024).fill(0x61), { level: 0 }] });
    expect(officeDocumentOf(big)).toBeUndefined();
  });

  it('says how to save a workbook as CSV, and what Fieldgate reads for other office files', () => {
    expect(officeDocumentReason(workbook)).toMatch(
      /^it is an Excel workbook \(\.xlsx\), and Fieldgate reads spreadsheets as CSV: save the sheet as CSV \(Excel: File › Save As › CSV UTF-8/,
    );
    const odt = zipSync({ mimetype: [text('application/vnd.oasis.opendocument.text'), { level: 0 }] });
    expect(officeDocumentReason(odt)).toBe(
      'it is an OpenDocument text document (.odt), not a kind of file Fieldgate reads (CSV, JSON, WKT, GeoJSON, KML, shapefile and prescription ZIPs, Modus XML)',
    );
  });
});
