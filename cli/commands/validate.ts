/**
 * `fieldgate validate` and `fieldgate fix`: parse the arguments, read the files, run the core engine, render
 * its events as they come (text or streamed JSON), write fixed files, and choose the exit code. Detection,
 * checks, numbering and the fix loop all live in the engine (core/engine).
 */
import { defaultJobsHere, processBoundaryPool } from '../../node/worker-threads.ts';
import { hasSpareCore, modusScanWorkers } from '../../node/modus-threads.ts';
import { parseArgs } from 'node:util';
import { readFile } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import {
  allRules,
  checkSettings,
  createReportJsonWriter,
  emptyReport,
  EngineOptionsError,
  fileKindById,
  htmlReport,
  parseSelectorList,
  problemsCsvBytes,
  readValuesAt,
  resolveOptions,
  settingSpecs,
  runEngine,
  sortDiagnostics,
  STREAM_ABOVE_BYTES,
  unknownSelectors,
  validate as validateWithEngine,
  type AppliedFix,
  READ_FILE_EXTENSIONS,
  type Diagnostic,
  type ReportedDiagnostic,
  type EngineSource,
  type EngineEvent,
  type EngineOptions,
  type FileKind,
  type CheckedFileReport,
  type FileResult,
  type FixSelection,
  type InputFile,
  type JsonValue,
  type NotAppliedFix,
  type Report,
  type RuleSelection,
  type StreamedFile,
  type Unreadable,
  type ValidateOptions,
  type Written,
} from '../../core/index.ts';
import { LineIndex } from '../../core/diagnostics/text-position.ts';
import {
  EXIT_INTERRUPTED,
  EXIT_OK,
  EXIT_PROBLEMS,
  EXIT_USAGE,
  UsageError,
  type CliCommand,
  type CliIo,
} from '../command.ts';
import type { AtomicFile } from '../../node/atomic-write.ts';
import { collectGarbage } from '../../node/collect-garbage.ts';
import { fileSpool } from '../../node/text-spool.ts';
import { openOutputFile, writeOutputFile, type OutputFileOptions } from '../../node/output-file.ts';
import { expandFolders, fixedPathFor, openInput } from '../io/files.ts';
import { interruptWithLine } from '../io/interrupt.ts';
import { mappingArgText } from '../io/mapping-arg.ts';
import { SourceLineReader } from '../io/source-lines.ts';
import { renderCountsSummary, renderReport, renderSummary, type SourceLines } from '../render/terminal.ts';
import { quoteArg } from '../render/shell-arg.ts';
import { jsonForTerminal, terminalSafe } from '../render/terminal-text.ts';
import {
  PROGRESS_OPTIONS,
  progressUsage,
  progressLineFor,
  withProgressLine,
} from '../render/progress-line.ts';

/** Diagnostics rendered at a time: the text report is written as it goes, never built whole. */
const RENDER_CHUNK = 200;

