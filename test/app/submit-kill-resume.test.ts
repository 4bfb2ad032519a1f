/**
 * A host killed with SIGKILL in the middle of a submit, started again: the run is listed as interrupted,
 * resumes from its journal and finishes, and the embedded sandbox (its state kept in the data directory)
 * received no upload twice.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TOKEN_HEADER, type SubmitStatus } from '../../host/bridge-api.ts';

const root = join(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'fieldgate-kill-'));
const dataDir = join(dir, 'data');
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

interface Host {
  child: ChildProcess;
  call(method: string, request: unknown): Promise<Record<string, unknown>>;
}

/** `fieldgate web` with a slow embedded sandbox (every request takes 200 ms). */
async function startHost(): Promise<Host> {
  const child = spawn(process.execPath, [join(root, 'cli', 'bin', 'fieldgate.js'), 'web', '--no-open'], {
    env: {
      ...process.env,
      BROWSER: 'none',
      FIELDGATE_DATA_DIR: dataDir,
      FIELDGATE_SANDBOX_FAULTS: 'latency-ms=200-200',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      stdout += d.toString();
      const found = /running at (\S+)\n/.exec(stdout);
      if (found) resolve(found[1]!);
    });
    child.on('exit', () => reject(new Error(`the host exited: ${stderr}`)));
  });
  const origin = url.slice(0, url.indexOf('/#'));
  const token = url.slice(url.indexOf('token=') + 6);
  return {
    child,
    async call(method, request) {
      const response = await fetch(`${origin}/api/call/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [TOKEN_HEADER]: token },
        body: JSON.stringify(request),
      });
      const body = (await response.json()) as Record<string, unknown>;
      if (response.status !== 200) throw new Error(`${method}: ${JSON.stringify(body)}`);
      return body;
    },
  };
}

describe('a submit killed mid-run', () => {
  it('resumes on the next start and finishes with no upload sent twice', async () => {
    const first = await startHost();
    const zip = readFileSync(join(root, 'examples', 'rx', 'two-zone-rx.zip')).toString('base64');
    const files = Array.from({ length: 6 }, (_, i) => ({
      file: { name: `rx-${i + 1}.zip`, contentBase64: zip },
    }));
    await first.call('saveSettings', { theme: 'system', concurrency: 1, ratePerSecond: 5, tileUrl: '' });
    const started = (await first.call('startSubmit', {
      profileId: 'sandbox',
      batch: { files },
      dryRun: false,
    })) as unknown as SubmitStatus;
    expect(started.total).toBe(6);

    // Kill -9 once the first upload's outcome is on disk and before the run ends.
    const journal = join(dataDir, 'journals', `${started.runId}.jsonl`);
    for (let i = 0; i < 400; i++) {
      if (existsSync(journal) && readFileSync(journal, 'utf8').includes('"type":"outcome"')) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    const exited = new Promise((r) => first.child.on('exit', r));
    first.child.kill('SIGKILL');
    await exited;
    expect(readFileSync(journal, 'utf8')).not.toContain('"type":"finished"');

    const second = await startHost();
    const { journals } = (await second.call('listJournals', {})) as {
      journals: { journalId: string; state: string }[];
    };
    expect(journals.find((j) => j.journalId === started.runId)?.state).toBe('interrupted');
    await second.call('resumeJournal', { journalId: started.runId });
    let status: SubmitStatus | undefined;
    for (let i = 0; i < 300; i++) {
      status = (await second.call('getSubmit', { runId: started.runId })) as unknown as SubmitStatus;
      if (status.state !== 'running') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(status!.state).toBe('finished');
    const outcomes = status!.rows.map((r) => r.outcome);
    expect(outcomes.every((o) => o === 'uploaded' || o === 'unknown')).toBe(true);

    // The sandbox's inbox: every upload at most once (six rows, so at most six items), every sent row there.
    const info = (await second.call('appInfo', {})) as { sandbox: { baseUrl: string } };
    const inbox = (await (await fetch(new URL('/_sandbox/inbox', info.sandbox.baseUrl))).json()) as {
      items: unknown[];
    };
    const sent = outcomes.filter((o) => o === 'uploaded').length;
    expect(inbox.items.length).toBeLessThanOrEqual(6);
    expect(inbox.items.length).toBeGreaterThanOrEqual(sent);
    expect(sent).toBeGreaterThanOrEqual(5);
    second.child.kill('SIGINT');
  }, 60_000);
});
