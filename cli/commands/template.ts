import { batchKindIds, batchTemplate } from '../../core/index.ts';
import { EXIT_OK, UsageError, type CliCommand } from '../command.ts';
import { parseCommandArgs } from './command-args.ts';

const usage = `Usage: fieldgate template KIND [--delimiter comma|semicolon|tab]

Prints the header and an example row of a CSV batch kind, ready to fill in a spreadsheet:
  ${batchKindIds.join('\n  ')}

  --delimiter NAME   comma (default); semicolon, with decimal commas, for Excel in most of Europe (which
                     opens a comma file as one column); tab

Examples:
  fieldgate template csv-fields > fields.csv
  fieldgate template csv-fields | fieldgate validate -     # the example is clean
  fieldgate template csv-fields --delimiter semicolon > felder.csv

docs/csv-batches.md describes each column.`;

const DELIMITERS: Readonly<Record<string, ',' | ';' | '\t' | undefined>> = {
  comma: ',',
  semicolon: ';',
  tab: '\t',
};

export const templateCommand: CliCommand = {
  name: 'template',
  summary: 'print the header and an example row of a CSV batch kind',
  usage,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, { delimiter: { type: 'string' } });
    if (values.help) {
      io.stdout(usage + '\n');
      return EXIT_OK;
    }
    const delimiter = DELIMITERS[values.delimiter ?? 'comma'];
    if (delimiter === undefined)
      throw new UsageError(
        `--delimiter ${JSON.stringify(values.delimiter)} is not one of: ${Object.keys(DELIMITERS).join(', ')}`,
      );
    const kind = positionals[0];
    const text =
      kind === undefined || positionals.length > 1 ? undefined : batchTemplate(kind, { delimiter });
    if (text === undefined)
      throw new UsageError(
        `${kind === undefined ? 'name a kind' : positionals.length > 1 ? 'name one kind' : `"${kind}" is not a CSV batch kind`}; kinds: ${batchKindIds.join(', ')}`,
      );
    io.stdout(text);
    return EXIT_OK;
  },
};
