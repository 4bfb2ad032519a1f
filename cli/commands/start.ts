import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXIT_OK, type CliCommand } from '../command.ts';
import { runValidation } from './validate.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

function exampleFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...exampleFiles(path));
    else if (!name.endsWith('.md')) out.push(path);
  }
  return out;
}

/**
 * `npm start`. Until the desktop app lands, the most useful thing there is: check the bundled examples
 * (so a new user sees every kind of problem explained) and then run the sandbox, the local stand-in for the
 * service, when it is available.
 */
export function createStartCommand(lookup: (name: string) => CliCommand | undefined): CliCommand {
  return {
    name: 'start',
    summary: 'check the bundled examples, then run the local sandbox service',
    usage: 'Usage: fieldgate start [--no-sandbox] [sandbox options…]',
    async run(args, io) {
      const noSandbox = args.includes('--no-sandbox');
      const files = exampleFiles(join(repoRoot, 'examples')).map((f) => relative(io.cwd, f));
      io.stdout(
        `Fieldgate — checking the ${files.length} bundled examples in examples/ (fieldgate validate examples/…)\n\n`,
      );
      await runValidation(files, io, 'validate');
      const sandbox = lookup('sandbox');
      if (noSandbox || !sandbox) {
        if (!sandbox) io.stdout('\n(The sandbox service is not part of this build yet.)\n');
        return EXIT_OK;
      }
      io.stdout(
        '\nStarting the sandbox: a local emulator of the service, for practice and tests. Ctrl-C stops it.\n\n',
      );
      return sandbox.run(
        args.filter((a) => a !== '--no-sandbox'),
        io,
      );
    },
  };
}
