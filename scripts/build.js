#!/usr/bin/env node
// `npm run build` (and `prepare`, so `npm install` / `npm ci` build too): compiles what Node runs.
//   dist/cli/     the `fieldgate` command, bundled with its dependencies and split so each command loads
//                 only its own code (`fieldgate help` loads no validator, no sandbox, no YAML parser)
//   dist/index.js the library (core/index.ts) as plain ESM JS; its npm dependencies stay imports
//   dist/types/   the library's type declarations (tsc), named by the package's `exports`
//   dist/renderer the desktop app's screens (Vite), served by Electron and by `fieldgate web`
//   dist/app/     the Electron main process and its CommonJS preload
// `--no-types` skips the declarations (the slow part) for quick rebuilds before tests.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const cliOutDir = join(root, 'dist', 'cli');
/** Written last by a CLI build: which entry file to run and which sources it was built from. */
export const cliBuildInfoPath = join(cliOutDir, 'build-info.json');

const toPosix = (path) => path.split(sep).join('/');

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

/** Bundled CommonJS dependencies (yaml, proj4) may `require` Node built-ins; ESM output has no `require`. */
const requireBanner =
  "import { createRequire as __fieldgateCreateRequire } from 'node:module';\n" +
  'const require = __fieldgateCreateRequire(import.meta.url);';

/**
 * Bundle the CLI into dist/cli. Every output file carries a content hash and is written beside older
 * ones, and build-info.json (naming the entry) is replaced last and atomically: a `fieldgate` process
 * started from the previous build keeps finding its lazily loaded chunks while another process rebuilds.
 * Files of other builds go once they are ten minutes old.
 */
export async function buildCli({ logLevel = 'warning' } = {}) {
  const startedAt = Date.now();
  const result = await esbuild.build({
    // Paths in the metafile (and so in build-info.json) are relative to the package root, not to the
    // directory `fieldgate` happens to run in.
    absWorkingDir: root,
    entryPoints: { fieldgate: join(root, 'cli', 'main.ts') },
    outdir: cliOutDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    sourcemap: 'linked',
    sourcesContent: false,
    metafile: true,
    write: false,
    logLevel,
    banner: { js: requireBanner },
    plugins: [sourceRelativeUrlPlugin(cliOutDir)],
  });
  mkdirSync(cliOutDir, { recursive: true });
  const written = new Set(['build-info.json']);
  for (const file of result.outputFiles) {
    written.add(relative(cliOutDir, file.path));
    writeAtomically(file.path, file.contents);
  }
  // Lazily imported commands are entry points of their own in the metafile: pick the CLI's.
  const entry = Object.entries(result.metafile.outputs).find(([, o]) => o.entryPoint === 'cli/main.ts')?.[0];
  const info = {
    entry: toPosix(relative(cliOutDir, join(root, entry))),
    startedAt,
    // The sources this build read (not dependencies, which change only with `npm install`, which rebuilds).
    inputs: Object.keys(result.metafile.inputs).filter((p) => !p.startsWith('node_modules/')),
  };
  writeAtomically(cliBuildInfoPath, JSON.stringify(info) + '\n');
  removeOldOutputs(written, startedAt - 10 * 60_000);
  return { ...info, metafile: result.metafile };
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

/** The library entry: core/index.ts as one ESM file; dependencies stay imports, resolved by the user. */
export async function buildLibrary({ logLevel = 'warning' } = {}) {
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [join(root, 'core', 'index.ts')],
    outfile: join(root, 'dist', 'index.js'),
    bundle: true,
    packages: 'external',
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    sourcemap: 'linked',
    sourcesContent: false,
    write: false,
    logLevel,
  });
  for (const file of result.outputFiles) writeAtomically(file.path, file.contents);
}

/** Type declarations of core/ into dist/types (tsconfig.types.json); returns whether tsc was clean. */
export function buildDeclarations() {
  rmSync(join(root, 'dist', 'types'), { recursive: true, force: true });
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const run = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.types.json')], {
    cwd: root,
    stdio: 'inherit',
  });
  return run.status === 0;
}

/** The app's outputs: dist/renderer (Vite) and dist/app (Electron main and preload, esbuild). */
export const rendererOutDir = join(root, 'dist', 'renderer');
export const desktopOutDir = join(root, 'dist', 'app');

/**
 * Whether a build directory's build-info.json names sources none of which changed (or went away) since that
 * build started: the same test the `fieldgate` bin applies to dist/cli.
 */
export function outputIsCurrent(dir) {
  let info;
  try {
    info = JSON.parse(readFileSync(join(dir, 'build-info.json'), 'utf8'));
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
  const inputs = new Set([toPosix(join('renderer', 'index.html'))]);
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
    .filter((p) => !p.startsWith('node_modules/'));
  writeAtomically(
    join(desktopOutDir, 'build-info.json'),
    JSON.stringify({ startedAt, inputs: [...new Set(inputs)] }) + '\n',
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = Date.now();
  const withTypes = !process.argv.includes('--no-types');
  const info = await buildCli();
  await buildLibrary();
  await buildRenderer();
  await buildDesktop();
  // tsc reports type errors (`npm run typecheck` is the place for them) but still writes declarations.
  const typesClean = withTypes ? buildDeclarations() : true;
  const ms = Math.round(Date.now() - started);
  console.log(
    `built dist/cli (${info.inputs.length} sources), dist/index.js, dist/renderer, dist/app` +
      `${withTypes ? ', dist/types' : ''} in ${ms} ms${typesClean ? '' : ' (declarations written despite type errors)'}`,
  );
}
