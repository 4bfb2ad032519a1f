/** Every command answers --help (and -h) with its own usage, exit 0, and does nothing else. */
import { describe, expect, it } from 'vitest';
import { runCli } from './cli-helpers.ts';

const commands = ['convert', 'inspect', 'rules', 'sandbox', 'start', 'help'];

describe('--help', () => {
  for (const name of commands) {
    for (const flag of ['--help', '-h']) {
      it(`fieldgate ${name} ${flag} prints the usage of ${name} only`, async () => {
        const run = await runCli([name, flag]);
        expect(run.code).toBe(0);
        expect(run.stderr).toBe('');
        expect(run.stdout.startsWith(`Usage: fieldgate ${name}`)).toBe(true);
        // Nothing ran: no examples checked, no sandbox started.
        expect(run.stdout).not.toMatch(/bundled examples\n|Fieldgate sandbox \(seed/);
      });
    }
  }

  it('fieldgate help COMMAND shows the same usage as COMMAND --help', async () => {
    for (const name of commands.filter((c) => c !== 'help')) {
      const viaHelp = await runCli(['help', name]);
      const viaFlag = await runCli([name, '--help']);
      expect(viaHelp.stdout).toBe(viaFlag.stdout);
    }
  });
});
