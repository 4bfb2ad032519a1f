/**
 * Which files the host reads for the renderer. A renderer is untrusted: it may name only files under the
 * bundled examples, or files the user gave the app (dropped on the window, or chosen in a dialog): the
 * Electron preload reports drops itself, from trusted drop events.
 */
import { realpathSync, statSync } from 'node:fs';
import { resolve, sep } from 'node:path';

export class FileAccess {
  private readonly granted = new Set<string>();
  private readonly roots: string[];

  constructor(roots: readonly string[]) {
    this.roots = roots.map((r) => withSep(realOrSelf(resolve(r))));
  }

  /** The user gave the app this file (a drop, a file dialog). */
  grant(path: string): void {
    this.granted.add(realOrSelf(resolve(path)));
  }

  /** The real path of an allowed regular file; throws a plain-language refusal otherwise. */
  check(path: string): string {
    let real: string;
    try {
      real = realpathSync(resolve(path));
    } catch {
      throw new FileAccessError(`${path}: no such file`);
    }
    const allowed = this.granted.has(real) || this.roots.some((root) => real.startsWith(root));
    if (!allowed) throw new FileAccessError(`${path}: not a file given to the app (drop it or choose it)`);
    if (!statSync(real).isFile()) throw new FileAccessError(`${path}: not a file`);
    return real;
  }
}

export class FileAccessError extends Error {}

function realOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

function withSep(path: string): string {
  return path.endsWith(sep) ? path : path + sep;
}
