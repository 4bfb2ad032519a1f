/**
 * `npm run bench -- submit`: the app's send rate beside the command line's, at 3,000 and 30,000 rows
 * (SUBMIT_RATE_ROWS=3000,30000 to choose), each to a fresh embedded sandbox of its own data folder, as a
 * person runs them:
 *   - `fieldgate submit batch.csv` (the embedded sandbox, in its process);
 *   - the app: `fieldgate web`, the CSV dropped in Debian's Chromium, "Submit the batch" clicked, the screen
 *     kept current by the host's events (without Chromium, the bridge is called over HTTP and its event
 *     stream read, as the page does; the line says which).
 * The rate is rows over the run's sending time as its journal records it (its plan line to its last), so
 * checking the file and starting the browser do not count. Target: the app within 10 % of the command line.
 * Each size runs SUBMIT_RATE_REPEAT times (default 3), the two taking turns to go first, and the medians
 * are compared: on two cores one run's rate moves by a fifth with whatever else the machine does.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSandbox } from '../../sandbox/index.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const fieldgate = join(root, 'cli/bin/fieldgate.js');
const CHROMIUM = process.env.FIELDGATE_CHROMIUM ?? '/usr/bin/chromium';
const sizes = (process.env.SUBMIT_RATE_ROWS ?? '3000,30000').split(',').map(Number);
const repeats = Math.max(1, Number(process.env.SUBMIT_RATE_REPEAT ?? 3));
const work = mkdtempSync(join(tmpdir(), 'fieldgate-send-rate-'));

const reference = await startSandbox({ seed: 42 });
const programs = reference.demo.experimentProtocolIds;
await reference.close();

function batchCsv(rows: number): string {
  const path = join(work, `enrollments-${rows}.csv`);
  const lines = ['experimentProtocolId,dimensionality,temporalEntityId,temporalPeriodTypeName'];
  for (let i = 0; i < rows; i++)
    lines.push(`${programs[i % programs.length]},INDIVIDUAL,${crypto.randomUUID()},GrowingSeason`);
  writeFileSync(path, lines.join('\n'));
  return path;
}

/** Rows per second over a journal's sending time: its first line (the plan) to its last. */
function journalRate(path: string): { rate: number; seconds: number; done: number } {
  const lines = readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { type: string; at: string; counts?: Record<string, number> });
  const seconds = (Date.parse(lines.at(-1)!.at) - Date.parse(lines[0]!.at)) / 1000;
  const done = lines.at(-1)!.counts?.done ?? 0;
  return { rate: done / seconds, seconds, done };
}

function cliRun(csv: string, rows: number): { rate: number; seconds: number; done: number } {
  const home = mkdtempSync(join(work, `cli-${rows}-`));
  const journal = join(home, 'batch.jsonl');
  const run = spawnSync(process.execPath, [fieldgate, 'submit', csv, '--journal', journal], {
    env: {
      ...process.env,
      HOME: home,
      XDG_DATA_HOME: join(home, 'data'),
      XDG_CONFIG_HOME: join(home, 'config'),
    },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`fieldgate submit exited ${run.status}: ${run.stderr.slice(-500)}`);
  return journalRate(journal);
}

/** `fieldgate web` on a fresh data folder; its address once printed. */
async function startWeb(dataDir: string) {
  const child = spawn(process.execPath, [fieldgate, 'web', '--no-open', '--data-dir', dataDir], {
    env: { ...process.env, BROWSER: 'none' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const found = /running at (http:\/\/\S+)/.exec(out)?.[1];
      if (found) resolve(found);
    });
    child.on('exit', (code) => reject(new Error(`fieldgate web exited ${code}`)));
  });
  const stop = () =>
    new Promise<void>((done) => {
      child.on('exit', () => done());
      child.kill('SIGTERM');
    });
  return { url, stop };
}

