/**
 * The library's type declarations (dist/types) for the package tests that read them (package-entry,
 * public-types, packed-consumer): written again only when a source changed since they were, not once by each
 * of those files (tsc: 2.6 s, 3.9 s of CPU, each time). The record of the last build is kept outside dist/,
 * which `npm pack` ships.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildDeclarations, outputIsCurrent, root } from '../../scripts/build.js';

const record = join(root, 'node_modules', '.cache', 'fieldgate', 'types-build-info.json');

/** What the declarations are made from: every TypeScript file of core/ and node/, and the configuration. */
function declarationInputs(): string[] {
  const found = ['tsconfig.json', 'tsconfig.types.json', 'package-lock.json'];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !/\.(test|bench)\.ts$/.test(entry.name)) found.push(path);
    }
  };
  walk('core');
  walk('node');
  return found;
}

/**
 * Whether dist/types was written after every input last changed, no input went away (outputIsCurrent, as
 * for the other builds) and none was added since.
 */
function declarationsCurrent(): boolean {
  const types = join(root, 'dist', 'types');
  if (!statSync(join(types, 'core', 'index.d.ts'), { throwIfNoEntry: false })?.isFile()) return false;
  if (!outputIsCurrent(types, record)) return false;
  const { inputs } = JSON.parse(readFileSync(record, 'utf8')) as { inputs: string[] };
  return declarationInputs().every((input) => inputs.includes(input));
}

/**
 * dist/types as the sources are now. Type errors are `npm run typecheck`'s to report: the declarations are
 * written regardless (`buildDeclarations`). One test process writes them while the others wait (a lock
 * folder); a lock older than two minutes is left from a killed run.
 */
export async function declarationsBuilt(): Promise<void> {
  const lock = `${record}.lock`;
  mkdirSync(join(record, '..'), { recursive: true });
  for (;;) {
    if (declarationsCurrent()) return;
    try {
      mkdirSync(lock);
    } catch {
      if (Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 120_000)
        rmSync(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 200));
      continue;
    }
    try {
      if (declarationsCurrent()) return;
      const startedAt = Date.now();
      const inputs = declarationInputs();
      buildDeclarations();
      // Written beside and renamed: another test process never reads half a record (nor, in a worktree
      // whose node_modules is a hard-linked copy, writes into another tree's file).
      const fresh = `${record}.${process.pid}.tmp`;
      writeFileSync(fresh, `${JSON.stringify({ startedAt, inputs })}\n`);
      renameSync(fresh, record);
      return;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}
