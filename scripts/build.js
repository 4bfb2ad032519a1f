#!/usr/bin/env node
// `npm run build` (and `prepack`; nothing builds at install: the `fieldgate` bin and `fieldgate app` build
// what they run when it is missing or stale): compiles what Node runs.
//   dist/cli/     the `fieldgate` command, bundled with its dependencies and split so each command loads
//                 only its own code (`fieldgate help` loads no validator, no sandbox, no YAML parser)
//   dist/esm/     the library (core/index.ts, node/index.ts and what they import) as plain ESM, one module
//                 per source file; its npm dependencies stay imports
//   dist/types/   the library's type declarations (tsc), named by the package's `exports`
//   dist/renderer the desktop app's screens (Vite), served by Electron and by `fieldgate web`
//   dist/app/     the Electron main process and its CommonJS preload
// `--no-types` skips the declarations (the slow part) for quick rebuilds before tests.
// `--clean` removes every other build's files from dist/cli at once (`prepack`: the package ships one build).
import { spawnSync } from 'node:child_process';
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const cliOutDir = join(root, 'dist', 'cli');
/** Written last by a CLI build: which entry file to run and which sources it was built from. */
export const cliBuildInfoPath = join(cliOutDir, 'build-info.json');

const toPosix = (path) => path.split(sep).join('/');

/** Per package root: its node_modules' real place, relative to the root ('' when there is none). */
const linkedModules = new Map();

/**
 * Whether a metafile input (a path relative to `base`) is a dependency. esbuild names files by their real
 * paths, so where node_modules is a link (a git worktree's, to another checkout's) they lie wherever it
 * points, which need not be a folder named node_modules: compare with that real place too.
 */
