/**
 * Uploads of unknown outcome have their own exit status (issue 23, item 13): an upload whose connection was
 * reset after the service took it cannot be looked up, so `submit` ends with it unknown and exit 4, and so
 * does `resume` (which does not send it again unless asked), until `resume --resend-unknown` sends it once
 * more and ends with 0; `status` says 4 too. The status is documented in `resume --help` and the README.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_UNKNOWN } from '../../cli/commands/batch-options.ts';
import { resumeCommand } from '../../cli/commands/resume.ts';
import { statusCommand } from '../../cli/commands/status.ts';
import { submitCommand } from '../../cli/commands/submit.ts';
import { startSandbox, type RunningSandbox } from '../../sandbox/index.ts';
import { captureIo, homeEnv, sandboxEnv } from '../support/cli-io.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
let dir: string;
let sandbox: RunningSandbox;
/** Set: the first request after the next token is reset after the service took it. */
let resetAfterNextToken = false;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fieldgate-unknown-'));
  sandbox = await startSandbox({
    onExchange: (exchange) => {
      if (resetAfterNextToken && exchange.api === 'auth') {
        resetAfterNextToken = false;
        sandbox.setFaults('reset-after-rate=1');
      }
    },
  });
});
afterAll(async () => {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

function cliIo() {
  return captureIo({ cwd: root, env: { ...homeEnv(dir), ...sandboxEnv(sandbox) } });
}

const inbox = (): number => sandbox.service.state.inbox.size;

describe('uploads of unknown outcome', () => {
  it('end submit and resume with exit 4 until resent; resume --resend-unknown sends once more', async () => {
    const journal = join(dir, 'fields.jsonl');
    resetAfterNextToken = true;
    const submitted = cliIo();
    const code = await submitCommand.run(
      [
        'examples/fields/clean-fields.json',
        '--profile',
        'env',
        '--user-name',
        'grower.demo@example.com',
        '--journal',
        journal,
      ],
      submitted,
    );
    expect(code, submitted.text()).toBe(EXIT_UNKNOWN);
    expect(EXIT_UNKNOWN).toBe(4);
    expect(submitted.text()).toMatch(/^1 row: 1 unknown$/m);
    // Said once, with what to do (item 14: not "unknown: unknown:").
    expect(submitted.text()).toMatch(
      /^ {2}clean-fields\.json row 1: unknown: no answer came, so it may or may not have arrived: check the receiving user's data inbox/m,
    );
    expect(submitted.text()).not.toMatch(/unknown: unknown/i);
    // The service took it before the reset.
    expect(inbox()).toBe(1);

    sandbox.setFaults('reset-after-rate=0');
    const resumed = cliIo();
    expect(await resumeCommand.run([journal], resumed), resumed.text()).toBe(4);
    expect(resumed.text()).toMatch(/^1 row: 1 unknown$/m);
    expect(inbox(), 'not sent again unless asked').toBe(1);
    const status = cliIo();
    expect(await statusCommand.run([journal], status), status.text()).toBe(4);
    expect(status.text()).not.toMatch(/unknown: unknown/i);

    const resent = cliIo();
    expect(await resumeCommand.run([journal, '--resend-unknown'], resent), resent.text()).toBe(0);
    expect(resent.text()).toMatch(/^1 row: 1 uploaded$/m);
    expect(inbox()).toBe(2);
    expect(readFileSync(journal, 'utf8')).toContain('"type":"finished"');
  });

  it('have their exit status documented where resume and submit are', async () => {
    const said =
      /4 finished(, but)? with uploads of unknown outcome|`?4`? finished, but uploads of unknown outcome remain/;
    expect(resumeCommand.usage).toMatch(said);
    expect(submitCommand.usage).toMatch(said);
    expect(readFileSync(join(root, 'README.md'), 'utf8')).toMatch(said);
  });
});
