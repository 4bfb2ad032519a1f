// Types of scripts/build.js for the tests that build and inspect the compiled outputs.
import type { Metafile } from 'esbuild';

export const root: string;
export const cliOutDir: string;
export const cliBuildInfoPath: string;
/** Whether a metafile input (relative to `base`, default the root) is a dependency, also under a linked node_modules. */
export function isDependencyInput(path: string, base?: string): boolean;

export interface CliBuild {
  /** The entry file, relative to dist/cli. */
  entry: string;
  /** Each command's own chunk (relative to dist/cli), by the name of its file in cli/commands. */
  commands: Record<string, string>;
  /** Epoch milliseconds when the build started: a source changed after it makes the build stale. */
  startedAt: number;
  /** The sources bundled, relative to the package root. */
  inputs: string[];
  metafile: Metafile;
}

/** `clean`: remove every other build's files from dist/cli at once, not only those ten minutes old. */
export function buildCli(options?: {
  logLevel?: 'silent' | 'warning' | 'info';
  clean?: boolean;
}): Promise<CliBuild>;
/** The library's entries by export name ('.', './node'): their sources. */
export const libraryEntries: Record<string, string>;
/** Where the library's modules go (dist/esm/<source path>.js). */
export const libraryOutDir: string;
export function buildLibrary(options?: { logLevel?: 'silent' | 'warning' | 'info' }): Promise<void>;
export function buildDeclarations(): boolean;
export const rendererOutDir: string;
export const desktopOutDir: string;
/** Whether dist/renderer or dist/app is built from the current sources. */
export function outputIsCurrent(dir: string, infoPath?: string): boolean;
export function buildRenderer(options?: { logLevel?: 'silent' | 'warn' | 'info' }): Promise<void>;
export function buildDesktop(options?: { logLevel?: 'silent' | 'warning' | 'info' }): Promise<void>;
