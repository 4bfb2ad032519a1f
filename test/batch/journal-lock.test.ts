/**
 * One journal, one writer: a second submit or resume on a journal that a live process holds refuses with
 * one line and exit 2 (two real processes); a dead holder's lock (kill -9) is taken over with a note.
 * A journal whose last line a crash cut short is reported by `status` (naming the line) and resumed from
 * the last whole line; a damaged line elsewhere is named, and the rows it may concern are reconciled.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayJournal } from '../../core/index.ts';
import { resumeCommand } from '../../cli/commands/resume.ts';
import { statusCommand } from '../../cli/commands/status.ts';
import { submitCommand } from '../../cli/commands/submit.ts';
import { lockJournal } from '../../node/journal-file.ts';
import { startSandbox, type DemoData } from '../../sandbox/index.ts';
import { captureIo } from '../support/cli-io.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'fieldgate-journal-lock-'));
const env: NodeJS.ProcessEnv = {
  PATH: process.env.PATH,
  HOME: dir,
  XDG_DATA_HOME: join(dir, 'data'),
  XDG_CONFIG_HOME: join(dir, 'config'),
};
let demo: DemoData;
beforeAll(async () => {
  const reference = await startSandbox();
  demo = reference.demo;
  await reference.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function programBatch(rows: number): string {
  return JSON.stringify(
    Array.from({ length: rows }, (_, i) => ({
      method: 'POST',
      path: '/v5/enrollments',
      headers: { 'x-enrollment-type': 'program' },
      body: {
        experimentProtocolId: demo.experimentProtocolIds[i % demo.experimentProtocolIds.length],
        temporalEntity: {
          dimensionality: 'INDIVIDUAL',
          id: crypto.randomUUID(),
          temporalPeriodTypeName: 'GrowingSeason',
        },
      },
    })),
  );
}

function cli(args: string[]): {
  child: ReturnType<typeof spawn>;
  done: Promise<{ code: number | null; stderr: string }>;
} {
  const child = spawn(process.execPath, [join(root, 'cli/bin/fieldgate.js'), ...args], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, stderr })),
  );
  return { child, done };
}

async function until(condition: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 5));
  }
}

const lineCount = (path: string): number =>
  existsSync(path) ? readFileSync(path, 'utf8').split('\n').length - 1 : 0;

describe('journal lock', () => {
  it(
    'a second resume or submit on a journal in use refuses (exit 2); a dead holder is taken over',
    {
      timeout: 40_000,
    },
    async () => {
      const batch = join(dir, 'locked.json');
      writeFileSync(batch, programBatch(400));
      const journal = join(dir, 'locked.jsonl');
      const first = cli([
        'submit',
        batch,
        '--profile',
        'sandbox',
        '--journal',
        journal,
        '--concurrency',
        '1',
      ]);
      await until(() => lineCount(journal) >= 3, 20_000);

      const second = await cli(['resume', journal]).done;
      expect(second.code).toBe(2);
      const lines = second.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(
        `${journal} is in use by another submit or resume (process ${first.child.pid})`,
      );
      const third = await cli(['submit', batch, '--profile', 'sandbox', '--journal', journal]).done;
      expect(third.code).toBe(2);
      expect(third.stderr).toContain('is in use by another submit or resume');

      // Still running, still locked; then killed, its lock is stale and taken over.
      expect(first.child.exitCode).toBeNull();
      first.child.kill('SIGKILL');
      await first.done;
      // The lock names its holder: its pid (and when that process started), then who it is.
      expect(readFileSync(`${journal}.lock`, 'utf8').split(/\s/)[0]).toBe(String(first.child.pid));
      const io = captureIo({ cwd: dir, env });
      expect(await resumeCommand.run([journal], io), io.err.join('')).toBe(0);
      expect(io.err.join('')).toContain(`took over the lock of process ${first.child.pid}`);
      expect(existsSync(`${journal}.lock`)).toBe(false);
    },
  );

  it('an empty lock file just created counts as held; a lock of a live pid is never taken over', async () => {
    const journal = join(dir, 'fresh.jsonl');
    writeFileSync(`${journal}.lock`, '');
    await expect(lockJournal(journal)).rejects.toThrow('is in use by another submit or resume');
    writeFileSync(`${journal}.lock`, `${process.pid}\n`);
    await expect(lockJournal(journal)).rejects.toThrow(`(process ${process.pid})`);
  });
});

describe('damaged journals', () => {
  let whole: string;
  beforeAll(async () => {
    const batch = join(dir, 'small.json');
    writeFileSync(batch, programBatch(12));
    const journal = join(dir, 'small.jsonl');
    const io = captureIo({ cwd: dir, env });
    expect(await submitCommand.run([batch, '--profile', 'sandbox', '--journal', journal], io)).toBe(0);
    whole = readFileSync(journal, 'utf8');
  });

  it('a last line cut short by a crash: status names it, resume goes on from the line before', async () => {
    const lines = whole.split('\n');
    // The plan, some sendings and outcomes, then half of the next line (no line end): a crash mid-write.
    const kept = lines.slice(0, 10);
    const cut = lines[10]!.slice(0, Math.floor(lines[10]!.length / 2));
    const journal = join(dir, 'cut.jsonl');
    writeFileSync(journal, kept.join('\n') + '\n' + cut);

    const status = captureIo({ cwd: dir, env });
    expect(await statusCommand.run([journal], status)).toBe(3);
    expect(status.err.join('')).toContain('line 11 was cut short (a crash while it was written)');

    const resumed = captureIo({ cwd: dir, env });
    expect(await resumeCommand.run([journal], resumed), resumed.err.join('')).toBe(0);
    expect(resumed.err.join('')).toContain('line 11 was cut short');
    const after = readFileSync(journal, 'utf8');
    // The whole lines stay byte for byte; what follows is whole lines again.
    expect(after.startsWith(kept.join('\n') + '\n')).toBe(true);
    expect(after.includes(cut + '\n')).toBe(false);
    const replayed = replayJournal(after);
    expect(replayed.unreadable).toEqual([]);
    expect([...replayed.steps.values()].every((s) => s.status === 'done')).toBe(true);
    const again = captureIo({ cwd: dir, env });
    expect(await statusCommand.run([journal], again)).toBe(0);
  });

  it('a damaged line in the middle: status and resume name it, and the row it may concern is reconciled, not created again', async () => {
    const lines = whole.split('\n');
    // The outcome of a created enrollment, damaged: that step is sent but its answer is unreadable.
    const at = lines.findIndex((l) => l.includes('"type":"outcome"') && l.includes('"how":"created"'));
    const step = (JSON.parse(lines[at]!) as { step: string }).step;
    lines[at] = '{"type":"outcome","st\u0000\u0000garbage';
    const journal = join(dir, 'damaged.jsonl');
    writeFileSync(journal, lines.join('\n'));
    const status = captureIo({ cwd: dir, env });
    expect(await statusCommand.run([journal], status)).toBe(3);
    expect(status.err.join('')).toMatch(
      new RegExp(`journal line ${at + 1} is damaged \\(not a journal line: "\\{\\\\"type`),
    );
    expect(status.out.join('')).toContain('1 sent without a recorded answer (reconciled on resume)');
    const resumed = captureIo({ cwd: dir, env });
    expect(await resumeCommand.run([journal], resumed), resumed.err.join('')).toBe(0);
    expect(resumed.err.join('')).toContain(`journal line ${at + 1} is damaged`);
    const after = readFileSync(journal, 'utf8');
    // The lines stay as they were, the damaged one included; resume only appends.
    expect(after.startsWith(lines.join('\n'))).toBe(true);
    const replayed = replayJournal(after);
    expect([...replayed.steps.values()].every((s) => s.status === 'done')).toBe(true);
    // Exactly once: the step was matched on the service, not created a second time.
    expect(replayed.steps.get(step)?.outcome?.how).toBe('reconciled');
    const created = after
      .split('\n')
      .filter((l) => l.includes(`"step":"${step}"`) && l.includes('"how":"created"'));
    expect(created).toEqual([]);
    expect(existsSync(`${journal}.lock`)).toBe(false);
  });
});
