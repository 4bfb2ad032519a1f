/**
 * The harness of the crash tests: `fieldgate submit` in a child process, killed with SIGKILL at a seeded
 * random point (before it wrote anything, or right after a given line of its journal reached the disk), then
 * finished in-process by `resume` (or by `submit` again when the journal never got its plan). What each
 * test asserts about the service afterwards is its own.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { resumeCommand } from '../../cli/commands/resume.ts';
import { submitCommand } from '../../cli/commands/submit.ts';
import { replayJournal } from '../../core/index.ts';
import { captureIo, type CapturedIo } from './cli-io.ts';

const fieldgate = fileURLToPath(new URL('../../cli/bin/fieldgate.js', import.meta.url));

/** When the child is killed: after so many milliseconds, or once its journal has so many lines. */
export type KillPoint = { ms: number } | { lines: number };

/** About one kill in seven lands before the journal exists; the rest right after a random journal line. */
export function randomKillPoint(random: () => number, most: { ms: number; lines: number }): KillPoint {
  return random() < 0.15
    ? { ms: Math.floor(random() * most.ms) }
    : { lines: 1 + Math.floor(random() * most.lines) };
}

function journalLineCount(path: string): number {
  return existsSync(path) ? readFileSync(path, 'utf8').split('\n').length - 1 : 0;
}

/** Run `fieldgate submit ARGS` in a child and SIGKILL it at `kill` (or after `limitMs` at the latest). */
export function submitUntilKilled(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  journal: string,
  kill: KillPoint,
  limitMs = 30_000,
): Promise<'killed' | 'exited'> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [fieldgate, 'submit', ...args], { env, stdio: 'ignore' });
    const killNow = (): void => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    };
    const poll = setInterval(() => {
      if ('lines' in kill && journalLineCount(journal) >= kill.lines) killNow();
    }, 1);
    const timer = setTimeout(killNow, 'ms' in kill ? kill.ms : limitMs);
    child.on('exit', (_code, signal) => {
      clearInterval(poll);
      clearTimeout(timer);
      resolve(signal === 'SIGKILL' ? 'killed' : 'exited');
    });
  });
}

/** "killed@line 12", "exited@120ms": how a run ended, for the messages of failed assertions. */
export function describeKill(how: 'killed' | 'exited', kill: KillPoint): string {
  return `${how}@${'ms' in kill ? `${kill.ms}ms` : `line ${kill.lines}`}`;
}

/**
 * After the kill: `resume` a journal that has its plan; a journal without one means nothing was sent, so it
 * goes and the batch is submitted again. Both in-process, their output kept.
 */
export async function finishAfterKill(options: {
  journal: string;
  env: NodeJS.ProcessEnv;
  cwd: string;
  submitArgs: readonly string[];
  resumeArgs: readonly string[];
}): Promise<{ code: number; io: CapturedIo; resumed: boolean }> {
  const { journal } = options;
  let planned = false;
  try {
    planned = existsSync(journal) && replayJournal(readFileSync(journal, 'utf8')) !== undefined;
  } catch {
    planned = false;
  }
  if (!planned) rmSync(journal, { force: true });
  const io = captureIo({ env: options.env, cwd: options.cwd });
  const code = planned
    ? await resumeCommand.run([journal, ...options.resumeArgs], io)
    : await submitCommand.run([...options.submitArgs, '--journal', journal], io);
  return { code, io, resumed: planned };
}

/** Rows of a run's results CSV (beside its journal) that the service took: created, updated, already there… */
export function rowsTaken(journal: string): number {
  const results = readFileSync(journal.replace(/\.jsonl$/, '.results.csv'), 'utf8');
  return results
    .split('\r\n')
    .filter((l) => /,(created|updated|removed|already there|uploaded|read),/.test(l)).length;
}

/** A growing season by id, as the requests of these batches name it. */
export const season = (id: string) => ({
  dimensionality: 'INDIVIDUAL',
  id,
  temporalPeriodTypeName: 'GrowingSeason',
});
