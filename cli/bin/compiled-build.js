// Which compiled CLI to run: the entry of the last build in dist/cli, if none of the sources it was built
// from changed (or went away) since that build started. About 300 stat calls: a millisecond or two.
import { readFileSync, statSync } from 'node:fs';

/** @param {URL} root the package root (a directory URL ending in '/') */
export function currentCompiledEntry(root) {
  const outDir = new URL('dist/cli/', root);
  let info;
  try {
    info = JSON.parse(readFileSync(new URL('build-info.json', outDir), 'utf8'));
  } catch {
    return undefined;
  }
  for (const input of info.inputs) {
    const stat = statSync(new URL(input, root), { throwIfNoEntry: false });
    if (!stat || stat.mtimeMs >= info.startedAt) return undefined;
  }
  return new URL(info.entry, outDir);
}
