/**
 * The one way to run Fieldgate: detect each file's kind (content first) → check it with its kind → number
 * its diagnostics → (when asked) the fix loop → one typed Report. The command line, the sandbox and the app
 * call this through core/index.ts, with progress events and an AbortSignal.
 */
import { WorkerPool, type WorkerFactory } from '../parallel/worker-pool.ts';
import { officeDocumentReason } from '../archive/office-document.ts';
import type { LongLivedPool } from '../parallel/long-lived-pool.ts';
import { scanWorkersAhead } from './scan-worker-ahead.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { countBySeverity } from '../diagnostics/diagnostic.ts';
import { chosenKind, detectKind, type KindDetection } from '../formats/detect-kind.ts';
import {
  decodeTextFile,
  isStreamed,
  notTextReason,
  readAll,
  readHead,
  sourceReadError,
  withReadErrors,
  type FileKind,
  type FileReport,
  type InputFile,
  type KindCapabilities,
  type KindProgress,
  type SourceFile,
  type StreamedFile,
  type ValidateOptions,
} from '../input/file-kind.ts';
import type { KindSet } from './kind-set.ts';
import { unknownSelectors, type RuleSelection } from '../rules/selection.ts';
import { EventChannel, nextTurn } from './events.ts';
import { maxPassesStop, resolveFixTargets, runFixLoop, type FixSelection } from './fix-loop.ts';
import {
  addFileResult,
  emptyReport,
  type AppliedFix,
  type FileFixes,
  type FileResult,
  type NotAppliedFix,
  type Report,
  type ReportedDiagnostic,
} from './report.ts';
import type { KindRecord, SubmitRecord } from '../records/submit-record.ts';
import { flatString } from '../values/flat-string.ts';
import { packedMap } from '../values/packed-map.ts';
import { checkSettings, describeSettings } from './settings.ts';
import { emptyBatchGeometry, type BatchGeometry } from '../input/batch-geometry.ts';
import { runAcrossFiles, type FileGeometry } from '../cross-file/across-files-apply.ts';
import { settleFeatures } from '../geojson/geojson.ts';

/** A file for the engine; `kind` forces its kind (else `options.kind`, else detection). */
export interface EngineInput extends InputFile {
  kind?: string;
}

/** A file for the engine as bytes (EngineInput) or as a stream (`open`, for big files). */
export type EngineSource = SourceFile & { kind?: string };

/** Detection reads this much of a streamed file. */
const DETECTION_HEAD_BYTES = 64 * 1024;
/** Streamed files up to this size are read whole (text for code frames, features); bigger ones stream. */
export const STREAM_ABOVE_BYTES = 16 * 1024 * 1024;

export interface EngineOptions {
  /** Which rules run: codes, prefixes, groups or rule names, as `--select` / `--ignore` take them. */
  rules?: RuleSelection;
  /** "Now" for the checks that compare with the present (dates in the future): one instant per run. */
  now?: Date;
  /** The sampleDate sent with a Modus soil test file. */
  sampleDate?: string;
  /** Read every file as this kind instead of detecting it (a name `fieldgate kinds` lists). */
  kind?: string;
  /** Kind settings (core/engine/settings.ts): text is converted, unknown keys and bad values refused. */
  settings?: Readonly<Record<string, unknown>>;
  /**
   * Return each file's geometry as GeoJSON `features`: default true for files read whole, false for files
   * validated as a stream (their memory stays bounded); true asks for them from streamed files too, and
   * 'map' too, for drawing only: outlines may be simplified (ValidateOptions.features).
   */
  features?: boolean | 'map';
  /** See ValidateOptions.summaryGeometry: false leaves geometry out of summaries (default true). */
  summaryGeometry?: boolean;
  /** Aborting ends the run with outcome `cancelled` (no exception). */
  signal?: AbortSignal;
  /** See ValidateOptions.releaseMemory: how the host reclaims memory a kind let go of, when it can. */
  releaseMemory?: () => void;
  /** Reads files a CSV batch names, relative to the CSV (the core reads no files itself). */
  resolveFile?: ValidateOptions['resolveFile'];
  /**
   * Return each file's records for sending (`FileResult.records`, core/records/submit-record.ts), every
   * diagnostic listed (no per-rule cap) so each record has all of its own. Files are then read whole.
   */
  records?: boolean;
  /**
   * A streamed input larger than this (default 16 MB, or of unknown size) is validated as a stream by a
   * kind that can: its report holds no `text`, and no `features` unless `features` is true (memory stays
   * bounded, whatever the size); smaller ones are read whole. A fixed file is read whole too, unless its
   * kind fixes it statement by statement (a .wkt file of one boundary per line, of a known size over this,
   * with fixes not chosen by id).
   */
  streamAbove?: number;
  /**
   * false: diagnostics reach the caller only in `diagnostics` events, as they are found (a streamed file's
   * record by record); the report's lists of diagnostics stay empty and its counts are complete. Likewise
   * the applied and not applied fixes of a file fixed statement by statement reach it only in `fixes`
   * events (its `fixes` has their counts). For callers that write the report as it comes (the command
   * line's reports), so a file with a million problems or fixes is never held. Default true.
   */
  keepDiagnostics?: boolean;
  /**
   * Return what each file's kind gathered for the checks across files (`FileResult.batchGeometry`: its
   * boundaries, prescription zones and sample points), for a caller that runs `checkAcrossFiles` itself
   * over files checked one at a time (the app). The engine runs those checks itself over the files of one
   * run: see the `batch` setting.
   */
  batchGeometry?: boolean;
  /**
   * Threads that check (default 1: this one alone). With more, and `startWorker`, the boundaries of a
   * field upload or .wkt file (streamed or read whole) or a field CSV batch, and the zones of a prescription
   * ZIP, of at least `parallelAbove` bytes are checked on `jobs - 1` worker threads too (core/parallel); the
   * report is the same for any number.
   */
  jobs?: number;
  /**
   * Starts one worker thread (the host's: `boundaryWorkers()` of fieldgate/node for Node), for a pool of
   * this run's own, closed when it ends.
   */
  startWorker?: WorkerFactory;
  /**
   * A pool kept between runs (core/parallel/long-lived-pool.ts), for a host that checks many files: the run
   * takes `jobs - 1` of its workers, warm when an earlier run started them, and gives them back at its end.
   * Used instead of `startWorker`.
   */
  workerPool?: LongLivedPool;
  /** Files smaller than this are checked on this thread alone (default PARALLEL_ABOVE_BYTES). */
  parallelAbove?: number;
  /**
   * Starts the worker thread that decodes and scans a Modus file of at least `scanWorkerAbove` bytes while
   * this thread checks it (the host's: `modusScanWorkers()` of fieldgate/node for Node); the report is the
   * same as on one thread. Independent of `jobs`: a host that wants one thread leaves it out. Called as the
   * run starts where a big file named .xml is among the inputs (scan-worker-ahead.ts).
   */
  startScanWorker?: WorkerFactory;
  /** Modus files smaller than this are scanned on this thread (default SCAN_WORKER_ABOVE_BYTES). */
  scanWorkerAbove?: number;
}

