/**
 * The CSV batch through the command line: a fixture with problems in known cells gives exactly those
 * diagnostics (fixtures/problems/in → out), every template validates clean from standard input, the
 * problems CSV and the HTML report work for every template, and --fix writes a cleaned copy in the
 * file's own encoding and delimiter.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { batchKindIds, type Diagnostic, type Report } from '../../core/index.ts';
import { encodeCsvText } from '../../core/csv/csv-encoding.ts';
import { runCli } from '../cli/cli-helpers.ts';

const fixtures = new URL('./fixtures/', import.meta.url).pathname;

interface Expected {
  code: string;
  row: number;
  field?: string;
  line?: number;
  column?: number;
}

describe('a batch with problems in known cells', () => {
  it('yields exactly the expected diagnostics at those rows, columns and characters', async () => {
    const run = await runCli(['validate', '--format', 'json', join(fixtures, 'problems/in/fields.csv')]);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as Report;
    const got: Expected[] = report.diagnostics.map((d: Diagnostic) => ({
      code: d.code,
      row: d.location.row!,
      ...(d.location.field ? { field: d.location.field } : {}),
      ...(d.location.range
        ? { line: d.location.range.start.line, column: d.location.range.start.column }
        : {}),
    }));
    const expected = JSON.parse(
      readFileSync(join(fixtures, 'problems/out/diagnostics.json'), 'utf8'),
    ) as Expected[];
    expect(got).toEqual(expected);
    const status = (report.files[0]!.summary as { rowStatus: Array<{ row: number; status: string }> })
      .rowStatus;
    expect(status.map((r) => r.status)).toEqual(['ok', 'error', 'error', 'error', 'error', 'error']);
  });
});

describe('a semicolon file from Excel in most of Europe', () => {
  it('validates clean with decimal commas and trailing ;;;;;; rows; --unsafe-fixes changes nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fieldgate-eu-'));
    const square = (lat: number): string =>
      `POLYGON ((-93.65 ${lat}, -93.64 ${lat}, -93.64 ${lat + 0.01}, -93.65 ${lat + 0.01}, -93.65 ${lat}))`;
    const text =
      'clientName;farmName;name;boundary;acres;source;userName\r\n' +
      `Smith Farms;Home Farm;North 40;${square(42.03)};227,28;survey;jsmith\r\n` +
      `Smith Farms;Home Farm;South 40;${square(42.01)};227,4;survey;jsmith\r\n` +
      ';;;;;;\r\n;;;;;;\r\n';
    const file = join(dir, 'fields.csv');
    writeFileSync(file, encodeCsvText(text, { encoding: 'windows-1252', bom: false })!);
    const run = await runCli(['validate', file]);
    expect(run.stdout).not.toMatch(/ {2}(error|warning) {2}/);
    expect(run.code).toBe(0);
    // Nothing to fix: the numbers are read as written, never as 22728 and 2274.
    const fix = await runCli(['fix', '--unsafe-fixes', '--format', 'json', '-o', join(dir, 'out.csv'), file]);
    const report = JSON.parse(fix.stdout) as Report;
    expect(report.written).toEqual([]);
    expect(report.counts.error).toBe(0);
  });
});

describe('the problems CSV of a Windows-1252 file with semicolons', () => {
  it('is written in Windows-1252 with semicolons, so it opens in the Excel the file came from', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fieldgate-eu-'));
    const text =
      'clientName;farmName;name;boundary;acres\r\n' +
      'Gård Söder;Hof;Nörd ;POLYGON ((-93.65 42.03, -93.64 42.03, -93.64 42.04, -93.65 42.03));lots\r\n';
    const file = join(dir, 'felder.csv');
    writeFileSync(file, encodeCsvText(text, { encoding: 'windows-1252', bom: false })!);
    const run = await runCli(['validate', '--format', 'csv', file]);
    expect(run.code).toBe(1);
    const bytes = run.stdoutBytes;
    // No byte order mark, and "ö" as Windows-1252's one byte (0xF6), not UTF-8's two.
    expect([...bytes.slice(0, 4)]).toEqual([...new TextEncoder().encode('file')]);
    expect(bytes.includes(0xf6)).toBe(true);
    const lines = new TextDecoder('windows-1252').decode(bytes).split('\r\n');
    expect(lines[0]).toBe('file;row;column;line;character;value;severity;code;rule;message;hint;where');
    const acres = lines.find((l) => l.includes(';FU003;'));
    expect(acres).toMatch(/;1;acres;2;\d+;lots;error;FU003;/);
    expect(lines.find((l) => l.includes(';CSV005;'))).toContain(';1;name;2;');
    expect(lines.find((l) => l.includes(';CSV005;'))).toContain(';Nörd ;warning;');
  });
});

describe('templates', () => {
  for (const kind of batchKindIds)
    it(`fieldgate template ${kind} | fieldgate validate - is clean; csv and html reports work`, async () => {
      const template = await runCli(['template', kind]);
      expect(template.code).toBe(0);
      expect(template.stdout.split('\n')[0]).toContain(',');
      const run = await runCli(['validate', '--format', 'json', '-'], { stdin: template.stdout });
      const report = JSON.parse(run.stdout) as Report;
      expect(report.files[0]!.kind).toBe(kind);
      expect(report.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
      expect(run.code).toBe(0);
      const csv = await runCli(['validate', '--format', 'csv', '-'], { stdin: template.stdout });
      // UTF-8 with a byte order mark, as Excel needs to read UTF-8; the input's comma.
      expect(csv.stdout.split('\r\n')[0]).toBe(
        '\ufefffile,row,column,line,character,value,severity,code,rule,message,hint,where',
      );
      const html = await runCli(['validate', '--format', 'html', '-'], { stdin: template.stdout });
      expect(html.stdout).toMatch(/^<!DOCTYPE html>/);
      expect(html.stdout).not.toMatch(/https?:\/\//);
      if (kind === 'csv-fields') expect(html.stdout).toContain('<svg');
    });
  it('writes a template for Excel in most of Europe: semicolons and a decimal comma, read back the same', async () => {
    const comma = await runCli(['template', 'csv-fields']);
    const semicolon = await runCli(['template', 'csv-fields', '--delimiter', 'semicolon']);
    expect(semicolon.code).toBe(0);
    const [header, row] = semicolon.stdout.split('\n');
    expect(header).toBe('clientName;farmName;name;boundary;acres;source;userName');
    expect(row).toContain(';227,28;');
    const read = async (text: string) =>
      JSON.parse((await runCli(['validate', '--format', 'json', '-'], { stdin: text })).stdout) as Report;
    const [european, plain] = [await read(semicolon.stdout), await read(comma.stdout)];
    expect(european.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    // The same rows either way; 227,28 read as 22728 would be ACR001's error, above.
    const summary = (r: Report) =>
      r.files[0]!.summary as { plan?: unknown; decimalMark?: string } | undefined;
    expect(summary(european)?.decimalMark).toBe(',');
    expect(summary(european)?.plan).toEqual(summary(plain)?.plan);
    const tab = await runCli(['template', 'csv-soil-tests', '--delimiter', 'tab']);
    expect(tab.stdout.split('\n')[0]).toBe('file\tuserName\tsampleDate');
    const wrong = await runCli(['template', 'csv-fields', '--delimiter', 'pipe']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--delimiter "pipe" is not one of: comma, semicolon, tab');
  });
  it('refuses an unknown kind with the list', async () => {
    const run = await runCli(['template', 'csv-nope']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('csv-fields');
  });
});

describe('reports of the problems fixture', () => {
  it('writes a formula-safe problems CSV and an HTML report whose map and problems link to rows', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fieldgate-csv-'));
    const path = join(dir, 'evil.csv');
    writeFileSync(
      path,
      'clientName,farmName,name,boundary,acres,source,userName\n' +
        '=HYPERLINK("http://x"),Home,<b>A</b>,"POLYGON ((-93.65 42.03, -93.64 42.03, -93.64 42.04, -93.65 42.04, -93.65 42.03))",-5,survey,u\n',
    );
    const csv = await runCli(['validate', '--format', 'csv', path]);
    const lines = csv.stdout.trim().split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines.slice(1)) expect(line).not.toMatch(/(^|,)"?[=+\-@\t\r]/);
    expect(csv.stdout).toContain("'-5");
    const html = await runCli(['validate', '--format', 'html', path]);
    expect(html.stdout).toContain('&lt;b&gt;A&lt;/b&gt;');
    expect(html.stdout).not.toContain('<b>A</b>');
    expect(html.stdout).toContain('href="#f0-row-1"');
    expect(html.stdout).toContain('id="f0-row-1"');
  });
});

describe('fix', () => {
  it('writes the cleaned CSV beside the input in the same encoding and delimiter, never over it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fieldgate-csv-'));
    const path = join(dir, 'soil.csv');
    const text = 'file;userName;sampleDate\r\n"soil/a.xml";jösé ;2026-04-15\r\n';
    const original = encodeCsvText(text, { encoding: 'windows-1252', bom: false })!;
    writeFileSync(path, original);
    const run = await runCli(['validate', '--fix', '--unsafe-fixes', path]);
    expect(run.stdout).toContain('wrote');
    expect(new Uint8Array(readFileSync(path))).toEqual(original);
    const fixed = new TextDecoder('windows-1252').decode(readFileSync(join(dir, 'soil.fixed.csv')));
    expect(fixed).toBe('file;userName;sampleDate\r\n"soil/a.xml";jösé;2026-04-15T00:00:00.000Z\r\n');
  });
});
