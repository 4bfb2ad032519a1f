#!/usr/bin/env node
// `npm run bench [-- NAME…]`: runs every *.bench.ts beside the code it measures (or those whose file name
// contains NAME), each in its own process so peak-memory numbers do not mix.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const found = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (name.endsWith('.bench.ts')) found.push(path);
  }
};
for (const top of ['core', 'cli', 'sandbox', 'host', 'test']) {
  try {
    walk(join(root, top));
  } catch {
    // the folder may not exist yet
  }
}
const wanted = process.argv.slice(2);
const selected = found.filter(
  (f) => wanted.length === 0 || wanted.some((w) => relative(root, f).includes(w)),
);
if (selected.length === 0) {
  console.error(
    `no benchmark matches ${wanted.join(' ') || '(any)'}; available: ${found.map((f) => relative(root, f)).join(', ') || 'none'}`,
  );
  process.exit(2);
}
let failed = 0;
for (const file of selected) {
  console.log(`\n▶ ${relative(root, file)}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--expose-gc', file], {
    stdio: 'inherit',
    cwd: root,
  });
  if (r.status !== 0) failed++;
}
process.exit(failed === 0 ? 0 : 1);
