/**
 * Acceptance: real-shaped files (the corpus CSB and se2023 CSVs) become field batches, and the same content
 * saved as UTF-8 with a BOM, UTF-16LE, Windows-1252 with accented names, semicolon- and tab-delimited, CRLF
 * and with a title row gives identical rows and diagnostics.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  bytesToStream,
  CsvStreamReader,
  validate,
  validateCsvBatch,
  type Diagnostic,
} from '../../core/index.ts';
import { encodeCsvText } from '../../core/csv/csv-encoding.ts';
import { corpusPath } from '../support/corpus.ts';

const csb = readFileSync(corpusPath('derived/us_csb_2024_sample_wgs84.csv'));
const se = readFileSync(corpusPath('derived/se2023_wgs84.csv'));
const NOW = new Date('2026-11-22T12:00:00.000Z');

describe('corpus CSVs as field batches', () => {
  it('reads the CSB sample through a saved mapping: 100 rows, one feature each, no column problems', async () => {
    const mapping = {
      kind: 'csv-fields',
      columns: { boundary: 'WKT', name: 'CSBID', acres: 'CSBACRES' },
      values: { clientName: 'USDA', farmName: 'CSB sample' },
    };
    const report = await validate([{ name: 'csb.csv', bytes: new Uint8Array(csb) }], {
      settings: { mapping: JSON.stringify(mapping) },
      now: NOW,
    });
    const file = report.files[0]!;
    expect(file.kind).toBe('csv-fields');
    expect(file.features).toHaveLength(100);
    const summary = file.summary as { rows: number; mapping: { columns: Record<string, string> } };
    expect(summary.rows).toBe(100);
    expect(summary.mapping.columns).toEqual({ boundary: 'WKT', name: 'CSBID', acres: 'CSBACRES' });
    expect(file.diagnostics.filter((d) => d.code === 'CSV003' && d.messageId === 'missing')).toEqual([]);
    // The field and boundary rules find exactly what they find in the same data as GeoJSON.
    const geojson = await validate(
      [
        {
          name: 'csb.geojson',
          bytes: new Uint8Array(readFileSync(corpusPath('derived/us_csb_2024_sample_wgs84.geojson'))),
        },
      ],
      { now: NOW },
    );
    const findings = (ds: readonly Diagnostic[]): string[] =>
      ds
        .filter((d) => d.severity !== 'info' && d.group !== 'csv-batch')
        .map((d) => `${d.code}@${d.location.feature}`)
        .sort();
    expect(findings(file.diagnostics)).toEqual(findings(geojson.files[0]!.diagnostics));
    expect(findings(file.diagnostics).length).toBeGreaterThan(0);
    // Row and cell of a finding inside the boundary cell: the row's line, a column inside the WKT.
    const inCell = file.diagnostics.find((d) => d.code === 'GEO005')!;
    expect(inCell.location.field).toBe('boundary');
    expect(inCell.location.range!.start.line).toBe(inCell.location.row! + 1);
    expect(inCell.location.range!.start.column).toBeGreaterThan(1);
  });

  it('reads se2023 with the same kind of mapping (its extra columns noted as ignored)', async () => {
    const result = await validateCsvBatch(bytesToStream(new Uint8Array(se)), {
      kind: 'csv-fields',
      mapping: {
        columns: { boundary: 'WKT', name: 'blockid' },
        values: { clientName: 'SE', farmName: '2023' },
      },
      now: NOW,
    });
    expect(result.rows).toHaveLength(10);
    expect(result.features.every((f) => f.geometry !== null)).toBe(true);
    expect(result.diagnostics.filter((d) => d.code === 'CSV003' && d.messageId === 'extra').length).toBe(6);
    // se2023 repeats a block id under one client and farm: FU005, as for a JSON upload.
    expect([...new Set(result.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code))]).toEqual(
      ['FU005'],
    );
  });
});

/** A canonical field batch from the se2023 rows, with accented names that need Windows-1252 or UTF. */
async function fieldBatch(delimiter: string, eol = '\n'): Promise<string> {
  const rows = new CsvStreamReader(bytesToStream(new Uint8Array(se)));
  const out = [['clientName', 'farmName', 'name', 'boundary', 'acres', 'source', 'userName'].join(delimiter)];
  let n = 0;
  for await (const r of rows.rows()) {
    if (n++ === 0) continue;
    const wkt = r.cells[0]?.value ?? '';
    // One broken row, so the comparison covers diagnostics inside cells too.
    const boundary = n === 4 ? wkt.replace('((', '(') : wkt;
    const cells = [
      'Ångström Lantbruk',
      `Gård Söder ${n % 3}`,
      `Skifte ${r.cells[3]?.value ?? n}`,
      boundary,
      n === 5 ? '-1' : '',
      'Jordbruksverket',
      'é.user',
    ];
    out.push(
      cells
        .map((c) => (c.includes(delimiter) || c.includes('"') ? `"${c.replace(/"/g, '""')}"` : c))
        .join(delimiter),
    );
  }
  return out.join(eol) + eol;
}

