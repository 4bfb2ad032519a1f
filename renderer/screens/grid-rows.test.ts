import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validate, type Diagnostic } from '../../core/index.ts';
import {
  featuresByRow,
  gridColumnsOf,
  gridRowsOf,
  previewRows,
  problemsByCell,
  rowHasProblem,
  selectedRowIndex,
  type GridRow,
} from './grid-rows.ts';

const example = (path: string) =>
  new URL(path.startsWith('test/') ? `../../${path}` : `../../examples/${path}`, import.meta.url);

async function checked(path: string) {
  const name = path.split('/').pop()!;
  const report = await validate([{ name, bytes: readFileSync(example(path)) }], { records: true });
  const file = report.files[0]!;
  const records = file.records?.map(({ action: _action, ...r }) => r);
  return { file, rows: gridRowsOf(file, records) };
}

describe('the data grid’s rows', () => {
  it('are a CSV batch’s records, named as people name them, with their feature and marked cells', async () => {
    const { file, rows } = await checked('csv/fields-with-problems.csv');
    expect(rows.map((r) => r.label).slice(0, 2)).toEqual([
      'North 40 (Home Farm, Smith Farms)',
      'South 40 (Home Farm, Smith Farms)',
    ]);
    const features = featuresByRow(file.features);
    expect(rows.map((r) => features.get(r.row))).toEqual([0, 1, 2, 3, 4, 5]);
    expect(gridColumnsOf(file.summary, rows)).toEqual([
      'clientName',
      'farmName',
      'name',
      'boundary',
      'acres',
      'source',
      'userName',
    ]);
    const problems = problemsByCell(file.diagnostics, rows);
    // Row 2: a trailing space in its client (warning) and an unclosed ring in its boundary (error).
    expect(problems.get(2)?.get('boundary')?.severity).toBe('error');
    expect(
      problems
        .get(2)
        ?.get('boundary')
        ?.diagnostics.map((d) => d.code),
    ).toEqual(['WKT001']);
    expect(problems.get(1)).toBeUndefined();
    // A problem of the row as a whole (too many cells) is the row's, not a cell's.
    expect(
      problems
        .get(5)
        ?.get('')
        ?.diagnostics.map((d) => d.code),
    ).toEqual(['CSV002']);
  });

  it('mark a mapped column’s problem at its own header’s cell (a European sheet: Fläche read as acres)', async () => {
    // Semicolons, decimal commas, Windows-1252 umlauts: the operator's headers, read through a mapping; the
    // area in hectares (read as acres, converted).
    const sheet = [
      'Betrieb;Hof;Schlagname;Geometrie;Fläche',
      'Müller Agrar;Hof Süd;Großer Schlag;POLYGON ((10 52, 10.01 52, 10.01 52.01, 10 52.01, 10 52));76,4',
      'Müller Agrar;Hof Süd;Seeäcker;POLYGON ((10.1 52, 10.11 52, 10.11 52.01, 10.1 52.01, 10.1 52));viel',
    ].join('\r\n');
    const mapping = {
      kind: 'csv-fields',
      columns: {
        clientName: 'Betrieb',
        farmName: 'Hof',
        name: 'Schlagname',
        boundary: 'Geometrie',
        acres: 'Fläche',
      },
    };
    const report = await validate(
      [{ name: 'felder.csv', bytes: new Uint8Array(Buffer.from(sheet, 'latin1')) }],
      {
        records: true,
        settings: { mapping: JSON.stringify(mapping) },
      },
    );
    const file = report.files[0]!;
    const rows = gridRowsOf(
      file,
      file.records?.map(({ action: _action, ...r }) => r),
    );
    expect(rows[1]!.columns['Fläche']).toBe('viel');
    const problems = problemsByCell(file.diagnostics, rows, file.summary);
    // The rule checks acres; the grid has no acres column: the problem is the Fläche cell's, not the row's.
    expect(
      problems
        .get(2)
        ?.get('Fläche')
        ?.diagnostics.map((d) => d.code),
    ).toEqual(['FU003']);
    expect(problems.get(2)?.get('')).toBeUndefined();
    expect(problems.get(1)).toBeUndefined();
  });

  it('are a CSV’s first rows by its header before it is checked, fields named as people name them', () => {
    const rows = previewRows({
      header: ['clientName', 'farmName', 'name', 'acres'],
      rows: [
        ['Smith Farms', 'Home Farm', 'North 40', '12'],
        ['Smith Farms', '', 'South 40'],
        ['', '', '', '3'],
      ],
    });
    expect(rows.map((r) => [r.row, r.label, r.columns.acres])).toEqual([
      [1, 'North 40 (Home Farm, Smith Farms)', '12'],
      [2, 'South 40 (Smith Farms)', ''],
      [3, 'Row 3', '3'],
    ]);
    const other = previewRows({ header: ['Feld', 'Fläche'], rows: [['Nord', '4']] });
    expect(other.map((r) => [r.label, r.columns])).toEqual([['Row 1', { Feld: 'Nord', Fläche: '4' }]]);
  });

  it('are a Modus soil test’s sample points (its one record is the whole file), with their problems', async () => {
    const { file, rows } = await checked('test/corpus/derived/batches/samples-shifted/mistake/soil.xml');
    expect(rows).toHaveLength(20);
    // Each sample's depths by the name the file's DepthRef gives them, not by the id its samples use.
    expect(rows.slice(0, 2).map((r) => [r.label, r.columns])).toEqual([
      ['Sample 1', { sampleNumber: '1', depths: '0 - 8 in' }],
      ['Sample 2', { sampleNumber: '2', depths: '0 - 8 in' }],
    ]);
    const onFirst = file.diagnostics.filter((d) => d.location.feature === 0).map((d) => d.id);
    expect(onFirst.length).toBeGreaterThan(0);
    expect(rows[0]!.diagnostics).toEqual(onFirst);
  });

  it('are an Rx’s zones (its one record is the whole file), each with its rate and acres', async () => {
    const { file, rows } = await checked('rx/two-zone-rx.zip');
    expect(rows.map((r) => r.label)).toEqual(['Zone 1, rate 12', 'Zone 2, rate 15.7']);
    expect(rows[0]!.columns).toMatchObject({ rate: '12', DOSE: '12', acres: '88.5861' });
    expect(rows.map((r) => r.feature)).toEqual([0, 1]);
    // The zone a problem is at carries it.
    const zoneProblems = file.diagnostics.filter((d) => d.location.feature === 0).map((d) => d.id);
    expect(zoneProblems.length).toBeGreaterThan(0);
    expect(rows[0]!.diagnostics).toEqual(zoneProblems);
  });
});