const options = {
  format: { type: 'string', default: 'text' },
  select: { type: 'string', multiple: true },
  ignore: { type: 'string', multiple: true },
  fix: { type: 'boolean', default: false },
  'unsafe-fixes': { type: 'boolean', default: false },
  'fix-in-place': { type: 'boolean', default: false },
  'fix-only': { type: 'string', multiple: true },
  output: { type: 'string', short: 'o' },
  'sample-date': { type: 'string' },
  kind: { type: 'string' },
  now: { type: 'string' },
  setting: { type: 'string', multiple: true },
  encoding: { type: 'string' },
  mapping: { type: 'string' },
  color: { type: 'boolean' },
  features: { type: 'boolean', default: false },
  jobs: { type: 'string' },
  ...PROGRESS_OPTIONS,
  batch: { type: 'boolean' },
  'no-batch': { type: 'boolean' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

export function selectionFrom(select: string[] | undefined, ignore: string[] | undefined): RuleSelection {
  const selection: RuleSelection = {
    select: (select ?? []).flatMap(parseSelectorList),
    ignore: (ignore ?? []).flatMap(parseSelectorList),
  };
  const problems = unknownSelectors(selection, allRules);
  if (problems.length > 0)
    throw new UsageError(problems.map((p) => p.message).join('; ') + ' (see `fieldgate rules`)');
  return selection;
}

/** --jobs N → threads that check (default: defaultJobs of core/parallel). */
function jobsFrom(value: string | undefined): number {
  if (value === undefined) return defaultJobsHere();
  if (!/^[1-9]\d{0,3}$/.test(value.trim()))
    throw new UsageError(`--jobs ${value}: give a whole number of threads, 1 or more`);
  return Number(value);
}

/** --now ISO → the run's "now" (default: the adapter's clock, read once). */
export function clockFrom(now: string | undefined, io: CliIo): Date {
  if (now === undefined) return io.now();
  const fixed = new Date(now);
  if (Number.isNaN(fixed.getTime())) throw new UsageError(`--now ${now} is not a date`);
  return fixed;
}

/**
 * --setting key=value → typed kind settings (core/engine/settings.ts): unknown names, values of the wrong
 * type and values out of range are usage errors that list the valid settings.
 */
export function settingsFrom(list: string[] | undefined): Record<string, JsonValue> {
  const given: Record<string, string> = {};
  for (const item of list ?? []) {
    const eq = item.indexOf('=');
    if (eq <= 0) throw new UsageError(`--setting ${item}: expected key=value`);
    given[item.slice(0, eq)] = item.slice(eq + 1);
  }
  const checked = checkSettings(given, settingSpecs);
  if (!checked.ok)
    throw new UsageError(
      `${checked.problems.map((p) => p.message).join('; ')} (\`fieldgate kinds\` lists each kind's settings)`,
    );
  return checked.settings;
}

/** `--encoding E` (validate, fix, submit): the setting's value, or a usage error in one line. */
export function encodingOption(value: string): string {
  const checked = checkSettings({ encoding: value }, settingSpecs);
  if (!checked.ok)
    throw new UsageError(
      `--encoding ${value}: ${checked.problems[0]?.message.replace(/^setting encoding: /, '')}`,
    );
  return value;
}

/** The engine's verdict on options, as a usage error (exit 2) listing what is wrong and what is valid. */
function checkedOptions(engineOptions: EngineOptions): void {
  try {
    resolveOptions(engineOptions);
  } catch (e) {
    if (e instanceof EngineOptionsError) {
      // One line: the problems, without the engine's list of every setting (`fieldgate kinds` has it).
      const problems = e.problems.filter((p) => !p.startsWith('valid settings:'));
      const listed = problems.length < e.problems.length;
      throw new UsageError(
        `${problems.join('; ')}${listed ? " (`fieldgate kinds` lists each kind's settings)" : ''}`,
      );
    }
    throw e;
  }
}

/**
 * Validate one file with the engine (for `inspect` and `start`); no kind when none fits. `onEvent` sees the
 * engine's events as they come (a progress line); `signal` stops the run (then `cancelled`).
 */
export async function validateFile(
  file: InputFile,
  validateOptions: ValidateOptions,
  forcedKind?: FileKind,
  watch: { onEvent?: (event: EngineEvent) => void; signal?: AbortSignal } = {},
): Promise<{ kind?: FileKind; report: CheckedFileReport; unreadable?: string; cancelled?: true }> {
  const engineOptions: EngineOptions = {};
  if (validateOptions.selection) engineOptions.rules = validateOptions.selection;
  if (validateOptions.now) engineOptions.now = validateOptions.now;
  if (validateOptions.sampleDate !== undefined) engineOptions.sampleDate = validateOptions.sampleDate;
  if (validateOptions.settings) engineOptions.settings = validateOptions.settings;
  if (forcedKind) engineOptions.kind = forcedKind.id;
  if (watch.signal) engineOptions.signal = watch.signal;
  checkedOptions(engineOptions);
  let report: Report | undefined;
  if (watch.onEvent) {
    for await (const event of runEngine([file], engineOptions)) {
      watch.onEvent(event);
      if (event.type === 'report') report = event.report;
    }
    if (!report) throw new Error('the engine ended without a report');
  } else report = await validateWithEngine([file], engineOptions);
  if (report.outcome === 'cancelled')
    return { report: { file: file.name, kind: 'unknown', diagnostics: [] }, cancelled: true };
  const result = report.files[0];
  if (!result) {
    const unreadable = report.unreadable[0]?.reason ?? 'not a kind of file Fieldgate reads';
    return { report: { file: file.name, kind: 'unknown', diagnostics: [] }, unreadable };
  }
  const kind = forcedKind ?? fileKindById(result.kind);
  return kind ? { kind, report: result } : { report: result };
}

const commonOptions = `  --format text|json|csv|html  report for people (default), JSON for scripts (docs/report-format.md),
                            a CSV of problems or a self-contained HTML report with a map
  --select LIST             only these rules: codes (SD002), prefixes (SD), groups (sample-date) or names
  --ignore LIST             skip these rules (same forms as --select)
  --sample-date VALUE       the sampleDate to pair with a Modus file; alone, checks just the value
  --kind NAME               read every file as this kind instead of detecting it (see \`fieldgate kinds\`)
  --setting KEY=VALUE       a setting for the file kind: acreageTolerance=0.05 (0–1), rateColumn=RATE,
                            maxDiagnosticsPerRule=200, decimalMark=comma (a CSV's numbers), delimiter=tab;
                            unknown names and bad values are refused (\`fieldgate kinds\` lists them)
  --encoding NAME           a CSV batch's encoding: utf-8, utf-16le, utf-16be, windows-1252 (default: guessed)
  --mapping FILE|JSON       a CSV batch's column mapping (JSON, or a file of it: a report's summary.mapping)
  --now ISO                 the clock for "in the future" checks (default: now)
  --batch, --no-batch       check across the files given (prescriptions and soil samples against the
                            boundaries, the same field in two files): on by default when boundaries come
                            with prescriptions or soil tests, or in two files (--setting batch=on|off|auto)
  --features                with --format json: include each file's GeoJSON features (geometry)
  --jobs N                  threads that check the boundaries of a big field upload, .wkt file or
                            field CSV batch, and the zones of a big prescription ZIP
                            (default: one per core where there are more than two, else 1); a big
                            Modus file is scanned on a second thread with --jobs 2 or more, or by
                            default where a core is free for it; the report is the same for any number
${progressUsage(28)}`;

const fixOptions = `  --unsafe-fixes            apply unsafe fixes too (guesses that state their assumption; check the result)
  --fix-in-place            overwrite the input instead of writing <name>.fixed.<ext>
  --fix-only LIST           only these fixes: diagnostic ids, as a report shows them (d3,d7), or rule
                            codes, prefixes, groups and names
  -o, --output FILE         with one input: where to write the fixed file`;

const exitStatus = `Exit status: 0 no errors (warnings allowed), 1 errors found, 2 usage error or unreadable input,
130 stopped by Ctrl+C (143 by SIGTERM): one line on stderr says what was checked; a fixed copy is not
written, a JSON report ends with "outcome": "cancelled" and a text report written to a file or pipe ends
with the same line.`;

export const validateUsage = `Usage: fieldgate validate [options] <file or folder…>   ("-" reads standard input;
a folder, the files in it and its subfolders that Fieldgate reads)

Checks field uploads, v5 request files and bodies, TemporalEntity JSON, and every other kind listed by
\`fieldgate kinds\`, offline, and explains each problem with its rule code and location.

Options:
${commonOptions}
  --fix                     write fixes to a new file <name>.fixed.<ext> and report what remains
${fixOptions}

Examples:
  fieldgate validate examples/fields/fields-with-problems.json          # file:line:col, code frames, hints
  fieldgate validate --format json examples/requests/*.json             # the report as JSON
  fieldgate validate --fix examples/csv/fields-with-problems.csv        # writes …fields-with-problems.fixed.csv
  fieldgate validate --format csv export.csv > problems.csv             # one problem a row, for a spreadsheet
  fieldgate validate --encoding windows-1252 --setting decimalMark=comma export.csv
  fieldgate validate --select GEO,WGS --ignore GEO004 boundaries.wkt

${exitStatus}`;

export const fixUsage = `Usage: fieldgate fix [options] <file…>   ("-" reads standard input, with --output)

Applies the fixes of what \`fieldgate validate\` finds (safe ones, unless --unsafe-fixes), writes the fixed
copy to <name>.fixed.<ext> (or --output, or the input with --fix-in-place), lists every fix applied (rule,
where, before → after) and every chosen fix not applied and why, then reports what is left. A fix that would
create a new error is not applied.

Options:
${fixOptions}
${commonOptions}

Examples:
  fieldgate fix examples/fields/fields-with-problems.json               # safe fixes → …problems.fixed.json
  fieldgate fix --unsafe-fixes -o fixed.csv export.csv                  # guesses too, stated in the report
  fieldgate fix --fix-only d3,d7 upload.json                            # the fixes of diagnostics d3 and d7
  fieldgate fix --fix-in-place --select CSV005 export.csv               # only trim spaces, in the file itself

${exitStatus}`;

/** Where an input came from: its argument and, for a file, its path (fixed copies are written beside it). */
interface Target {
  arg: string;
  path?: string;
}

export async function runValidation(args: string[], io: CliIo, mode: 'validate' | 'fix'): Promise<number> {
  const { values, positionals } = parseArgs({ args, options, allowPositionals: true, strict: true });
  if (values.help) {
    io.stdout((mode === 'fix' ? fixUsage : validateUsage) + '\n');
    return EXIT_OK;
  }
  if (!['text', 'json', 'csv', 'html'].includes(values.format))
    throw new UsageError(`--format must be text, json, csv or html, not ${values.format}`);
  // Where a fixed copy goes only means something when fixing; and in place or elsewhere, not both.
  if (values.output !== undefined && mode === 'validate' && !values.fix && !values['fix-in-place'])
    throw new UsageError(
      `-o ${values.output} names where the fixed copy goes: add --fix (or run \`fieldgate fix\`)`,
    );
  if (values.output !== undefined && values['fix-in-place'])
    throw new UsageError(
      `--fix-in-place overwrites the input and -o ${values.output} writes elsewhere: give one of them`,
    );
  const engineOptions: EngineOptions = {
    rules: selectionFrom(values.select, values.ignore),
    now: clockFrom(values.now, io),
    settings: settingsFrom(values.setting),
  };
  if (values.batch && values['no-batch']) throw new UsageError('give --batch or --no-batch, not both');
  if (values.batch || values['no-batch'])
    engineOptions.settings = { ...engineOptions.settings, batch: values.batch ? 'on' : 'off' };
  if (values.kind !== undefined) engineOptions.kind = values.kind;
  const jobs = jobsFrom(values.jobs);
  if (jobs > 1) {
    engineOptions.jobs = jobs;
    engineOptions.workerPool = processBoundaryPool();
  }
  // A big Modus file is scanned on a second thread where a core is free for it, or with --jobs 2 or more.
  if (values.jobs === undefined ? hasSpareCore() : jobs > 1)
    engineOptions.startScanWorker = modusScanWorkers();
  if (values['sample-date'] !== undefined) engineOptions.sampleDate = values['sample-date'];
  // CSV batches (docs/csv-batches.md): shorthands for the encoding and mapping settings.
  if (values.encoding !== undefined)
    engineOptions.settings = { ...engineOptions.settings, encoding: encodingOption(values.encoding) };
  if (values.mapping !== undefined) {
    const mapping = await mappingArgText(values.mapping, io);
    const checked = checkSettings({ mapping }, settingSpecs);
    if (!checked.ok)
      throw new UsageError(
        `--mapping ${values.mapping}: ${checked.problems[0]?.message.replace(/^setting mapping: /, '')}`,
      );
    engineOptions.settings = { ...engineOptions.settings, mapping };
  }
  checkedOptions(engineOptions);
  const fixing = mode === 'fix' || values.fix || values['fix-in-place'];
  const fix = fixing ? fixSelectionFrom(values['fix-only'], values['unsafe-fixes']) : undefined;
  // What the summary tells of the fixes left: which option would apply them.
  const fixRun = !fixing ? 'check' : values['unsafe-fixes'] ? 'fix-unsafe' : 'fix';
  // A folder stands for the files in it that Fieldgate reads; fixing, not the fixed files of a run before
  // (fixed again, they would make name.fixed.fixed.json).
  const { files: fileArgs, empty: emptyFolders } = await expandFolders(positionals, io, {
    skipFixed: fixing === true,
  });
  if (values.output && (fileArgs.length !== 1 || emptyFolders.length > 0))
    throw new UsageError('--output needs exactly one input file');

  const inputs: EngineSource[] = [];
  const targets: Target[] = [];
  const unreadable: Unreadable[] = [];
  if (positionals.length === 0) {
    if (values['sample-date'] === undefined)
      throw new UsageError('give at least one file (or --sample-date VALUE)');
    inputs.push({
      name: '--sample-date',
      bytes: new TextEncoder().encode(values['sample-date']),
      kind: 'sample-date',
    });
    targets.push({ arg: '--sample-date' });
  }
  for (const folder of emptyFolders)
    unreadable.push({
      name: folder,
      reason: `is a folder with no file Fieldgate reads in it (${READ_FILE_EXTENSIONS.map((e) => `.${e}`).join(', ')}): give its files by name`,
    });
  for (const arg of fileArgs) {
    // Files are streamed: a big CSV or Modus file is read as the checks go, never held whole.
    const read = await openInput(arg, io);
    if (!read.ok) unreadable.push({ name: read.name, reason: read.reason });
    else if (arg === '-' && 'bytes' in read.file && read.file.bytes.length === 0)
      unreadable.push({ name: read.file.name, reason: 'stdin is empty' });
    else {
      if (fix && !read.path && values.output === undefined)
        throw new UsageError('fixing standard input needs --output FILE');
      inputs.push(read.file);
      targets.push(read.path ? { arg, path: read.path } : { arg });
    }
  }

  const color = values.color ?? (io.isTTY && !io.env.NO_COLOR);
  // The progress line on stderr; report output bound for the same terminal erases it first.
  const line = progressLineFor(io, args, fix ? 'fixing' : 'checking', {
    totalBytes: knownSize(inputs),
    problemsAfterFixes: fix !== undefined,
  });
  const out = withProgressLine(io, line);
  // Fixes passed on as they come (a big file fixed statement by statement) wait in temporary files.
  const json =
    values.format === 'json' ? createReportJsonWriter(out.stdout, jsonForTerminal, fileSpool) : undefined;
  const text = values.format === 'text' ? new TextReportFiles(color, out) : undefined;
  const written: Written[] = [];
  let report: Report | undefined;
  let index = -1;
  // Ctrl+C: one line saying what was checked, at once; the run then stops at the engine's next turn.
  const interruption = interruptWithLine(line, io.stderr);
  // Each file's result, for the code frames of the checks across files (which come after every file).
  const results = new Map<string, FileResult>();
  // Only the HTML report draws a map; the JSON report carries the geometry back when asked (--features).
  const run = {
    ...engineOptions,
    ...(fix ? { fix, fixedInParts: true } : {}),
    signal: interruption.abortSignal,
    // A kind that let a big buffer go has it collected before it allocates as much again (peak memory).
    releaseMemory: collectGarbage,
    // Asked for by name (true), so big files read as streams carry them too; the HTML report only draws
    // them, so a big CSV keeps simplified outlines ('map').
    features: values.format === 'html' ? ('map' as const) : Boolean(json && values.features),
    // Only the JSON report shows the geometry a summary carries (a prescription's zone map).
    ...(json ? {} : { summaryGeometry: false }),
    // The JSON and text reports are written as the diagnostics come: none is held until the end.
    ...(json || text ? { keepDiagnostics: false } : {}),
    // Files a CSV batch names are read relative to the CSV (not for standard input: no folder).
    ...(targets.every((t) => t.path) ? { resolveFile: readBesideInput(targets, inputs, io) } : {}),
  };
  // Where input `i`'s fixed copy goes, and how it may be written.
  const outputFor = (i: number): { target: string; options: OutputFileOptions } => {
    const path = targets[i]?.path;
    const target =
      values.output !== undefined
        ? resolve(io.cwd, values.output)
        : values['fix-in-place'] && path
          ? path
          : path
            ? fixedPathFor(path)
            : undefined;
    if (!target) throw new UsageError('fixing standard input needs --output FILE');
    return {
      target,
      options: {
        shownPath: values.output ?? relative(io.cwd, target),
        protect: path ? [path] : [],
        inPlace: values['fix-in-place'],
        inPlaceHint: 'use --fix-in-place to overwrite it',
      },
    };
  };
  // The fixed copy being written as it is made (see `fixed-part`).
  let parts: AtomicFile | undefined;
  try {
    for await (const event of runEngine(inputs, run)) {
      line.event(event);
      if (event.type === 'file-started') {
        index = event.index;
        // Read whole (fixed, or small enough) and checked in one go: a big one gets its line now.
        if (fix || event.bytes <= STREAM_ABOVE_BYTES) line.aheadOfWork(event.bytes);
      } else if (event.type === 'diagnostics') {
        json?.diagnostics(event.diagnostics, event.text);
        // A file read again from its path can be written as it goes (standard input cannot).
        const input = inputs[index];
        await text?.add(
          event.diagnostics,
          input && 'open' in input && targets[index]?.path ? input : undefined,
        );
      } else if (event.type === 'fixes') {
        json?.fixes(event.file, event.applied, event.notApplied);
        text?.fixes(event.file, event.applied, event.notApplied);
      } else if (event.type === 'fixed-part') {
        // A big file fixed statement by statement: its bytes are written as they come (synchronously, so
        // none wait in memory), to a temporary file that its `fixed` event keeps.
        if (!parts) {
          const { target, options } = outputFor(index);
          parts = await openOutputFile(target, options);
        }
        parts.write(event.bytes);
      } else if (event.type === 'fixed') {
        const { target, options } = outputFor(index);
        if (event.inParts && parts) {
          await parts.commit();
          parts = undefined;
        } else await writeOutputFile(target, event.bytes, options);
        written.push({ file: targets[index]?.arg ?? event.file, to: target, applied: event.applied });
      } else if (event.type === 'file-done') {
        // Parts of a file that did not change: nothing to write.
        await parts?.abort();
        parts = undefined;
        const input = inputs[index];
        await text?.done(event.result, input && 'open' in input && targets[index]?.path ? input : undefined);
        if (text) results.set(event.result.file, event.result);
      } else if (event.type === 'across-files') {
        json?.diagnostics(event.diagnostics);
        await text?.across(event.diagnostics, results, (file) => {
          const at = inputs.findIndex((i) => i.name === file);
          const input = inputs[at];
          return input && 'open' in input && targets[at]?.path ? input : undefined;
        });
      } else if (event.type === 'report') report = event.report;
    }
  } catch (e) {
    // Stopped while a fixed copy was being written: its temporary file is gone (node/atomic-write.ts), and
    // the write's failure is the stop, not a problem to report.
    if (interruption.stopped === undefined) throw e;
  } finally {
    interruption.dispose();
    line.end();
    // A run stopped by an error keeps no half-written copy.
    await parts?.abort();
  }
  if (interruption.stopped !== undefined) {
    const exitCode = interruption.exitCode ?? EXIT_INTERRUPTED;
    const counts = line.counts;
    return endStopped(
      {
        report,
        written,
        counts,
        json,
        text: values.format === 'text',
        stopped: interruption.stopped,
        exitCode,
        inPlace: Boolean(fix && values['fix-in-place']),
      },
      io,
    );
  }
  if (!report) throw new Error('the engine ended without a report');
  report.unreadable.unshift(...unreadable);
  report.written = written;

  if (json) json.end(report);
  else if (values.format === 'csv' || values.format === 'html') {
    // A file checked as a stream has no text: its values are read again, so its report fills the same
    // columns a small file's does.
    const files = await withValues(report.files, inputs, targets);
    if (values.format === 'html') io.stdout(htmlReport({ files }));
    else {
      // In the encoding and delimiter of the CSV batches it is about: it opens in the same spreadsheet.
      const { bytes, format } = problemsCsvBytes({ files });
      if (io.stdoutBytes) io.stdoutBytes(bytes);
      else io.stdout(new TextDecoder(format.encoding, { ignoreBOM: true }).decode(bytes));
    }
  } else {
    writeWrittenLines(written, io);
    // Nothing checked is no success: no tick when every input was unreadable.
    if (report.files.length > 0 || report.unreadable.length === 0)
      io.stdout(
        (text
          ? renderCountsSummary(
              report.files.length,
              report.counts,
              { ...text.offeredFixes, run: fixRun },
              { color },
            )
          : renderSummary(report.files, { color }, fixRun)) + '\n',
      );
  }
  for (const u of report.unreadable)
    io.stderr(`fieldgate: cannot read ${terminalSafe(u.name)}: ${terminalSafe(u.reason)}\n`);

  if (report.outcome === 'cancelled') return EXIT_USAGE;
  if (report.unreadable.length > 0) return EXIT_USAGE;
  return report.counts.error > 0 ? EXIT_PROBLEMS : EXIT_OK;
}

/** The bytes of every input, when each size is known (for the time left of the whole run). */
function knownSize(inputs: readonly EngineSource[]): number | undefined {
  let total = 0;
  for (const input of inputs) {
    const size = 'bytes' in input ? input.bytes.length : input.size;
    if (size === undefined) return undefined;
    total += size;
  }
  return total;
}

function writeWrittenLines(written: readonly Written[], io: CliIo): void {
  for (const w of written)
    io.stdout(`wrote ${terminalSafe(w.to)} (${w.applied} fix${w.applied === 1 ? '' : 'es'} applied)\n`);
}

/**
 * The end of a run stopped by Ctrl+C (the line saying so is on stderr already). Nothing half-written is
 * left: a JSON report is closed with outcome "cancelled" (what was found until then); a text report going
 * to a file or a pipe ends with the stopped line, marking it incomplete; the CSV and HTML reports, written
 * at the end, are not written. Fixed copies written before the stop are complete (atomic) and listed, on
 * stderr too (changed, with --fix-in-place), with whether any other file was changed.
 */
function endStopped(
  o: {
    report: Report | undefined;
    written: Written[];
    /** The diagnostics found until the stop (the JSON report lists them all, of a file not finished too). */
    counts: Report['counts'];
    json: ReturnType<typeof createReportJsonWriter> | undefined;
    text: boolean;
    stopped: string;
    exitCode: number;
    /** Fixes were being written into the files themselves (--fix-in-place). */
    inPlace: boolean;
  },
  io: CliIo,
): number {
  // What the stop left written, said where the person who pressed Ctrl+C looks (a text report on the
  // terminal says it already): each file written is whole, and no other file was touched.
  if (!(o.text && io.isTTY)) {
    for (const w of o.written)
      io.stderr(
        `${o.inPlace ? 'changed' : 'wrote'} ${terminalSafe(w.to)} before the stop (${w.applied} fix${w.applied === 1 ? '' : 'es'} applied; the file is complete)\n`,
      );
  }
  if (o.inPlace)
    io.stderr(o.written.length === 0 ? 'no file was changed\n' : 'the files not listed were not changed\n');
  if (o.json) {
    const report = o.report ?? emptyReport();
    report.outcome = 'cancelled';
    report.counts = { ...o.counts };
    report.written = o.written;
    o.json.end(report);
  } else if (o.text) {
    writeWrittenLines(o.written, io);
    // On the terminal the line on stderr says it; elsewhere the report itself must.
    if (!io.isTTY) io.stdout(`${o.stopped} (this report is incomplete)\n`);
  }
  return o.exitCode;
}

/** The results, each streamed one (no text) with the values at its diagnostics read again from its file. */
async function withValues(
  files: readonly FileResult[],
  inputs: readonly EngineSource[],
  targets: readonly Target[],
): Promise<Array<FileResult & { values?: ReadonlyMap<Diagnostic, string> }>> {
  return Promise.all(
    files.map(async (result) => {
      if (result.text !== undefined || result.diagnostics.length === 0) return result;
      const at = inputs.findIndex((i) => i.name === result.file);
      const input = inputs[at];
      if (!input || !('open' in input) || !targets[at]?.path) return result;
      const values = await readValuesAt(input.open(), encodingOf(result, 'auto'), result.diagnostics);
      return { ...result, values };
    }),
  );
}

/** Reads a file named inside an input (a CSV batch's row) relative to that input's folder. */
function readBesideInput(
  targets: readonly Target[],
  inputs: readonly EngineSource[],
  io: CliIo,
): (relativePath: string, from: string) => Promise<Uint8Array | undefined> {
  return async (relativePath, from) => {
    const at = inputs.findIndex((i) => i.name === from);
    const path = at >= 0 ? targets[at]?.path : undefined;
    if (!path) return undefined;
    try {
      return new Uint8Array(await readFile(resolve(io.cwd, dirname(path), relativePath)));
    } catch {
      return undefined;
    }
  };
}

/** --fix-only d3,GEO → ids and rule selectors; --unsafe-fixes → the safety. */
function fixSelectionFrom(only: string[] | undefined, unsafe: boolean): FixSelection {
  const selection: FixSelection = { safety: unsafe ? 'safe-and-unsafe' : 'safe' };
  const items = (only ?? []).flatMap(parseSelectorList);
  const ids = items.filter((s) => /^d\d+$/.test(s));
  const rules = items.filter((s) => !/^d\d+$/.test(s));
  if (rules.length > 0) {
    const problems = unknownSelectors({ select: rules }, allRules);
    if (problems.length > 0) throw new UsageError(`--fix-only: ${problems.map((p) => p.message).join('; ')}`);
    selection.rules = rules;
  }
  if (ids.length > 0) selection.ids = ids;
  return selection;
}

/** The lines code frames show: each range's line and the lines either side. */
function framedLines(
  diagnostics: readonly { location: { range?: { start: { line: number } } } }[],
): Set<number> {
  const lines = new Set<number>();
  for (const d of diagnostics) {
    const line = d.location.range?.start.line;
    if (line !== undefined) for (let l = Math.max(1, line - 1); l <= line + 1; l++) lines.add(l);
  }
  return lines;
}

/** The encoding a kind read the file in (a CSV batch's summary says), for reading its lines again. */
function encodingOf(result: FileResult, otherwise = 'utf-8'): string {
  return result.summary?.type === 'csv-batch' ? result.summary.encoding : otherwise;
}

/**
 * The text report, file by file: a file's diagnostics are written when it is done, in order of position;
 * a file validated as a stream hands them over in batches, and once it has many they are written batch by
 * batch, its lines read again as they go (forward only: a later diagnostic about an earlier line is written
 * without its code frame), so the diagnostics of a big file are never held all at once.
 */
class TextReportFiles {
  /** Fixes offered, by safety, for the summary (the report's lists stay empty). */
  readonly offeredFixes = { safe: 0, unsafe: 0 };
  private pending: ReportedDiagnostic[] = [];
  private batches = 0;
  private reader: SourceLineReader | undefined;

  constructor(
    private readonly color: boolean,
    private readonly io: CliIo,
  ) {}

  async add(diagnostics: readonly ReportedDiagnostic[], file: StreamedFile | undefined): Promise<void> {
    for (const d of diagnostics) {
      if (d.fix) this.offeredFixes[d.fix.safety]++;
      this.pending.push(d);
    }
    this.batches++;
    if (!file || this.batches < 2 || this.pending.length < TEXT_REPORT_BATCH) return;
    this.reader ??= new SourceLineReader(file.open(), 'auto');
    await writeDiagnosticsText(this.pending, this.color, this.io, this.reader);
    this.pending = [];
  }

  /**
   * The checks across files, after every file: their findings file by file, with code frames from each
   * file's text (or its lines read again, for a file read as a stream).
   */
  async across(
    diagnostics: readonly ReportedDiagnostic[],
    results: ReadonlyMap<string, FileResult>,
    reopen: (file: string) => StreamedFile | undefined,
  ): Promise<void> {
    for (const d of diagnostics) if (d.fix) this.offeredFixes[d.fix.safety]++;
    const files = [...new Set(diagnostics.map((d) => d.location.file ?? ''))];
    const count = diagnostics.length;
    this.io.stdout(`Across the files of the batch: ${count} ${count === 1 ? 'problem' : 'problems'}\n\n`);
    for (const file of files) {
      const list = diagnostics.filter((d) => (d.location.file ?? '') === file);
      const result = results.get(file);
      const input = result?.text === undefined ? reopen(file) : undefined;
      const reader = input
        ? new SourceLineReader(input.open(), result ? encodingOf(result) : 'utf-8')
        : undefined;
      try {
        await writeDiagnosticsText(
          list,
          this.color,
          this.io,
          reader,
          result && { ...result, diagnostics: list },
        );
      } finally {
        await reader?.close();
      }
    }
  }

  /** Fixes passed on as they come (a big file fixed statement by statement): listed at once. */
  fixes(file: string, applied: readonly AppliedFix[], notApplied: readonly NotAppliedFix[]): void {
    this.io.stdout(fixLines(terminalSafe(file), applied, notApplied));
  }

  async done(result: FileResult, file: StreamedFile | undefined): Promise<void> {
    // A streamed file's report has no text: the lines its code frames show are read again, chunk by chunk
    // as the report is written. (Standard input cannot be read again: no code frames for a big one.)
    const reader =
      this.reader ??
      (result.text === undefined && file ? new SourceLineReader(file.open(), encodingOf(result)) : undefined);
    const diagnostics = this.pending;
    this.pending = [];
    this.batches = 0;
    this.reader = undefined;
    try {
      await writeFileText({ ...result, diagnostics }, this.color, this.io, reader);
    } finally {
      await reader?.close();
    }
  }
}

/** "fixed FILE:LINE:COL  CODE  title: before → after  [rule]" and "not fixed …  reason" lines. */
function fixLines(
  file: string,
  applied: readonly AppliedFix[],
  notApplied: readonly NotAppliedFix[],
): string {
  const lines: string[] = [];
  for (const a of applied) {
    const change = a.before !== undefined && a.after !== undefined ? `: ${a.before} → ${a.after}` : '';
    lines.push(`fixed ${file}${at(a.location)}  ${a.code}  ${terminalSafe(a.title + change)}  [${a.rule}]\n`);
  }
  for (const n of notApplied)
    lines.push(
      `not fixed ${file}${at(n.location)}  ${n.code}  ${n.title ? `${terminalSafe(n.title)}: ` : ''}${terminalSafe(n.reason)}\n`,
    );
  return lines.join('');
}

/** Diagnostics a text report holds before it writes those of a streamed file (see TextReportFiles). */
const TEXT_REPORT_BATCH = 5000;

/** One file's part of the text report, written as soon as the file is done. */
async function writeFileText(
  result: FileResult,
  color: boolean,
  io: CliIo,
  reader?: SourceLineReader,
): Promise<void> {
  const file = terminalSafe(result.file);
  const detected = result.detectedAs;
  if (detected.alternatives.length > 0)
    io.stdout(`note: ${file} is read as ${detected.kind}: ${terminalSafe(detected.reason)}\n\n`);
  const fixes = result.fixes;
  if (fixes) {
    io.stdout(fixLines(file, fixes.applied, fixes.notApplied));
    if (fixes.stopped) io.stdout(`fix stopped on ${file}: ${terminalSafe(fixes.stopped.message)}\n`);
    const listed = fixes.counts ?? { applied: fixes.applied.length, notApplied: fixes.notApplied.length };
    if (listed.applied + listed.notApplied > 0 || fixes.stopped) io.stdout('\n');
  }
  await writeDiagnosticsText(result.diagnostics, color, io, reader, result);
  // The columns, required or optional, that a CSV batch's unread headers probably hold (core's suggestion): one mapping to try.
  const suggested = result.summary?.type === 'csv-batch' ? result.summary.suggestedMapping : undefined;
  if (suggested)
    io.stdout(
      `${file} probably holds columns under other names (see CSV003); to read them: --mapping ${terminalSafe(quoteArg(JSON.stringify(suggested)))}\n\n`,
    );
}

/** Diagnostics of one file in order of position, a chunk at a time, with code frames from its text or reader. */
async function writeDiagnosticsText(
  diagnostics: readonly Diagnostic[],
  color: boolean,
  io: CliIo,
  reader: SourceLineReader | undefined,
  result?: FileResult,
): Promise<void> {
  const sorted = sortDiagnostics(diagnostics);
  const file = result?.file ?? sorted[0]?.location.file ?? '';
  // One line index for every chunk (each chunk building its own scanned the whole text again).
  const index = result?.text !== undefined ? new LineIndex(result.text) : undefined;
  for (let i = 0; i < sorted.length; i += RENDER_CHUNK) {
    const chunk = sorted.slice(i, i + RENDER_CHUNK);
    // In order of position, so the reader moves forward and holds one chunk's lines at a time.
    const source: SourceLines | undefined = index ?? (await reader?.read(framedLines(chunk)));
    const text = renderReport({ file, kind: result?.kind ?? '', diagnostics: chunk }, { color }, source);
    if (text) io.stdout(text + '\n');
  }
}

function at(location: { range?: { start: { line: number; column: number } }; row?: number }): string {
  if (location.range) return `:${location.range.start.line}:${location.range.start.column}`;
  return location.row !== undefined ? ` (row ${location.row})` : '';
}

export const validateCommand: CliCommand = {
  name: 'validate',
  summary: 'check files offline and explain every problem (optionally --fix)',
  usage: validateUsage,
  run: (args, io) => runValidation(args, io, 'validate'),
};

export const fixCommand: CliCommand = {
  name: 'fix',
  summary: 'apply safe fixes (--unsafe-fixes for guesses) and write a fixed copy',
  usage: fixUsage,
  run: (args, io) => runValidation(args, io, 'fix'),
};
