/**
 * Issue 10, item 3: `validate --fix` and `fix -o` on GeoJSON and KML boundaries write the fixed file in the
 * input's format (they used to write nothing while offering fixes), and what cannot be written is not offered.
 */
import { copyFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/cli-helpers.ts';
import { corpusPath } from '../support/corpus.ts';

const fixtures = resolve(import.meta.dirname, '../../core/boundary/fixtures/fixes');

describe('fieldgate fix on boundary files', () => {
  it('validate --fix writes the KML with its open ring closed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fg-fix-'));
    copyFileSync(join(fixtures, 'geometry-fixes.kml'), join(dir, 'fields.kml'));
    const run = await runCli(['validate', '--fix', 'fields.kml'], { cwd: dir });
    expect(run.stderr).toBe('');
    const written = readFileSync(join(dir, 'fields.fixed.kml'), 'utf8');
    expect(written).toContain('-93.2,45.1 -93.19,45.1 -93.19,45.11 -93.2,45.11 -93.2,45.1</coordinates>');
    // The bow-tie's rebuild is unsafe: still reported, not applied.
    expect(written).not.toContain('MultiGeometry');
    expect(run.stdout).toContain('GEO004');
  });

  it('fix -o --unsafe-fixes rewrites the four invalid CSB fields in place and the result checks clean', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fg-fix-'));
    const run = await runCli(
      ['fix', corpusPath('derived/us_csb_2024_sample_wgs84.geojson'), '-o', 'csb.geojson', '--unsafe-fixes'],
      { cwd: dir },
    );
    expect(run.stderr).toBe('');
    expect(existsSync(join(dir, 'csb.geojson'))).toBe(true);
    const again = await runCli(['validate', 'csb.geojson'], { cwd: dir });
    expect(again.code).toBe(0);
  });
});