/**
 * Files smaller than this are checked on one thread: a worker's start-up costs about 50 ms of CPU
 * (measured, the CLI's bundled worker), a fair share of checking a few MB of boundaries. Smaller files than
 * STREAM_ABOVE_BYTES (the same) are read whole, on one thread, anyway, but for a prescription ZIP, always
 * read whole, whose zones go to the workers from this size on.
 */
const PARALLEL_ABOVE_BYTES = 16 * 1024 * 1024;

/**
 * Modus files smaller than this are scanned and checked on one thread. Measured 2026-11-28 with both
 * cores free (the engine in a process of its own, best of 4, result files from the bench's lab file): 6
 * MB 176 ms on one thread against 210 ms on two, 17 MB 310 against 324, 29 MB 442 against 365, 58 MB 826
 * against 639. The worker starts in about 30 ms and its first megabyte runs cold (on two cores the
 * optimising compiler's threads then share them with two busy threads), so it pays from about 20 MB.
 */
const SCAN_WORKER_ABOVE_BYTES = 24 * 1024 * 1024;

export interface RunOptions extends EngineOptions {
  /** Fix what the selection chooses, then report what is left in each fixed file. */
  fix?: FixSelection;
  /**
   * A big file fixed statement by statement (a .wkt file of one boundary per line) passes its fixed bytes
   * on in `fixed-part` events as they are made, so they need not be held: the whole file in order, whether
   * or not it changes. Its `fixed` event then has `inParts` and no bytes; when none comes before the file's
   * `file-done`, nothing changed and the parts are to be dropped. Without this, `fixed` has all the bytes.
   */
  fixedInParts?: boolean;
}

export type EngineEvent =
  | { type: 'file-started'; file: string; index: number; total: number; bytes: number }
  /** `kind`: the kind the file is read as (what its `records` are: a field upload's fields, a CSV's rows). */
  | ({ type: 'progress'; file: string; totalBytes: number; kind: string } & KindProgress)
  /**
   * Diagnostics as found, numbered (`id`) as the report lists them. `text`: the checked text their fix edits
   * point into, when there is one (a file read whole): an edit that keeps parts of it reads them there
   * (`editText`). Diagnostics of a file read as a stream come with edits that have their text.
   */
  | { type: 'diagnostics'; file: string; diagnostics: ReportedDiagnostic[]; text?: string }
  | { type: 'fix-pass'; file: string; pass: number; applied: number; notApplied: number }
  | { type: 'fixes'; file: string; applied: AppliedFix[]; notApplied: NotAppliedFix[] }
  | { type: 'fixed-part'; file: string; bytes: Uint8Array }
  | { type: 'fixed'; file: string; bytes: Uint8Array; applied: number; inParts?: true }
  | { type: 'file-done'; result: FileResult }
  | { type: 'unreadable'; name: string; reason: string }
  /**
   * After every file: the diagnostics of the checks across the files of the run (core/cross-file), each
   * with the file it belongs to in `location.file` (a file already done). Also in the report.
   */
  | { type: 'across-files'; diagnostics: ReportedDiagnostic[] }
  | { type: 'cancelled' }
  | { type: 'report'; report: Report };