export function isDependencyInput(path, base = root) {
  if (/(^|\/)node_modules\//.test(path)) return true;
  if (!linkedModules.has(base)) {
    let linked = '';
    try {
      linked = toPosix(relative(base, realpathSync(join(base, 'node_modules'))));
    } catch {
      // no node_modules: nothing more to leave out
    }
    linkedModules.set(base, linked);
  }
  const linked = linkedModules.get(base);
  return linked !== '' && path.startsWith(`${linked}/`);
}

/**
 * Sources find files beside themselves with `new URL('../openapi/x.yaml', import.meta.url)`; in a bundle
 * `import.meta.url` is the chunk's URL, so each such URL is resolved from the source file's own place in
 * the package instead (found from the chunk's location at run time: the package stays relocatable and no
 * asset needs copying). Any other use of `import.meta.url` (a worker starting its own module,
 * `createRequire`) keeps naming the chunk, which is the code that runs.
 */
function sourceRelativeUrlPlugin(outDir) {
  const outToRoot = JSON.stringify(toPosix(relative(outDir, root)) + '/');
  const relativeUrl = /new URL\(\s*(['"`])([^'"`$\\]*)\1\s*,\s*import\.meta\.url\s*\)/g;
  return {
    name: 'source-relative-urls',
    setup(build) {
      build.onLoad({ filter: /\.[cm]?ts$/ }, async (args) => {
        if (args.path.includes(`${sep}node_modules${sep}`)) return undefined;
        const text = await readFile(args.path, 'utf8');
        const source = JSON.stringify(toPosix(relative(root, args.path)));
        const contents = text.replace(
          relativeUrl,
          (_, _quote, target) =>
            `new URL(${JSON.stringify(target)}, new URL(${source}, new URL(${outToRoot}, import.meta.url)))`,
        );
        return { contents, loader: 'ts' };
      });
    },
  };
}

/**
 * Where each name core/index.ts exports is defined, read from the export statements of the index and the
 * modules it re-exports (`export * from` followed): value names map to their module's path, type-only
 * names are listed apart. Declarations it does not recognise are simply missing (see coreSlicesPlugin).
 */
function coreExportMap(indexPath) {
  const values = new Map();
  const types = new Set();
  const seen = new Set();
  const read = (path) => {
    if (seen.has(path)) return;
    seen.add(path);
    const text = readFileSync(path, 'utf8');
    const declared =
      /^export\s+(?:declare\s+)?(?:(type|interface)|(?:async\s+)?function\*?|const\s+enum|enum|abstract\s+class|class|const|let|var)\s+([A-Za-z_$][\w$]*)/gm;
    // The first definition found wins, as an explicit export beats one through `export *`.
    const define = (name, from) => {
      if (!values.has(name)) values.set(name, from);
    };
    for (const m of text.matchAll(declared)) {
      if (m[1]) types.add(m[2]);
      else define(m[2], path);
    }
    const reexport = /^export\s+(type\s+)?\{([^}]*)\}\s*from\s*'([^']+)'/gm;
    for (const m of text.matchAll(reexport)) {
      const from = join(dirname(path), m[3]);
      for (const part of m[2].split(',')) {
        const spec = part.trim();
        if (spec === '') continue;
        const name = spec
          .split(/\s+as\s+/)
          .pop()
          .trim()
          .replace(/^type\s+/, '');
        if (m[1] || spec.startsWith('type ')) types.add(name);
        // The exported name may be an alias: import it from this module (which re-exports it cheaply).
        else define(name, spec.includes(' as ') ? path : from);
      }
    }
    for (const m of text.matchAll(/^export\s+\*\s+from\s*'([^']+)'/gm)) read(join(dirname(path), m[1]));
  };
  read(indexPath);
  return { values, types };
}

/**
 * Commands import core through core/index.ts, and esbuild's code splitting reaches every module the index
 * re-exports, used or not (evanw/esbuild#2922): each command would load all of core. This plugin hands each
 * adapter module (outside core/) that imports the index a slice of it instead: `export { name } from` the
 * module defining each name it imports. A name the map does not know comes from the index itself, which is
 * always right, only heavier.
 */
function coreSlicesPlugin() {
  const index = join(root, 'core', 'index.ts');
  let map;
  return {
    name: 'core-slices',
    setup(build) {
      build.onResolve({ filter: /\/core\/index\.ts$/ }, (args) => {
        if (args.kind !== 'import-statement' || args.namespace !== 'file') return undefined;
        if (join(args.resolveDir, args.path) !== index || args.importer.startsWith(join(root, 'core') + sep))
          return undefined;
        return { path: args.importer, namespace: 'core-slice' };
      });
      build.onLoad({ filter: /.*/, namespace: 'core-slice' }, async (args) => {
        map ??= coreExportMap(index);
        const importer = await readFile(args.path, 'utf8');
        const names = new Set();
        const imports = /^import\s+(type\s+)?\{([^}]*)\}\s*from\s*'[^']*\/core\/index\.ts'/gm;
        for (const m of importer.matchAll(imports)) {
          if (m[1]) continue;
          for (const part of m[2].split(',')) {
            const spec = part.trim();
            if (spec === '' || spec.startsWith('type ')) continue;
            names.add(spec.split(/\s+as\s+/)[0].trim());
          }
        }
        const lines = [];
        for (const name of names) {
          if (map.types.has(name) && !map.values.has(name)) continue;
          const from = map.values.get(name) ?? index;
          lines.push(`export { ${name} } from ${JSON.stringify(from)};`);
        }
        // Loaded as JavaScript: a name missing from its module is a build error, not a silent undefined.
        return { contents: lines.join('\n'), loader: 'js', resolveDir: root };
      });
    },
  };
}

/** Bundled CommonJS dependencies (yaml, proj4) may `require` Node built-ins; ESM output has no `require`. */
const requireBanner =
  "import { createRequire as __fieldgateCreateRequire } from 'node:module';\n" +
  'const require = __fieldgateCreateRequire(import.meta.url);';

/**
 * Bundle the CLI into dist/cli. Every output file carries a content hash and is written beside older
 * ones, and build-info.json (naming the entry) is replaced last and atomically: a `fieldgate` process
 * started from the previous build keeps finding its lazily loaded chunks while another process rebuilds.
 * Files of other builds go once they are ten minutes old, or at once with `clean` (for `npm pack`).
 */
