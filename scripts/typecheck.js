/**
 * `npm run typecheck`: the project's types, with tsc's own checker. Each folder in FOLDERS has a tsconfig.json
 * of its own (core/geometry, core/planar: flat typed-array loops read without noUncheckedIndexedAccess, see
 * core/geometry/tsconfig.json); its files are checked with that config and everything else with the root's.
 * tsc cannot do this itself: a project reference would need the folders to be a layer of their own, and
 * core/geometry and core/boundary, core/rx and core/shapefile import each other.
 */
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

const FOLDERS = ['core/geometry', 'core/planar'];

/** Diagnostics of the program of `config` for the files `owns` accepts (and those of no file). */
function check(config, owns) {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    config,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`cannot read ${config}`);
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options });
  return [...parsed.errors, ...ts.getPreEmitDiagnostics(program)].filter(
    (d) => d.file === undefined || owns(d.file.fileName),
  );
}

/**
 * The type errors of the project at `root`: each of `folders` (relative paths, each with a tsconfig.json)
 * checked with its own config, the rest with `root`'s tsconfig.json.
 */
export function typeErrors(root, folders = FOLDERS) {
  const folderOf = (file) => {
    const path = relative(root, file).split(sep).join('/');
    return folders.find((folder) => path.startsWith(`${folder}/`));
  };
  return [
    ...check(join(root, 'tsconfig.json'), (file) => folderOf(file) === undefined),
    ...folders.flatMap((folder) =>
      check(join(root, folder, 'tsconfig.json'), (file) => folderOf(file) === folder),
    ),
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const diagnostics = typeErrors(root);
  if (diagnostics.length > 0) {
    const host = {
      getCanonicalFileName: (name) => name,
      getCurrentDirectory: () => root,
      getNewLine: () => ts.sys.newLine,
    };
    const format = process.stdout.isTTY ? ts.formatDiagnosticsWithColorAndContext : ts.formatDiagnostics;
    process.stdout.write(format(diagnostics, host));
    process.stdout.write(`\n${diagnostics.length} type error${diagnostics.length === 1 ? '' : 's'}\n`);
    process.exitCode = 1;
  }
}
