/**
 * The package as others use it: `import … from 'fieldgate'` resolves through package.json `exports` to
 * compiled JS (dist/index.js) that plain Node runs, with type declarations a TypeScript project compiles
 * against.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDeclarations, buildLibrary, root } from '../../scripts/build.js';

interface PackageJson {
  exports: { '.': { types: string; import: string } };
  dependencies: Record<string, string>;
}
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as PackageJson;

describe("the package's public entry", () => {
  beforeAll(async () => {
    await buildLibrary();
    // Type errors are `npm run typecheck`'s to report; the declarations are written regardless.
    buildDeclarations();
  }, 120_000);

  it('names compiled JS and declarations, and no run-time dependency on tsx', () => {
    expect(pkg.exports['.']).toEqual({ types: './dist/types/core/index.d.ts', import: './dist/index.js' });
    expect(Object.keys(pkg.dependencies)).not.toContain('tsx');
  });

  it('runs in a plain Node process and checks a sampleDate through the public API', () => {
    const script = `
      import { checkSampleDate } from 'fieldgate';
      const found = checkSampleDate('2024-05-01T10:00:00Z', { now: new Date('2026-01-01T00:00:00.000Z') });
      console.log(JSON.stringify({ from: import.meta.resolve('fieldgate'), codes: found.map((d) => d.code),
        after: found[0]?.fix?.after }));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    const result = JSON.parse(run.stdout) as { from: string; codes: string[]; after: string };
    expect(result.from).toMatch(/\/dist\/index\.js$/);
    expect(result.codes).toEqual(['SD002']);
    expect(result.after).toBe('2024-05-01T10:00:00.000Z');
  });

  describe('types', () => {
    const consumer = mkdtempSync(join(tmpdir(), 'fieldgate-consumer-'));
    afterAll(() => rmSync(consumer, { recursive: true, force: true }));

    it(
      'let a TypeScript project type-check its use of the package, and reject a misuse',
      { timeout: 120_000 },
      () => {
        // Installed as a dependency would be: node_modules/fieldgate is the package.
        mkdirSync(join(consumer, 'node_modules'));
        writeFileSync(join(consumer, 'package.json'), JSON.stringify({ type: 'module' }));
        symlinkSync(root, join(consumer, 'node_modules', 'fieldgate'), 'dir');
        writeFileSync(
          join(consumer, 'use.ts'),
          `import { checkSampleDate, type Diagnostic } from 'fieldgate';\n` +
            `const found: Diagnostic[] = checkSampleDate('2024-05-01', { now: new Date() });\n` +
            `const code: string = found[0]?.code ?? '';\n` +
            `// @ts-expect-error a diagnostic's severity is not a number\n` +
            `const severity: number = found[0]!.severity;\n` +
            `export { code, severity };\n`,
        );
        writeFileSync(
          join(consumer, 'tsconfig.json'),
          JSON.stringify({
            compilerOptions: {
              module: 'NodeNext',
              strict: true,
              noEmit: true,
              skipLibCheck: true,
              types: [],
            },
            files: ['use.ts'],
          }),
        );
        const tsc = spawnSync(
          process.execPath,
          [join(root, 'node_modules/typescript/bin/tsc'), '-p', consumer],
          {
            encoding: 'utf8',
          },
        );
        expect(tsc.stdout + tsc.stderr).toBe('');
        expect(tsc.status).toBe(0);
      },
    );
  });
});
