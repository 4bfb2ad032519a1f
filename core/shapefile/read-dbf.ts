/**
 * dBASE (.dbf) attribute tables as written beside shapefiles: dBASE III/IV and Visual FoxPro layouts,
 * field types C, N, F, D, L (decoded), I and B (FoxPro binary), others kept as text.
 */
import type { DiagnosticCollector } from '../rules/reporter.ts';
import { dbfDeletedRecord, dbfHeaderInvalid, dbfTextEncoding, dbfValueInvalid } from './shapefile-rules.ts';
import { chooseTextEncoding, latin1, type TextEncodingChoice } from './text-encoding.ts';

export interface DbfField {
  name: string;
  /** The type letter: C (text), N and F (number), D (date), L (logical), I, B, M … */
  type: string;
  length: number;
  decimals: number;
  /** Byte offset inside a record (after the deletion flag). */
  offset: number;
}

export type DbfValue = string | number | boolean | null;

interface DbfRow {
  deleted: boolean;
  values: DbfValue[];
}

export interface DbfTable {
  version: number;
  /** Language driver id (byte 29). */
  ldid: number;
  fields: DbfField[];
  declaredRecords: number;
  rows: DbfRow[];
  encoding: TextEncodingChoice;
}

/** A decimal number as N and F fields hold it (after trimming), e.g. -12.5 or 1.2e3. */
export const DECIMAL_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

export function isNumericField(field: DbfField): boolean {
  return (
    field.type === 'N' || field.type === 'F' || field.type === 'I' || field.type === 'B' || field.type === 'O'
  );
}

