/**
 * `npm test`'s test step: the whole vitest suite, then the check that every message template of every
 * registered rule was produced by some test (CONTRIBUTING.md, "Message coverage"). A message no test
 * produces is either untested or dead.
 *
 * With arguments, they go to vitest and only those tests run; `--rules CODE,…` then checks the messages of
 * those rules only (the inner loop of adding a rule):
 *   node --import tsx test/support/run-tests.ts --rules SD005 core/rules/sample-date/
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { allRules } from '../../core/rules/registry.ts';
import { plural } from '../../core/values/plural.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** One vitest run; exits with its status when it fails. */
function runVitest(args: string[]): void {
  const vitest = spawnSync(process.execPath, [join(root, 'node_modules/vitest/vitest.mjs'), 'run', ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, FIELDGATE_MESSAGE_COVERAGE_DIR: dir },
  });
  if (vitest.status !== 0) process.exit(vitest.status ?? 1);
}

/** The vitest arguments, and the rules named by `--rules CODE,…` (undefined when not given). */
function parseArgs(args: readonly string[]): { vitestArgs: string[]; rules: string[] | undefined } {
  const at = args.indexOf('--rules');
  if (at === -1) return { vitestArgs: [...args], rules: undefined };
  const list = args[at + 1];
  if (list === undefined || list.startsWith('-')) {
    console.error('--rules needs a list of rule codes, e.g. --rules SD004,SD005');
    process.exit(2);
  }
  const rules = list.split(',').map((c) => c.trim().toUpperCase());
  const unknown = rules.filter((c) => !allRules.some((r) => r.code === c));
  if (unknown.length > 0) {
    console.error(`--rules: no registered rule ${unknown.join(', ')} (core/rules/registry.ts)`);
    process.exit(2);
  }
  return { vitestArgs: [...args.slice(0, at), ...args.slice(at + 2)], rules };
}

const { vitestArgs, rules } = parseArgs(process.argv.slice(2));
const dir = mkdtempSync(join(tmpdir(), 'fieldgate-message-coverage-'));
// On every way out, process.exit included (a finally block does not run for it).
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
{
  const partial = vitestArgs.length > 0;
  if (partial) runVitest(vitestArgs);
  else {
    // The browser tests last and alone (vitest.config.ts says why).
    // Every core: vitest's default leaves one of two idle.
    runVitest(['--project', 'library', '--project', 'isolated', '--maxWorkers=100%']);
    runVitest(['--project', 'browser']);
    runVitest(['--project', 'browser-alone']);
  }
  if (partial && rules === undefined) {
    console.log('message coverage: not checked (only some tests ran; --rules CODE,… checks those rules)');
    process.exit(0);
  }
  const checked = rules === undefined ? allRules : allRules.filter((r) => rules.includes(r.code));
  const produced = new Set(readdirSync(dir).flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n')));
  const expected = checked.flatMap((r) => Object.keys(r.messages).map((m) => `${r.code}:${m}`));
  const missing = expected.filter((key) => !produced.has(key));
  if (missing.length > 0) {
    console.error(
      `message coverage: ${missing.length} rule message(s) that no test produces: ${missing.join(', ')}`,
    );
    console.error('Add a test that makes each of them, or remove the message if it cannot happen.');
    process.exit(1);
  }
  console.log(
    `message coverage: ${expected.length === 1 ? 'the' : 'all'} ${plural(expected.length, 'message')} of ${plural(checked.length, 'rule')} ${expected.length === 1 ? 'is' : 'are'} produced by tests`,
  );
}
