import { describe, expect, it } from 'vitest';
import { batchKindById, type BatchKind } from './batch-kinds.ts';
import {
  columnContent,
  headerSetKey,
  rowsAsMapped,
  suggestColumns,
  suggestedMapping,
  suggestMissingColumns,
} from './column-suggestions.ts';

const FIELDS = batchKindById('csv-fields') as BatchKind;
const SOIL = batchKindById('csv-soil-tests') as BatchKind;
const BY_PROGRAM = batchKindById('csv-enrollments-by-program') as BatchKind;
const SQUARE = 'POLYGON ((-93.65 42.03, -93.64 42.03, -93.64 42.04, -93.65 42.04, -93.65 42.03))';
const HEADERS = ['Owner', 'Ranch', 'Paddock', 'Outline', 'Contact', 'Size', 'Planted'];
const ROWS = [
  ['Smith Farms', 'Home Farm', 'North 40', SQUARE, 'grower.demo@example.com', '227.28', '2026-04-15'],
  ['Smith Farms', 'Home Farm', 'South 20', SQUARE, 'other@example.com', '1,100', '2026-04-16'],
  ['Smith Farms', 'Home Farm', 'East', 'MULTIPOLYGON EMPTY', 'other@example.com', '12', '15/04/2026'],
];

const first = (kind: BatchKind, headers: string[], rows: string[][], header: string) =>
  suggestColumns(kind, headers, rows).find((s) => s.header === header)?.suggestions[0];

describe('what a column holds', () => {
  it('tells WKT, e-mail addresses, UUIDs, dates and numbers from text', () => {
    expect(columnContent([SQUARE, 'MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)))', 'POINT EMPTY'])).toBe('wkt');
    expect(columnContent(['a@b.co', 'grower.demo@example.com'])).toBe('email');
    expect(
      columnContent(['15b6f9bb-79c1-4981-a96d-08502916d354', '542B50F3-262A-47D6-820B-6B6EE32E5D8B']),
    ).toBe('uuid');
    expect(columnContent(['2026-04-15', '2026-04-15T00:00:00.000Z', '15/04/2026'])).toBe('date');
    expect(columnContent(['227.28', '1,100', '-3'])).toBe('number');
    // A spreadsheet from a decimal-comma locale.
    expect(columnContent(['12,5', '1.234,5', '1 100,25', '7'])).toBe('number');
    expect(columnContent(['12,5 ha', 'about 3'])).toBe('text');
    expect(columnContent(['North 40', 'South 20'])).toBe('text');
    expect(columnContent(['', '  '])).toBe('empty');
  });

  it('lets one stray value in five pass, not more', () => {
    expect(columnContent(['a@b.co', 'c@d.co', 'e@f.co', 'g@h.co', 'unknown'])).toBe('email');
    expect(columnContent(['a@b.co', 'c@d.co', 'e@f.co', 'unknown', 'none'])).toBe('text');
  });
});