/** The app in Chromium: drop, submit, wait for the screen to say finished. */
async function appInChromium(url: string, csv: string): Promise<void> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
    ],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await page.goto(url);
    await page.locator('input[type=file]').setInputFiles(csv);
    await page.waitForFunction(
      () => {
        const rows = document.querySelectorAll('[data-testid=batch-file]');
        return rows.length > 0 && !Array.from(rows).some((r) => r.textContent?.includes('Checking'));
      },
      null,
      { timeout: 300_000 },
    );
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Submit' }).click();
    await page.waitForFunction(
      () => (document.querySelector('.submit select') as HTMLSelectElement | null)?.value === 'sandbox',
    );
    await page.getByRole('button', { name: /Submit the batch/ }).click({ timeout: 300_000 });
    await page.getByRole('heading', { name: /Run .* — finished/ }).waitFor({ timeout: 900_000 });
  } finally {
    await browser.close();
  }
}

/** The app's bridge over HTTP, its events read as the page reads them (where there is no Chromium). */
async function appOverBridge(url: string, csv: string): Promise<void> {
  const origin = new URL(url).origin;
  const token = /token=([\w-]+)/.exec(url)![1]!;
  const headers = { 'x-fieldgate-token': token, 'content-type': 'application/json' };
  const events = await fetch(`${origin}/api/events`, { headers });
  const reader = events.body!.pipeThrough(new TextDecoderStream()).getReader();
  const started = await fetch(`${origin}/api/call/startSubmit`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      profileId: 'sandbox',
      dryRun: false,
      batch: {
        files: [{ file: { name: 'batch.csv', contentBase64: readFileSync(csv).toString('base64') } }],
      },
    }),
  });
  if (!started.ok) throw new Error(`startSubmit: ${await started.text()}`);
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error('the event stream ended');
    buffered += value;
    if (buffered.includes('"type":"submit-finished"')) break;
  }
  await reader.cancel();
}

async function appRun(csv: string, rows: number, chromiumThere: boolean) {
  const dataDir = mkdtempSync(join(work, `app-${rows}-`));
  const web = await startWeb(dataDir);
  try {
    await (chromiumThere ? appInChromium(web.url, csv) : appOverBridge(web.url, csv));
  } finally {
    await web.stop();
  }
  const journals = join(dataDir, 'journals');
  const journal = readdirSync(journals).find((f) => f.endsWith('.jsonl'))!;
  return journalRate(join(journals, journal));
}

const chromiumThere = existsSync(CHROMIUM);
console.log(
  `app: ${chromiumThere ? 'Chromium driving the screens' : `the bridge over HTTP (no Chromium at ${CHROMIUM})`}`,
);
try {
  const median = (values: number[]): number => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  };
  for (const rows of sizes) {
    const csv = batchCsv(rows);
    const cliRates: number[] = [];
    const appRates: number[] = [];
    for (let i = 0; i < repeats; i++) {
      const runCli = () => cliRun(csv, rows);
      const runApp = () => appRun(csv, rows, chromiumThere);
      // Taking turns: neither always meets the machine warmed up (or busy) by the other.
      const cli = i % 2 === 0 ? runCli() : undefined;
      const app = await runApp();
      const cliRan = cli ?? runCli();
      if (cliRan.done !== rows || app.done !== rows)
        throw new Error(`not every row was sent: command line ${cliRan.done}, app ${app.done} of ${rows}`);
      cliRates.push(cliRan.rate);
      appRates.push(app.rate);
      console.log(
        `  ${rows.toLocaleString('en')} rows, run ${i + 1}: command line ${cliRan.rate.toFixed(0)} rows/s (${cliRan.seconds.toFixed(1)} s), app ${app.rate.toFixed(0)} rows/s (${app.seconds.toFixed(1)} s)`,
      );
    }
    const cli = median(cliRates);
    const app = median(appRates);
    const ratio = app / cli;
    console.log(
      `${rows.toLocaleString('en')} rows, median of ${repeats}: command line ${cli.toFixed(0)} rows/s, app ${app.toFixed(0)} rows/s: app/command line ${ratio.toFixed(2)} (target ≥ 0.90: ${ratio >= 0.9 ? 'met' : 'NOT met'})`,
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
