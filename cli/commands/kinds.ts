import { kindCatalogue, settingsFor } from '../../core/index.ts';
import { EXIT_OK, type CliCommand } from '../command.ts';
import { parseOptionArgs } from './command-args.ts';

const usage = `Usage: fieldgate kinds [--json]

Lists the kinds of file \`fieldgate validate\` reads: the names reports use and \`--kind\` accepts, and the
settings (\`--setting KEY=VALUE\`) each kind takes. Kinds are detected from the content first; the file name
only breaks ties.

Options:
  --json      the list as JSON (name, title, settings)

Examples:
  fieldgate kinds
  fieldgate validate --kind csv-fields --setting decimalMark=comma export.txt`;

export const kindsCommand: CliCommand = {
  name: 'kinds',
  summary: 'list the kinds of file `validate` understands',
  usage,
  async run(args, io) {
    const { values } = parseOptionArgs(args, {
      json: { type: 'boolean', default: false },
    });
    if (values.help) {
      io.stdout(usage + '\n');
      return EXIT_OK;
    }
    const kinds = kindCatalogue.map((k) => ({
      id: k.id,
      title: k.title,
      settings: settingsFor(k.id).map((s) => s.name),
    }));
    if (values.json) io.stdout(JSON.stringify(kinds, null, 2) + '\n');
    else {
      // The names are what --kind takes: one column wide enough for the longest, so titles line up.
      const width = Math.max(...kinds.map((k) => k.id.length));
      for (const k of kinds)
        io.stdout(
          `  ${k.id.padEnd(width)}  ${k.title}${k.settings.length > 0 ? ` (settings: ${k.settings.join(', ')})` : ''}\n`,
        );
    }
    return EXIT_OK;
  },
};
