/**
 * The build records the sources it read, not its dependencies, also where node_modules is a link whose
 * real place is not a folder named node_modules (esbuild names inputs by their real paths).
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isDependencyInput } from '../../scripts/build.js';

const scratch = mkdtempSync(join(tmpdir(), 'fieldgate-inputs-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("the build's input filter", () => {
  it('leaves out files under a linked node_modules, by its real place', () => {
    const store = join(scratch, 'shared-deps');
    const tree = join(scratch, 'checkouts', 'worktree');
    mkdirSync(store, { recursive: true });
    mkdirSync(tree, { recursive: true });
    symlinkSync(store, join(tree, 'node_modules'), 'dir');
    expect(isDependencyInput('../../shared-deps/yaml/dist/index.js', tree)).toBe(true);
    expect(isDependencyInput('node_modules/yaml/dist/index.js', tree)).toBe(true);
    expect(isDependencyInput('cli/main.ts', tree)).toBe(false);
    // A sibling whose name merely starts like the store's is a source, not a dependency.
    expect(isDependencyInput('../../shared-deps-old/x.ts', tree)).toBe(false);
  });

  it('keeps every source where there is no node_modules at all', () => {
    const bare = join(scratch, 'bare');
    mkdirSync(bare);
    expect(isDependencyInput('core/index.ts', bare)).toBe(false);
    expect(isDependencyInput('../elsewhere/a.ts', bare)).toBe(false);
  });
});