/** Options a caller got wrong (an unknown rule, kind or setting): a usage error, never a data problem. */
export class EngineOptionsError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('; '));
    this.name = 'EngineOptionsError';
  }
}

interface Resolved {
  validate: ValidateOptions;
  forced?: FileKind;
  /** The kinds, rules and settings this engine knows. */
  kinds: KindSet;
}

/** Check the options; throws EngineOptionsError listing every problem (and the valid settings). */
export function resolveOptionsWith(kinds: KindSet, options: RunOptions): Resolved {
  const problems: string[] = [];
  if (options.rules) {
    for (const p of unknownSelectors(options.rules, kinds.rules)) problems.push(p.message);
  }
  // Fixes of rules that do not exist: a typo, which would otherwise fix nothing and say nothing.
  if (options.fix?.rules)
    for (const p of unknownSelectors({ select: options.fix.rules }, kinds.rules))
      problems.push(`fix rules: ${p.message}`);
  let forced: FileKind | undefined;
  if (options.kind !== undefined) {
    forced = kindById(kinds, options.kind);
    if (!forced)
      problems.push(`"${options.kind}" is not a kind; kinds: ${kinds.catalogue.map((k) => k.id).join(', ')}`);
  }
  const validate: ValidateOptions = {};
  if (options.settings) {
    const checked = checkSettings(options.settings, kinds.settings);
    if (checked.ok) validate.settings = checked.settings;
    else
      problems.push(
        ...checked.problems.map((p) => p.message),
        `valid settings: ${describeSettings(kinds.settings).join('; ')}`,
      );
  }
  if (problems.length > 0) throw new EngineOptionsError(problems);
  if (options.rules) validate.selection = options.rules;
  if (options.now) validate.now = options.now;
  if (options.sampleDate !== undefined) validate.sampleDate = options.sampleDate;
  if (options.signal) validate.signal = options.signal;
  if (options.releaseMemory) validate.releaseMemory = options.releaseMemory;
  if (options.features === false || options.features === 'map') validate.features = options.features;
  if (options.summaryGeometry === false) validate.summaryGeometry = false;
  if (options.resolveFile) validate.resolveFile = options.resolveFile;
  if (options.records) {
    validate.records = true;
    validate.listAll = true;
  }
  return forced ? { validate, forced, kinds } : { validate, kinds };
}

function kindById(kinds: KindSet, id: string): FileKind | undefined {
  return kinds.catalogue.find((k) => k.id === id);
}

/**
 * Run an engine that knows these kinds: events as it works, ending with `{ type: 'report' }`. Options are
 * checked first (throws). The entries bind it to their kinds (`validate` of core/index.ts to every kind).
 */
export function runEngineWith(
  kinds: KindSet,
  inputs: readonly EngineSource[],
  options: RunOptions = {},
): AsyncIterable<EngineEvent> {
  const resolved = resolveOptionsWith(kinds, options);
  const workers = workersFor(options);
  if (workers) resolved.validate.workers = workers.take;
  const above = options.scanWorkerAbove ?? SCAN_WORKER_ABOVE_BYTES;
  const scanWorkers = options.startScanWorker
    ? scanWorkersAhead(options.startScanWorker, inputs, { above, kind: options.kind })
    : undefined;
  if (scanWorkers)
    resolved.validate.scanWorker = (bytes) =>
      bytes !== undefined && bytes < above ? undefined : scanWorkers.take;
  return new EventChannel<EngineEvent>((channel) =>
    produce(inputs, options, resolved, channel).finally(() => {
      workers?.close();
      scanWorkers?.close();
    }),
  );
}

/**
 * The run's worker pool, taken when a big enough file first asks for it; at the end of the run, closed (a
 * pool of its own) or given back (a kept one).
 */
function workersFor(
  options: EngineOptions,
): { take: NonNullable<ValidateOptions['workers']>; close(): void } | undefined {
  const jobs = Math.floor(options.jobs ?? 1);
  const kept = options.workerPool;
  const start = options.startWorker;
  const open = kept ? () => kept.take(jobs - 1) : start ? () => new WorkerPool(start, jobs - 1) : undefined;
  if (!(jobs > 1) || !open) return undefined;
  const above = options.parallelAbove ?? PARALLEL_ABOVE_BYTES;
  let pool: WorkerPool | undefined;
  return {
    take: (bytes) => (bytes !== undefined && bytes < above ? undefined : (pool ??= open())),
    close: () => {
      if (pool && kept) kept.release();
      else pool?.close();
    },
  };
}

/** Validate files with an engine that knows these kinds; the Report of every file. */
export async function validateWith(
  kinds: KindSet,
  inputs: readonly EngineSource[],
  options: EngineOptions = {},
): Promise<Report> {
  return lastReport(runEngineWith(kinds, inputs, { ...options, fix: undefined }));
}

export interface FixOutcome {
  /** The report of the fixed file (what is left), with `files[0].fixes` saying what was applied. */
  report: Report;
  /** The fixed file's bytes; undefined when no fix was applied. */
  bytes?: Uint8Array;
}

