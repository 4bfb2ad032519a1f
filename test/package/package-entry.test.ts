/**
 * The package as others use it: `import … from 'fieldgate'` (and `require`, and `fieldgate/node`) resolves
 * through package.json `exports` to compiled JS (dist/esm, one module per source file) that plain Node runs,
 * with type declarations a TypeScript project compiles against; its `dependencies` are what that JS imports.
 */
import { spawnSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLibrary, libraryOutDir, root } from '../../scripts/build.js';
import { declarationsBuilt } from '../support/declarations.ts';

interface PackageJson {
  exports: Record<string, { types: string; default: string } | string>;
  dependencies: Record<string, string>;
  scripts: Record<string, string>;
}
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as PackageJson;

describe("the package's public entry", () => {
  beforeAll(async () => {
    await buildLibrary();
    await declarationsBuilt();
  }, 120_000);

  it('names compiled JS and declarations for each entry, for import and require alike', () => {
    expect(pkg.exports['.']).toEqual({
      types: './dist/types/core/index.d.ts',
      default: './dist/esm/core/index.js',
    });
    expect(pkg.exports['./node']).toEqual({
      types: './dist/types/node/index.d.ts',
      default: './dist/esm/node/index.js',
    });
  });

  it('depends on exactly the packages the library imports, and builds nothing on install', () => {
    const imported = new Set<string>();
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith('.js'))
          for (const m of readFileSync(path, 'utf8').matchAll(
            /^\s*(?:import|export)\b[^"';]*?(?:from\s*)?"([^"]+)"|\bimport\("([^"]+)"\)/gm,
          )) {
            const spec = m[1] ?? m[2] ?? '';
            if (spec.startsWith('node:') || spec.startsWith('.')) continue;
            imported.add(
              spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] ?? ''),
            );
          }
      }
    };
    walk(libraryOutDir);
    expect(Object.keys(pkg.dependencies).sort()).toEqual([...imported].sort());
    // An install of the packed package runs no build (its build script is not shipped).
    expect(pkg.scripts.prepare).toBeUndefined();
    expect(pkg.scripts.postinstall).toBeUndefined();
  });

  it('loads with require() from CommonJS, the same module as import gives', () => {
    const script = `
      const core = require('fieldgate');
      const node = require('fieldgate/node');
      console.log(JSON.stringify({ uuid: core.isUuid('1b4e28ba-2fa1-11d2-883f-0016d3cca427'),
        validate: typeof core.validate, submitBatch: typeof node.submitBatch }));`;
    const run = spawnSync(process.execPath, ['-e', script], { cwd: root, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({ uuid: true, validate: 'function', submitBatch: 'function' });
  });

  it('loads for fieldgate/wkt, in plain Node, no module of another kind and no catalogue of every kind or rule', () => {
    // Every module fieldgate/wkt can load: its static imports and those it loads lazily (the .wkt checks,
    // the checks across files).
    const reached = new Set<string>();
    const queue = [join(libraryOutDir, 'core', 'entries', 'wkt.js')];
    for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
      if (reached.has(file)) continue;
      reached.add(file);
      for (const m of readFileSync(file, 'utf8').matchAll(
        /^\s*(?:import|export)\b[^"';]*?from\s*"(\.[^"]+)"|^import\s*"(\.[^"]+)"|\bimport\("(\.[^"]+)"\)/gm,
      ))
        queue.push(join(dirname(file), m[1] ?? m[2] ?? m[3] ?? ''));
    }
    const modules = [...reached].map((f) => relative(libraryOutDir, f));
    expect(modules).toContain('core/boundary/wkt-file-kind.js');
    expect(
      modules.filter((m) =>
        /^core\/(modus|csv|rx|agronomic)\/|^core\/(rules|formats)\/registry\.js$/.test(m),
      ),
    ).toEqual([]);
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
    expect(result.from).toMatch(/\/dist\/esm\/core\/index\.js$/);
    expect(result.codes).toEqual(['SD002']);
    expect(result.after).toBe('2024-05-01T10:00:00.000Z');
  });

  it(
    'type-checks every TypeScript example of the README and docs/ in strict mode against the package',
    { timeout: 120_000 },
    () => {
      const project = mkdtempSync(join(tmpdir(), 'fieldgate-doc-examples-'));
      try {
        mkdirSync(join(project, 'node_modules'));
        symlinkSync(root, join(project, 'node_modules', 'fieldgate'), 'dir');
        writeFileSync(join(project, 'package.json'), JSON.stringify({ type: 'module' }));
        // What the examples leave to the reader: their inputs and their own functions.
        const prelude = [
          "import type { EngineSource, GeoJsonFeature, TemporalEntity } from 'fieldgate';",
          'declare const bytes: Uint8Array;',
          'declare const inputs: EngineSource[];',
          'declare const files: EngineSource[];',
          'declare const signal: AbortSignal;',
          'declare function showProgress(file: string, bytes: number, total: number): void;',
          'declare function drawOnMap(features: GeoJsonFeature[] | undefined): void;',
          'declare const authUrl: string, baseUrl: string, legacyBaseUrl: string;',
          'declare const clientId: string, clientSecret: string, apiKey: string;',
          'declare const experimentProtocolId: string;',
          'declare const temporalEntity: TemporalEntity;',
          'export {};',
        ].join('\n');
        const names: string[] = [];
        const documents = ['README.md', ...readdirSync(join(root, 'docs')).map((f) => `docs/${f}`)];
        for (const doc of documents.filter((d) => d.endsWith('.md')))
          [...readFileSync(join(root, doc), 'utf8').matchAll(/```ts\n([\s\S]*?)```/g)].forEach((m, i) => {
            const name = `${doc.replace(/[/.]/g, '-')}-${i + 1}.ts`;
            names.push(name);
            writeFileSync(join(project, name), `${prelude}\n${m[1]}`);
          });
        expect(names.length).toBeGreaterThanOrEqual(5);
        writeFileSync(
          join(project, 'tsconfig.json'),
          JSON.stringify({
            compilerOptions: {
              target: 'ES2022',
              module: 'NodeNext',
              strict: true,
              noEmit: true,
              skipLibCheck: true,
              lib: ['ES2023', 'DOM'],
              typeRoots: [join(root, 'node_modules', '@types')],
              types: ['node'],
            },
            files: names,
          }),
        );
        const tsc = spawnSync(
          process.execPath,
          [join(root, 'node_modules/typescript/bin/tsc'), '-p', project],
          { encoding: 'utf8' },
        );
        expect(tsc.stdout + tsc.stderr).toBe('');
      } finally {
        rmSync(project, { recursive: true, force: true });
      }
    },
  );

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
