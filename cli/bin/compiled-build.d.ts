/** The last build in dist/cli: its entry, each command's chunk, and whether no source changed since. */
export interface CompiledBuild {
  entry: URL;
  /** The chunk holding a command's code (by the name of its file in cli/commands), when the build has it. */
  commandChunk(name: string): URL | undefined;
  current: Promise<boolean>;
}
export function lastCompiledBuild(root: URL): CompiledBuild | undefined;
/** The compiled CLI's entry in dist/cli, or undefined when missing or older than a source it was built from. */
export function currentCompiledEntry(root: URL): Promise<URL | undefined>;
