import type { CliCommand } from '../command.ts';
import { inspectCommand } from './inspect.ts';
import { kindsCommand } from './kinds.ts';
import { rulesCommand } from './rules.ts';
import { createStartCommand } from './start.ts';
import { fixCommand, validateCommand } from './validate.ts';

/** Every `fieldgate` command, in the order `fieldgate help` lists them. */
export const commands: CliCommand[] = [
  validateCommand,
  fixCommand,
  inspectCommand,
  rulesCommand,
  kindsCommand,
];

commands.push(createStartCommand((name) => commands.find((c) => c.name === name)));
