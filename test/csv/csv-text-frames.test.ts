/**
 * Every diagnostic of a CSV batch whose row is known is placed in the file (issue 23, item 14): the JSON
 * report gives it a character range, and the text report a `file:line:col` header and a code frame. Checked
 * over batches of every kind with problems of many rules, not rule by rule, so a new rule cannot slip.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Report } from '../../core/index.ts';
import { repoRoot, runCli } from '../cli/cli-helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'fieldgate-csv-frames-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const P = '15b6f9bb-79c1-4981-a96d-08502916d354';
const Q = '542b50f3-262a-47d6-820b-6b6ee32e5d8b';
const E = 'f63ebb35-de88-467d-b778-1e2a27726c44';
const S = '57f1988d-b476-4f47-8660-52746dac98ab';
const SQUARE = 'POLYGON ((-93.65 42.03, -93.64 42.03, -93.64 42.04, -93.65 42.04, -93.65 42.03))';

const batches: Record<string, string> = {
  'changes.csv':
    'enrollmentId,enrollmentType,action,experimentProtocolId\n' +
    `${E},Program,update,${P}\n${E},program,update,${Q}\n${E.replace('f6', 'a6')},program,,${P}\n` +
    `not-a-uuid,program,remove,\n`,
  'program.csv':
    'experimentProtocolId,dimensionality,temporalEntityId,temporalPeriodTypeName\n' +
    `${P},INDIVIDUAL,${S},GrowingSeason\n${P},INDIVIDUAL,${S},GrowingSeason\n${P},individual,,\n` +
    ',,,\n',
  'fields.csv':
    'clientName;farmName;name;boundary;acres;userName\n' +
    `Smith;Home;North;${SQUARE};227,28;\n` +
    `Smith;Home;North;${SQUARE};lots;u\n` +
    `;Home;South;POLYGON ((-93.65 42.03, -93.64 42.03;2274;u\n` +
    ';;;;;\n',
  'rx.csv': 'file,userName\nrx/missing.zip,u\n/abs/path.zip,\n',
};

describe('a CSV diagnostic whose row is known', () => {
  const files = [
    ...Object.entries(batches).map(([name, text]) => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    }),
    join(repoRoot, 'examples/csv/fields-with-problems.csv'),
  ];
  for (const file of files)
    it(`has a range, a file:line:col and a code frame: ${file.slice(file.lastIndexOf('/') + 1)}`, async () => {
      const report = JSON.parse((await runCli(['validate', '--format', 'json', file])).stdout) as Report;
      const placed = report.diagnostics.filter((d) => d.location.row !== undefined);
      expect(placed.length, file).toBeGreaterThan(0);
      for (const d of placed) expect(d.location.range, `${d.code} ${d.message}`).toBeDefined();
      const text = (await runCli(['validate', file])).stdout;
      for (const d of placed) {
        const { line, column } = d.location.range!.start;
        const header = `${file}:${line}:${column}  ${d.severity}  ${d.code}  `;
        const at = text.indexOf(header);
        expect(at, `${d.code} ${d.message}`).toBeGreaterThanOrEqual(0);
        // The code frame under it marks that line.
        const entry = text.slice(at, text.indexOf('\n\n', at));
        expect(entry, `${d.code}`).toMatch(new RegExp(`^ {2}> +${line} \\| `, 'm'));
      }
    });
});
