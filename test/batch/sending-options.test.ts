/**
 * `submit` and `resume` take the same sending options and check them with one parser: the same value is
 * accepted or refused by both, with the same message, before any batch or journal is read or locked.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sendingOptionsFrom } from '../../cli/commands/batch-options.ts';
import { resumeCommand } from '../../cli/commands/resume.ts';
import { submitCommand } from '../../cli/commands/submit.ts';
import { captureIo, homeEnv } from '../support/cli-io.ts';

const dir = mkdtempSync(join(tmpdir(), 'fieldgate-sending-options-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const io = captureIo({ cwd: dir, env: homeEnv(dir) });

/** The usage error a command gives for the options (undefined when it got past them). */
async function refusal(run: () => Promise<number>): Promise<string | undefined> {
  try {
    await run();
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

describe('sending options of submit and resume', () => {
  const bad: Array<[option: string, value: string, message: string]> = [
    ['concurrency', '2.5', '--concurrency must be a whole number from 1 to 256, got "2.5"'],
    ['concurrency', '0', '--concurrency must be a whole number from 1 to 256, got "0"'],
    ['concurrency', '1000', '--concurrency must be a whole number from 1 to 256, got "1000"'],
    ['concurrency', 'many', '--concurrency must be a whole number from 1 to 256, got "many"'],
    ['rate', '-1', '--rate must be a number above 0, got "-1"'],
    ['rate', 'Infinity', '--rate must be a number above 0, got "Infinity"'],
    ['burst', '0', '--burst must be a number above 0, got "0"'],
  ];

  for (const [option, value, message] of bad) {
    it(`both refuse --${option} ${value} alike, before reading or locking anything`, async () => {
      const journal = join(dir, 'absent.jsonl');
      const args = (file: string) => [file, `--${option}=${value}`];
      expect(await refusal(() => submitCommand.run(args(join(dir, 'absent.json')), io))).toBe(message);
      expect(await refusal(() => resumeCommand.run(args(journal), io))).toBe(message);
      expect(existsSync(`${journal}.lock`)).toBe(false);
    });
  }

  it('reads good values to the numbers the runner gets', () => {
    expect(sendingOptionsFrom({ concurrency: '16', rate: '2.5', burst: '10' })).toEqual({
      concurrency: 16,
      rate: 2.5,
      burst: 10,
    });
    expect(sendingOptionsFrom({})).toEqual({});
  });
});
