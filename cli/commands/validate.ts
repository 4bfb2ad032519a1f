import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import type { Diagnostic, FixSafety } from '../../core/diagnostics/diagnostic.ts';
import { countBySeverity } from '../../core/diagnostics/diagnostic.ts';
import type { FileKind, FileReport, InputFile, ValidateOptions } from '../../core/formats/file-kind.ts';
import { detectFileKind, fileKindById, fileKinds } from '../../core/formats/registry.ts';
import { allRules } from '../../core/rules/registry.ts';
import { parseSelectorList, unknownSelectors, type RuleSelection } from '../../core/rules/selection.ts';
import { checkSampleDate } from '../../core/rules/sample-date/check-sample-date.ts';
import { EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, UsageError, type CliCommand, type CliIo } from '../command.ts';
import { writeAtomically } from '../../node/atomic-write.ts';
import { fixedPathFor, readInput } from '../io/files.ts';
import { renderReport, renderSummary } from '../render/terminal.ts';

/** ESLint's limit too: fixes that keep producing new fixes stop here. */
const MAX_FIX_PASSES = 10;

const options = {
  format: { type: 'string', default: 'text' },
  select: { type: 'string', multiple: true },
  ignore: { type: 'string', multiple: true },
  fix: { type: 'boolean', default: false },
  'unsafe-fixes': { type: 'boolean', default: false },
  'fix-in-place': { type: 'boolean', default: false },
  output: { type: 'string', short: 'o' },
  'sample-date': { type: 'string' },
  kind: { type: 'string' },
  now: { type: 'string' },
  setting: { type: 'string', multiple: true },
  color: { type: 'boolean' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

export interface ValidationRun {
  reports: FileReport[];
  unreadable: { name: string; reason: string }[];
  written: { file: string; to: string; applied: number }[];
}

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

export function clockFrom(now: string | undefined, io: CliIo): () => Date {
  if (now === undefined) return () => io.now();
  const fixed = new Date(now);
  if (Number.isNaN(fixed.getTime())) throw new UsageError(`--now ${now} is not a date`);
  return () => fixed;
}

/** --setting key=value (numbers and booleans parsed) → kind settings. */
export function settingsFrom(list: string[] | undefined): ValidateOptions['settings'] {
  const settings: NonNullable<ValidateOptions['settings']> = {};
  for (const item of list ?? []) {
    const eq = item.indexOf('=');
    if (eq <= 0) throw new UsageError(`--setting ${item}: expected key=value`);
    const raw = item.slice(eq + 1);
    settings[item.slice(0, eq)] =
      raw === 'true'
        ? true
        : raw === 'false'
          ? false
          : raw !== '' && !Number.isNaN(Number(raw))
            ? Number(raw)
            : raw;
  }
  return settings;
}

export async function validateFile(
  file: InputFile,
  validateOptions: ValidateOptions,
  forcedKind?: FileKind,
): Promise<{ kind?: FileKind; report: FileReport }> {
  const kind = forcedKind ?? detectFileKind(file);
  if (!kind) {
    return {
      report: {
        file: file.name,
        kind: 'unknown',
        diagnostics: [],
      },
    };
  }
  const report = await kind.validate(file, validateOptions);
  return {
    kind,
    report: {
      ...report,
      file: file.name,
      diagnostics: report.diagnostics.map((d) => withFile(d, file.name)),
    },
  };
}

function withFile(d: Diagnostic, file: string): Diagnostic {
  return { ...d, location: { file, ...d.location } };
}

function jsonReport(run: ValidationRun): string {
  const diagnostics = run.reports.flatMap((r) => r.diagnostics);
  return JSON.stringify(
    {
      version: 1,
      counts: countBySeverity(diagnostics),
      files: run.reports.map((r) => ({
        file: r.file,
        kind: r.kind,
        counts: countBySeverity(r.diagnostics),
        ...(r.summary !== undefined ? { summary: r.summary } : {}),
      })),
      unreadable: run.unreadable,
      written: run.written,
      diagnostics,
    },
    null,
    2,
  );
}

export const validateUsage = `Usage: fieldgate validate [options] <file…>   ("-" reads standard input)

Checks field uploads, v5 request files and bodies, TemporalEntity JSON, and every other kind listed by
\`fieldgate kinds\`, offline, and explains each problem with its rule code and location.

Options:
  --format text|json        report for people (default) or JSON for scripts
  --select LIST             only these rules: codes (SD002), prefixes (SD), groups (sample-date) or names
  --ignore LIST             skip these rules (same forms as --select)
  --fix                     write safe fixes to a new file <name>.fixed.<ext> and report what remains
  --unsafe-fixes            with --fix: apply unsafe fixes too (guesses; check the result)
  --fix-in-place            with --fix: overwrite the input instead
  -o, --output FILE         with --fix and one input: where to write the fixed file
  --sample-date VALUE       the sampleDate to pair with a Modus file; alone, checks just the value
  --kind ID                 treat every file as this kind instead of detecting it
  --setting KEY=VALUE       a setting for the file kind (e.g. rateColumn=RATE, acreageTolerance=0.05)
  --now ISO                 the clock for "in the future" checks (default: now)

Exit status: 0 no errors (warnings allowed), 1 errors found, 2 usage error or unreadable input.`;

export async function runValidation(args: string[], io: CliIo, mode: 'validate' | 'fix'): Promise<number> {
  const { values, positionals } = parseArgs({ args, options, allowPositionals: true, strict: true });
  if (values.help) {
    io.stdout(validateUsage + '\n');
    return EXIT_OK;
  }
  if (values.format !== 'text' && values.format !== 'json')
    throw new UsageError(`--format must be text or json, not ${values.format}`);
  const selection = selectionFrom(values.select, values.ignore);
  const now = clockFrom(values.now, io);
  const settings = settingsFrom(values.setting);
  const fixing = mode === 'fix' || values.fix || values['fix-in-place'];
  const allowed: FixSafety[] = values['unsafe-fixes'] ? ['safe', 'unsafe'] : ['safe'];
  if (values.output && positionals.length !== 1)
    throw new UsageError('--output needs exactly one input file');
  const forcedKind = values.kind ? fileKindById(values.kind) : undefined;
  if (values.kind && !forcedKind)
    throw new UsageError(
      `--kind ${values.kind} is not a kind; kinds: ${fileKinds.map((k) => k.id).join(', ')}`,
    );

  const validateOptions: ValidateOptions = { selection, now, settings };
  if (values['sample-date'] !== undefined) validateOptions.sampleDate = values['sample-date'];

  const run: ValidationRun = { reports: [], unreadable: [], written: [] };
  if (positionals.length === 0) {
    if (values['sample-date'] === undefined)
      throw new UsageError('give at least one file (or --sample-date VALUE)');
    const value = values['sample-date'];
    run.reports.push({
      file: '--sample-date',
      kind: 'sample-date',
      diagnostics: checkSampleDate(value, { now: now(), selection }).map((d) => withFile(d, '--sample-date')),
      text: value,
    });
  }

  for (const arg of positionals) {
    const read = await readInput(arg, io);
    if (!read.ok) {
      run.unreadable.push({ name: read.name, reason: read.reason });
      continue;
    }
    const { kind, report } = await validateFile(read.file, validateOptions, forcedKind);
    if (!kind) {
      run.unreadable.push({
        name: arg,
        reason: `not a kind of file Fieldgate reads (kinds: ${fileKinds.map((k) => k.title).join('; ')}); use --kind to choose`,
      });
      continue;
    }
    if (fixing && kind.fix) {
      // Like ESLint: fixes that overlapped an applied one get their turn in a later pass.
      let bytes = read.file.bytes;
      let current = report;
      let applied = 0;
      for (let pass = 0; pass < MAX_FIX_PASSES; pass++) {
        const fixed = await kind.fix({ name: read.file.name, bytes }, current, allowed);
        if (!fixed) break;
        bytes = fixed.bytes;
        applied += fixed.applied.length;
        current = (await validateFile({ name: read.file.name, bytes }, validateOptions, kind)).report;
      }
      if (applied > 0) {
        const target =
          values.output !== undefined
            ? resolve(io.cwd, values.output)
            : values['fix-in-place'] && read.path
              ? read.path
              : read.path
                ? fixedPathFor(read.path)
                : undefined;
        if (!target) throw new UsageError('fixing standard input needs --output FILE');
        await writeAtomically(target, bytes);
        run.written.push({ file: arg, to: target, applied });
        // Report what is left in the fixed file, as ESLint does after --fix.
        run.reports.push(current);
        continue;
      }
    }
    run.reports.push(report);
  }

  const color = values.color ?? (io.isTTY && !io.env.NO_COLOR);
  if (values.format === 'json') io.stdout(jsonReport(run) + '\n');
  else {
    for (const r of run.reports) {
      const text = renderReport(r, { color });
      if (text) io.stdout(text + '\n');
    }
    for (const w of run.written)
      io.stdout(`wrote ${w.to} (${w.applied} fix${w.applied === 1 ? '' : 'es'} applied)\n`);
    io.stdout(renderSummary(run.reports, { color }) + '\n');
  }
  for (const u of run.unreadable) io.stderr(`fieldgate: cannot read ${u.name}: ${u.reason}\n`);

  if (run.unreadable.length > 0) return EXIT_USAGE;
  return run.reports.some((r) => r.diagnostics.some((d) => d.severity === 'error')) ? EXIT_PROBLEMS : EXIT_OK;
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
  usage: validateUsage
    .replace('fieldgate validate', 'fieldgate fix')
    .replace('Checks', 'Fixes what can be fixed in'),
  run: (args, io) => runValidation(args, io, 'fix'),
};
