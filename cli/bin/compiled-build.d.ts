/** The compiled CLI's entry in dist/cli, or undefined when missing or older than a source it was built from. */
export function currentCompiledEntry(root: URL): URL | undefined;
