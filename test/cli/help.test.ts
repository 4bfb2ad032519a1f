/** Every command answers --help (and -h) with its own usage, exit 0, and does nothing else. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { commands as commandList } from '../../cli/commands/index.ts';
import { repoRoot, runCli } from './cli-helpers.ts';

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

  // Every command, from the list `fieldgate help` shows: a new one without examples fails here.
  for (const name of [...commandList.map((c) => c.name), 'help'])
    it(`fieldgate ${name} --help ends with examples that run fieldgate ${name === 'help' ? '' : name}`, async () => {
      const run = await runCli([name, '--help']);
      const examples = run.stdout.split('\nExamples:\n')[1];
      expect(examples, name).toBeDefined();
      const lines = (examples ?? '')
        .split('\n')
        // An example may set the environment first (FIELDGATE_CLIENT_SECRET=… fieldgate profile add …).
        .map((l) => l.replace(/^ {2}(?:[A-Z_]+=\S+ )*/, '  '))
        .filter((l) => l.startsWith('  fieldgate '));
      expect(lines.length, name).toBeGreaterThanOrEqual(2);
      expect(
        lines.some((l) => l.startsWith(`  fieldgate ${name}`)),
        name,
      ).toBe(true);
    });

  it('start --help says what npm start runs (fieldgate app), and app --help says it is that', async () => {
    const scripts = (
      JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    ).scripts;
    const npmStart = /fieldgate\.js (\w+)/.exec(scripts.start ?? '')?.[1];
    expect(npmStart).toBe('app');
    const start = (await runCli(['start', '--help'])).stdout;
    expect(start).toContain(`\`npm start\` does not run this: it runs \`fieldgate ${npmStart}\``);
    expect((await runCli([npmStart ?? '', '--help'])).stdout.split('\n')[0]).toContain(
      '(what `npm start` runs)',
    );
    for (const name of commandList.map((c) => c.name).filter((n) => n !== npmStart))
      expect((await runCli([name, '--help'])).stdout, name).not.toContain('(what `npm start` runs)');
  });

  it('fieldgate help COMMAND shows the same usage as COMMAND --help', async () => {
    for (const name of commands.filter((c) => c !== 'help')) {
      const viaHelp = await runCli(['help', name]);
      const viaFlag = await runCli([name, '--help']);
      expect(viaHelp.stdout).toBe(viaFlag.stdout);
    }
  });

  it('lists the commands with examples', async () => {
    const run = await runCli(['help']);
    expect(run.stdout).toContain('\nExamples:\n  fieldgate validate ');
  });
});

describe('usage errors', () => {
  it('print one line saying what is wrong and how to get help, not the whole usage, and exit 2', async () => {
    for (const args of [
      ['validate', '--bogus', 'x.json'],
      ['validate', '--format', 'pdf', 'x.json'],
      ['validate', '--setting', 'nope=1', 'x.json'],
      ['inspect'],
      ['template', 'nope'],
      ['convert', 'x.zip'],
      ['rules', '--bogus'],
      ['kinds', 'x'],
      ['submit'],
      ['resume'],
      ['status'],
      ['profile', 'nope'],
      ['agronomic-data'],
      ['sandbox', 'idz'],
      ['web', '--port', 'x'],
      ['app', '--bogus'],
      ['start', '--bogus'],
    ]) {
      const run = await runCli(args);
      // Said before any work: nothing on stdout (start checks no examples first).
      expect(run.stdout, args.join(' ')).toBe('');
      expect(run.code, args.join(' ')).toBe(2);
      const lines = run.stderr.trimEnd().split('\n');
      expect(lines, args.join(' ')).toHaveLength(2);
      expect(lines[0]).toMatch(new RegExp(`^fieldgate ${args[0]}: `));
      expect(lines[1]).toBe(`Run \`fieldgate ${args[0]} --help\` for its options and examples.`);
      expect(run.stderr).not.toContain('Usage:');
    }
    expect((await runCli(['validate', '--bogus', 'x'])).stderr).toContain('unknown option --bogus\n');
  });

  it('name an unknown command in one line, with a guess', async () => {
    for (const args of [
      ['valdate', 'x'],
      ['help', 'valdate'],
    ]) {
      const run = await runCli(args);
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(
        'fieldgate: unknown command "valdate" (did you mean validate?)\nRun `fieldgate help` for the commands.\n',
      );
    }
  });
});

describe('the progress line', () => {
  it('is an option of each command that reads files for long, with Ctrl+C in its exit status', async () => {
    for (const name of ['validate', 'fix', 'inspect', 'convert']) {
      const usage = (await runCli([name, '--help'])).stdout;
      expect(usage, name).toContain('\n  --[no-]progress ');
      expect(usage, name).toMatch(/130 stopped by Ctrl\+C/);
    }
  });

  it('takes --progress and --no-progress (the last one given wins) without changing the report', async () => {
    const file = 'examples/fields/fields-with-problems.json';
    const plain = await runCli(['validate', file]);
    for (const flags of [['--progress'], ['--no-progress'], ['--progress', '--no-progress']]) {
      const run = await runCli(['validate', ...flags, file]);
      expect(run.code, flags.join(' ')).toBe(plain.code);
      expect(run.stdout, flags.join(' ')).toBe(plain.stdout);
      // A quick run: nothing to show, even when asked for.
      expect(run.stderr, flags.join(' ')).toBe('');
    }
  });
});
