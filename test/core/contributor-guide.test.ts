/**
 * The contributor's guide (CONTRIBUTING.md, docs/architecture.md) cannot go stale unnoticed: every project
 * path it names in backticks exists, every link resolves, every `npm run` script and benchmark name it uses
 * exists, and its benchmark table lists every *.bench.ts there is.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url).pathname;
const GUIDES = ['CONTRIBUTING.md', 'docs/architecture.md'];
/** The files of the rule recipe's worked example, which following the recipe creates. */
const WORKED_EXAMPLE = /sample-date-before-1900/;

const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};

/** Project paths written in backticks: a folder or file path with a slash, no placeholders or globs. */
function backtickedPaths(markdown: string): string[] {
  const paths = [...markdown.matchAll(/`([^`\s]+)`/g)]
    .map((m) => m[1]!)
    .filter((t) => /^[\w@-][\w.@-]*(\/[\w.@-]+)*\/[\w.@-]*$/.test(t) && !t.startsWith('dist/'));
  return [...new Set(paths)];
}

/** Every *.bench.ts of the project, relative to it (where cli/bin/bench.js looks). */
function benchmarkFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.bench.ts')) found.push(relative(root, path));
    }
  };
  for (const top of ['core', 'cli', 'sandbox', 'host', 'test'])
    if (existsSync(join(root, top))) walk(join(root, top));
  return found.sort();
}

describe('the contributor guide', () => {
  it('finds project paths in backticks, not placeholders, globs or commands', () => {
    expect(
      backtickedPaths(
        '`core/rules/registry.ts` `core/rules/<group>/` `cli/commands/*.ts` `test/{a,b}/x.ts` `npm test` `x.ts` `examples/fields/` `dist/`',
      ),
    ).toEqual(['core/rules/registry.ts', 'examples/fields/']);
  });

  for (const guide of GUIDES) {
    const text = readFileSync(join(root, guide), 'utf8');

    it(`${guide}: every path it names exists`, () => {
      const paths = backtickedPaths(text).filter((p) => !WORKED_EXAMPLE.test(p));
      expect(paths.length).toBeGreaterThan(20);
      expect(paths.filter((p) => !existsSync(join(root, p)))).toEqual([]);
    });

    it(`${guide}: every link resolves`, () => {
      const links = [...text.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)].map((m) => m[1]!);
      expect(links.filter((l) => !existsSync(join(root, dirname(guide), l)))).toEqual([]);
    });

    it(`${guide}: every npm script and benchmark it runs exists`, () => {
      const scripts = [...text.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]!);
      expect(scripts.filter((s) => packageJson.scripts[s] === undefined)).toEqual([]);
      const benches = [...text.matchAll(/npm run bench -- ([a-z][\w-]*)/g)].map((m) => m[1]!);
      expect(benches.filter((name) => !benchmarkFiles().some((f) => f.includes(name)))).toEqual([]);
    });
  }

  it('CONTRIBUTING.md: the benchmark table lists every benchmark, each under a name that runs it', () => {
    const text = readFileSync(join(root, 'CONTRIBUTING.md'), 'utf8');
    const table = text.slice(
      text.indexOf('## Benchmarks'),
      text.indexOf('\n## ', text.indexOf('## Benchmarks') + 1),
    );
    const rows = [...table.matchAll(/^\| `([\w-]+)` \| (.*)$/gm)].map((m) => ({
      name: m[1]!,
      files: [...m[2]!.matchAll(/`([^`]+\.bench\.ts)`/g)].map((f) => f[1]!),
    }));
    expect(rows.flatMap((r) => r.files).sort()).toEqual(benchmarkFiles());
    for (const row of rows) for (const file of row.files) expect(file, row.name).toContain(row.name);
  });
});
