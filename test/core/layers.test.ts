/**
 * Layers only look down. Every non-test TypeScript file belongs to one layer (by its folder, or for a
 * domain's file kind by its name); an import from a layer above is a failure naming the file, the import
 * and both layers. Imports within a layer are free. Type-only imports count: a reader that needs a check's
 * types is coupled to it all the same. Rules defined beside the check that reports them
 * (core/archive/zip-rules.ts) sit in that check's layer; the registry gathers them from above.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(new URL('../../', import.meta.url).pathname);

/**
 * Bottom to top. Entries are paths relative to the project; the longest entry that is a prefix of a file's
 * path decides its layer. The rule catalogue is what a rule is (rule.ts), how it reports (reporter.ts) and
 * how rules are picked (selection.ts); a rule group under core/rules/<group>/ holds its rules' checks, so
 * it sits with the checks.
 */
const LAYERS: ReadonlyArray<{ name: string; paths: readonly string[]; names?: RegExp }> = [
  {
    name: 'primitives',
    // Values and plane geometry with no knowledge of files or rules; generated service types and tables;
    // the land mask (where the land is, from Natural Earth); the worker pool (threads for any plain data).
    paths: ['core/values', 'core/planar', 'core/land', 'core/parallel', 'openapi/generated'],
  },
  { name: 'diagnostics', paths: ['core/diagnostics', 'core/report'] },
  {
    name: 'rule catalogue',
    paths: ['core/rules/rule.ts', 'core/rules/reporter.ts', 'core/rules/selection.ts'],
  },
  {
    name: 'readers',
    paths: [
      'core/json',
      'core/wkt',
      'core/archive',
      'core/shapefile',
      'core/crs',
      'core/geojson',
      // The input contract (what an adapter hands the core, how bytes become text, what a kind returns):
      // below the checks, which take an InputFile, and the kinds, which implement it. A kind returns the
      // records a batch sends, and what they ask the service to do, as part of it.
      'core/input',
      'core/records/submit-record.ts',
      'core/records/service-operation.ts',
    ],
  },
  {
    name: 'checks',
    paths: [
      'core/geometry',
      'core/geodesy',
      'core/boundary',
      'core/modus',
      'core/rx',
      'core/requests',
      'core/fields',
      'core/records',
      // CSV batches: reader, mapping, rows to records, checks across rows (csv-file-kinds.ts is a file kind).
      'core/csv',
      // Checks across the files of a batch, over what each file's kind gathered (the engine runs them).
      'core/cross-file',
      // Shared agronomic data (planting, application, harvest points).
      'core/agronomic',
      // Rule groups whose files hold their checks (core/rules/<group>/), and what they share.
      'core/rules/',
    ],
  },
  {
    name: 'file kinds',
    // The registry gathers every rule, those the file kinds report too (core/formats/json-kind-rules.ts).
    paths: ['core/formats', 'core/rules/registry.ts'],
    // A domain's file kind may sit in its domain's folder (core/rx/rx-file-kind.ts): it is a file kind.
    names: /^core\/.*-file-kinds?\.ts$/,
  },
  { name: 'engine', paths: ['core/engine', 'core/index.ts', 'core/entries', 'core/client', 'core/batch'] },
  {
    name: 'adapters',
    paths: ['cli', 'sandbox', 'app', 'host', 'renderer', 'node', 'openapi', 'scripts', 'vitest.config.ts'],
  },
];

/** Not checked: tests and what only tests use may import anything. */
const isTestOnly = (path: string): boolean =>
  path.startsWith('test/') ||
  // Benchmark data (core/geometry/field-upload-bench-data.ts) serves benchmarks and tests only.
  /(\.(test|bench)|-bench-data)\.ts$/.test(path) ||
  path.endsWith('/test-helpers.ts') ||
  path.split('/').includes('fixtures');

const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git', 'coverage']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (SKIPPED_DIRS.has(name)) return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function layerOf(path: string): { index: number; name: string; entry: string } | undefined {
  let best: { index: number; name: string; entry: string } | undefined;
  LAYERS.forEach((layer, index) => {
    if (layer.names?.test(path)) best = { index, name: layer.name, entry: path };
    for (const entry of layer.paths) {
      const prefix = entry.endsWith('.ts') || entry.endsWith('/') ? entry : `${entry}/`;
      const hit = entry.endsWith('.ts') ? path === entry : path.startsWith(prefix);
      if (hit && (!best || (best.entry !== path && entry.length > best.entry.length)))
        best = { index, name: layer.name, entry };
    }
  });
  return best;
}

/** Relative import specifiers: static, type-only, side-effect and dynamic imports and re-exports. */
function importsOf(source: string): string[] {
  // TypeScript's own scanner: comments and strings that look like imports are not imports.
  return ts
    .preProcessFile(source, true, true)
    .importedFiles.map((f) => f.fileName)
    .filter((s) => s.startsWith('.'));
}

