import { describe, expect, it } from 'vitest';
import { readJson } from '../json/read-json.ts';
import type { FieldRecord } from '../records/field-record.ts';
import { duplicateField } from '../rules/field-upload/duplicate-field.ts';
import { DiagnosticCollector } from '../rules/reporter.ts';
import { checkFieldRecords, checkFieldUploadText } from './check-field-upload.ts';
import { fieldRecordsFromUpload } from './field-records.ts';

const SQUARE = 'POLYGON((-93.1 45.1, -93.09 45.1, -93.09 45.11, -93.1 45.11, -93.1 45.1))';

function records(text: string): FieldRecord[] {
  const read = readJson(text);
  return fieldRecordsFromUpload(read.root!, read.lines);
}

describe('field records from a JSON upload', () => {
  it('gives each property its value and its own location, and the record its row and feature', () => {
    const text = `{"fields": [
  "not a field",
  {"clientName": "Smith", "farmName": "Home", "name": "N", "acres": 12.50, "boundary": "${SQUARE}", "userName": "u"}
]}`;
    const [record] = records(text);
    expect([record?.row, record?.feature, record?.label]).toEqual([2, 0, 'Field 2']);
    expect(record?.acres).toMatchObject({ kind: 'number', value: 12.5, raw: '12.50' });
    expect(record?.acres?.location).toMatchObject({
      path: ['fields', 1, 'acres'],
      row: 2,
      field: 'acres',
      feature: 0,
    });
    const span = record!.acres!.span!;
    expect(text.slice(span.start, span.end)).toBe('12.50');
    expect(record?.clientName?.location.range?.start).toMatchObject({ line: 3, column: 18 });
    // userName is not a property of an upload item: it is reported as unknown, at its key.
    expect(record?.unknown?.map((u) => [u.name, u.location.path])).toEqual([
      ['userName', ['fields', 1, 'userName']],
    ]);
    // The boundary maps WKT offsets to document offsets.
    expect(text.slice(record!.boundary!.mapOffset!(0), record!.boundary!.mapOffset!(7))).toBe('POLYGON');
  });

  it('puts the feature index on every diagnostic about a field', () => {
    const ds = checkFieldUploadText(
      JSON.stringify({
        fields: [
          { clientName: 'C', farmName: 'F', name: 'A', boundary: SQUARE },
          { clientName: 'C', farmName: 'F', name: 'B', acres: '3', boundary: 'POLYGON((0 0, 1 0, 1 1, 0 0)' },
        ],
      }),
    );
    expect(ds.length).toBeGreaterThan(1);
    expect(ds.every((d) => d.location.feature === 1)).toBe(true);
  });
});

describe('FU005 over a stream of records', () => {
  it('finds duplicates in records that arrive one by one (a generator, not a JSON array)', () => {
    const all = records(
      JSON.stringify({
        fields: [
          { clientName: 'C', farmName: 'F', name: 'North', boundary: SQUARE },
          { clientName: 'C', farmName: 'F', name: 'South', boundary: SQUARE },
          { clientName: 'c', farmName: 'F', name: 'north ', boundary: SQUARE },
        ],
      }),
    );
    function* stream(): Generator<FieldRecord> {
      yield* all;
    }
    const collector = new DiagnosticCollector({ select: ['FU005'] });
    collector.run(duplicateField, stream());
    expect(collector.diagnostics.map((d) => [d.location.row, d.related?.[0]?.location.row])).toEqual([
      [3, 1],
    ]);
    const again = new DiagnosticCollector({ select: ['FU005'] });
    checkFieldRecords(stream(), again, { checkBoundary: false });
    expect(again.diagnostics).toHaveLength(1);
  });
});

describe('features of a field upload', () => {
  it('gives one feature per field, indexed as the diagnostics say', async () => {
    const { readFieldUploadText } = await import('./check-field-upload.ts');
    const text = JSON.stringify({
      fields: [
        { clientName: 'C', farmName: 'F', name: 'A', acres: 10, boundary: SQUARE },
        { clientName: 'C', farmName: 'F', name: 'B', boundary: 'POLYGON((0 0, 1 0' },
      ],
    });
    const outcome = readFieldUploadText(text);
    if (outcome.type !== 'upload') throw new Error('not read as an upload');
    const features = outcome.features ?? [];
    expect(
      features.map((f) => [f.id, f.geometry?.type ?? null, f.properties.name, f.properties.statedAcres]),
    ).toEqual([
      [0, 'Polygon', 'A', 10],
      [1, null, 'B', null],
    ]);
    expect(outcome.diagnostics.find((d) => d.code === 'WKT001')?.location.feature).toBe(1);
  });
});
