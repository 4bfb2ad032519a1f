import { fstatSync } from 'node:fs';
import { commands, type CliCommandEntry } from './commands/index.ts';
import { EXIT_OK, EXIT_USAGE, SettingError, UsageError, type CliIo } from './command.ts';
import { fileProblemMessage } from './io/file-errors.ts';
import { writeAllSync, writeBytesSync } from '../node/write-all.ts';

function helpText(list: readonly CliCommandEntry[]): string {
  const width = Math.max(...list.map((c) => c.name.length));
  return [
    'fieldgate: check, fix and submit farm data for the partner service, offline first.',
    '',
    'Usage: fieldgate <command> [options]',
    '',
    'Commands:',
    ...list.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    "`fieldgate help COMMAND` (or `fieldgate COMMAND --help`) shows a command's options and examples.",
    '',
    'Examples:',
    '  fieldgate validate examples/csv/fields-with-problems.csv   # every problem at its row and cell',
    '  fieldgate template csv-fields > fields.csv                 # a CSV batch to fill in',
    '  fieldgate submit fields.csv --dry-run                      # validate and plan, send nothing',
  ].join('\n');
}

/** A message on one line: the lines of a multi-line one joined. */
function oneLine(message: string): string {
  return message
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .join('; ');
}

/** The nearest command name within two edits (a typo), for "did you mean". */
function nearest(name: string, list: readonly CliCommandEntry[]): string | undefined {
  const distance = (a: string, b: string): number => {
    const row = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      let previous = row[0] as number;
      row[0] = i;
      for (let j = 1; j <= b.length; j++) {
        const keep = row[j] as number;
        row[j] = Math.min(keep + 1, (row[j - 1] as number) + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
        previous = keep;
      }
    }
    return row[b.length] as number;
  };
  const best = list
    .map((c) => ({ name: c.name, d: distance(name.toLowerCase(), c.name) }))
    .sort((a, b) => a.d - b.d)[0];
  return best && best.d <= 2 ? best.name : undefined;
}

/** A command name that is not one: one line, a guess, and where the list is. */
function unknownCommand(name: string, list: readonly CliCommandEntry[]): string {
  const guess = nearest(name, list);
  return `fieldgate: unknown command "${name}"${guess ? ` (did you mean ${guess}?)` : ''}\nRun \`fieldgate help\` for the commands.\n`;
}

/**
 * Writes text to stdout. When stdout is a regular file, straight to it: the stream makes a Buffer of every
 * write, and a 96 MB report's buffers, waiting for the collector, added 40 MB to its peak memory. Every
 * byte is written (see writeAllSync), and a failure throws.
 */
function stdoutIsFile(): boolean {
  try {
    return fstatSync(1).isFile();
  } catch {
    // No stdout to look at: the stream says what is wrong when written to.
    return false;
  }
}

function stdoutWriter(): (text: string) => void {
  if (!stdoutIsFile()) return (text) => void process.stdout.write(text);
  return (text) => writeAllSync(1, text);
}

function stdoutBytesWriter(): (bytes: Uint8Array) => void {
  if (!stdoutIsFile()) return (bytes) => void process.stdout.write(bytes);
  return (bytes) => writeBytesSync(1, bytes);
}

export function nodeIo(): CliIo {
  // A reader that goes away (`fieldgate rules | head`) is not an error: stop quietly, like other Unix tools.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw e;
    });
  }
  return {
    stdout: stdoutWriter(),
    stdoutBytes: stdoutBytesWriter(),
    stderr: (text) => process.stderr.write(text),
    readStdin: async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return new Uint8Array(Buffer.concat(chunks));
    },
    stdinStream: () => {
      // Pulled a chunk at a time: stdin is paused while the checks are busy (back-pressure).
      const chunks = process.stdin[Symbol.asyncIterator]();
      return new ReadableStream<Uint8Array>(
        {
          async pull(controller) {
            const { done, value } = (await chunks.next()) as IteratorResult<Buffer>;
            if (done) controller.close();
            else controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
          },
          async cancel() {
            await chunks.return?.();
          },
        },
        { highWaterMark: 0 },
      );
    },
    cwd: process.cwd(),
    env: process.env,
    isTTY: Boolean(process.stdout.isTTY),
    stderrIsTTY: Boolean(process.stderr.isTTY),
    stderrColumns: () => process.stderr.columns,
    now: () => new Date(),
  };
}

/** Run one command line; returns the exit code. Only bugs throw past here. */
export async function main(
  argv: string[],
  io: CliIo = nodeIo(),
  list: readonly CliCommandEntry[] = commands,
): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    const topic = name === 'help' ? rest[0] : undefined;
    if (topic === '--help' || topic === '-h') {
      io.stdout(
        'Usage: fieldgate help [COMMAND]\n\nLists the commands, or shows the usage, options and examples of one.\n\nExamples:\n  fieldgate help\n  fieldgate help validate     # the same as fieldgate validate --help\n',
      );
      return EXIT_OK;
    }
    const entry = topic ? list.find((c) => c.name === topic) : undefined;
    if (topic && !entry) {
      io.stderr(unknownCommand(topic, list));
      return EXIT_USAGE;
    }
    io.stdout((entry ? (await entry.load()).usage : helpText(list)) + '\n');
    return name === undefined ? EXIT_USAGE : EXIT_OK;
  }
  const entry = list.find((c) => c.name === name);
  if (!entry) {
    io.stderr(unknownCommand(name, list));
    return EXIT_USAGE;
  }
  // Loaded only now, so `fieldgate help` and each command load just their own code.
  const command = await entry.load();
  try {
    return await command.run(rest, io);
  } catch (e) {
    // parseArgs reports unknown options and missing values with these codes.
    const code = (e as { code?: string }).code;
    // The engine's refusal of options (an unknown kind, rule or setting) is a usage error too; told by name
    // so that main does not load the core just to compare classes.
    const engineRefusal = e instanceof Error && e.name === 'EngineOptionsError';
    if (
      e instanceof UsageError ||
      engineRefusal ||
      (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS'))
    ) {
      // One line saying what is wrong, and where the usage is: not the whole usage, which buries the line.
      const unknown = code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && /'([^']+)'/.exec((e as Error).message);
      const message = unknown ? `unknown option ${unknown[1]}` : oneLine((e as Error).message);
      const help =
        e instanceof SettingError
          ? ''
          : `Run \`fieldgate ${command.name} --help\` for its options and examples.\n`;
      io.stderr(`fieldgate ${command.name}: ${message}\n${help}`);
      return EXIT_USAGE;
    }
    // A file that cannot be read or written is for the user to fix, not a bug: one line, no stack.
    const fileProblem = fileProblemMessage(e);
    if (fileProblem !== undefined) {
      io.stderr(`fieldgate ${command.name}: ${fileProblem}\n`);
      return EXIT_USAGE;
    }
    throw e;
  }
}