export function readDbf(
  bytes: Uint8Array,
  cpg: string | undefined,
  reporter: DiagnosticCollector,
  entry: string,
): DbfTable | undefined {
  const at = { entry };
  if (bytes.length < 33) {
    reporter.report(dbfHeaderInvalid, {
      messageId: 'tooShort',
      data: { size: bytes.length },
      location: at,
      hint: 'The .dbf is empty or cut short; export the shapefile again.',
    });
    return undefined;
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = bytes[0] ?? 0;
  const declaredRecords = view.getUint32(4, true);
  const headerLength = view.getUint16(8, true);
  const recordLength = view.getUint16(10, true);
  const ldid = bytes[29] ?? 0;
  const chosen = chooseTextEncoding(cpg, ldid);
  const encoding = chosen.encoding;
  if (chosen.unknownCpg !== undefined) {
    reporter.report(dbfTextEncoding, {
      messageId: 'unknownCpg',
      data: { value: chosen.unknownCpg, fallback: encoding.name },
      location: at,
      hint: 'Write a known encoding name into the .cpg, such as UTF-8 or 1252.',
    });
  }

  // Field descriptors: 32 bytes each until the 0x0D terminator (or the declared header end).
  const fields: DbfField[] = [];
  const headerEnd = Math.min(bytes.length, headerLength > 32 ? headerLength : bytes.length);
  let p = 32;
  let offset = 1;
  let terminated = false;
  while (p < headerEnd) {
    if (bytes[p] === 0x0d) {
      terminated = true;
      break;
    }
    if (p + 32 > bytes.length) break;
    const rawName = bytes.subarray(p, p + 11);
    const nul = rawName.indexOf(0);
    const name = encoding.decode(nul >= 0 ? rawName.subarray(0, nul) : rawName).trim();
    const type = String.fromCharCode(bytes[p + 11] ?? 0x20).toUpperCase();
    const length = bytes[p + 16] ?? 0;
    const decimals = bytes[p + 17] ?? 0;
    fields.push({ name, type, length, decimals, offset });
    offset += length;
    p += 32;
  }
  const layoutProblems: string[] = [];
  if (!terminated)
    layoutProblems.push('the field list has no 0x0D terminator before the declared header end');
  if (terminated && headerLength < p + 1)
    layoutProblems.push(`the header length ${headerLength} is shorter than its ${fields.length} fields need`);
  if (recordLength !== offset)
    layoutProblems.push(
      `the record length is ${recordLength} bytes, but the fields add up to ${offset} (1 flag byte + ${offset - 1})`,
    );
  if (fields.length === 0) layoutProblems.push('it has no fields');
  if (layoutProblems.length > 0) {
    reporter.report(dbfHeaderInvalid, {
      messageId: 'layout',
      data: { detail: layoutProblems.join('; ') },
      location: at,
      hint: 'The attribute table is damaged; export the shapefile again.',
    });
    if (!terminated || recordLength < offset || fields.length === 0) return undefined;
  }
  const seen = new Set<string>();
  for (const f of fields) {
    const key = f.name.toUpperCase();
    if (seen.has(key)) {
      reporter.report(dbfHeaderInvalid, {
        messageId: 'duplicateField',
        data: { field: f.name },
        location: { entry, field: f.name },
        hint: 'Rename one of the fields so that every field name is unique (ignoring case).',
      });
    }
    seen.add(key);
  }

  const available =
    recordLength > 0 ? Math.floor(Math.max(0, bytes.length - headerLength) / recordLength) : 0;
  const count = Math.min(declaredRecords, available);
  if (available < declaredRecords) {
    reporter.report(dbfHeaderInvalid, {
      messageId: 'truncated',
      data: { declared: declaredRecords, actual: available },
      location: at,
      hint: 'The .dbf is cut short; export the shapefile again.',
    });
  }

  const rows: DbfRow[] = [];
  let nonAscii = false;
  for (let r = 0; r < count; r++) {
    const start = headerLength + r * recordLength;
    const record = r + 1;
    const flag = bytes[start] ?? 0x20;
    let deleted = false;
    if (flag === 0x2a) {
      deleted = true;
      reporter.report(dbfDeletedRecord, {
        messageId: 'deleted',
        data: { record },
        location: { entry, record, row: record },
        hint: 'Delete the zone in a GIS (which removes the shape too), or un-delete the row.',
      });
    } else if (flag !== 0x20) {
      reporter.report(dbfDeletedRecord, {
        messageId: 'flag',
        data: { record, value: flag.toString(16).padStart(2, '0') },
        location: { entry, record, row: record },
        hint: 'The row’s first byte should be a space (0x20); the table may be damaged.',
      });
    }
    const values: DbfValue[] = [];
    for (const f of fields) {
      const raw = bytes.subarray(start + f.offset, start + f.offset + f.length);
      if (!nonAscii && f.type === 'C') nonAscii = raw.some((b) => b >= 0x80);
      values.push(decodeValue(f, raw, encoding, reporter, entry, record, view, start + f.offset));
    }
    rows.push({ deleted, values });
  }
  if (nonAscii && encoding.source !== 'cpg') {
    reporter.report(dbfTextEncoding, {
      messageId: 'undeclared',
      data: { encoding: encoding.name },
      location: at,
      hint: 'Add a .cpg file naming the encoding (usually UTF-8) beside the .dbf.',
    });
  }
  return { version, ldid, fields, declaredRecords, rows, encoding };
}

function decodeValue(
  f: DbfField,
  raw: Uint8Array,
  encoding: TextEncodingChoice,
  reporter: DiagnosticCollector,
  entry: string,
  record: number,
  view: DataView,
  absolute: number,
): DbfValue {
  const location = { entry, record, row: record, field: f.name };
  switch (f.type) {
    case 'N':
    case 'F': {
      const text = latin1(raw).replace(/\0/g, '').trim();
      if (text === '' || /^\*+$/.test(text) || /^\?+$/.test(text)) return null;
      const value = DECIMAL_NUMBER.test(text) ? Number(text) : NaN;
      if (!Number.isFinite(value)) {
        reporter.report(dbfValueInvalid, {
          messageId: 'number',
          data: { record, field: f.name, value: text },
          location,
          hint: 'Write the number with digits and a decimal point, e.g. 12.5.',
        });
        return null;
      }
      return value;
    }
    case 'I':
      return raw.length >= 4 ? view.getInt32(absolute, true) : null;
    case 'B':
    case 'O':
      return raw.length >= 8 ? view.getFloat64(absolute, true) : null;
    case 'D': {
      const text = latin1(raw).replace(/\0/g, '').trim();
      if (text === '' || /^0+$/.test(text)) return null;
      if (!/^\d{8}$/.test(text)) {
        reporter.report(dbfValueInvalid, {
          messageId: 'date',
          data: { record, field: f.name, value: text },
          location,
          hint: 'Dates in a .dbf are 8 digits, year month day: 20240501.',
        });
        return null;
      }
      return text;
    }
    case 'L': {
      const c = latin1(raw).trim();
      if (c === '' || c === '?') return null;
      if (/^[TtYy]$/.test(c)) return true;
      if (/^[FfNn]$/.test(c)) return false;
      reporter.report(dbfValueInvalid, {
        messageId: 'logical',
        data: { record, field: f.name, value: c },
        location,
        hint: 'Logical fields hold T, F, Y, N or ? (unknown).',
      });
      return null;
    }
    default: {
      let end = raw.length;
      while (end > 0 && (raw[end - 1] === 0x20 || raw[end - 1] === 0)) end--;
      if (end === 0) return f.type === 'C' ? '' : null;
      const text = encoding.decode(raw.subarray(0, end));
      if (encoding.strict && text.includes('\ufffd')) {
        reporter.report(dbfTextEncoding, {
          messageId: 'invalid',
          data: { record, field: f.name, encoding: encoding.name },
          location,
          hint: 'The .cpg does not match the text; correct the .cpg or re-export with UTF-8 text.',
        });
      }
      return text;
    }
  }
}