export async function buildCli({ logLevel = 'warning', clean = false } = {}) {
  const startedAt = Date.now();
  // The boundary worker (node/boundary-worker.ts) is one file of its own, built first: the command's code
  // starts it by the name this build gives it (FIELDGATE_BOUNDARY_WORKER in node/worker-threads.ts).
  // What the worker and the command's code are built with alike. Paths in the metafile (and so in
  // build-info.json) are relative to the package root, not to the directory `fieldgate` happens to run in.
  const nodeBundle = {
    absWorkingDir: root,
    outdir: cliOutDir,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    entryNames: '[name]-[hash]',
    sourcemap: 'linked',
    sourcesContent: false,
    metafile: true,
    write: false,
    logLevel,
    banner: { js: requireBanner },
  };
  const worker = await esbuild.build({
    ...nodeBundle,
    entryPoints: {
      'boundary-worker': join(root, 'node', 'boundary-worker.ts'),
      // The thread that scans a big Modus file (FIELDGATE_MODUS_SCAN_WORKER in node/modus-threads.ts).
      'modus-scan-worker': join(root, 'node', 'modus-scan-worker.ts'),
    },
    plugins: [sourceRelativeUrlPlugin(cliOutDir)],
  });
  const workerFile = worker.outputFiles.find((f) => /boundary-worker-[^/]*\.js$/.test(f.path));
  const scanWorkerFile = worker.outputFiles.find((f) => /modus-scan-worker-[^/]*\.js$/.test(f.path));
  const result = await esbuild.build({
    ...nodeBundle,
    entryPoints: { fieldgate: join(root, 'cli', 'main.ts') },
    splitting: true,
    chunkNames: 'chunk-[hash]',
    define: {
      FIELDGATE_BOUNDARY_WORKER: JSON.stringify(toPosix(relative(cliOutDir, workerFile.path))),
      FIELDGATE_MODUS_SCAN_WORKER: JSON.stringify(toPosix(relative(cliOutDir, scanWorkerFile.path))),
    },
    plugins: [coreSlicesPlugin(), sourceRelativeUrlPlugin(cliOutDir)],
  });
  mkdirSync(cliOutDir, { recursive: true });
  const written = new Set(['build-info.json']);
  for (const file of [...worker.outputFiles, ...result.outputFiles]) {
    written.add(relative(cliOutDir, file.path));
    writeAtomically(file.path, file.contents);
  }
  // Lazily imported commands are entry points of their own in the metafile: pick the CLI's.
  const outputs = Object.entries(result.metafile.outputs);
  const entry = outputs.find(([, o]) => o.entryPoint === 'cli/main.ts')?.[0];
  // Each command's own chunk, by its file's name: the bin starts loading it while it checks the sources.
  const commands = {};
  for (const [file, o] of outputs) {
    const command = /^cli\/commands\/([^/]+)\.ts$/.exec(o.entryPoint ?? '')?.[1];
    if (command) commands[command] = toPosix(relative(cliOutDir, join(root, file)));
  }
  const info = {
    entry: toPosix(relative(cliOutDir, join(root, entry))),
    commands,
    startedAt,
    // The sources this build read and the lock file, which `npm install` changes when a bundled dependency
    // does (nothing builds at install: the next run rebuilds). Not the dependencies themselves, which change
    // only with `npm install`;
    // in a git worktree node_modules may be a link to another checkout's, so its paths start with ../).
    // (Nor the slices of core/index.ts, which live in a namespace of their own, not in files.)
    inputs: [
      ...new Set(
        [...Object.keys(result.metafile.inputs), ...Object.keys(worker.metafile.inputs)].filter(
          (p) => !isDependencyInput(p) && !p.startsWith('core-slice:'),
        ),
      ),
      ...lockInput(),
    ],
  };
  writeAtomically(cliBuildInfoPath, JSON.stringify(info) + '\n');
  removeOldOutputs(written, clean ? Infinity : startedAt - 10 * 60_000);
  return { ...info, metafile: result.metafile };
}