/**
 * Apply the chosen fixes to one file: by diagnostic id (ids of a report of this file alone, with the same
 * options), by rule, or all of a safety. Each pass is guarded: a pass that would create an error is rolled
 * back and the fixes that caused it are listed as not applied.
 */
export async function fixWith(
  kinds: KindSet,
  input: EngineSource,
  selection: FixSelection,
  options: EngineOptions = {},
): Promise<FixOutcome> {
  let bytes: Uint8Array | undefined;
  let report: Report | undefined;
  for await (const event of runEngineWith(kinds, [input], { ...options, fix: selection })) {
    if (event.type === 'fixed') bytes = event.bytes;
    if (event.type === 'report') report = event.report;
  }
  if (!report) throw new Error('the engine ended without a report');
  return bytes ? { report: settled(report), bytes } : { report: settled(report) };
}

async function lastReport(events: AsyncIterable<EngineEvent>): Promise<Report> {
  let report: Report | undefined;
  for await (const event of events) if (event.type === 'report') report = event.report;
  if (!report) throw new Error('the engine ended without a report');
  return settled(report);
}

/**
 * The report as plain data, for `validate` and `fix`, which hand it over whole: its features' coordinates
 * made and stored. `runEngine`'s events keep them made when read, which a writer reads once.
 */
function settled(report: Report): Report {
  for (const file of report.files) if (file.features) settleFeatures(file.features);
  return report;
}

