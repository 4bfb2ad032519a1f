// Types of scripts/typecheck.js for the test of its per-folder configs.
import type { Diagnostic } from 'typescript';

/**
 * The type errors of the project at `root`: each of `folders` (relative paths, each with a tsconfig.json)
 * checked with its own config, the rest with `root`'s tsconfig.json.
 */
export function typeErrors(root: string, folders?: readonly string[]): Diagnostic[];
