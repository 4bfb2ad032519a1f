/**
 * The precision of rebuilt boundaries (fixtures/precision/in → out): every coordinate an unsafe fix writes
 * has the input's decimals (a crossing point a few more, where rounding would break the area), never binary
 * noise (45.11000000000001), also where make-valid cut a sliver 1e-14 wide next to a vertex. The fixed copy
 * must equal out/<name> and be valid. UPDATE_FIXTURES=1 rewrites out/; review the diff before committing.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectFileKind } from '../formats/registry.ts';
import { boundaryFileKinds } from './boundary-file-kinds.ts';

const dir = join(import.meta.dirname, 'fixtures', 'precision');
const update = process.env.UPDATE_FIXTURES === '1';

/** The most decimals of any number in a text. */
function decimalsOf(text: string): number {
  return Math.max(0, ...[...text.matchAll(/\d\.(\d+)/g)].map((m) => (m[1] as string).length));
}

async function validateFile(name: string, bytes: Uint8Array) {
  const file = { name, bytes };
  const kind = detectFileKind(file, boundaryFileKinds);
  if (!kind) throw new Error(`no boundary kind for ${name}`);
  return { kind, file, report: await kind.validate(file, {}) };
}

describe('coordinates of rebuilt boundaries', () => {
  for (const name of readdirSync(join(dir, 'in'))) {
    it(`${name}: the input's precision, no binary noise, as out/${name}`, async () => {
      const input = readFileSync(join(dir, 'in', name));
      const { kind, file, report } = await validateFile(name, new Uint8Array(input));
      const rebuilt = report.diagnostics.filter((d) => d.fix?.safety === 'unsafe');
      expect(rebuilt.length).toBeGreaterThan(0);
      // Two decimals in, at most three out here: the crossings at x.xx5 need one more, nothing needs 14.
      const most = decimalsOf(input.toString('utf8')) + 1;
      for (const d of rebuilt) {
        expect(decimalsOf(d.fix?.after ?? ''), d.fix?.after).toBeLessThanOrEqual(most);
        for (const e of d.fix?.edits ?? [])
          expect(decimalsOf(e.text ?? ''), e.text).toBeLessThanOrEqual(most);
      }
      const fixed = await kind.fix!(file, report, ['safe', 'unsafe']);
      const text = new TextDecoder().decode(fixed!.bytes);
      if (update) writeFileSync(join(dir, 'out', name), text);
      expect(text).toBe(readFileSync(join(dir, 'out', name), 'utf8'));
      // The rounded areas are still valid: no geometry problem is left.
      const again = await validateFile(name, fixed!.bytes);
      expect(again.report.diagnostics.filter((d) => d.group === 'ogc-validity')).toEqual([]);
    });
  }
});

describe('an outline that is a sliver as a whole', () => {
  it('gets no fix rather than an area 1e-14 wide written in 17 digits', async () => {
    // Out and back along one line: make-valid keeps a sliver only the binary noise of its crossing holds open.
    const wkt =
      'POLYGON ((-93.28 45.10, -93.30 45.12, -93.29 45.11, -93.29 45.12, -93.29 45.11, -93.28 45.10))\n';
    const { report } = await validateFile('line.wkt', new TextEncoder().encode(wkt));
    expect(report.diagnostics.filter((d) => d.fix)).toEqual([]);
    const crossing = report.diagnostics.find((d) => d.code === 'GEO004' && d.messageId === 'crossing');
    expect(crossing?.hint).toContain(
      "No fix is offered: the rebuilt boundary would have no area at the input's precision.",
    );
  });
});
