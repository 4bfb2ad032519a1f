import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './cli-helpers.ts';
import { writeZip } from '../../core/archive/zip-writer.ts';

const SMALL_FIELD =
  'POLYGON((-93.2650 45.1210, -93.2570 45.1210, -93.2570 45.1267, -93.2650 45.1267, -93.2650 45.1210))';

const broken = JSON.stringify(
  {
    fields: [
      {
        clientName: 'Smith',
        farmName: 'Home',
        name: 'North 40',
        boundary: SMALL_FIELD,
        acres: '98.5',
      },
      {
        clientName: 'Smith',
        farmName: 'Home',
        name: 'South',
        boundary: SMALL_FIELD,
        source: 3,
      },
    ],
  },
  null,
  2,
);

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'fieldgate-cli-'));
}

describe('fieldgate validate', () => {
  it('checks the files of a folder it is given, and says so of a folder with none it reads', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'batch', 'north'), { recursive: true });
    mkdirSync(join(dir, 'batch', '.git'));
    mkdirSync(join(dir, 'batch', 'node_modules'));
    writeFileSync(join(dir, 'batch', 'north', 'b.wkt'), `${SMALL_FIELD}\n`);
    writeFileSync(join(dir, 'batch', 'a.json'), broken);
    writeFileSync(join(dir, 'batch', 'notes.md'), '# not a batch file\n');
    writeFileSync(join(dir, 'batch', '.git', 'x.json'), '{');
    writeFileSync(join(dir, 'batch', 'node_modules', 'y.json'), '{');
    const run = await runCli(['validate', '--format', 'json', 'batch'], { cwd: dir });
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as { files: { file: string }[]; unreadable: unknown[] };
    expect(report.files.map((f) => f.file)).toEqual([
      join('batch', 'a.json'),
      join('batch', 'north', 'b.wkt'),
    ]);
    expect(report.unreadable).toEqual([]);

    // Fixed twice, a folder's fixed files are not fixed again (no a.fixed.fixed.json); checked, they are read.
    for (let time = 0; time < 2; time++) expect((await runCli(['fix', 'batch'], { cwd: dir })).code).toBe(1);
    expect(readdirSync(join(dir, 'batch')).filter((n) => n.endsWith('.json'))).toEqual([
      'a.fixed.json',
      'a.json',
    ]);
    const again = await runCli(['validate', '--format', 'json', 'batch'], { cwd: dir });
    expect((JSON.parse(again.stdout) as { files: { file: string }[] }).files.map((f) => f.file)).toContain(
      join('batch', 'a.fixed.json'),
    );

    // A sheet saved as a workbook where a CSV was meant: reported, with how to save it, not passed over.
    mkdirSync(join(dir, 'sheets'));
    writeFileSync(
      join(dir, 'sheets', 'Felder.xlsx'),
      writeZip([{ name: 'xl/workbook.xml', bytes: new Uint8Array(8) }]),
    );
    const sheets = await runCli(['validate', '--format', 'json', 'sheets'], { cwd: dir });
    expect(sheets.code).toBe(2);
    expect(sheets.stderr).toContain(
      `cannot read ${join('sheets', 'Felder.xlsx')}: it is an Excel workbook (.xlsx), and Fieldgate reads spreadsheets as CSV: save the sheet as CSV`,
    );

    mkdirSync(join(dir, 'empty'));
    writeFileSync(join(dir, 'empty', 'notes.md'), '# nothing\n');
    const none = await runCli(['validate', 'empty'], { cwd: dir });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain(
      'cannot read empty: is a folder with no file Fieldgate reads in it (.csv, .tsv, .txt, .wkt, .geojson, .json, .kml, .zip, .xml): give its files by name',
    );
  });

  it('prints file:line:column, the rule, a code frame, a hint and the fix', async () => {
    const run = await runCli(['validate', '-'], { stdin: broken });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      '<stdin>:8:16  error  FU003  Field 1: acres "98.5" is a string; it must be a number  [field-acres-invalid]',
    );
    expect(run.stdout).toContain('> 8 |       "acres": "98.5"');
    expect(run.stdout).toMatch(/\| {16}\^{6}/);
    expect(run.stdout).toContain('hint: Write it without quotes: 98.5.');
    expect(run.stdout).toMatch(/fix \(safe, d\d+\): Write acres as a number: 98\.5/);
    expect(run.stdout).toContain('2 safe fixes can be applied with --fix.');
  });

  it('prints JSON diagnostics with code, rule, severity, message and location', async () => {
    const run = await runCli(['validate', '--format', 'json', '-'], { stdin: broken });
    const report = JSON.parse(run.stdout);
    expect(report.counts).toEqual({ error: 2, warning: 0, info: 0 });
    for (const d of report.diagnostics) {
      expect(Object.keys(d)).toEqual(
        expect.arrayContaining(['code', 'rule', 'severity', 'message', 'location']),
      );
      expect(d.location.file).toBe('<stdin>');
    }
  });

  it('exits 0 for warnings only and 2 for unreadable input or usage errors', async () => {
    const warningOnly = JSON.stringify({
      fields: [{ clientName: 'a', farmName: 'b', name: 'c', boundary: SMALL_FIELD, colour: 'red' }],
    });
    expect((await runCli(['validate', '--select', 'field-upload', '-'], { stdin: warningOnly })).code).toBe(
      0,
    );
    const missing = await runCli(['validate', 'no/such/file.json']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('cannot read no/such/file.json: no such file');
    expect((await runCli(['validate'])).code).toBe(2);
    const typo = await runCli(['validate', '--select', 'FU9', '-'], { stdin: broken });
    expect([typo.code, typo.stderr.includes('"FU9" matches no rule')]).toEqual([2, true]);
    expect((await runCli(['validate', '--bogus', '-'])).code).toBe(2);
    expect((await runCli(['nonsense'])).code).toBe(2);
  });

  it('refuses bytes that are not text in one line, exit 2, whatever the file is called (.csv too)', async () => {
    const dir = tempDir();
    // Random-looking bytes (a fixed sequence): no code frames of garbage, no CSV columns "missing".
    let x = 7;
    const garbage = new Uint8Array(3000).map(() => (x = (x * 1103515245 + 12345) % 2147483648) >> 23);
    for (const name of ['fields.csv', 'upload.json', 'lines.wkt', 'soil.xml', 'data.bin']) {
      writeFileSync(join(dir, name), garbage);
      for (const command of ['validate', 'inspect']) {
        const run = await runCli([command, join(dir, name)]);
        expect(run.code, `${command} ${name}`).toBe(2);
        expect(run.stdout, name).toBe('');
        expect(run.stderr.trim().split('\n'), name).toHaveLength(1);
        expect(run.stderr).toContain(`${name}: not a text file`);
      }
    }
  });

  it('refuses options that cannot work in one line, exit 2, before reading anything', async () => {
    const dir = tempDir();
    const csv = join(dir, 'fields.csv');
    writeFileSync(csv, 'clientName,farmName,name,boundary\nA,B,C,"POLYGON ((0 0, 1 0, 1 1, 0 0))"\n');
    writeFileSync(join(dir, 'bad-mapping.json'), '{"columns": ');
    const cases: Array<[string[], string]> = [
      [
        ['--encoding', 'klingon'],
        '--encoding klingon: "klingon" is not an encoding; use utf-8, utf-16le, utf-16be or windows-1252',
      ],
      [['--setting', 'encoding=klingon'], 'setting encoding: "klingon" is not an encoding'],
      [
        ['--setting', 'decimalMark=semicolon'],
        'setting decimalMark: "semicolon" is not a decimal mark; use comma or point',
      ],
      [
        ['--mapping', join(dir, 'missing.json')],
        `--mapping ${join(dir, 'missing.json')}: cannot read it (no such file); give a file, or the mapping as JSON`,
      ],
      [
        ['--mapping', dir],
        `--mapping ${dir}: cannot read it (is a directory); give a file, or the mapping as JSON`,
      ],
      [['--mapping', join(dir, 'bad-mapping.json')], `--mapping ${join(dir, 'bad-mapping.json')}: not JSON`],
      [
        ['-o', join(dir, 'out.csv')],
        `-o ${join(dir, 'out.csv')} names where the fixed copy goes: add --fix (or run \`fieldgate fix\`)`,
      ],
      [
        ['--fix-in-place', '-o', join(dir, 'out.csv')],
        `--fix-in-place overwrites the input and -o ${join(dir, 'out.csv')} writes elsewhere: give one of them`,
      ],
      [['--jobs', '0'], '--jobs 0: give a whole number of threads, 1 or more'],
      [['--jobs', 'all'], '--jobs all: give a whole number of threads, 1 or more'],
    ];
    for (const [options, message] of cases) {
      const run = await runCli(['validate', ...options, csv]);
      expect(run.code, options.join(' ')).toBe(2);
      expect(run.stdout, options.join(' ')).toBe('');
      const [first, ...rest] = run.stderr.trimEnd().split('\n');
      expect(first, options.join(' ')).toContain(`fieldgate validate: ${message}`);
      expect(rest, options.join(' ')).toEqual([
        'Run `fieldgate validate --help` for its options and examples.',
      ]);
    }
    // Nothing was written: neither the output nor a fixed copy beside the input.
    expect(readdirSync(dir).sort()).toEqual(['bad-mapping.json', 'fields.csv']);
  });

  it('names the columns a CSV lacks under their likely headers, and prints the mapping that reads them', async () => {
    const dir = tempDir();
    const csv = join(dir, 'export.csv');
    writeFileSync(
      csv,
      `Client,Farm,Paddock Name,Outline\nSmith,Home,North,"${SMALL_FIELD}"\nSmith,Home,South,"${SMALL_FIELD}"\n`,
    );
    const run = await runCli(['validate', '--kind', 'csv-fields', csv]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('CSV003  Column name is missing: csv-fields needs it');
    expect(run.stdout).toContain(
      `hint: The file has "Outline" (its values are WKT geometry): map it to boundary (setting mapping={"kind":"csv-fields","columns":{"boundary":"Outline"}}; on the command line --mapping '{"kind":"csv-fields","columns":{"boundary":"Outline"}}'), or add a boundary column.`,
    );
    const line = run.stdout.split('\n').find((l) => l.includes('probably holds columns under other names'));
    expect(line).toBe(
      `${csv} probably holds columns under other names (see CSV003); to read them: --mapping '{"kind":"csv-fields","columns":{"clientName":"Client","farmName":"Farm","name":"Paddock Name","boundary":"Outline"}}'`,
    );
    // The mapping printed is one the command line takes: the file then lacks nothing.
    const mapping = /--mapping '(.*)'$/.exec(line!)![1]!;
    const again = await runCli(['validate', '--format', 'json', '--mapping', mapping, csv]);
    const codes = JSON.parse(again.stdout).diagnostics.map((d: { messageId?: string; code: string }) =>
      [d.code, d.messageId].join(' '),
    );
    expect(codes).not.toContain('CSV003 missing');
    expect(codes).toContain('CSV003 mapped');
  });

  it('selects and ignores by code, prefix and group, as Ruff does', async () => {
    const codes = async (...args: string[]) =>
      JSON.parse(
        (await runCli(['validate', '--format', 'json', ...args, '-'], { stdin: broken })).stdout,
      ).diagnostics.map((d: { code: string }) => d.code);
    expect(await codes('--select', 'FU003')).toEqual(['FU003']);
    expect(await codes('--ignore', 'field-acres-invalid')).toEqual(['FU004']);
    expect(await codes('--select', 'FU', '--ignore', 'FU004')).toEqual(['FU003']);
    expect(await codes('--select', 'sample-date')).toEqual([]);
  });

  it('--fix writes safe fixes to a new file, never over the input, and reports what remains', async () => {
    const dir = tempDir();
    const input = join(dir, 'fields.json');
    writeFileSync(input, broken);
    const run = await runCli(['validate', '--fix', input], { cwd: dir });
    expect(readFileSync(input, 'utf8')).toBe(broken);
    const fixed = JSON.parse(readFileSync(join(dir, 'fields.fixed.json'), 'utf8'));
    expect(fixed.fields[0].acres).toBe(98.5);
    expect(fixed.fields[1].source).toBe('3');
    expect(run.stdout).toContain('(2 fixes applied)');
    expect(run.stdout).toContain('no problems');
    expect(run.code).toBe(0);
    // No temporary files are left behind.
    expect(readdirSync(dir).sort()).toEqual(['fields.fixed.json', 'fields.json']);
  });

  it('--fix runs further passes for fixes that only appear after earlier ones, as ESLint does', async () => {
    const dir = tempDir();
    const input = join(dir, 'fields.json');
    // Pass 1 turns acres "12" into the number 12; only then can the acreage check (and its unsafe fix) run.
    writeFileSync(
      input,
      JSON.stringify({
        fields: [{ clientName: 'a', farmName: 'b', name: 'c', boundary: SMALL_FIELD, acres: '12' }],
      }),
    );
    const run = await runCli(['fix', '--unsafe-fixes', input], { cwd: dir });
    const fixed = JSON.parse(readFileSync(join(dir, 'fields.fixed.json'), 'utf8'));
    expect(fixed.fields[0].acres).toBeCloseTo(98.52, 1);
    expect(run.stdout).toContain('(2 fixes applied)');
    expect(run.code).toBe(0);
  });

  it('--fix-in-place overwrites the input; fixing stdin needs --output', async () => {
    const dir = tempDir();
    const input = join(dir, 'fields.json');
    writeFileSync(input, broken);
    await runCli(['fix', '--fix-in-place', input], { cwd: dir });
    expect(JSON.parse(readFileSync(input, 'utf8')).fields[0].acres).toBe(98.5);
    expect((await runCli(['fix', '-'], { stdin: broken })).code).toBe(2);
    const out = join(dir, 'out.json');
    await runCli(['fix', '-o', out, '-'], { stdin: broken, cwd: dir });
    expect(JSON.parse(readFileSync(out, 'utf8')).fields[0].acres).toBe(98.5);
  });

  it('checks a sampleDate on its own with --sample-date, against the given clock', async () => {
    const ok = await runCli(['validate', '--sample-date', '2024-02-29T10:00:00.000Z']);
    expect(ok.code).toBe(0);
    const future = await runCli([
      'validate',
      '--now',
      '2024-01-01T00:00:00.000Z',
      '--sample-date',
      '2024-02-29T10:00:00.000Z',
    ]);
    expect([future.code, future.stdout.includes('SD004')]).toEqual([0, true]);
    expect((await runCli(['validate', '--sample-date', '2023-02-29T10:00:00.000Z'])).code).toBe(1);
  });

  it('fix with only an unsafe fix to offer writes nothing and says which option applies it', async () => {
    // A decimal-comma CSV (Excel in most of Europe) whose acres are far off the boundary's.
    const dir = tempDir();
    const csv = join(dir, 'fields.csv');
    writeFileSync(csv, `clientName;farmName;name;boundary;acres\nSmith;Home;North;${SMALL_FIELD};1.227,5\n`);
    const run = await runCli(['fix', csv]);
    expect(run.code).toBe(1);
    expect(readdirSync(dir)).toEqual(['fields.csv']);
    expect(run.stdout).toMatch(/hint: .*set acres to \d+,\d+ \(the unsafe fix\)/);
    expect(run.stdout).toContain(
      '1 unsafe fix (a guess that states its assumption; check the result) can be applied with --unsafe-fixes.',
    );
  });
});

