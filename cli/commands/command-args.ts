import { parseArgs, type ParseArgsConfig } from 'node:util';

type OptionsConfig = NonNullable<ParseArgsConfig['options']>;

const HELP_OPTION = { help: { type: 'boolean', short: 'h', default: false } } as const;

/** A command's arguments: options (strict, with -h/--help added) and positionals. */
export function parseCommandArgs<const O extends OptionsConfig>(args: string[], options: O) {
  return parseArgs({
    args,
    options: { ...options, ...HELP_OPTION },
    allowPositionals: true,
    strict: true,
  });
}

/** A command that takes options only (strict, with -h/--help added): a positional is a usage error. */
export function parseOptionArgs<const O extends OptionsConfig>(args: string[], options: O) {
  return parseArgs({
    args,
    options: { ...options, ...HELP_OPTION },
    allowPositionals: false,
    strict: true,
  });
}
