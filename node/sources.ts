/**
 * Files on disk as the engine and a batch take them: streamed, never read whole until a kind needs every
 * byte, so a folder of big files validates in bounded memory. A file that cannot be opened (gone, no
 * permission) fails when it is read, which the engine reports as one unreadable file.
 */
import { createReadStream, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { basename, join, relative, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { StreamedFile } from '../core/index.ts';

/** A file on disk: its name (as reports show it), where it is, and a way to stream it. */
export interface PathSource extends StreamedFile {
  /** The absolute path it is read from. */
  path: string;
}

/** A file on disk as a source: `name` is its base name unless given. */
export function fromPath(path: string, options: { name?: string } = {}): PathSource {
  const absolute = resolve(path);
  const size = statSync(absolute, { throwIfNoEntry: false })?.size;
  return {
    name: options.name ?? basename(absolute),
    path: absolute,
    ...(size !== undefined ? { size } : {}),
    open: () => Readable.toWeb(createReadStream(absolute)) as ReadableStream<Uint8Array>,
  };
}

export interface FromDirOptions {
  /** Look into sub-folders too (their files named by their path from the folder, with /). Default false. */
  recursive?: boolean;
  /** Which files to take, by their name from the folder; default every file not starting with a dot. */
  filter?: (name: string) => boolean;
}

/** The files of a folder as sources, by name, in a stable order (sorted by name). */
export async function fromDir(dir: string, options: FromDirOptions = {}): Promise<PathSource[]> {
  const root = resolve(dir);
  const filter = options.filter ?? ((name: string) => !name.split('/').some((part) => part.startsWith('.')));
  const names: string[] = [];
  const walk = async (folder: string): Promise<void> => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      const name = relative(root, path).split(sep).join('/');
      if (entry.isDirectory()) {
        if (options.recursive) await walk(path);
      } else if (filter(name)) names.push(name);
    }
  };
  await walk(root);
  names.sort();
  return names.map((name) => fromPath(join(root, name), { name }));
}
