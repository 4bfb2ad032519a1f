/**
 * The progress line of `validate`, `fix`, `inspect` and `convert`: what is being read, how far, the problems
 * found so far, the rate and how long is left. On a terminal (stderr) one line redrawn in place, at most 10
 * times a second, and erased before the report; for a log (`--progress` when stderr is not a terminal) a
 * plain line every few seconds. Nothing is drawn in the first second (unless a big file is about to be
 * worked on in one go, when nothing could be drawn), so a quick run looks as it always did. It follows
 * submit's ProgressDisplay (cli/commands/submit.ts): `\r\x1b[2K` redraws, "progress: " log lines.
 *
 * The work's events cost a few comparisons each: diagnostics are only counted by severity, the clock is read
 * once per progress event, and the line is composed only when it is drawn.
 */
import { formatCount, type Diagnostic, type EngineEvent } from '../../core/index.ts';
import type { CliIo } from '../command.ts';
import { terminalSafe } from './terminal-text.ts';

/** How progress is shown: redrawn in place (a terminal), a line every few seconds (a log), or not at all. */
export type ProgressMode = 'redraw' | 'log' | 'off';

/** The options every command with a progress line takes (parseArgs): `--progress` and `--no-progress`. */
export const PROGRESS_OPTIONS = {
  progress: { type: 'boolean' },
  'no-progress': { type: 'boolean' },
} as const;

/** The help text of those options, its text starting at column `at` as the usage's other options do. */
export function progressUsage(at: number): string {
  const words = [
    'the progress line on stderr: file, bytes read, records, problems so far, rate, time left. Shown by',
    'default when stderr is a terminal and CI is not set, redrawn in place once the work has taken a',
    'second; --no-progress hides it; --progress shows it anyway (a log gets a line every few seconds)',
  ]
    .join(' ')
    .split(' ');
  const lines: string[] = [];
  let line = '  --[no-]progress'.padEnd(at);
  for (const word of words) {
    if (line.length + word.length > 110 && line.trim() !== '') {
      lines.push(line.trimEnd());
      line = ' '.repeat(at);
    }
    line += `${word} `;
  }
  lines.push(line.trimEnd());
  return lines.join('\n');
}

/** What the user asked: the last of --progress and --no-progress (before `--`), or undefined for neither. */
export function progressChoice(args: readonly string[]): boolean | undefined {
  const end = args.indexOf('--');
  const given = end === -1 ? args : args.slice(0, end);
  const on = given.lastIndexOf('--progress');
  const off = given.lastIndexOf('--no-progress');
  if (on === -1 && off === -1) return undefined;
  return on > off;
}

/** Whether the environment says this runs under continuous integration (CI=true, CI=1; not CI=false). */
function underCi(env: CliIo['env']): boolean {
  const ci = env.CI?.trim().toLowerCase();
  return ci !== undefined && ci !== '' && ci !== 'false' && ci !== '0';
}

/**
 * The mode: off with --no-progress; with --progress redrawn on a terminal and logged elsewhere; by default
 * redrawn when stderr is a terminal (not TERM=dumb, which cannot erase a line) outside CI, else off.
 */
export function progressMode(io: CliIo, choice: boolean | undefined): ProgressMode {
  if (choice === false) return 'off';
  const terminal = io.stderrIsTTY === true && io.env.TERM !== 'dumb';
  if (choice === true) return terminal ? 'redraw' : 'log';
  return terminal && !underCi(io.env) ? 'redraw' : 'off';
}

/** Erases the line the cursor is on and returns to its start. */
export const ERASE_LINE = '\r\x1b[2K';

export interface ProgressLineOptions {
  mode: ProgressMode;
  /** What the command does to the files: "checking", "fixing", "inspecting", "converting". */
  verb: string;
  /** Where the line goes (stderr). */
  write(text: string): void;
  /** The terminal's width, when known: a longer line is cut (a wrapped line could not be erased). */
  columns?: () => number | undefined;
  /** Milliseconds of a monotonic clock (default performance.now). */
  clock?: () => number;
  /** Bytes of all the run's files, when each size is known: the time left is then the whole run's. */
  totalBytes?: number;
  /** Nothing is drawn before this many milliseconds of work (default 1000). */
  delayMs?: number;
  /** Redraw the line on a timer too, when no event comes (default true; tests drive it themselves). */
  timer?: boolean;
  /**
   * A file's problems come once its fixes are applied (validate --fix), not as they are found: until then
   * the current file has no count to show, and "no problems" would be wrong.
   */
  problemsAfterFixes?: boolean;
}