interface Violation {
  file: string;
  imports: string;
  from: string;
  to: string;
}

/** Imports that go up, for source files given by their path relative to the project. */
function findViolations(files: Iterable<[path: string, source: string]>): {
  violations: Violation[];
  unmapped: string[];
  checked: number;
} {
  const found: Violation[] = [];
  const unmapped: string[] = [];
  let checked = 0;
  for (const [file, source] of files) {
    if (isTestOnly(file)) continue;
    const own = layerOf(file);
    if (!own) {
      unmapped.push(file);
      continue;
    }
    checked++;
    for (const specifier of importsOf(source)) {
      const target = posix.join(posix.dirname(file), specifier);
      const theirs = layerOf(target);
      if (!theirs) unmapped.push(`${target} (imported by ${file})`);
      else if (theirs.index > own.index)
        found.push({ file, imports: specifier, from: own.name, to: theirs.name });
    }
  }
  return { violations: found, unmapped, checked };
}

function* projectFiles(): Generator<[string, string]> {
  for (const absolute of sourceFiles(root)) {
    yield [relative(root, absolute).split(sep).join('/'), readFileSync(absolute, 'utf8')];
  }
}

describe('layers', () => {
  it('parses static, type-only, re-exported and dynamic imports, not comments', () => {
    const source = [
      "import { a } from './a.ts';",
      "import type { B } from '../b.ts';",
      "export * from './c.ts';",
      "export { d } from './d.ts';",
      "import './side.ts';",
      'import {',
      '  e,',
      "} from './e.ts';",
      "const f = await import('./f.ts');",
      "// import { g } from './g.ts';",
      "/* import { h } from './h.ts'; */",
      "import { readFileSync } from 'node:fs';",
    ].join('\n');
    expect(importsOf(source)).toEqual([
      './a.ts',
      '../b.ts',
      './c.ts',
      './d.ts',
      './side.ts',
      './e.ts',
      './f.ts',
    ]);
  });

  it('maps every source file to a layer', () => {
    const { unmapped, checked } = findViolations(projectFiles());
    expect(unmapped).toEqual([]);
    expect(checked).toBeGreaterThan(250);
  });

  it('has no folder importing from a layer above it', () => {
    const report = findViolations(projectFiles()).violations.map(
      (v) => `${v.file} (${v.from}) imports ${v.imports} (${v.to})`,
    );
    expect(report).toEqual([]);
  });

  it('names the file, the import and both layers of an import that goes up', () => {
    const { violations } = findViolations([
      ['core/shapefile/read-shp.ts', "import type { Zone } from '../rx/check-zones.ts';"],
      ['core/rules/rule.ts', "export { readDbf } from '../shapefile/read-dbf.ts';"],
      ['core/rx/check-zones.ts', "import { readShp } from '../shapefile/read-shp.ts';"],
      ['core/shapefile/group-rings.ts', "import { signedArea } from '../planar/rings.ts';"],
      ['core/geometry/x.ts', "const kinds = await import('../formats/registry.ts');"],
    ]);
    expect(violations).toEqual([
      { file: 'core/shapefile/read-shp.ts', imports: '../rx/check-zones.ts', from: 'readers', to: 'checks' },
      {
        file: 'core/rules/rule.ts',
        imports: '../shapefile/read-dbf.ts',
        from: 'rule catalogue',
        to: 'readers',
      },
      { file: 'core/geometry/x.ts', imports: '../formats/registry.ts', from: 'checks', to: 'file kinds' },
    ]);
  });

  it('knows the layer order it enforces', () => {
    expect(layerOf('core/rules/rule.ts')?.name).toBe('rule catalogue');
    expect(layerOf('core/rules/selection.ts')?.name).toBe('rule catalogue');
    expect(layerOf('core/rules/enrollment/index.ts')?.name).toBe('checks');
    expect(layerOf('core/rules/sample-date/sample-date-format.ts')?.name).toBe('checks');
    expect(layerOf('core/rules/registry.ts')?.name).toBe('file kinds');
    expect(layerOf('core/geometry/validity-rules.ts')?.name).toBe('checks');
    expect(layerOf('core/archive/zip-reader.ts')?.name).toBe('readers');
    expect(layerOf('core/rx/validate-rx.ts')?.name).toBe('checks');
    expect(layerOf('core/formats/registry.ts')?.name).toBe('file kinds');
    expect(layerOf('core/rx/rx-file-kind.ts')?.name).toBe('file kinds');
    expect(layerOf('core/input/file-kind.ts')?.name).toBe('readers');
    expect(layerOf('core/input/text-decoding.ts')?.name).toBe('readers');
    expect(layerOf('core/planar/point-in-ring.ts')?.name).toBe('primitives');
    expect(layerOf('cli/main.ts')?.name).toBe('adapters');
    expect(layerOf('core/rulesx/a.ts')).toBeUndefined();
  });
});