async function produce(
  inputs: readonly EngineSource[],
  options: RunOptions,
  resolved: Resolved,
  channel: EventChannel<EngineEvent>,
): Promise<void> {
  const report = emptyReport();
  const signal = options.signal;
  const stopped = (): boolean => Boolean(signal?.aborted) || channel.closed;
  // Ids of the report as listed before fixing (what `--fix-only d3` names) and of the report returned: the
  // same unless a file was fixed.
  let listedId = 1;
  let nextId = 1;
  // What each file's kind gathers for the checks across files: when the run has several files (or the
  // setting asks), unless the setting says off; the caller may want it too (options.batchGeometry).
  const batch = resolved.validate.settings?.batch;
  const gather = options.batchGeometry === true || (batch !== 'off' && (inputs.length > 1 || batch === 'on'));
  const batchFiles: FileGeometry[] = [];
  for (const [index, given] of inputs.entries()) {
    // A stream that cannot be opened or fails midway makes its file unreadable; the run goes on.
    const input: EngineSource = isStreamed(given) ? withReadErrors(given) : given;
    const idsBefore = { listed: listedId, next: nextId };
    try {
      await nextTurn();
      if (stopped()) break;
      const name = input.name;
      const streamed = isStreamed(input) ? input : undefined;
      channel.push({
        type: 'file-started',
        file: name,
        index,
        total: inputs.length,
        bytes: streamed ? (streamed.size ?? 0) : (input as InputFile).bytes.length,
      });
      const forced = input.kind !== undefined ? kindById(resolved.kinds, input.kind) : resolved.forced;
      if (input.kind !== undefined && !forced)
        throw new EngineOptionsError([`"${input.kind}" is not a kind`]);
      // A streamed file: detection sees its head; the whole file is read only when its kind cannot stream.
      let whole: InputFile | undefined = streamed ? undefined : (input as InputFile);
      let head = whole?.bytes;
      if (streamed) {
        head = await readHead(streamed, DETECTION_HEAD_BYTES);
        if (head.length < DETECTION_HEAD_BYTES) whole = { name, bytes: head };
      }
      const sniffed: InputFile = whole ?? { name, bytes: head ?? new Uint8Array(0) };
      let detection: KindDetection | undefined = forced
        ? chosenKind(forced)
        : detectKind(sniffed, resolved.kinds.detected);
      const streamAbove = options.streamAbove ?? STREAM_ABOVE_BYTES;
      // What the file is, for choosing how to read it: given as a stream, and too big to hold (or of a size
      // not known). Its kind's declared capabilities decide the rest (`readingOf`).
      const shape: FileShape = {
        streamedOnly: streamed !== undefined && whole === undefined,
        big: streamed !== undefined && (streamed.size === undefined || streamed.size > streamAbove),
        sizeKnown: streamed?.size !== undefined,
      };
      const reading = detection ? readingOf(detection.kind.can, shape, options) : 'whole';
      const streams = reading === 'stream';
      // A big file of statements (a .wkt file of one boundary per line) is fixed statement by statement as it
      // is read, never held whole; fixes chosen by id (from a report of the whole file) are applied whole.
      if (reading === 'fix-by-statements' && streamed && detection) {
        const done = await fixByStatements(streamed, detection, resolved, options, channel, stopped, {
          listed: listedId,
          next: nextId,
        });
        if (stopped()) break;
        if (done) {
          listedId = done.ids.listed;
          nextId = done.ids.next;
          addFileResult(report, done.result);
          channel.push({ type: 'file-done', result: done.result });
          continue;
        }
      }
      if (streamed && !whole && !streams) {
        if (stopped()) break;
        whole = await readAll(streamed);
        // The head chose a kind that needs every byte: detection sees them all, as for a file given whole.
        if (!forced) detection = detectKind(whole, resolved.kinds.detected);
      }
      head = undefined;
      if (!detection) {
        const reason =
          sniffed.bytes.length === 0
            ? 'it is empty'
            : (officeDocumentReason(sniffed.bytes, name) ??
              notTextReason(sniffed.bytes) ??
              `not a kind of file Fieldgate reads (its content and name fit none of: ${resolved.kinds.catalogue
                .map((k) => k.id)
                .join(', ')}); choose one with the kind option (--kind)`);
        report.unreadable.push({ name, reason });
        channel.push({ type: 'unreadable', name, reason });
        continue;
      }
      const totalBytes = whole ? whole.bytes.length : (streamed?.size ?? 0);
      const kindOptions = kindOptionsFor(resolved, channel, name, totalBytes, detection.kind.id);
      // The file's geometry for the checks across files: gathered by the check whose report is kept (the
      // first, or the one after fixing), never by the fix loop's checks of versions in between.
      let geometry: BatchGeometry | undefined = gather ? emptyBatchGeometry() : undefined;
      const firstOptions: ValidateOptions = geometry
        ? { ...kindOptions, batchGeometry: geometry }
        : kindOptions;
      const named = (r: FileReport): FileReport => namedReport(r, name);
      const check = async (
        bytes: Uint8Array,
        listAll: boolean,
        base: ValidateOptions = kindOptions,
      ): Promise<FileReport> =>
        named(await detection.kind.validate({ name, bytes }, listAll ? { ...base, listAll } : base));
      const kind = detection.kind;
      // Not fixing, a text kind gets the decoded text and the file's bytes are let go (peak memory): no
      // local keeps them (the caller's own bytes, when it gave bytes, stay the caller's).
      const decodeAndRelease = (): string => {
        const text = decodeTextFile((whole ?? (input as InputFile)).bytes);
        whole = undefined;
        return text;
      };
      // Diagnostics a streaming kind hands over as it finds them: numbered, named and passed on at once.
      const keep = options.keepDiagnostics !== false;
      const {
        pass: handOver,
        kept: handedOver,
        counts: handedCounts,
        shared: sharedFixes,
      } = diagnosticsPasser(name, channel, keep, () => `d${listedId++}`);
      // Read whole now (or given whole): as text when the kind takes text and nothing is fixed, else bytes.
      const how = streams ? 'stream' : kind.can.text && !options.fix ? 'text' : 'bytes';
      let checked =
        how === 'text' && kind.validateText
          ? named(await kind.validateText({ name, text: decodeAndRelease() }, firstOptions))
          : how === 'stream' && streamed && kind.validateStream
            ? named(
                await kind.validateStream(streamed, {
                  ...firstOptions,
                  features: options.features === 'map' ? 'map' : options.features === true,
                  emit: handOver,
                }),
              )
            : await check((whole ?? (input as InputFile)).bytes, false, firstOptions);
      if (stopped()) break;
      // Numbered in report order, so a caller can name a fix by id.
      const numbered = (r: FileReport, first: number): FileReport => {
        let n = first;
        for (const d of r.diagnostics) d.id = `d${n++}`;
        linkSharedFixes(r.diagnostics, sharedFixes);
        return r;
      };
      // What was handed over is listed before what the kind returned (found after the last hand-over).
      const handed = handedCounts.error + handedCounts.warning + handedCounts.info;
      nextId += handed;
      const firstListed = listedId - handed;
      numbered(checked, listedId);
      listedId += checked.diagnostics.length;
      let fixes: FileResult['fixes'];
      if (options.fix) {
        // Ids name diagnostics of this file, or (said by the last file) of none; a diagnostic naming its file
        // is this file's when the name is this file's, or (said by the last file) no file's of the run.
        const last = index === inputs.length - 1;
        const targets = options.fix.ids?.filter((target) => {
          const file = typeof target === 'string' ? undefined : target.location.file;
          if (file !== undefined) return file === name || (last && !inputs.some((i) => i.name === file));
          const id = typeof target === 'string' ? target : (target.id ?? '');
          const n = /^d\d+$/.test(id) ? Number(id.slice(1)) : NaN;
          return (n >= firstListed && n < listedId) || (last && !(n >= 1 && n < listedId));
        });
        const chosen = targets && resolveFixTargets(targets, checked.diagnostics, name);
        const { ids: _ids, ...bySafetyAndRule } = options.fix;
        const loop = await runFixLoop({
          file: whole ?? (input as InputFile),
          kind: detection.kind,
          rules: resolved.kinds.rules,
          first: checked,
          selection: chosen ? { ...bySafetyAndRule, ids: chosen.ids } : bySafetyAndRule,
          check,
          stopped,
          onPass: (pass, applied, notApplied) =>
            channel.push({ type: 'fix-pass', file: name, pass, applied, notApplied }),
        });
        fixes = loop.fixes;
        if (chosen && chosen.notApplied.length > 0) fixes.notApplied.unshift(...chosen.notApplied);
        // A cancelled run writes nothing: no fixed bytes for a file it did not finish.
        if (stopped()) break;
        if (loop.bytes) {
          channel.push({ type: 'fixed', file: name, bytes: loop.bytes, applied: loop.fixes.applied.length });
          geometry = geometry ? emptyBatchGeometry() : undefined;
          checked = await check(
            loop.bytes,
            false,
            geometry ? { ...kindOptions, batchGeometry: geometry } : kindOptions,
          );
        }
      }
      numbered(checked, nextId);
      nextId += checked.diagnostics.length;
      channel.push({
        type: 'progress',
        file: name,
        totalBytes,
        kind: detection.kind.id,
        bytes: totalBytes,
        ...featureCount(checked),
      });
      const detectedAs = detectedAsFor(detection, checked.kind);
      const counts = countBySeverity(checked.diagnostics);
      counts.error += handedCounts.error;
      counts.warning += handedCounts.warning;
      counts.info += handedCounts.info;
      if (checked.diagnostics.length > 0 || handed === 0)
        channel.push({
          type: 'diagnostics',
          file: name,
          diagnostics: reported(checked.diagnostics),
          ...(checked.text !== undefined ? { text: checked.text } : {}),
        });
      const diagnostics = !keep
        ? []
        : handed > 0
          ? handedOver.concat(checked.diagnostics)
          : checked.diagnostics;
      const { records, ...rest } = checked;
      const result: FileResult = {
        ...rest,
        diagnostics: reported(diagnostics),
        counts,
        detectedAs,
        ...(fixes ? { fixes } : {}),
        ...(records ? { records: recordsWithIds(records, checked.diagnostics) } : {}),
        ...(geometry && options.batchGeometry ? { batchGeometry: geometry } : {}),
      };
      if (geometry) batchFiles.push({ file: name, kind: result.kind, geometry });
      addFileResult(report, result);
      channel.push({ type: 'file-done', result });
    } catch (e) {
      const failed = sourceReadError(e);
      if (!failed) throw e;
      // Ids handed out before the failure (in `diagnostics` events) are not given again.
      const handedOut = Math.max(listedId - idsBefore.listed, nextId - idsBefore.next);
      listedId = idsBefore.listed + handedOut;
      nextId = idsBefore.next + handedOut;
      const reason = `it could not be read: ${failed.message}`;
      report.unreadable.push({ name: input.name, reason });
      channel.push({ type: 'unreadable', name: input.name, reason });
    }
  }
  if (!stopped()) {
    // The checks' module is a chunk of its own in the command line's bundle, loaded only when they run.
    const found = await runAcrossFiles(batchFiles, {
      batch,
      ...(resolved.validate.selection ? { selection: resolved.validate.selection } : {}),
      rxOutsideShare: resolved.validate.settings?.rxOutsideShare,
    });
    if (found.length > 0) {
      const keep = options.keepDiagnostics !== false;
      for (const each of found) {
        each.id = `d${nextId++}`;
        const d = each as ReportedDiagnostic;
        const result = report.files.find((f) => f.file === d.location.file);
        if (!result) continue;
        result.counts[d.severity]++;
        report.counts[d.severity]++;
        if (keep) {
          result.diagnostics.push(d);
          report.diagnostics.push(d);
        }
      }
      channel.push({ type: 'across-files', diagnostics: reported(found) });
    }
  }
  if (stopped()) {
    report.outcome = 'cancelled';
    channel.push({ type: 'cancelled' });
  }
  channel.push({ type: 'report', report });
}