/** Redraws at most this often on a terminal (10 a second). */
const REDRAW_MS = 100;
/** A log gets a line this often. */
const LOG_MS = 5000;
/** The timer's period: the line moves on (time left) while a file is read without events. */
const TIMER_MS = 250;
/**
 * A file at least this big, worked on in one go (converted, or checked whole), takes about a second or more
 * here (8 to 20 MB/s): the line is drawn before that work starts, since nothing can be drawn during it.
 */
const AT_ONCE_BYTES = 8e6;

interface FileState {
  name: string;
  index: number;
  total: number;
  /** Its size in bytes, 0 when unknown (a stream). */
  size: number;
  bytes: number;
  records: number;
  /** Records it holds, when known (converted features); then the time left is counted in records. */
  recordsOf: number;
  features: number;
  kind: string;
  /** Times it was read again (each pass of a fix): no time left is shown then. */
  passes: number;
  /** When it started, for its own rate. */
  started: number;
  /** The first count of records and when it came, for their rate (they may start long after the file). */
  recordsFrom?: { at: number; records: number };
  /** Some of its problems were counted (a fix streamed line by line counts them as it goes). */
  counted?: boolean;
}

/** What a file kind's records are, for the line: a field upload's fields, a CSV batch's rows. */
function recordNoun(kind: string): [one: string, other: string] {
  if (kind === 'json' || kind === 'field-upload') return ['field', 'fields'];
  if (kind.startsWith('csv-')) return ['row', 'rows'];
  if (kind === 'service-requests') return ['request', 'requests'];
  if (kind === 'modus-result') return ['sample', 'samples'];
  if (kind === 'rx-zip') return ['zone', 'zones'];
  if (kind === 'wkt') return ['boundary', 'boundaries'];
  return ['record', 'records'];
}

// Not Intl.NumberFormat: making one at load cost every command about 9 ms (ICU's number data).
const count = (n: number): string => formatCount(Math.round(n));

/** 980 KB, 31 MB, 9.4 MB, 1.2 GB (decimal units, as the README states file sizes). */
export function formatBytes(bytes: number): string {
  const [amount, unit] = bytesIn(bytes);
  return `${amount} ${unit}`;
}

function bytesIn(bytes: number): [amount: string, unit: string] {
  if (bytes < 999.5e3) return [String(Math.round(bytes / 1e3)), 'KB'];
  if (bytes < 999.5e6) {
    const mb = bytes / 1e6;
    return [mb < 9.95 ? mb.toFixed(1) : String(Math.round(mb)), 'MB'];
  }
  return [(bytes / 1e9).toFixed(1), 'GB'];
}

/** "24 of 49 MB", "980 KB of 1.2 GB". */
export function formatBytesOf(bytes: number, of: number): string {
  const [a, unitA] = bytesIn(bytes);
  const [b, unitB] = bytesIn(of);
  return unitA === unitB ? `${a} of ${b} ${unitB}` : `${a} ${unitA} of ${b} ${unitB}`;
}

