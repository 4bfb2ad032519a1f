/**
 * The record design carries a CSV row as well as a JSON item: each cell's value with its row, column and
 * character range, and a quoted WKT cell with a map through its doubled quotes, so the field rules and the
 * boundary checks point inside the cell. (The CSV reader itself comes with the next issue; this row is
 * built by hand as it will build it.)
 */
import { describe, expect, it } from 'vitest';
import { LineIndex } from '../diagnostics/text-position.ts';
import { checkFieldRecords } from '../fields/check-field-upload.ts';
import { DiagnosticCollector } from '../rules/reporter.ts';
import type { FieldRecord, RecordValue } from './field-record.ts';

const header = 'clientName,farmName,name,boundary,acres\n';
const wktCell = '"POLYGON ((-93.1 45.1, -193.09 45.1, -93.09 45.11, -93.1 45.1)) ""a"""';
const text = `${header}Smith,Home,North,${wktCell},-3\n`;

function cell(column: string, start: number, end: number, value: string | number): RecordValue {
  const lines = new LineIndex(text);
  return {
    kind: typeof value === 'number' ? 'number' : 'string',
    value,
    raw: text.slice(start, end),
    location: { row: 1, field: column, range: lines.range(start, end) },
    span: { start, end },
  };
}

function csvRecord(): FieldRecord {
  const row = header.length;
  const boundaryStart = text.indexOf('"');
  const boundaryEnd = boundaryStart + wktCell.length;
  const wkt = 'POLYGON ((-93.1 45.1, -193.09 45.1, -93.09 45.11, -93.1 45.1)) "a"';
  // Offsets inside the unquoted value → offsets in the file ("" counts as two characters).
  const offsets: number[] = [];
  for (let i = boundaryStart + 1; i < boundaryEnd - 1; i++) {
    offsets.push(i);
    if (text[i] === '"') i++;
  }
  offsets.push(boundaryEnd - 1);
  const boundary = cell('boundary', boundaryStart, boundaryEnd, wkt);
  boundary.mapOffset = (o) => offsets[Math.min(o, offsets.length - 1)] as number;
  const acresStart = boundaryEnd + 1;
  return {
    format: 'csv',
    row: 1,
    feature: 0,
    label: 'Row 1',
    lines: new LineIndex(text),
    location: { row: 1, range: new LineIndex(text).range(row, text.length - 1) },
    clientName: cell('clientName', row, row + 5, 'Smith'),
    farmName: cell('farmName', row + 6, row + 10, 'Home'),
    name: cell('name', row + 11, row + 16, 'North'),
    boundary,
    acres: cell('acres', acresStart, acresStart + 2, -3),
  };
}

describe('a CSV row as a field record', () => {
  it('gets field rules and boundary checks at its row, column and characters inside the cell', () => {
    const collector = new DiagnosticCollector();
    checkFieldRecords([csvRecord()], collector);
    const at = (code: string) => collector.diagnostics.find((d) => d.code === code)?.location;
    expect(at('FU003')).toMatchObject({ row: 1, field: 'acres', feature: 0 });
    const syntax = at('WKT001');
    expect(syntax).toMatchObject({ row: 1, field: 'boundary', feature: 0 });
    // The trailing text after the geometry is reported at its own characters: its one decoded quote is
    // the cell's doubled quote.
    expect(text.slice(syntax?.range?.start.offset, syntax?.range?.end.offset)).toBe('""');
    expect(text.slice(0, syntax?.range?.start.offset).endsWith('45.1)) ')).toBe(true);
  });
});