describe('suggestions for a file whose headers are not the kind’s', () => {
  it('ranks a column by its content when its name says nothing', () => {
    expect(first(FIELDS, HEADERS, ROWS, 'Outline')).toMatchObject({
      column: 'boundary',
      reason: 'its values are WKT geometry',
    });
    expect(first(FIELDS, HEADERS, ROWS, 'Contact')?.column).toBe('userName');
    expect(first(FIELDS, HEADERS, ROWS, 'Size')?.column).toBe('acres');
    expect(first(SOIL, ['Lab file', 'When'], [['a.xml', '2026-04-15']], 'When')?.column).toBe('sampleDate');
    expect(first(BY_PROGRAM, ['P'], [['15b6f9bb-79c1-4981-a96d-08502916d354']], 'P')?.column).toBe(
      'experimentProtocolId',
    );
  });

  it('offers plain text to every text column, and dates to none of a fields batch', () => {
    const owner = suggestColumns(FIELDS, HEADERS, ROWS).find((s) => s.header === 'Owner')!;
    expect(owner.samples).toEqual(['Smith Farms', 'Smith Farms', 'Smith Farms']);
    expect(owner.suggestions.map((s) => s.column)).toEqual(['clientName', 'farmName', 'name', 'source']);
    expect(owner.suggestions.every((s) => s.score < 0.5)).toBe(true);
    const planted = suggestColumns(FIELDS, HEADERS, ROWS).find((s) => s.header === 'Planted')!;
    expect(planted.content).toBe('date');
    expect(planted.suggestions).toEqual([]);
  });

  it('ranks by name: a synonym first, a header containing a name next, a shared word last', () => {
    const headers = ['Grower', 'Farm Label', 'Field Boundary Text', 'User Contact'];
    const rows = [['Smith', 'Home', SQUARE, 'a@b.co']];
    expect(first(FIELDS, headers, rows, 'Grower')).toMatchObject({ column: 'clientName', score: 1 });
    expect(first(FIELDS, headers, rows, 'Farm Label')).toMatchObject({
      column: 'farmName',
      score: 0.75,
      reason: 'the header contains its name, and its values are text',
    });
    // By name and by content together: above either alone.
    const boundary = first(FIELDS, headers, rows, 'Field Boundary Text')!;
    expect(boundary.column).toBe('boundary');
    expect(boundary.score).toBeGreaterThan(0.8);
    expect(boundary.reason).toContain('and its values are WKT geometry');
    expect(first(FIELDS, headers, rows, 'User Contact')?.column).toBe('userName');
  });

  it('chooses the likely pairs, each header and column once, and leaves plain text to the person', () => {
    const mapping = suggestedMapping(FIELDS, suggestColumns(FIELDS, HEADERS, ROWS));
    expect(mapping).toEqual({
      kind: 'csv-fields',
      columns: { boundary: 'Outline', userName: 'Contact', acres: 'Size' },
    });
    // Two WKT columns: the one whose name says so wins, the other is left over.
    const two = suggestedMapping(
      FIELDS,
      suggestColumns(FIELDS, ['Shape', 'Old outline'], [[SQUARE, SQUARE]]),
    );
    expect(two.columns).toEqual({ boundary: 'Shape' });
  });
});

describe('the likely header of a missing column', () => {
  it('takes only headers that map to nothing yet, for the columns missing, likeliest first', () => {
    const mapped = [undefined, undefined, 'name', undefined, undefined, undefined, undefined];
    expect(suggestMissingColumns(FIELDS, HEADERS, ROWS, mapped, ['boundary', 'acres'])).toEqual([
      { column: 'boundary', header: 'Outline', reason: 'its values are WKT geometry' },
      { column: 'acres', header: 'Size', reason: 'its values are numbers' },
    ]);
    // Outline already read as the name: not offered again as the boundary.
    const taken = [undefined, undefined, undefined, 'name', undefined, undefined, undefined];
    expect(suggestMissingColumns(FIELDS, HEADERS, ROWS, taken, ['boundary'])).toEqual([]);
    // Plain text alike is no likely column: Owner is not offered as the client.
    expect(suggestMissingColumns(FIELDS, HEADERS, ROWS, [], ['clientName'])).toEqual([]);
  });
});

describe('a header set and the rows a mapping reads', () => {
  it('names the same headers in another order or spelling alike, other headers not', () => {
    expect(headerSetKey(['Owner', 'Field Name'])).toBe(headerSetKey(['field_name', 'OWNER']));
    expect(headerSetKey(['Owner', 'Field Name'])).not.toBe(headerSetKey(['Owner', 'Field']));
  });

  it('reads each column from its header or its constant', () => {
    const rows = rowsAsMapped(FIELDS, HEADERS, ROWS.slice(0, 1), {
      columns: { name: 'Paddock', boundary: 'Outline' },
      values: { clientName: 'Jones' },
    });
    expect(rows).toEqual([
      {
        clientName: 'Jones',
        farmName: undefined,
        name: 'North 40',
        boundary: SQUARE,
        acres: undefined,
        source: undefined,
        userName: undefined,
      },
    ]);
  });
});
