/**
 * Crafted Modus fixtures (core/modus/fixtures): `valid/` files have no error in any rule group,
 * `invalid/` and `unsafe/` files have the diagnostics in `<case>.expected.json` (codes and locations, not
 * message text), and `<case>.fixed.xml` is what the safe fixes make of a fixable case.
 *
 * Regenerate after a deliberate change with `UPDATE_FIXTURES=1 npx vitest run test/modus/fixtures.test.ts`
 * and review the diff.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { modusFileKind } from '../../core/modus/modus-file-kind.ts';

const root = resolve(fileURLToPath(new URL('../../core/modus/fixtures', import.meta.url)));
const update = process.env.UPDATE_FIXTURES === '1';

interface Expected {
  code: string;
  severity: string;
  messageId: string;
  line?: number;
  column?: number;
  fix?: string;
}

for (const folder of ['valid', 'invalid', 'unsafe']) {
  describe(`Modus fixtures: ${folder}/`, () => {
    for (const name of readdirSync(join(root, folder)).filter(
      (f) => f.endsWith('.xml') && !f.endsWith('.fixed.xml'),
    )) {
      const base = name.replace(/\.xml$/, '');
      it(base, async () => {
        const bytes = new Uint8Array(readFileSync(join(root, folder, name)));
        const file = { name, bytes };
        expect(modusFileKind.detect(file)).toBeGreaterThan(0);
        const report = await modusFileKind.validate(file, {});
        const actual: Expected[] = report.diagnostics.map((d) => {
          const e: Expected = { code: d.code, severity: d.severity, messageId: d.messageId };
          if (d.location.range) {
            e.line = d.location.range.start.line;
            e.column = d.location.range.start.column;
          }
          if (d.fix) e.fix = d.fix.safety;
          return e;
        });
        if (folder === 'valid') expect(actual.filter((d) => d.severity === 'error')).toEqual([]);
        else expect(actual.some((d) => d.severity === 'error')).toBe(true);
        const expectedPath = join(root, folder, `${base}.expected.json`);
        if (update) writeFileSync(expectedPath, JSON.stringify(actual, null, 2) + '\n');
        expect(actual).toEqual(JSON.parse(readFileSync(expectedPath, 'utf8')));

        const fixedPath = join(root, folder, `${base}.fixed.xml`);
        const fixed = await modusFileKind.fix?.(file, report, ['safe']);
        if (update && fixed) writeFileSync(fixedPath, fixed.bytes);
        if (existsSync(fixedPath)) {
          expect(fixed).toBeDefined();
          expect(Buffer.from(fixed?.bytes ?? []).toString('utf8')).toBe(readFileSync(fixedPath, 'utf8'));
          // A fixed file no longer has the fixed problems.
          const again = await modusFileKind.validate({ name, bytes: fixed?.bytes ?? new Uint8Array() }, {});
          const safeLeft = again.diagnostics.filter((d) => d.fix?.safety === 'safe');
          expect(safeLeft).toEqual([]);
        } else {
          expect(fixed).toBeUndefined();
        }
      });
    }
  });
}
