import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { countBySeverity, formatCount } from '../../core/index.ts';
import { EXIT_OK, type CliCommand } from '../command.ts';
import { plural } from '../render/terminal.ts';
import { terminalSafe } from '../render/terminal-text.ts';
import { parseOptionArgs } from './command-args.ts';
import { SANDBOX_OPTIONS } from './sandbox.ts';
import { validateFile } from './validate.ts';

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

const START_USAGE = `Usage: fieldgate start [--no-sandbox] [sandbox options…]

Checks every bundled example in examples/ and prints one line for each (its kind, what was found and the
rule codes), then starts the local sandbox service, as \`fieldgate sandbox\` does, until Ctrl+C.

\`npm start\` does not run this: it runs \`fieldgate app\`, the desktop app with the embedded sandbox (or,
where Electron cannot start, the same screens in your browser). \`npm run web\` runs \`fieldgate web\`.

Options:
  --no-sandbox   only check the examples
  any option of \`fieldgate sandbox\` (--port, --seed, --faults, --data, --json, --strict-ids) is passed on

Examples:
  fieldgate start                       # the examples overview, then the sandbox on 127.0.0.1:4010
  fieldgate start --no-sandbox          # the examples overview only
  fieldgate start --port 0 --json       # then the sandbox on a free port, its URLs and ids as JSON first`;

/**
 * `npm start`. Until the desktop app lands, the most useful thing there is: an overview of the bundled
 * examples (what Fieldgate finds in each, and the command that explains it) and then the sandbox, the local
 * stand-in for the service.
 */
export function createStartCommand(lookup: (name: string) => CliCommand | undefined): CliCommand {
  return {
    name: 'start',
    summary: 'check the bundled examples, then run the local sandbox service',
    usage: START_USAGE,
    async run(args, io) {
      if (args.includes('--help') || args.includes('-h')) {
        io.stdout(START_USAGE + '\n');
        return EXIT_OK;
      }
      // A mistyped option is said before the examples are checked, not after.
      const { values } = parseOptionArgs(args, {
        ...SANDBOX_OPTIONS,
        'no-sandbox': { type: 'boolean', default: false },
      });
      const noSandbox = values['no-sandbox'];
      const files = exampleFiles(join(repoRoot, 'examples'));
      io.stdout(`Fieldgate: what it finds in the ${files.length} bundled examples\n\n`);
      const width = Math.max(...files.map((f) => relative(io.cwd, f).length));
      for (const path of files) {
        const name = relative(io.cwd, path);
        const { report } = await validateFile(
          { name, bytes: new Uint8Array(readFileSync(path)) },
          { now: io.now() },
        );
        const c = countBySeverity(report.diagnostics);
        const codes = [...new Set(report.diagnostics.map((d) => d.code))];
        const found =
          report.diagnostics.length === 0
            ? 'no problems'
            : `${plural(c.error, 'error')}, ${plural(c.warning, 'warning')}${c.info ? `, ${formatCount(c.info)} info` : ''}: ${codes.slice(0, 8).join(' ')}${codes.length > 8 ? ' …' : ''}`;
        io.stdout(`  ${terminalSafe(name).padEnd(width)}  ${report.kind.padEnd(16)} ${found}\n`);
      }
      io.stdout(
        '\nSee any of them explained, with locations, hints and fixes: npx fieldgate validate <file>' +
          '\nEvery rule: npx fieldgate rules   ·   Commands: npx fieldgate help\n',
      );
      const sandbox = lookup('sandbox');
      if (noSandbox || !sandbox) return EXIT_OK;
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
