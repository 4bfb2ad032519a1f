/**
 * `npm test`'s test step: the whole vitest suite, then the check that every message template of every
 * registered rule was produced by some test (STYLE.md: "each of its messages is produced by some test").
 * A message no test produces is either untested or dead.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { allRules } from '../../core/rules/registry.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'fieldgate-message-coverage-'));
/** One vitest run; exits with its status when it fails. */
function runVitest(args: string[]): void {
  const vitest = spawnSync(process.execPath, [join(root, 'node_modules/vitest/vitest.mjs'), 'run', ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, FIELDGATE_MESSAGE_COVERAGE_DIR: dir },
  });
  if (vitest.status !== 0) process.exit(vitest.status ?? 1);
}

try {
  if (process.argv.length > 2) runVitest(process.argv.slice(2));
  else {
    // The browser tests last and alone (vitest.config.ts says why).
    runVitest(['--project', 'library', '--project', 'isolated']);
    runVitest(['--project', 'browser']);
  }
  if (process.argv.length > 2) {
    console.log('message coverage: not checked (only some tests ran)');
    process.exit(0);
  }
  const produced = new Set(readdirSync(dir).flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n')));
  const expected = allRules.flatMap((r) => Object.keys(r.messages).map((m) => `${r.code}:${m}`));
  const missing = expected.filter((key) => !produced.has(key));
  if (missing.length > 0) {
    console.error(
      `message coverage: ${missing.length} rule message(s) that no test produces: ${missing.join(', ')}`,
    );
    console.error('Add a test that makes each of them, or remove the message if it cannot happen.');
    process.exit(1);
  }
  console.log(
    `message coverage: all ${expected.length} messages of ${allRules.length} rules are produced by tests`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
