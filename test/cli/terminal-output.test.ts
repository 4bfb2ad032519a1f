/**
 * What the text report prints for hostile or unusual input: no terminal control sequence from a file reaches
 * stdout, carets sit under wide characters, invisible characters are named, counts read as English.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSandboxCommand } from '../../cli/commands/sandbox.ts';
import { rxZip } from '../rx/build-zip.ts';
import { square } from '../rx/build-shapefile.ts';
import { repoRoot, runCli } from './cli-helpers.ts';

// C0 (except line feed), DEL and C1: what a terminal would act on.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

function tempFile(name: string, content: string | Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'fieldgate-terminal-'));
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

const hostileName = 'A\u001b]0;PWNED\u0007\u001b[2J';
const upload = JSON.stringify({
  fields: [
    {
      clientName: hostileName,
      farmName: 'F',
      name: 'N',
      boundary: 'POLYGON((20 10, 20.01 10, 20.01 10.01, 20 10))',
      source: 'x',
    },
    {
      clientName: hostileName,
      farmName: 'F',
      name: 'N',
      boundary: 'POLYGON((20 10, 20.01 10, 20.01 10.01, 20 10))',
      source: 'x',
      'extra\u009b': 1,
    },
  ],
});

describe('terminal output of text from the input', () => {
  it('escapes control characters of a field upload in messages, paths and code frames', async () => {
    const path = tempFile('hostile.json', upload);
    const run = await runCli(['validate', path]);
    expect(run.code).toBe(1);
    expect(run.stdout).not.toMatch(RAW_CONTROL);
    // The duplicate's message quotes the client name: visible, escaped.
    expect(run.stdout).toContain('A\\x1b]0;PWNED\\x07\\x1b[2J');
    expect(run.stdout).toContain('extra\\x9b');
  });

  it('escapes raw ESC bytes of a WKT file in the message and the code frame, carets under the escape', async () => {
    const path = tempFile('raw.wkt', 'POLYGON((0 0, 1 0\u001b[2J, 1 1, 0 0))\n');
    const run = await runCli(['validate', path]);
    expect(run.stdout).not.toMatch(RAW_CONTROL);
    expect(run.stdout).toContain('found U+001B (a control character)');
    const lines = run.stdout.split('\n');
    const source = lines.findIndex((l) => l.includes('> 1 |'));
    expect(lines[source]).toContain('1 0\\x1b[2J');
    const caretLine = lines[source + 1] ?? '';
    const caretAt = caretLine.indexOf('^');
    expect((lines[source] ?? '').slice(caretAt, caretAt + 4)).toBe('\\x1b');
    expect(caretLine.slice(caretAt)).toBe('^^^^');
  });

  it('keeps them JSON-escaped in the JSON report, so the values round-trip', async () => {
    const path = tempFile('hostile.json', upload);
    const run = await runCli(['validate', '--format', 'json', path]);
    expect(run.stdout).not.toMatch(RAW_CONTROL);
    const report = JSON.parse(run.stdout) as { diagnostics: { message: string }[] };
    expect(report.diagnostics.some((d) => d.message.includes(hostileName))).toBe(true);
  });

  it('escapes control characters in file names', async () => {
    const path = tempFile('bad\u001b[31mname.wkt', 'POLYGON((0 0, 1 0, 1 1))\n');
    const run = await runCli(['validate', path]);
    expect(run.stdout).not.toMatch(RAW_CONTROL);
    expect(run.stdout).toContain('bad\\x1b[31mname.wkt');
  });
});

describe('inspect', () => {
  it('escapes C1 controls and bidi overrides from a soil test summary (the lab name)', async () => {
    const xml = readFileSync(join(repoRoot, 'examples/soil/a-and-l-lab-result.xml'), 'utf8').replace(
      '<LabName>A &amp; L Great Lakes Laboratories</LabName>',
      '<LabName>Lab\u009b2J\u202eevil</LabName>',
    );
    expect(xml).toContain('\u009b');
    const run = await runCli(['inspect', tempFile('lab.xml', xml)]);
    expect(run.stdout).toContain('Lab\\x9b2J\\u202eevil');
    expect(run.stdout).not.toMatch(/[\u0080-\u009f\u202e]/);
  });
});

describe('sandbox messages about its files', () => {
  it('escapes the content of a broken --data file quoted in the error', async () => {
    const path = tempFile('state.json', '{"a": \u001b[2J}');
    let stderr = '';
    const code = await createSandboxCommand({ waitForStop: async () => undefined }).run(
      ['--port', '0', '--data', path],
      {
        stdout: () => undefined,
        stderr: (t) => void (stderr += t),
        readStdin: async () => new Uint8Array(),
        cwd: tmpdir(),
        env: {},
        isTTY: false,
        now: () => new Date(),
      },
    );
    expect(code).toBe(2);
    expect(stderr).toContain('cannot use --data');
    expect(stderr).not.toMatch(RAW_CONTROL);
  });
});

describe('code frames and messages for people', () => {
  it('puts the carets under the value after CJK names (two columns each)', async () => {
    const text = JSON.stringify({
      fields: [
        {
          clientName: '田中農場',
          farmName: 'F',
          name: 'N',
          boundary: 'POLYGON((20 10, 20.01 10, 20.01 10.01, 20 10))',
          acres: 'x',
          source: 's',
        },
      ],
    });
    const run = await runCli(['validate', tempFile('cjk.json', text)]);
    const lines = run.stdout.split('\n');
    const source = lines.findIndex((l) => l.includes('> 1 |') && l.includes('"acres":"x"'));
    expect(source).toBeGreaterThan(-1);
    const caretLine = lines[source + 1] ?? '';
    // Four CJK characters before the value: four columns more than their count of characters.
    expect(caretLine.indexOf('^')).toBe((lines[source] ?? '').indexOf('"x"') + 4);
    expect(caretLine.trim().replace(/^\|\s*/, '')).toBe('^^^');
  });

  it('names a no-break space instead of showing a blank', async () => {
    const path = tempFile('nbsp.wkt', 'POLYGON((0 0, 1\u00a00, 1 1, 0 0))\n');
    const run = await runCli(['validate', path]);
    expect(run.stdout).toContain('found U+00A0 NO-BREAK SPACE');
    expect(run.stdout).not.toContain("found ' '");
  });

  it('writes counts in English: "1 error", not "1 errors"', async () => {
    const path = tempFile('one.wkt', 'POLYGON((20 10, 21 10, 21 11, 20 10))\n');
    const run = await runCli(['inspect', path]);
    expect(run.stdout).toContain('1 error,');
    expect(run.stdout).not.toMatch(/\b1 (errors|warnings)\b/);
  });

  it('does not call projected coordinates "(lat, lon)" (overlapping zones, no .prj, UTM metres)', async () => {
    const records = [[square(500000, 4980000, 100)], [square(500050, 4980050, 100)]];
    const path = tempFile('utm-no-prj.zip', rxZip({ prj: null, shapefile: { records } }));
    const run = await runCli(['validate', '--select', 'RXZ006', path]);
    expect(run.stdout).toMatch(/Zones 1 and 2 overlap near x 5000\d\d, y 4980\d\d\d /);
    expect(run.stdout).toContain("(the file's coordinates, not degrees)");
    expect(run.stdout).not.toContain('(lat, lon)');
  });
});