interface Comparable {
  rows: string[][];
  diagnostics: string[];
}

async function readBack(bytes: Uint8Array): Promise<Comparable> {
  const result = await validateCsvBatch(bytesToStream(bytes, 4096), { now: NOW });
  const reader = new CsvStreamReader(bytesToStream(bytes, 4096));
  const rows: string[][] = [];
  for await (const r of reader.rows()) rows.push(r.cells.map((c) => c.value));
  // Title rows and the encoding note are about the file, not its content.
  const content = result.diagnostics.filter(
    (d: Diagnostic) => d.code !== 'CSV001' && !(d.code === 'CSV004' && d.messageId === 'titleRow'),
  );
  return {
    rows: rows.filter((r) => r.length > 1),
    diagnostics: content
      .map((d) => `${d.code} ${d.location.row} ${d.location.field ?? ''} ${d.message}`)
      .sort(),
  };
}

describe('the same batch in every encoding, delimiter and layout', () => {
  it('gives identical rows and diagnostics', async () => {
    const comma = await fieldBatch(',');
    const semicolon = await fieldBatch(';');
    const tab = await fieldBatch('\t');
    const crlf = await fieldBatch(',', '\r\n');
    const variants: Record<string, Uint8Array> = {
      'utf-8': encodeCsvText(comma, { encoding: 'utf-8', bom: false })!,
      'utf-8 with BOM': encodeCsvText(comma, { encoding: 'utf-8', bom: true })!,
      'utf-16le': encodeCsvText(comma, { encoding: 'utf-16le', bom: true })!,
      'utf-16be': encodeCsvText(comma, { encoding: 'utf-16be', bom: true })!,
      'windows-1252': encodeCsvText(comma, { encoding: 'windows-1252', bom: false })!,
      semicolon: encodeCsvText(semicolon, { encoding: 'utf-8', bom: false })!,
      tab: encodeCsvText(tab, { encoding: 'utf-8', bom: false })!,
      crlf: encodeCsvText(crlf, { encoding: 'utf-8', bom: false })!,
      'title row': encodeCsvText('Fields of Gård Söder, 2023\n' + comma, { encoding: 'utf-8', bom: false })!,
    };
    const reference = await readBack(variants['utf-8']!);
    expect(reference.rows).toHaveLength(11);
    expect(reference.rows[1]?.[0]).toBe('Ångström Lantbruk');
    // The broken WKT (row 3) and the negative acres (row 4) are found.
    expect(reference.diagnostics.some((d) => d.startsWith('WKT') && d.includes(' 3 boundary '))).toBe(true);
    expect(reference.diagnostics.some((d) => d.startsWith('FU003 4 acres'))).toBe(true);
    for (const [name, bytes] of Object.entries(variants)) {
      const got = await readBack(bytes);
      expect(got.rows.slice(-10), name).toEqual(reference.rows.slice(-10));
      expect(got.diagnostics, name).toEqual(reference.diagnostics);
    }
  });

  it('reports the encoding it guessed for Windows-1252 and which delimiter it found', async () => {
    const comma = await fieldBatch(';');
    const result = await validateCsvBatch(
      bytesToStream(encodeCsvText(comma, { encoding: 'windows-1252', bom: false })!),
    );
    expect(result.encoding).toMatchObject({ encoding: 'windows-1252', reason: 'fallback' });
    expect(result.delimiter).toBe(';');
    expect(result.diagnostics.filter((d) => d.code === 'CSV001')).toHaveLength(1);
  });
});
