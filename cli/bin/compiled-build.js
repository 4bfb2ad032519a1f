// Which compiled CLI to run: the entry of the last build in dist/cli, if none of the sources it was built
// from changed (or went away) since that build started. About 300 stat calls: a millisecond or two.
import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** @param {URL} root the package root (a directory URL ending in '/') */
export function currentCompiledEntry(root) {
  const rootPath = fileURLToPath(root);
  let info;
  try {
    info = JSON.parse(readFileSync(`${rootPath}dist/cli/build-info.json`, 'utf8'));
  } catch {
    return undefined;
  }
  for (const input of info.inputs) {
    // Plain path strings: a URL per source costs more than the stat itself.
    const stat = statSync(rootPath + input, { throwIfNoEntry: false });
    if (!stat || stat.mtimeMs >= info.startedAt) return undefined;
  }
  return pathToFileURL(`${rootPath}dist/cli/${info.entry}`);
}
