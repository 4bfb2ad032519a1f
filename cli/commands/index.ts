import type { CliCommand } from '../command.ts';
import { inspectCommand } from './inspect.ts';
import { kindsCommand } from './kinds.ts';
import { convertCommand } from './convert.ts';
import { rulesCommand } from './rules.ts';
import { sandboxCommand } from './sandbox.ts';
import { createStartCommand } from './start.ts';
import { fixCommand, validateCommand } from './validate.ts';

/** Every `fieldgate` command, in the order `fieldgate help` lists them. */
export const commands: CliCommand[] = [
  validateCommand,
  fixCommand,
  inspectCommand,
  rulesCommand,
  kindsCommand,
  convertCommand,
  sandboxCommand,
];

commands.push(createStartCommand((name) => commands.find((c) => c.name === name)));
