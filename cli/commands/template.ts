import { batchKindIds, batchTemplate } from '../../core/index.ts';
import { EXIT_OK, UsageError, type CliCommand } from '../command.ts';
import { parseCommandArgs } from './command-args.ts';

const usage = `Usage: fieldgate template KIND

Prints the header and an example row of a CSV batch kind, ready to fill in a spreadsheet:
  ${batchKindIds.join('\n  ')}

Examples:
  fieldgate template csv-fields > fields.csv
  fieldgate template csv-fields | fieldgate validate -     # the example is clean

docs/csv-batches.md describes each column.`;

export const templateCommand: CliCommand = {
  name: 'template',
  summary: 'print the header and an example row of a CSV batch kind',
  usage,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, {});
    if (values.help) {
      io.stdout(usage + '\n');
      return EXIT_OK;
    }
    const kind = positionals[0];
    const text = kind === undefined || positionals.length > 1 ? undefined : batchTemplate(kind);
    if (text === undefined)
      throw new UsageError(
        `${kind === undefined ? 'name a kind' : positionals.length > 1 ? 'name one kind' : `"${kind}" is not a CSV batch kind`}; kinds: ${batchKindIds.join(', ')}`,
      );
    io.stdout(text);
    return EXIT_OK;
  },
};
