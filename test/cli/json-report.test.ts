import { describe, expect, it } from 'vitest';
import { jsonForTerminal } from '../../cli/render/terminal-text.ts';
import { reportLayout } from '../support/report-layout.ts';
import { runCli } from './cli-helpers.ts';

const SMALL_FIELD =
  'POLYGON((-93.2650 45.1210, -93.2570 45.1210, -93.2570 45.1267, -93.2650 45.1267, -93.2650 45.1210))';

/** An upload of `count` fields, each with acres written as text (one FU003 each), names with a bidi override. */
function upload(count: number): string {
  const fields = Array.from({ length: count }, (_, i) => ({
    clientName: 'Smith',
    farmName: 'Home',
    name: `Field \u202e${i}`,
    boundary: SMALL_FIELD,
    acres: '98.5',
  }));
  return JSON.stringify({ fields }, null, 2);
}

describe('validate --format json', () => {
  it('leaves the GeoJSON features out unless --features asks for them', async () => {
    const input = upload(2);
    const without = JSON.parse(
      (await runCli(['validate', '--format', 'json', '-'], { stdin: input })).stdout,
    );
    expect(without.files[0]).not.toHaveProperty('features');
    expect(without.diagnostics.map((d: { location: { feature?: number } }) => d.location.feature)).toEqual([
      0, 1,
    ]);
    const run = await runCli(['validate', '--format', 'json', '--features', '-'], { stdin: input });
    const withFeatures = JSON.parse(run.stdout);
    expect(withFeatures.files[0].features).toHaveLength(2);
    expect(withFeatures.files[0].features[1].geometry.type).toBe('Polygon');
    expect(withFeatures.files[0].features[1].properties.name).toBe('Field \u202e1');
    expect(run.stdout).not.toMatch(/[\u0080-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/);
    expect(withFeatures.diagnostics).toEqual(without.diagnostics);
  });

  it('writes diagnostics in batches, one per line, in an otherwise pretty-printed, terminal-safe document', async () => {
    // More diagnostics than fit in one batch, so batch joins are covered.
    const run = await runCli(['validate', '--format', 'json', '-'], { stdin: upload(1203) });
    const report = JSON.parse(run.stdout);
    expect(report.diagnostics).toHaveLength(1203);
    expect(report.diagnostics.map((d: { id: string }) => d.id)).toEqual(
      Array.from({ length: 1203 }, (_, i) => `d${i + 1}`),
    );
    expect(run.stdout).toBe(`${reportLayout(report, jsonForTerminal)}\n`);
    expect(run.stdout.split('\n').filter((line) => line.startsWith('    {"code"'))).toHaveLength(1203);
    expect(run.stdout).not.toMatch(/[\u0080-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/);
  });
});