describe('fieldgate validate: the text report of a file read as a stream', () => {
  it('writes every diagnostic of a 17 MB WKT with its code frame, in order, as the file is read', async () => {
    const dir = tempDir();
    // 22,000 boundaries of 40 points, each with a repeated point: one GEO012 warning per line.
    const ring = (i: number): string => {
      const points = Array.from({ length: 40 }, (_, k) => {
        const a = (2 * Math.PI * k) / 40;
        return `${(-96 + (i % 100) * 0.01 + 0.004 * Math.cos(a)).toFixed(7)} ${(41 + Math.floor(i / 100) * 0.01 + 0.004 * Math.sin(a)).toFixed(7)}`;
      });
      points.splice(5, 0, points[5]!);
      return `POLYGON ((${[...points, points[0]].join(', ')}))`;
    };
    const lines = Array.from({ length: 22_000 }, (_, i) => ring(i));
    const path = join(dir, 'big.wkt');
    writeFileSync(path, `${lines.join('\n')}\n`);
    expect(readFileSync(path).length).toBeGreaterThan(16 * 1024 * 1024);
    const run = await runCli(['validate', '--select', 'GEO012', path]);
    expect(run.code).toBe(0);
    const out = run.stdout.split('\n');
    const headers = out.flatMap((l, i) => {
      const m = /^\S+big\.wkt:(\d+):(\d+) {2}warning {2}GEO012 /.exec(l);
      return m ? [{ line: Number(m[1]), at: i }] : [];
    });
    expect(headers.map((h) => h.line)).toEqual(lines.map((_, i) => i + 1));
    // Each one's frame shows its own line (a window of it), marked with ">".
    for (const h of [headers[0]!, headers[9_999]!, headers[21_999]!]) {
      const frame = out.slice(h.at + 1, h.at + 5).find((l) => l.startsWith(`  > ${h.line} |`));
      expect(frame, `line ${h.line}`).toBeDefined();
      const shown = frame!.slice(frame!.indexOf('| ') + 2).replace(/^…|…$/g, '');
      expect(shown.length).toBeGreaterThan(40);
      expect(lines[h.line - 1]).toContain(shown);
    }
    expect(run.stdout).toContain('0 errors, 22,000 warnings, 0 info');
    expect(run.stdout).toContain('22,000 safe fixes can be applied with --fix.');
  }, 60_000);
});

