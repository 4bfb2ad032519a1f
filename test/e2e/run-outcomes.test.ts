/**
 * What happened to every row, in one vocabulary (core/batch/outcomes.ts), in Chromium: a batch seeded to
 * have rows of every kind of end (enrollments that exist already, rows with errors, a row the service
 * refuses with its code, 500s answered on the way and retried, a tail cancelled) shows each outcome with its
 * count, filters by it, and exports the same outcomes in CSV and HTML as the command line reads from the
 * run's journal (`fieldgate status`) and prints when it sends the same batch itself (`fieldgate submit`).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { statusCommand } from '../../cli/commands/status.ts';
import { submitCommand } from '../../cli/commands/submit.ts';
import { bytesToBase64, ROW_OUTCOMES, type RowOutcome } from '../../core/index.ts';
import type { JournalSummary, SubmitStatus } from '../../host/bridge-api.ts';
import { startSandbox, type RunningSandbox } from '../../sandbox/index.ts';
import {
  blockSession,
  checkScreen,
  chromiumMissing,
  filesChecked,
  openScreen,
  outcomeCount,
  RESULTS_DIR,
  runProgress,
} from './e2e-harness.ts';
import { captureIo, homeEnv, sandboxEnv } from '../support/cli-io.ts';

const PROGRAM_HEADER =
  'experimentProtocolId,dimensionality,temporalEntityId,startId,endId,temporalPeriodTypeName';
const LOCATION_HEADER =
  'experimentEnrollmentId,experimentName,locationId,experimentLocationStatus,dimensionality,temporalEntityId,startId,endId,temporalPeriodTypeName';
/** A program the service has not given the partner: the service refuses it with its code. */
const UNKNOWN_PROGRAM = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const NEW_PROGRAM_ROWS = 40;
const LOCATION_ROWS = 40;
/**
 * 500s (and 502s, 503s) on a tenth of the requests, each request slow enough to cancel part-way. The
 * location rows wait for their experiment, so they go in the run's second round, after the program rows a
 * 500 fell on are looked up and sent again: those are the 500s that succeed on retry.
 */
const FAULTS = 'error-rate=0.1,latency-ms=60-60,seed=5';
const season = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const LABELS = new Map(ROW_OUTCOMES.map((o) => [o.label, o.outcome]));

interface Batch {
  /** Two of the program rows, given to the service first (they will be "already there"). */
  seed: string;
  program: string;
  location: string;
}

function batchFiles(demo: RunningSandbox['demo']): Batch {
  const program = demo.experimentProtocolIds[0]!;
  const row = (p: string, n: number, dimensionality = 'INDIVIDUAL') =>
    `${p},${dimensionality},${season(n)},,,GrowingSeason`;
  const existing = [row(program, 1), row(program, 2)];
  const csv = (lines: string[]) => lines.join('\n') + '\n';
  return {
    seed: csv([PROGRAM_HEADER, ...existing]),
    program: csv([
      PROGRAM_HEADER,
      ...existing,
      row('not-a-program-id', 3),
      row(program, 4, 'SOMETIMES'),
      row(UNKNOWN_PROGRAM, 5),
      ...Array.from({ length: NEW_PROGRAM_ROWS }, (_, i) => row(program, 100 + i)),
    ]),
    location: csv([
      LOCATION_HEADER,
      ...Array.from(
        { length: LOCATION_ROWS },
        (_, i) =>
          `${demo.experimentEnrollmentIds[1]},Trial,${demo.locationIds[0]},NOMINATED,INDIVIDUAL,${season(500 + i)},,,GrowingSeason`,
      ),
    ]),
  };
}

const PROGRAM_ROWS = NEW_PROGRAM_ROWS + 5;
const ROWS = PROGRAM_ROWS + LOCATION_ROWS;

/** Outcome by batch row number from a results CSV (its `file` and `row`, the `outcome` label). */
function csvOutcomes(text: string): Map<number, RowOutcome> {
  const [header, ...lines] = text
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  const columns = header!.split(',');
  const [file, row, outcome] = ['file', 'row', 'outcome'].map((c) => columns.indexOf(c));
  // The cells read here hold no comma or quote.
  return new Map(
    lines.map((l) => {
      const cells = l.split(',');
      const offset = cells[file!] === 'location.csv' ? PROGRAM_ROWS : 0;
      return [offset + Number(cells[row!]), LABELS.get(cells[outcome!]!)!];
    }),
  );
}

/** Outcome by row number from the HTML report's table (Row, then the Outcome column). */
function htmlOutcomes(html: string): Map<number, RowOutcome> {
  const out = new Map<number, RowOutcome>();
  for (const [, cells] of html.matchAll(/<tr data-outcome="[^"]*">(.*?)<\/tr>/g)) {
    const text = [...cells!.matchAll(/<td>(.*?)<\/td>/g)].map((m) => m[1]!);
    out.set(Number(text[0]), LABELS.get(text[5]!)!);
  }
  return out;
}