/** The lock file as a build input, where there is one (a clone; not the packed package). */
function lockInput() {
  return statSync(join(root, 'package-lock.json'), { throwIfNoEntry: false }) ? ['package-lock.json'] : [];
}

function writeAtomically(path, contents) {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, path);
}

function removeOldOutputs(keep, before) {
  for (const name of readdirSync(cliOutDir)) {
    if (keep.has(name)) continue;
    const path = join(cliOutDir, name);
    try {
      if (statSync(path).mtimeMs < before) rmSync(path, { force: true });
    } catch {
      // another build removed it first
    }
  }
}

/** The library's entries, as the package's `exports` name them: their sources. */
export const libraryEntries = {
  '.': join(root, 'core', 'index.ts'),
  './wkt': join(root, 'core', 'entries', 'wkt.ts'),
  './modus': join(root, 'core', 'entries', 'modus.ts'),
  './rx': join(root, 'core', 'entries', 'rx.ts'),
  './csv': join(root, 'core', 'entries', 'csv.ts'),
  './client': join(root, 'core', 'client', 'index.ts'),
  './node': join(root, 'node', 'index.ts'),
};
/** The library's modules, one JS file per source file, at the source's path (dist/esm/core/index.js). */
export const libraryOutDir = join(root, 'dist', 'esm');

/**
 * The library as plain ESM, unbundled: one module per source file, reached from the entries. A bundler then
 * keeps only the modules a script uses (package.json `sideEffects: false`), a module loaded lazily (a kind's
 * checks) stays a module of its own, and both entries share one copy of the core (an error class is the
 * same class from either). Dependencies stay imports, resolved by the user.
 */
export async function buildLibrary({ logLevel = 'warning' } = {}) {
  // The modules the entries reach (static and lazy imports), found by a bundle that is not written.
  const graph = await esbuild.build({
    absWorkingDir: root,
    // And the workers, which node/worker-threads.ts and node/modus-threads.ts start by their file names
    // (imported by none).
    entryPoints: [
      ...Object.values(libraryEntries),
      join(root, 'node', 'boundary-worker.ts'),
      join(root, 'node', 'modus-scan-worker.ts'),
    ],
    bundle: true,
    splitting: true,
    outdir: libraryOutDir,
    packages: 'external',
    external: ['node:*'],
    format: 'esm',
    platform: 'neutral',
    metafile: true,
    write: false,
    logLevel,
  });
  const sources = Object.keys(graph.metafile.inputs).filter((p) => p.endsWith('.ts'));
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: sources.map((p) => join(root, p)),
    outbase: root,
    outdir: libraryOutDir,
    bundle: false,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    sourcemap: 'linked',
    sourcesContent: false,
    write: false,
    logLevel,
  });
  // Sources import each other as .ts (allowImportingTsExtensions): the modules, as .js.
  const tsImport = /((?:from|import)\s*\(?\s*)"(\.{1,2}\/[^"]*)\.ts"/g;
  const written = new Set();
  for (const file of result.outputFiles) {
    written.add(file.path);
    const contents = file.path.endsWith('.js') ? file.text.replace(tsImport, '$1"$2.js"') : file.contents;
    writeAtomically(file.path, contents);
  }
  // Modules of sources that went away go too.
  const sweep = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) sweep(path);
      else if (!written.has(path)) rmSync(path, { force: true });
    }
  };
  sweep(libraryOutDir);
}

/** Type declarations of core/ and node/ into dist/types (tsconfig.types.json); returns whether tsc was clean. */
export function buildDeclarations() {
  // Written beside and swapped in: a packing or type-checking process never finds the folder half made.
  const types = join(root, 'dist', 'types');
  const fresh = `${types}.${process.pid}.tmp`;
  rmSync(fresh, { recursive: true, force: true });
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const run = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.types.json'), '--outDir', fresh], {
    cwd: root,
    stdio: 'inherit',
  });
  const old = `${types}.${process.pid}.old`;
  rmSync(old, { recursive: true, force: true });
  try {
    renameSync(types, old);
  } catch {
    // none yet
  }
  renameSync(fresh, types);
  rmSync(old, { recursive: true, force: true });
  return run.status === 0;
}