/** What the engine knows of a file before reading it, to choose how. */
interface FileShape {
  /** Given as a stream and not read whole yet. */
  streamedOnly: boolean;
  /** Over the size held whole (`streamAbove`), or of a size not known. */
  big: boolean;
  sizeKnown: boolean;
}

/**
 * How to read a file, from what its kind declares it can do (`FileKind.can`) and what is asked: a big file of
 * statements being fixed (not by ids) is fixed statement by statement as it streams; a big file only checked
 * streams through a kind that streams; anything else is read whole. Records need the file whole.
 */
export function readingOf(
  can: KindCapabilities,
  file: FileShape,
  options: Pick<RunOptions, 'fix' | 'records'>,
): 'fix-by-statements' | 'stream' | 'whole' {
  if (options.records || !file.streamedOnly || !file.big) return 'whole';
  if (options.fix)
    return !options.fix.ids && can.fixesByStatement && file.sizeKnown ? 'fix-by-statements' : 'whole';
  return can.streams ? 'stream' : 'whole';
}

/** A kind's records with their diagnostics named by id (the kind gave their indexes in its numbered list). */
function recordsWithIds(records: readonly KindRecord[], diagnostics: readonly Diagnostic[]): SubmitRecord[] {
  return records.map((r) => ({
    ...r,
    diagnostics: r.diagnostics.flatMap((i) => {
      const id = diagnostics[i]?.id;
      return id === undefined ? [] : [id];
    }),
  }));
}

/** Bytes appended into one buffer, grown by half when full (no list of pieces joined at the end). */
function growingBytes(capacity: number): { append(bytes: Uint8Array): void; bytes(): Uint8Array } {
  let buffer = new Uint8Array(0);
  let used = 0;
  return {
    append(bytes) {
      if (used + bytes.length > buffer.length) {
        const bigger = new Uint8Array(Math.max(capacity, buffer.length * 1.5, used + bytes.length));
        bigger.set(buffer.subarray(0, used));
        buffer = bigger;
      }
      buffer.set(bytes, used);
      used += bytes.length;
    },
    bytes: () => buffer.subarray(0, used),
  };
}