describe('fieldgate rules', () => {
  it('lists the registry as JSON and honours --select with group names', async () => {
    const all = JSON.parse((await runCli(['rules', '--json'])).stdout) as { code: string; group: string }[];
    expect(all.length).toBeGreaterThan(25);
    const dates = JSON.parse((await runCli(['rules', '--json', '--select', 'sample-date'])).stdout) as {
      code: string;
    }[];
    expect(dates.map((r) => r.code)).toEqual(['SD001', 'SD002', 'SD003', 'SD004']);
  });

  it('explains one rule with its docs and messages', async () => {
    const run = await runCli(['rules', 'SD003']);
    expect(run.stdout).toContain('SD003 sample-date-impossible');
    expect(run.stdout).toContain('Why is this bad?');
    expect(run.stdout).toContain('Use instead');
    expect((await runCli(['rules', 'XX999'])).code).toBe(2);
  });

  it('says where a rule is decided: its own check, or the pass that reports it', async () => {
    expect((await runCli(['rules', 'RXA004'])).stdout).toContain('Decided in\n  core/archive/zip-rules.ts\n');
    expect((await runCli(['rules', 'JS002'])).stdout).toContain(
      'Decided in\n  core/formats/json-file-kind.ts\n',
    );
    const [json] = JSON.parse((await runCli(['rules', '--json', '--select', 'RXA004'])).stdout) as {
      decidedIn: string;
    }[];
    expect(json?.decidedIn).toBe('core/archive/zip-rules.ts');
  });
});