async function download(page: Page, button: string): Promise<string> {
  const saved = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const file = join(RESULTS_DIR, (await saved).suggestedFilename());
  await (await saved).saveAs(file);
  return readFileSync(file, 'utf8');
}

/** The journal's lines as this test reads them. */
interface JournalLine {
  type: string;
  step?: string;
  how?: string;
  plan?: { rows: { row: number; step?: string }[] };
}

/** The CLI in-process, its home in `dir`, sending to `sandbox` when one is given. */
const cliIo = (dir: string, sandbox?: RunningSandbox) =>
  captureIo({ cwd: dir, env: { ...homeEnv(dir), ...(sandbox ? sandboxEnv(sandbox) : {}) } });

describe.skipIf(chromiumMissing)('what happened to every row of a run', () => {
  const session = blockSession();
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fieldgate-outcomes-'));
    // One request at a time: the faults fall on the same requests of the same batch, run after run.
    await session.call('saveSettings', { theme: 'system', concurrency: 1, ratePerSecond: 10, tileUrl: '' });
  }, 90_000);

  it('shows each outcome with its count and filter, and exports them as the command line has them', async () => {
    const sandbox = session.app.sandbox!.sandbox;
    const files = batchFiles(sandbox.demo);
    // The service has two of the batch's enrollments already.
    const seeded = (await session.call('startSubmit', {
      profileId: 'sandbox',
      batch: {
        files: [{ file: { name: 'seed.csv', contentBase64: bytesToBase64(Buffer.from(files.seed)) } }],
      },
      dryRun: false,
    })) as SubmitStatus;
    await expect
      .poll(async () => ((await session.call('getSubmit', { runId: seeded.runId })) as SubmitStatus).state)
      .toBe('finished');
    sandbox.setFaults(FAULTS);

    const paths = ['program.csv', 'location.csv'].map((name) => join(dir, name));
    writeFileSync(paths[0]!, files.program);
    writeFileSync(paths[1]!, files.location);
    const { page } = await session.newPage();
    await page.locator('input[type=file]').setInputFiles(paths);
    await filesChecked(page, 2);
    await openScreen(page, 'Submit');
    // Before anything is sent: the plan's summary, in the words `fieldgate submit` prints first.
    await expect
      .poll(() => page.getByTestId('preflight').textContent())
      .toBe(
        `${ROWS} rows: ${ROWS - 2} will be sent (${ROWS - 1} requests), 2 have errors and will be skipped; 1 experiment will be found or created first.`,
      );
    await page.getByRole('button', { name: /Submit the batch/ }).click();
    // Cancelled once the location rows are going (the program rows all are done by then).
    await expect
      .poll(async () => (await runProgress(page)).done, { timeout: 30_000, interval: 50 })
      .toBeGreaterThan(PROGRAM_ROWS + 5);
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { name: /Run .* — cancelled/ }).count()).toBe(1);
    const runId = (
      (await page.getByRole('heading', { name: /Run .* — cancelled/ }).textContent()) ?? ''
    ).slice(4, 12);
    const runs = (await session.call('listJournals', {})) as { journals: JournalSummary[] };
    const journalId = runs.journals.find((j) => j.journalId.startsWith(runId))!.journalId;
    // Requests in flight when it was cancelled get their answer; then nothing is pending.
    let status!: SubmitStatus;
    await expect
      .poll(async () => {
        status = (await session.call('getSubmit', { runId: journalId })) as SubmitStatus;
        return status.counts.pending;
      })
      .toBe(0);
    const appOutcomes = new Map(status.rows.map((r) => [r.row, r.outcome]));

    // Every kind of end this batch can have, each counted at the head of the run as the rows have it.
    expect(status.counts).toMatchObject({ 'already-there': 2, skipped: 2, failed: 1, pending: 0 });
    expect(status.counts.created).toBeGreaterThan(10);
    expect(status.counts['not-sent']).toBeGreaterThan(0);
    for (const o of ROW_OUTCOMES)
      await expect
        .poll(() => outcomeCount(page, o.outcome), { timeout: 5000 })
        .toBe(status.counts[o.outcome]);
    expect(appOutcomes.get(1)).toBe('already-there');
    expect(appOutcomes.get(3)).toBe('skipped');
    expect(appOutcomes.get(5)).toBe('failed');
    // 500s came on the way, and rows they fell on were looked up, sent again and created: their step was
    // sent twice, then created.
    const journal = join(session.dataDir, 'journals', `${journalId}.jsonl`);
    const lines = readFileSync(journal, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as JournalLine);
    const sendings = new Map<string, number>();
    for (const l of lines) if (l.type === 'sending') sendings.set(l.step!, (sendings.get(l.step!) ?? 0) + 1);
    const retried = lines.filter(
      (l) => l.type === 'outcome' && l.how === 'created' && sendings.get(l.step!)! > 1,
    );
    expect(retried.length).toBeGreaterThan(0);
    const rowOfStep = new Map(lines[0]!.plan!.rows.map((r) => [r.step, r.row]));
    for (const l of retried) expect(appOutcomes.get(rowOfStep.get(l.step)!)).toBe('created');

    // Each count is a filter of the rows.
    const rows = page.getByTestId('result-row');
    await page.getByTestId('count-failed').click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toMatch(/failed.*400 unknown-experiment-protocol/);
    await page.getByTestId('count-already-there').click();
    await expect
      .poll(() => rows.evaluateAll((all) => all.map((r) => r.getAttribute('data-row'))))
      .toEqual(['1', '2']);
    await page.getByTestId('count-not-sent').click();
    expect(await rows.first().textContent()).toContain('not sent: the run was cancelled');
    await page.getByRole('button', { name: /^All / }).click();
    await checkScreen(page, 'run-outcomes');

    // The exports have the same outcome for every row.
    const exported = csvOutcomes(await download(page, 'Export results CSV'));
    expect(exported).toEqual(appOutcomes);
    expect(htmlOutcomes(await download(page, 'Export HTML report'))).toEqual(appOutcomes);

    // The command line reads the same run from its journal: the same counts, the same rows.
    const read = cliIo(dir);
    expect(await statusCommand.run([journal, '--json'], read)).toBe(3);
    const report = JSON.parse(read.text()) as {
      outcomes: Record<RowOutcome, number>;
      stopped: { reason: string };
      rows: { row: number; outcome: RowOutcome }[];
    };
    expect(report.outcomes).toEqual(status.counts);
    expect(report.stopped.reason).toBe('cancelled');
    for (const r of report.rows) expect(r.outcome, `row ${r.row}`).toBe(appOutcomes.get(r.row));

    // And sending the same batch itself, to a sandbox seeded the same way, it ends each row sent alike.
    const other = await startSandbox({ port: 0, seed: 42 });
    try {
      writeFileSync(join(dir, 'seed.csv'), files.seed);
      const args = ['--profile', 'env', '--concurrency', '1'];
      const first = cliIo(dir, other);
      expect(
        await submitCommand.run(['seed.csv', ...args, '--journal', 'seed.jsonl'], first),
        first.text(),
      ).toBe(0);
      other.setFaults(FAULTS);
      const sent = cliIo(dir, other);
      expect(
        await submitCommand.run([...paths, ...args, '--journal', 'batch.jsonl', '--results', 'r.csv'], sent),
        sent.text(),
      ).toBe(1);
      const cli = csvOutcomes(readFileSync(join(dir, 'r.csv'), 'utf8'));
      for (const [row, outcome] of appOutcomes)
        if (outcome !== 'not-sent') expect(cli.get(row), `row ${row}`).toBe(outcome);
      // It prints them in the same words.
      expect(sent.text()).toMatch(
        new RegExp(
          `^${ROWS} rows: ${ROWS - 5} created, 2 already there, 2 skipped for errors, 1 failed$`,
          'm',
        ),
      );
      expect(sent.text()).toContain(`plan: ${await page.getByTestId('preflight').textContent()}`);
    } finally {
      await other.close();
    }

    // Retry names exactly the failed row: a new run of that row alone.
    await page.getByRole('button', { name: 'Retry the failed row' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: /Run .* — finished/ }).count(), { timeout: 15_000 })
      .toBe(1);
    expect(await rows.evaluateAll((all) => all.map((r) => r.getAttribute('data-row')))).toEqual(['5']);
    expect(await outcomeCount(page, 'failed')).toBe(1);

    // The cancelled run cannot go on: the banner does not name it; it is archived out of the list of runs.
    expect(await page.getByTestId('interrupted-banner').count()).toBe(0);
    const cancelled = page
      .getByRole('list', { name: 'Runs of this data folder' })
      .locator('li[data-state="cancelled"]');
    expect(await cancelled.getByRole('button', { name: 'Resume this run' }).count()).toBe(0);
    await cancelled.getByRole('button', { name: /^Archive/ }).click();
    await expect.poll(() => cancelled.count()).toBe(0);
    // Out of the list, not gone: under "Archived runs", from where it can be restored.
    await page.getByText('Archived runs (1)').click();
    const archived = page.getByRole('list', { name: 'Archived runs' }).locator('li[data-state="cancelled"]');
    expect(await archived.count()).toBe(1);
    await archived.getByRole('button', { name: /^Restore/ }).click();
    await expect.poll(() => cancelled.count()).toBe(1);
    await page.context().close();
  }, 120_000);
});