/** 4 s, 1 min 05 s, 2 h 03 min. */
export function formatDuration(seconds: number): string {
  const s = Math.max(1, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`;
}

/** "3 errors, 10 warnings" (zeros left out), or "no problems". */
function describeProblems(c: Readonly<Record<Diagnostic['severity'], number>>): string {
  const parts: string[] = [];
  if (c.error > 0) parts.push(`${count(c.error)} error${c.error === 1 ? '' : 's'}`);
  if (c.warning > 0) parts.push(`${count(c.warning)} warning${c.warning === 1 ? '' : 's'}`);
  if (c.info > 0) parts.push(`${count(c.info)} info`);
  return parts.length > 0 ? parts.join(', ') : 'no problems';
}

/** The progress of one run: fed the engine's events (or a command's own), drawn as its mode says. */
export class ProgressLine {
  /** Problems found so far, by severity. */
  readonly counts = { error: 0, warning: 0, info: 0 };
  private readonly clock: () => number;
  private readonly started: number;
  private readonly delayMs: number;
  private file: FileState | undefined;
  private filesDone = 0;
  /** Bytes of the files done (their sizes). */
  private bytesDone = 0;
  private fixPass = 0;
  private lastDraw = -Infinity;
  /** Drawn before the first second is over (aheadOfWork). */
  private early = false;
  private drawn = false;
  private ended = false;
  private readonly interval: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly options: ProgressLineOptions) {
    this.clock = options.clock ?? (() => performance.now());
    this.started = this.clock();
    this.delayMs = options.delayMs ?? 1000;
    if (options.mode !== 'off' && options.timer !== false) {
      this.interval = setInterval(() => this.tick(), TIMER_MS);
      this.interval.unref();
    }
  }

  get mode(): ProgressMode {
    return this.options.mode;
  }

  /** One of the engine's events. */
  event(e: EngineEvent): void {
    switch (e.type) {
      case 'file-started':
        this.startFile(e.file, e.index, e.total, e.bytes);
        return;
      case 'progress':
        this.progress(e);
        return;
      case 'diagnostics':
        this.count(e.diagnostics);
        return;
      case 'fix-pass':
        this.fixPass = e.pass;
        this.tick();
        return;
      case 'file-done':
        this.fileDone();
        return;
      case 'unreadable':
        // Not checked: said in the report, not counted as done.
        this.file = undefined;
        return;
      default:
        return;
    }
  }

  /** A file begins (`index` from 0 of `total`); `size` 0 when unknown. */
  startFile(name: string, index: number, total: number, size: number): void {
    if (this.file && this.file.index !== index) this.fileDone();
    this.file = {
      name,
      index,
      total,
      size,
      bytes: 0,
      records: 0,
      recordsOf: 0,
      features: 0,
      kind: '',
      passes: 0,
      started: this.clock(),
    };
    this.fixPass = 0;
    this.tick();
  }

  /** How far the current file is: bytes read, records or features checked (of `recordsOf`, when known). */
  progress(p: {
    bytes?: number;
    records?: number;
    recordsOf?: number;
    features?: number;
    kind?: string;
    totalBytes?: number;
  }): void {
    const file = this.file;
    if (!file) return;
    const before = file.bytes;
    if (p.bytes !== undefined) {
      // Read again from the start: a fix pass checks the file once more.
      if (p.bytes < file.bytes) file.passes++;
      file.bytes = p.bytes;
    }
    if (p.records !== undefined) {
      file.records = p.records;
      if (file.recordsFrom === undefined && p.records > 0)
        file.recordsFrom = { at: this.clock(), records: p.records };
    }
    if (p.recordsOf !== undefined) file.recordsOf = p.recordsOf;
    if (p.features !== undefined) file.features = p.features;
    if (p.kind !== undefined) file.kind = p.kind;
    if (p.totalBytes !== undefined && p.totalBytes > 0) file.size = p.totalBytes;
    // The last byte read: drawn now, throttled or not (one more draw a file), since what follows (checks
    // across a CSV batch's rows) may run in one go and leave this line up for a while: it says so.
    this.tick(file.size > 0 && before < file.size && file.bytes >= file.size);
  }

  /** Problems found: counted by severity, nothing else (the next progress event or tick draws them). */
  count(diagnostics: readonly Diagnostic[]): void {
    const counts = this.counts;
    for (const d of diagnostics) counts[d.severity]++;
    if (this.file && diagnostics.length > 0) this.file.counted = true;
  }

  /** The current file is done. */
  fileDone(): void {
    const file = this.file;
    if (!file) return;
    this.filesDone++;
    this.bytesDone += file.size > 0 ? file.size : file.bytes;
    this.file = undefined;
    this.tick();
  }

  /**
   * The current file, of `bytes`, is about to be worked on in one go (no event until it is done): when it is
   * big enough to take a second or more (AT_ONCE_BYTES), the line is drawn now, not after that second.
   */
  aheadOfWork(bytes: number): void {
    if (bytes < AT_ONCE_BYTES) return;
    this.early = true;
    this.tick();
  }

  /**
   * Draw now if the line is due: after the first second, then at most every 100 ms (a log: 5 s);
   * `readToEnd` draws a redrawn line at once (not a log's).
   */
  tick(readToEnd = false): void {
    if (this.options.mode === 'off' || this.ended) return;
    const now = this.clock();
    if (!this.early && now - this.started < this.delayMs) return;
    const every = this.options.mode === 'redraw' ? REDRAW_MS : LOG_MS;
    if (now - this.lastDraw < every && !(readToEnd && this.options.mode === 'redraw')) return;
    this.lastDraw = now;
    const text = this.describe(now);
    if (this.options.mode === 'log') {
      this.options.write(`progress: ${text}\n`);
      return;
    }
    this.options.write(ERASE_LINE + this.fit(text));
    this.drawn = true;
  }

  /** Erase the line if it is drawn (before other output reaches the terminal); the next tick redraws it. */
  clear(): void {
    if (!this.drawn) return;
    this.options.write(ERASE_LINE);
    this.drawn = false;
  }

  /** Erase the line and draw no more. */
  end(): void {
    this.clear();
    this.ended = true;
    if (this.interval !== undefined) clearInterval(this.interval);
  }

  /**
   * What was done, for the line printed when the run is stopped: "checked 120,000 fields (31 MB of 96 MB)
   * of big.json; 3 errors, 10 warnings so far".
   */
  summary(): string {
    const file = this.file;
    const parts: string[] = [];
    const total = file?.total ?? 0;
    if (this.filesDone > 0 && total !== 1)
      parts.push(
        total > 1
          ? `${this.filesDone} of ${total} files`
          : `${this.filesDone} file${this.filesDone === 1 ? '' : 's'}`,
      );
    if (file) {
      const [one, other] = recordNoun(file.kind);
      const records =
        file.records > 0 ? `${count(file.records)} ${file.records === 1 ? one : other}` : undefined;
      const bytes =
        file.bytes > 0
          ? file.size > 0
            ? formatBytesOf(file.bytes, file.size)
            : formatBytes(file.bytes)
          : undefined;
      const where = `${terminalSafe(file.name)}${total > 1 && parts.length === 0 ? ` (file ${file.index + 1} of ${total})` : ''}`;
      if (records) parts.push(`${records}${bytes ? ` (${bytes})` : ''} of ${where}`);
      else if (bytes) parts.push(`${bytes} of ${where}`);
      else if (parts.length === 0) parts.push(`nothing of ${where} yet`);
    }
    const checked = parts.length > 0 ? `checked ${parts.join(' and ')}` : 'checked nothing yet';
    if (this.uncounted()) {
      const before = this.filesDone > 0 ? `; ${describeProblems(this.counts)} in the files before it` : '';
      return `${checked}; its problems are counted once its fixes are applied, so none are listed${before}`;
    }
    return `${checked}; ${describeProblems(this.counts)} so far`;
  }

  /** The current file's problems are not counted yet: they come once its fixes are applied. */
  private uncounted(): boolean {
    return this.options.problemsAfterFixes === true && this.file !== undefined && this.file.counted !== true;
  }

  /**
   * The line: what, which file of how many, how far, problems, rate and time left. Too long for the
   * terminal, the file is named without its folder, then the rate and the count of records are left out.
   */
  private describe(now: number): string {
    const file = this.file;
    const elapsed = (now - this.started) / 1000;
    const fixing = this.fixPass > 0 ? ` (fix pass ${this.fixPass})` : '';
    if (!file)
      return `${this.options.verb}${fixing} · ${describeProblems(this.counts)} · ${formatDuration(elapsed)}`;
    const which = `${file.total > 1 ? ` (${file.index + 1} of ${file.total})` : ''}${fixing}`;
    const name = terminalSafe(file.name);
    const [one, other] = recordNoun(file.kind);
    const readAll = file.size > 0 && file.bytes >= file.size && file.passes === 0;
    const amount = readAll
      ? `all ${formatBytes(file.size)} read`
      : file.size > 0 && file.bytes > 0
        ? `${formatBytesOf(file.bytes, file.size)} (${Math.min(100, Math.floor((file.bytes / file.size) * 100))} %)`
        : file.bytes > 0
          ? `${formatBytes(file.bytes)} read`
          : file.size > 0
            ? formatBytes(file.size)
            : undefined;
    const records =
      file.records > 0
        ? `${count(file.records)}${file.recordsOf > 0 ? ` of ${count(file.recordsOf)}` : ''} ${file.records === 1 && file.recordsOf <= 1 ? one : other}`
        : file.features > 0
          ? `${count(file.features)} features`
          : undefined;
    const fileSeconds = (now - file.started) / 1000;
    const recordRate = this.recordRate(file, now);
    // The rate in bytes when bytes are read, else in records.
    const rate =
      file.bytes > 0 && fileSeconds > 0.5
        ? `${formatBytes(file.bytes / fileSeconds)}/s`
        : recordRate !== undefined
          ? `${count(recordRate)} ${other}/s`
          : undefined;
    const left = this.secondsLeft(file, elapsed, fileSeconds, recordRate);
    const line = (head: string, withRecords: boolean, withRate: boolean): string =>
      [
        `${this.options.verb} ${head}${which}`,
        amount,
        withRecords ? records : undefined,
        this.uncounted() && this.counts.error + this.counts.warning + this.counts.info === 0
          ? undefined
          : describeProblems(this.counts),
        readAll ? 'finishing the checks' : withRate ? rate : undefined,
        !readAll && left !== undefined ? `${formatDuration(left)} left` : undefined,
      ]
        .filter((part) => part !== undefined)
        .join(' · ');
    const columns = this.options.columns?.();
    const fits = (text: string): boolean => columns === undefined || text.length < columns;
    const full = line(name, true, true);
    if (fits(full)) return full;
    const base = terminalSafe(file.name.split(/[\\/]/).pop() ?? file.name);
    for (const shorter of [line(base, true, true), line(base, true, false), line(base, false, false)])
      if (fits(shorter)) return shorter;
    return line(base, false, false);
  }

  /**
   * Time left: the run's when every file's size is known (bytes done over the time taken so far), else this
   * file's from its size or its count of records. None while a fix reads a file again, or too early to tell.
   */
  private secondsLeft(
    file: FileState,
    elapsed: number,
    fileSeconds: number,
    recordRate: number | undefined,
  ): number | undefined {
    if (file.passes > 0 || this.fixPass > 0 || elapsed < 2) return undefined;
    const total = this.options.totalBytes;
    if (total !== undefined && total > 0) {
      const done = this.bytesDone + file.bytes;
      if (done <= 0 || done >= total) return undefined;
      return ((total - done) * elapsed) / done;
    }
    if (file.size > 0 && file.bytes > 0 && file.bytes < file.size)
      return ((file.size - file.bytes) * fileSeconds) / file.bytes;
    if (file.recordsOf > 0 && file.records < file.recordsOf && recordRate !== undefined && recordRate > 0)
      return (file.recordsOf - file.records) / recordRate;
    return undefined;
  }

  /** Records a second since the first count came, once that is half a second ago. */
  private recordRate(file: FileState, now: number): number | undefined {
    const from = file.recordsFrom;
    if (from === undefined || now - from.at < 500 || file.records <= from.records) return undefined;
    return ((file.records - from.records) * 1000) / (now - from.at);
  }

  /** The text cut to the terminal's width (less one column: a full line would wrap on some terminals). */
  private fit(text: string): string {
    const columns = this.options.columns?.();
    if (columns === undefined || columns < 10 || text.length < columns) return text;
    return `${text.slice(0, columns - 2)}…`;
  }
}

/** An IO whose report output first erases the progress line, when both go to the same terminal. */
export function withProgressLine(io: CliIo, line: ProgressLine): CliIo {
  if (line.mode !== 'redraw' || !io.isTTY) return io;
  const stdoutBytes = io.stdoutBytes;
  return {
    ...io,
    stdout: (text) => {
      line.clear();
      io.stdout(text);
    },
    ...(stdoutBytes
      ? {
          stdoutBytes: (bytes: Uint8Array) => {
            line.clear();
            stdoutBytes(bytes);
          },
        }
      : {}),
  };
}

/** A progress line for the command's io, as `--progress` / `--no-progress` (in `args`) and the terminal say. */
export function progressLineFor(
  io: CliIo,
  args: readonly string[],
  verb: string,
  extra: Pick<ProgressLineOptions, 'totalBytes' | 'problemsAfterFixes'> = {},
): ProgressLine {
  const columns = io.stderrColumns;
  return new ProgressLine({
    mode: progressMode(io, progressChoice(args)),
    verb,
    write: (text) => io.stderr(text),
    ...(columns ? { columns: () => columns() } : {}),
    ...extra,
  });
}

/**
 * A step of starting up (building the screens, starting the sandbox) that says what it is doing on stderr
 * when it takes more than a second: one line, printed at that second, so a quick start prints nothing.
 */
export async function announceIfSlow<T>(
  io: Pick<CliIo, 'stderr'>,
  what: string,
  step: () => Promise<T>,
  afterMs = 1000,
): Promise<T> {
  const timer = setTimeout(() => io.stderr(`${what}…\n`), afterMs);
  try {
    return await step();
  } finally {
    clearTimeout(timer);
  }
}