/** The options a kind checks one file with: the run's, and progress events and pauses for this file. */
function kindOptionsFor(
  resolved: Resolved,
  channel: EventChannel<EngineEvent>,
  name: string,
  totalBytes: number,
  kind: string,
): ValidateOptions {
  return {
    ...resolved.validate,
    progress: (p) => channel.push({ type: 'progress', file: name, totalBytes, kind, ...p }),
    pause: nextTurn,
  };
}

/** Diagnostics the engine has numbered (each given its `id` in place): what a report lists. */
function reported(diagnostics: Diagnostic[]): ReportedDiagnostic[] {
  return diagnostics as ReportedDiagnostic[];
}

/** A kind's report with the file named, in it and in each diagnostic's location. */
function namedReport(r: FileReport, name: string): FileReport {
  return { ...r, file: name, diagnostics: r.diagnostics.map((d) => withFile(d, name)) };
}

/** How the file's kind was found; the JSON kind names the document's shape, the name reports use. */
function detectedAsFor(detection: KindDetection, checkedKind: string): KindDetection['detectedAs'] {
  return checkedKind === detection.detectedAs.kind
    ? detection.detectedAs
    : {
        ...detection.detectedAs,
        kind: checkedKind,
        reason: `${detection.detectedAs.reason}; the document is a ${checkedKind}`,
      };
}

/**
 * Diagnostics passed on as a kind finds them: named, numbered by `nextId`, counted, kept when `keep`, linked
 * to the fixes they share (`shared` lasts for the file) and sent in a `diagnostics` event.
 */
function diagnosticsPasser(
  name: string,
  channel: EventChannel<EngineEvent>,
  keep: boolean,
  nextId: () => string,
): {
  pass: (found: Diagnostic[]) => void;
  kept: Diagnostic[];
  counts: { error: number; warning: number; info: number };
  shared: Map<string, string>;
} {
  const kept: Diagnostic[] = [];
  const counts = { error: 0, warning: 0, info: 0 };
  const shared = new Map<string, string>();
  const pass = (found: Diagnostic[]): void => {
    // Packed (see packedMap): with `found.map` the self-crossing upload took 1.80 s CPU at best, not 1.61 s,
    // and 100,000 one-warning .wkt lines 3.97 s, not 3.68 s (best of 4 alternating runs, V8 11.3).
    const out = packedMap(found, (d) => withFile(d, name));
    for (const d of out) {
      d.id = nextId();
      counts[d.severity]++;
      if (keep) kept.push(d);
    }
    linkSharedFixes(out, shared);
    channel.push({ type: 'diagnostics', file: name, diagnostics: reported(out) });
  };
  return { pass, kept, counts, shared };
}

/**
 * A copy for memory, not speed: without it `fix` of 100,000 .wkt lines took 8.2 s CPU at best instead of
 * 9.3 s (best of 4 alternating runs), but a kept slice holds the whole decoded piece of the file it came from.
 */
function detachedTexts(a: AppliedFix): AppliedFix {
  if (a.before !== undefined) a.before = flatString(a.before);
  if (a.after !== undefined) a.after = flatString(a.after);
  return a;
}

/**
 * Fix a streamed file statement by statement (FileKind.fixStream): the fix loop runs on each statement, as
 * it runs on a whole file; the applied and not applied fixes are gathered; the fixed file's diagnostics are
 * numbered and passed on as the kind checks each fixed statement. Undefined when the kind cannot (the file
 * is one statement): the caller fixes it whole.
 */
