// Which compiled CLI to run: the last build in dist/cli, if none of the sources it was built from changed
// (or went away) since that build started; a package shipped without the CLI's sources runs its build. About 300
// stat calls, made in parallel on libuv's thread pool so they overlap with loading the build (`fieldgate`
// runs nothing from it until they have answered).
import { readFileSync, stat } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * The last build in dist/cli, or undefined when there is none: its entry, the chunk of each command (so
 * the bin can load a command's code early), and whether it is current, answered in the background.
 * @param {URL} root the package root (a directory URL ending in '/')
 * @returns {{ entry: URL, commandChunk: (name: string) => URL | undefined, current: Promise<boolean> } | undefined}
 */
export function lastCompiledBuild(root) {
  const rootPath = fileURLToPath(root);
  let info;
  try {
    info = JSON.parse(readFileSync(`${rootPath}dist/cli/build-info.json`, 'utf8'));
  } catch {
    return undefined;
  }
  // Plain path strings and callbacks: a URL or a promise per source costs more than the stat itself.
  const current = new Promise((answer) => {
    let left = info.inputs.length;
    let missing = 0;
    // The CLI's own sources: the packed package ships none of them (only the library's, for its
    // declaration maps).
    const cliSources = info.inputs.filter((input) => input.startsWith('cli/')).length;
    let missingCli = 0;
    let changed = false;
    const done = () => {
      // A source that went away makes the build stale; the CLI's sources all gone is the packed package
      // (package.json "files"), which ships the build without them: it runs what it shipped.
      const packed = missing === info.inputs.length || (cliSources > 0 && missingCli === cliSources);
      answer(!changed && (missing === 0 || packed));
    };
    if (left === 0) done();
    for (const input of info.inputs) {
      stat(rootPath + input, (error, stats) => {
        if (error) {
          missing++;
          if (input.startsWith('cli/')) missingCli++;
        } else if (stats.mtimeMs >= info.startedAt) changed = true;
        if (--left === 0) done();
      });
    }
  });
  const chunks = info.commands ?? {};
  return {
    entry: pathToFileURL(`${rootPath}dist/cli/${info.entry}`),
    commandChunk: (name) =>
      Object.hasOwn(chunks, name) ? pathToFileURL(`${rootPath}dist/cli/${chunks[name]}`) : undefined,
    current,
  };
}

/**
 * The entry of the last build in dist/cli when it is current, else undefined.
 * @param {URL} root the package root (a directory URL ending in '/')
 */
export async function currentCompiledEntry(root) {
  const build = lastCompiledBuild(root);
  return build && (await build.current) ? build.entry : undefined;
}