describe('a row with problems', () => {
  it('has an error or a warning of its own; a note (info) alone is not one', () => {
    const diagnostic = (id: string, severity: Diagnostic['severity']): Diagnostic => ({
      id,
      code: 'GEO012',
      rule: 'repeated-points',
      group: 'ogc-validity',
      messageId: 'repeated',
      severity,
      message: id,
      location: {},
    });
    const row = (row: number, diagnostics: string[]): GridRow => ({
      row,
      type: 'field',
      label: `Row ${row}`,
      columns: {},
      diagnostics,
    });
    const hasProblem = rowHasProblem([
      diagnostic('n', 'info'),
      diagnostic('w', 'warning'),
      diagnostic('e', 'error'),
    ]);
    expect([row(1, ['n']), row(2, ['n', 'w']), row(3, ['e']), row(4, [])].map(hasProblem)).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });
});

describe('the selected row', () => {
  const row = (n: number, feature?: number, diagnostics: string[] = []): GridRow => ({
    row: n,
    type: 'field',
    label: `Row ${n}`,
    columns: {},
    diagnostics,
    ...(feature !== undefined ? { feature } : {}),
  });

  it('of rows that are features is the selected feature’s, though another has its row number', () => {
    // Points of two entries of one ZIP: each entry's rows are numbered from 1.
    const points = [row(1, 0), row(2, 1), row(1, 2), row(2, 3)];
    expect(selectedRowIndex(points, { row: 1, feature: 2 }, new Map())).toBe(2);
    expect(selectedRowIndex(points, { feature: 3 }, new Map())).toBe(3);
  });

  it('of records is found by the row’s number, else by the feature of its row or its problem', () => {
    const records = [row(1), row(2, undefined, ['d1']), row(3)];
    const features = new Map([
      [1, 7],
      [3, 9],
    ]);
    expect(selectedRowIndex(records, { row: 3, feature: 9 }, features)).toBe(2);
    expect(selectedRowIndex([records[2]!, records[0]!], { row: 1 }, features)).toBe(1);
    expect(selectedRowIndex(records, { feature: 7 }, features)).toBe(0);
    expect(selectedRowIndex(records, { diagnosticId: 'd1' }, features)).toBe(1);
    expect(selectedRowIndex(records, {}, features)).toBe(-1);
  });
});
