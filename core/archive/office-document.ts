/**
 * Whether a ZIP is an office document (an Excel workbook, an OpenDocument spreadsheet …) rather than an
 * archive of data files: read from the local headers at its start, so the first bytes of a file (what
 * detection sees of a streamed one) are enough. A workbook dropped where a CSV was meant is the commonest
 * such file; it is said to be one, with how to save its sheet as CSV, not read as a prescription ZIP.
 */

const LOCAL_HEADER = 0x04034b50;
/** Local headers looked at, at most: an office package names its telling parts first. */
const MAX_MEMBERS = 64;

export interface OfficeDocument {
  /** "an Excel workbook (.xlsx)", "an OpenDocument spreadsheet (.ods)", "a Word document (.docx)". */
  what: string;
  /** A spreadsheet, whose sheet can be saved as CSV. */
  spreadsheet: boolean;
}

/** Short texts only (a name, a media type): each byte is an argument. */
const latin1 = (bytes: Uint8Array): string => String.fromCharCode(...bytes);

/** The office document a ZIP's first members make it; undefined for any other bytes. */
export function officeDocumentOf(bytes: Uint8Array, fileName = ''): OfficeDocument | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const names: string[] = [];
  let at = 0;
  let mimetype: string | undefined;
  while (names.length < MAX_MEMBERS && at + 30 <= bytes.length && view.getUint32(at, true) === LOCAL_HEADER) {
    const flags = view.getUint16(at + 6, true);
    const method = view.getUint16(at + 8, true);
    const compressedSize = view.getUint32(at + 18, true);
    const nameLength = view.getUint16(at + 26, true);
    const extraLength = view.getUint16(at + 28, true);
    const dataStart = at + 30 + nameLength + extraLength;
    if (dataStart > bytes.length) break;
    // Names are compared whole or by their start: a long one's first 256 bytes do.
    const name = latin1(bytes.subarray(at + 30, at + 30 + Math.min(nameLength, 256)));
    names.push(name);
    // OpenDocument: the first member, stored, is "mimetype" with the document's media type.
    if (names.length === 1 && name === 'mimetype' && method === 0)
      mimetype = latin1(
        bytes.subarray(dataStart, Math.min(bytes.length, dataStart + compressedSize, dataStart + 100)),
      );
    // Sizes that follow the data (flag bit 3) leave no way to the next header from here.
    if ((flags & 8) !== 0) break;
    at = dataStart + compressedSize;
  }
  if (mimetype?.startsWith('application/vnd.oasis.opendocument.')) {
    const type = mimetype.slice('application/vnd.oasis.opendocument.'.length);
    if (type === 'spreadsheet') return { what: 'an OpenDocument spreadsheet (.ods)', spreadsheet: true };
    return {
      what: `an OpenDocument ${type === 'text' ? 'text document (.odt)' : 'file'}`,
      spreadsheet: false,
    };
  }
  const has = (prefix: string): boolean => names.some((n) => n.startsWith(prefix));
  if (has('xl/')) return { what: 'an Excel workbook (.xlsx)', spreadsheet: true };
  if (has('word/')) return { what: 'a Word document (.docx)', spreadsheet: false };
  if (has('ppt/')) return { what: 'a PowerPoint presentation (.pptx)', spreadsheet: false };
  // The package's parts list, first in what Office writes; which parts follow may be out of reach here.
  if (names[0] === '[Content_Types].xml' || (names.includes('[Content_Types].xml') && has('_rels/'))) {
    const extension = /\.(xlsx|xlsm|xltx|xlsb)$/i.exec(fileName);
    return extension
      ? { what: `an Excel workbook (.${extension[1]!.toLowerCase()})`, spreadsheet: true }
      : { what: 'an Office document (.xlsx, .docx or .pptx)', spreadsheet: false };
  }
  return undefined;
}

/** Why a file that is an office document is not read, with what to do instead; undefined for others. */
export function officeDocumentReason(bytes: Uint8Array, fileName = ''): string | undefined {
  const document = officeDocumentOf(bytes, fileName);
  if (!document) return undefined;
  return document.spreadsheet
    ? `it is ${document.what}, and Fieldgate reads spreadsheets as CSV: save the sheet as CSV (Excel: File › Save As › CSV UTF-8 (Comma delimited); LibreOffice: File › Save As › Text CSV, UTF-8) and check the .csv`
    : `it is ${document.what}, not a kind of file Fieldgate reads (CSV, JSON, WKT, GeoJSON, KML, shapefile and prescription ZIPs, Modus XML)`;
}
