/**
 * Crash safety with `--profile sandbox`: the child process runs `fieldgate submit` with its embedded sandbox,
 * so a SIGKILL stops the client and the service at once. The sandbox's state file (in the user's data
 * directory) must still hold every change it answered for, or a row journaled as done would be missing from
 * it and `resume` (which starts the embedded sandbox again from that file) would never send it again.
 * Over every run, the state file holds each row's enrollment exactly once: no duplicate, none lost.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayJournal } from '../../core/index.ts';
import { startSandbox, type DemoData } from '../../sandbox/index.ts';
import { readSavedState } from '../../sandbox/persistence.ts';
import { homeEnv } from '../support/cli-io.ts';
import {
  describeKill,
  finishAfterKill,
  randomKillPoint,
  rowsTaken,
  season,
  submitUntilKilled,
} from '../support/kill-and-resume.ts';
import { seededRandom } from '../support/seeded-random.ts';
const RUNS = 22;
const PROGRAM_ROWS = 10;
const LOCATION_ROWS = 4;

/** A request file and the natural keys of its creates ("program protocol season" / "location loc season"). */
function batch(demo: DemoData, run: number): { text: string; keys: string[] } {
  const requests: unknown[] = [];
  const keys: string[] = [];
  for (let i = 0; i < PROGRAM_ROWS; i++) {
    const protocol = demo.experimentProtocolIds[i % demo.experimentProtocolIds.length]!;
    const temporal = crypto.randomUUID();
    keys.push(`program ${protocol} ${temporal}`);
    requests.push({
      method: 'POST',
      path: '/v5/enrollments',
      headers: { 'x-enrollment-type': 'program' },
      body: { experimentProtocolId: protocol, temporalEntity: season(temporal) },
    });
  }
  const eeid = demo.experimentEnrollmentIds[1 + (run % (demo.experimentEnrollmentIds.length - 1))]!;
  requests.push({ method: 'GET', path: `/v5/experiments?experimentEnrollmentId=${eeid}` });
  requests.push({
    method: 'POST',
    path: '/v5/experiments',
    body: {
      experimentEnrollmentId: eeid,
      name: `Trial ${run}`,
      temporalEntity: season(demo.temporalIds[0]!),
    },
  });
  for (let i = 0; i < LOCATION_ROWS; i++) {
    const location = crypto.randomUUID();
    keys.push(`location ${location} ${demo.temporalIds[0]!}`);
    requests.push({
      method: 'POST',
      path: '/v5/enrollments',
      headers: { 'x-enrollment-type': 'location' },
      body: {
        experimentId: '00000000-0000-4000-8000-000000000000',
        locationId: location,
        experimentLocationStatus: 'NOMINATED',
        temporalEntity: season(demo.temporalIds[0]!),
      },
    });
  }
  return { text: JSON.stringify(requests), keys };
}

/** How many live enrollments the state file (with its changes) holds for each natural key. */
function stateCounts(file: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const e of readSavedState(file)?.enrollments ?? []) {
    if (e.record.itemStatus !== 'ACTIVE') continue;
    const temporal = e.record.temporalEntity;
    const season = temporal.dimensionality === 'INDIVIDUAL' ? temporal.id : undefined;
    const key =
      e.type === 'program'
        ? `program ${e.record.experimentProtocolId} ${season}`
        : `location ${e.record.locationId} ${season}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

describe('kill -9 of `submit --profile sandbox` at random points, then resume', () => {
  let dir: string;
  let demo: DemoData;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fieldgate-crash-embedded-'));
    // The embedded sandbox uses the default seed: the same demo data as this one.
    const reference = await startSandbox();
    demo = reference.demo;
    await reference.close();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(`never duplicates or loses a row over ${RUNS} runs`, { timeout: 60_000 }, async () => {
    const random = seededRandom(20261125);
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, ...homeEnv(dir) };
    const stateFile = join(dir, 'data', 'fieldgate', 'sandbox', 'state.json');
    const keys: string[] = [];
    const outcomes: string[] = [];
    const journals: string[] = [];
    for (let run = 0; run < RUNS; run++) {
      const made = batch(demo, run);
      keys.push(...made.keys);
      const batchFile = join(dir, `batch-${run}.json`);
      writeFileSync(batchFile, made.text);
      const journal = join(dir, `batch-${run}.jsonl`);
      const kill = randomKillPoint(random, { ms: 400, lines: 30 });
      const how = await submitUntilKilled(
        [batchFile, '--profile', 'sandbox', '--journal', journal, '--concurrency', '4'],
        env,
        journal,
        kill,
        20_000,
      );
      outcomes.push(describeKill(how, kill));
      const { code, io } = await finishAfterKill({
        journal,
        env,
        cwd: dir,
        submitArgs: [batchFile, '--profile', 'sandbox'],
        resumeArgs: ['--concurrency', '4'],
      });
      journals.push(existsSync(journal) ? readFileSync(journal, 'utf8') : '');
      expect(code, `run ${run} (${outcomes[run]}): ${io.text()}`).toBe(0);

      // Every id the journal records as done is in the sandbox's state file, after the kill and the resume.
      // The state file with its changes, as the next sandbox reads them.
      const stored = readSavedState(stateFile) ?? { enrollments: [], experiments: [] };
      const ids = new Set([
        ...stored.enrollments.map((e) => e.record.id),
        ...stored.experiments.map((e) => e.id),
      ]);
      const replayed = replayJournal(journals[run]!);
      const doneIds = [...replayed.steps.values()].flatMap((s) =>
        s.status === 'done' && s.outcome?.id !== undefined ? [s.outcome.id] : [],
      );
      expect(doneIds.length, `run ${run}`).toBeGreaterThanOrEqual(PROGRAM_ROWS + LOCATION_ROWS + 1);
      expect(rowsTaken(journal)).toBe(PROGRAM_ROWS + LOCATION_ROWS + 2);
      expect(
        doneIds.filter((id) => !ids.has(id)),
        `run ${run} (${outcomes[run]})`,
      ).toEqual([]);
    }
    expect(outcomes.filter((o) => o.startsWith('killed')).length).toBeGreaterThanOrEqual(20);
    expect(journals.join('\n')).toContain('"type":"resumed"');

    const counts = stateCounts(stateFile);
    const wrong = keys.map((k) => ({ k, n: counts.get(k) ?? 0 })).filter((x) => x.n !== 1);
    expect(wrong).toEqual([]);
  });
});
