import { fileKinds } from '../../core/formats/registry.ts';
import { EXIT_OK, type CliCommand } from '../command.ts';

export const kindsCommand: CliCommand = {
  name: 'kinds',
  summary: 'list the kinds of file `validate` understands',
  usage: 'Usage: fieldgate kinds [--json]',
  async run(args, io) {
    if (args.includes('--json'))
      io.stdout(
        JSON.stringify(
          fileKinds.map((k) => ({ id: k.id, title: k.title })),
          null,
          2,
        ) + '\n',
      );
    else for (const k of fileKinds) io.stdout(`  ${k.id.padEnd(22)} ${k.title}\n`);
    return EXIT_OK;
  },
};