/** The app's outputs: dist/renderer (Vite) and dist/app (Electron main and preload, esbuild). */
export const rendererOutDir = join(root, 'dist', 'renderer');
export const desktopOutDir = join(root, 'dist', 'app');

/**
 * Whether a build directory's build-info.json (or the record at `infoPath`) names sources none of which
 * changed (or went away) since that build started: the same test the `fieldgate` bin applies to dist/cli.
 */
export function outputIsCurrent(dir, infoPath = join(dir, 'build-info.json')) {
  let info;
  try {
    info = JSON.parse(readFileSync(infoPath, 'utf8'));
  } catch {
    return false;
  }
  return info.inputs.every((input) => {
    const stat = statSync(join(root, input), { throwIfNoEntry: false });
    return stat !== undefined && stat.mtimeMs < info.startedAt;
  });
}

/** The renderer with Vite (renderer/vite.config.ts) into dist/renderer. */
export async function buildRenderer({ logLevel = 'warn' } = {}) {
  const startedAt = Date.now();
  const vite = await import('vite');
  const result = await vite.build({ configFile: join(root, 'renderer', 'vite.config.ts'), logLevel });
  const outputs = Array.isArray(result) ? result : [result];
  const inputs = new Set([toPosix(join('renderer', 'index.html')), ...lockInput()]);
  for (const output of outputs)
    for (const chunk of output.output ?? [])
      for (const id of chunk.moduleIds ?? []) {
        const path = id.split('?')[0];
        if (path.startsWith(root) && !path.includes(`${sep}node_modules${sep}`))
          inputs.add(toPosix(relative(root, path)));
      }
  writeAtomically(
    join(rendererOutDir, 'build-info.json'),
    JSON.stringify({ startedAt, inputs: [...inputs] }) + '\n',
  );
}

/**
 * The Electron main process (ESM, with the host, the sandbox and the core bundled in; `electron` stays an
 * import) and the preload (CommonJS: a sandboxed preload cannot be an ES module) into dist/app.
 */
export async function buildDesktop({ logLevel = 'warning' } = {}) {
  const startedAt = Date.now();
  const common = {
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    external: ['electron'],
    sourcemap: 'linked',
    sourcesContent: false,
    metafile: true,
    logLevel,
  };
  const main = await esbuild.build({
    ...common,
    entryPoints: [join(root, 'app', 'main.ts')],
    outfile: join(desktopOutDir, 'main.mjs'),
    format: 'esm',
    target: 'node22',
    banner: { js: requireBanner },
    plugins: [sourceRelativeUrlPlugin(desktopOutDir)],
  });
  const preload = await esbuild.build({
    ...common,
    entryPoints: [join(root, 'app', 'preload.cts')],
    outfile: join(desktopOutDir, 'preload.cjs'),
    format: 'cjs',
    target: 'chrome130',
  });
  const inputs = [main, preload]
    .flatMap((r) => Object.keys(r.metafile.inputs))
    .filter((p) => !isDependencyInput(p));
  writeAtomically(
    join(desktopOutDir, 'build-info.json'),
    JSON.stringify({ startedAt, inputs: [...new Set([...inputs, ...lockInput()])] }) + '\n',
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = Date.now();
  const withTypes = !process.argv.includes('--no-types');
  const info = await buildCli({ clean: process.argv.includes('--clean') });
  await buildLibrary();
  await buildRenderer();
  await buildDesktop();
  // Declarations are written unchecked (tsconfig.types.json: noCheck): `npm run typecheck` checks the types,
  // core/geometry and core/planar with their own config, which one tsc run cannot.
  const typesClean = withTypes ? buildDeclarations() : true;
  const ms = Math.round(Date.now() - started);
  console.log(
    `built dist/cli (${info.inputs.length} sources), dist/esm, dist/renderer, dist/app` +
      `${withTypes ? ', dist/types' : ''} in ${ms} ms${typesClean ? '' : ' (declarations written despite type errors)'}`,
  );
}