async function fixByStatements(
  file: StreamedFile,
  detection: KindDetection,
  resolved: Resolved,
  options: RunOptions,
  channel: EventChannel<EngineEvent>,
  stopped: () => boolean,
  ids: { listed: number; next: number },
): Promise<{ result: FileResult; ids: { listed: number; next: number } } | undefined> {
  const name = file.name;
  const kind = detection.kind;
  // Fixes chosen by id are applied whole (readingOf), never here.
  const { ids: _ids, ...selection } = options.fix as FixSelection;
  const totalBytes = file.size ?? 0;
  const keep = options.keepDiagnostics !== false;
  let { listed, next } = ids;
  const fixes: FileFixes = { applied: [], notApplied: [], passes: 0 };
  let appliedCount = 0;
  let notAppliedCount = 0;
  let remaining = 0;
  const fixed = diagnosticsPasser(name, channel, keep, () => `d${next++}`);
  const listedShared = new Map<string, string>();
  const named = (r: FileReport): FileReport => namedReport(r, name);
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  // Without fixedInParts, the fixed file's pieces are gathered in one buffer about the input's size.
  const whole = growingBytes(totalBytes + 1024);
  const done = await kind.fixStream?.(
    file,
    {
      ...kindOptionsFor(resolved, channel, name, totalBytes, kind.id),
      features: options.features === 'map' ? 'map' : options.features === true,
      emit: fixed.pass,
    },
    async (statement) => {
      // Numbered as the report of the whole file lists them (what `--fix-only` would name).
      const first = named(statement.first);
      for (const d of first.diagnostics) d.id = `d${listed++}`;
      linkSharedFixes(first.diagnostics, listedShared);
      const loop = await runFixLoop({
        file: { name, bytes: encoder.encode(statement.first.text ?? '') },
        kind,
        rules: resolved.kinds.rules,
        first,
        selection,
        check: async (bytes, listAll) => named(statement.check(decoder.decode(bytes), listAll)),
        stopped,
        onPass: (pass, applied, notApplied) =>
          channel.push({ type: 'fix-pass', file: name, pass, applied, notApplied }),
      });
      appliedCount += loop.fixes.applied.length;
      notAppliedCount += loop.fixes.notApplied.length;
      if (!keep) {
        if (loop.fixes.applied.length + loop.fixes.notApplied.length > 0)
          channel.push({
            type: 'fixes',
            file: name,
            applied: loop.fixes.applied,
            notApplied: loop.fixes.notApplied,
          });
      } else {
        // Their before and after texts are cut from the statement, itself cut from a piece of the decoded
        // file: copies, so the list does not keep the whole file's text.
        for (const a of loop.fixes.applied) fixes.applied.push(detachedTexts(a));
        for (const n of loop.fixes.notApplied) fixes.notApplied.push(n);
      }
      fixes.passes = Math.max(fixes.passes, loop.fixes.passes);
      if (loop.fixes.stopped) {
        remaining += loop.fixes.stopped.remaining;
        fixes.stopped =
          loop.fixes.stopped.reason === 'max-passes'
            ? maxPassesStop(remaining, ' on some boundaries')
            : { ...loop.fixes.stopped, remaining };
      }
      return loop.bytes ? decoder.decode(loop.bytes) : undefined;
    },
    options.fixedInParts
      ? (bytes) => channel.push({ type: 'fixed-part', file: name, bytes })
      : (bytes) => whole.append(bytes),
  );
  if (!done) return undefined;
  if (done.changed && !stopped())
    channel.push({
      type: 'fixed',
      file: name,
      applied: appliedCount,
      ...(options.fixedInParts
        ? { bytes: new Uint8Array(0), inParts: true as const }
        : { bytes: whole.bytes() }),
    });
  channel.push({
    type: 'progress',
    file: name,
    totalBytes,
    kind: kind.id,
    bytes: totalBytes,
    ...featureCount(done.report),
  });
  // Passed on in `fixes` events, not kept: their counts.
  if (!keep) fixes.counts = { applied: appliedCount, notApplied: notAppliedCount };
  // A file fixed statement by statement is never read for its records (they need it whole).
  const { records: _records, ...report } = named(done.report);
  const result: FileResult = {
    ...report,
    diagnostics: reported(fixed.kept),
    counts: fixed.counts,
    detectedAs: detectedAsFor(detection, done.report.kind),
    fixes,
  };
  return { result, ids: { listed, next } };
}

/**
 * Whole-geometry fixes listed once: a diagnostic whose fix is another's gets that one's id as `fixOn`, and
 * the checks' link keys (`sharesFix`, `fix.shared`) stay out of the report. Call on numbered diagnostics;
 * `carriers` lasts for the file (a streamed file hands its diagnostics over in batches).
 */
function linkSharedFixes(diagnostics: readonly Diagnostic[], carriers: Map<string, string>): void {
  for (const d of diagnostics) {
    const key = d.fix?.shared;
    if (key === undefined || d.fix === undefined || d.id === undefined) continue;
    carriers.set(key, d.id);
    const { shared: _shared, ...fix } = d.fix;
    d.fix = fix;
  }
  // withFile put the key in `fixOn`: it becomes the id (undefined, so left out, if a cap dropped the fix's
  // diagnostic). No property is deleted: that would slow every later access to the diagnostic.
  for (const d of diagnostics)
    if (d.fixOn !== undefined && !/^d\d+$/.test(d.fixOn)) d.fixOn = carriers.get(d.fixOn);
}

function featureCount(r: FileReport): KindProgress {
  return r.features ? { features: r.features.length } : {};
}

/**
 * The diagnostic with its file named, built key by key in one order: a spread copy got a hidden class of
 * its own (and another with its id), 350 bytes a diagnostic and slow property access over 200,000 of them.
 */
function withFile(d: Diagnostic, file: string): Diagnostic {
  const out: Diagnostic = {
    code: d.code,
    rule: d.rule,
    group: d.group,
    severity: d.severity,
    messageId: d.messageId,
    message: d.message,
    location: { file, ...d.location },
  };
  if (d.hint !== undefined) out.hint = d.hint;
  if (d.fix !== undefined) out.fix = d.fix;
  // The link key for now; linkSharedFixes turns it into the id of the diagnostic with the fix.
  if (d.sharesFix !== undefined) out.fixOn = d.sharesFix;
  if (d.related !== undefined) out.related = d.related;
  if (d.id !== undefined) out.id = d.id;
  return out;
}
