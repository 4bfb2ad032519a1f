/**
 * Usage errors of `fieldgate submit` (issue 23, item 10): an unknown profile, a results path that cannot be
 * written, an unknown encoding, an unreadable mapping, a folder. Each is one line and where help is, exit 2, said
 * before anything is sent or written: no plan after an unknown profile, no journal path, no sandbox
 * started, no data folder made.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/cli-helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'fieldgate-submit-usage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const clean = 'examples/fields/clean-fields.json';
const user = ['--user-name', 'grower.demo@example.com'];

describe('fieldgate submit refuses, in one line, before sending or writing anything', () => {
  const cases: Array<[string[], string]> = [
    [['--profile', 'nope'], 'no profile "nope"; profiles: sandbox, env (fieldgate profile add NAME …)'],
    [
      ['--results', join(dir, 'no-such-folder', 'results.csv')],
      `--results ${join(dir, 'no-such-folder', 'results.csv')}: its folder does not exist or cannot be written`,
    ],
    [
      ['--encoding', 'klingon'],
      '--encoding klingon: "klingon" is not an encoding; use utf-8, utf-16le, utf-16be or windows-1252',
    ],
    [
      ['--mapping', join(dir, 'missing.json')],
      `--mapping ${join(dir, 'missing.json')}: cannot read it (no such file); give a file, or the mapping as JSON`,
    ],
    [
      ['examples/soil'],
      'examples/soil: is a folder; name the batch’s files in it (a CSV batch’s prescriptions and soil tests are read beside it)',
    ],
  ];
  let n = 0;
  for (const [options, message] of cases)
    it(options.join(' '), async () => {
      const home = join(dir, `home-${++n}`);
      const run = await runCli(['submit', clean, ...user, ...options], {
        env: { HOME: home, XDG_DATA_HOME: join(home, 'data'), XDG_CONFIG_HOME: join(home, 'config') },
      });
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      // An unknown profile is said before the plan, so only its line is there; the others come after it.
      const lines = run.stderr
        .trimEnd()
        .split('\n')
        .filter((l) => !l.startsWith('plan: '));
      expect(lines).toEqual([
        `fieldgate submit: ${message}`,
        'Run `fieldgate submit --help` for its options and examples.',
      ]);
      if (options[0] === '--profile') expect(run.stderr).not.toContain('plan: ');
      expect(run.stderr).not.toContain('journal: ');
      // No embedded sandbox started, no journal or results folder made.
      expect(existsSync(join(home, 'data'))).toBe(false);
    });
});
