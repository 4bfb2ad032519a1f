import { countBySeverity, fileKindById, summaryJson, type JsonValue } from '../../core/index.ts';
import {
  EXIT_INTERRUPTED,
  EXIT_OK,
  EXIT_PROBLEMS,
  EXIT_USAGE,
  UsageError,
  type CliCommand,
} from '../command.ts';
import { readInput } from '../io/files.ts';
import { interruptWithLine } from '../io/interrupt.ts';
import {
  PROGRESS_OPTIONS,
  progressUsage,
  progressLineFor,
  withProgressLine,
} from '../render/progress-line.ts';
import { describeCounts } from '../render/terminal.ts';
import { jsonForTerminal, terminalSafe } from '../render/terminal-text.ts';
import { parseCommandArgs } from './command-args.ts';
import { clockFrom, selectionFrom, settingsFrom, validateFile } from './validate.ts';

const usage = `Usage: fieldgate inspect [--format text|json] [--setting KEY=VALUE] [--sample-date VALUE] <file…>

Summarises what a file holds: for a soil test the event, lab, samples, depths and analytes; for a
prescription the zones, rate column, rates and area per rate class; for a CSV batch how it was read
(encoding, delimiter, decimal mark, header, mapping) and the plan; with a count of problems found.

Options:
  --format text|json     a summary for people (default) or JSON for scripts
  --kind NAME            read every file as this kind (see \`fieldgate kinds\`)
  --setting KEY=VALUE    a setting for the file kind, as for validate
  --sample-date VALUE    the sampleDate to pair with a Modus file
  --now ISO              the clock for "in the future" checks (default: now)
${progressUsage(25)}

Examples:
  fieldgate inspect examples/soil/a-and-l-lab-result.xml     # event, lab, samples, depths, analytes
  fieldgate inspect examples/rx/two-zone-rx.zip              # zones, rate column, rates, acres per rate
  fieldgate inspect --format json examples/csv/fields-with-problems.csv

Exit status: 0 no errors, 1 errors found (\`fieldgate validate FILE\` explains them), 2 usage error or
unreadable input, 130 stopped by Ctrl+C (one line on stderr says what was checked).`;

function renderValue(value: JsonValue, indent = ''): string[] {
  if (value === null || typeof value !== 'object') return [`${indent}${terminalSafe(String(value))}`];
  const out: string[] = [];
  if (Array.isArray(value)) {
    const simple = value.every((v) => v === null || typeof v !== 'object');
    if (simple) return [`${indent}${terminalSafe(value.join(', '))}`];
    for (const item of value) {
      const lines = renderValue(item, indent + '  ');
      out.push(`${indent}- ${(lines[0] ?? '').trimStart()}`, ...lines.slice(1));
    }
    return out;
  }
  for (const [key, v] of Object.entries(value)) {
    // GeoJSON for the map is for programs, not for reading.
    if (
      v !== null &&
      typeof v === 'object' &&
      !Array.isArray(v) &&
      (v.type === 'FeatureCollection' || v.type === 'Feature')
    ) {
      out.push(`${indent}${terminalSafe(key)}: (GeoJSON, see --format json)`);
      continue;
    }
    if (
      v !== null &&
      typeof v === 'object' &&
      !(Array.isArray(v) && v.every((x) => x === null || typeof x !== 'object'))
    ) {
      out.push(`${indent}${terminalSafe(key)}:`, ...renderValue(v, indent + '  '));
    } else out.push(`${indent}${terminalSafe(key)}: ${renderValue(v)[0]}`);
  }
  return out;
}

export const inspectCommand: CliCommand = {
  name: 'inspect',
  summary: 'summarise a soil test, prescription or upload (counts, ranges, analytes, zones)',
  usage,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      format: { type: 'string', default: 'text' },
      setting: { type: 'string', multiple: true },
      'sample-date': { type: 'string' },
      kind: { type: 'string' },
      now: { type: 'string' },
      ...PROGRESS_OPTIONS,
    });
    if (values.help) {
      io.stdout(usage + '\n');
      return EXIT_OK;
    }
    if (positionals.length === 0) throw new UsageError('give at least one file');
    const forced = values.kind ? fileKindById(values.kind) : undefined;
    if (values.kind && !forced) throw new UsageError(`--kind ${values.kind} is not a kind`);
    const entries: JsonValue[] = [];
    let status = EXIT_OK;
    // The progress line on stderr (erased before anything else is written to the terminal), and Ctrl+C.
    const line = progressLineFor(io, args, 'inspecting');
    const out = withProgressLine(io, line);
    const problem = (text: string): void => {
      line.clear();
      io.stderr(text);
    };
    const interruption = interruptWithLine(line, io.stderr);
    try {
      for (const [at, arg] of positionals.entries()) {
        line.startFile(arg, at, positionals.length, 0);
        const read = await readInput(arg, io);
        if (interruption.stopped !== undefined) break;
        if (!read.ok) {
          line.event({ type: 'unreadable', name: read.name, reason: read.reason });
          problem(`fieldgate: cannot read ${terminalSafe(read.name)}: ${terminalSafe(read.reason)}\n`);
          status = EXIT_USAGE;
          continue;
        }
        // Checked whole, mostly in one go: a big file gets its line now.
        line.progress({ totalBytes: read.file.bytes.length });
        line.aheadOfWork(read.file.bytes.length);
        const { kind, report, unreadable, cancelled } = await validateFile(
          read.file,
          {
            selection: selectionFrom([], []),
            now: clockFrom(values.now, io),
            settings: settingsFrom(values.setting),
            ...(values['sample-date'] !== undefined ? { sampleDate: values['sample-date'] } : {}),
          },
          forced,
          {
            // Each file is a run of its own: the line counts them across the command.
            onEvent: (e) =>
              line.event(e.type === 'file-started' ? { ...e, index: at, total: positionals.length } : e),
            signal: interruption.abortSignal,
          },
        );
        if (cancelled || interruption.stopped !== undefined) break;
        if (!kind) {
          problem(
            `fieldgate: cannot read ${terminalSafe(arg)}: ${terminalSafe(unreadable ?? 'not a kind of file Fieldgate reads')}\n`,
          );
          status = EXIT_USAGE;
          continue;
        }
        const counts = countBySeverity(report.diagnostics);
        if (counts.error > 0 && status === EXIT_OK) status = EXIT_PROBLEMS;
        const entry: { [key: string]: JsonValue } = { file: arg, kind: report.kind, problems: { ...counts } };
        if (report.summary !== undefined) entry.summary = summaryJson(report.summary);
        entries.push(entry);
        if (values.format !== 'json') {
          const name = terminalSafe(arg);
          out.stdout(`${name} (${kind.title})\n`);
          out.stdout(
            `  problems: ${describeCounts(counts)} (run \`fieldgate validate ${name}\` for details)\n`,
          );
          if (report.summary !== undefined)
            out.stdout(renderValue(summaryJson(report.summary), '  ').join('\n') + '\n');
          else out.stdout('  (no summary for this kind of file)\n');
        }
      }
    } finally {
      interruption.dispose();
      line.end();
    }
    if (interruption.stopped !== undefined) {
      // The summaries of the files done are written; a report going to a file or pipe says it stops short.
      if (values.format !== 'json' && !io.isTTY)
        io.stdout(`${interruption.stopped} (this report is incomplete)\n`);
      return interruption.exitCode ?? EXIT_INTERRUPTED;
    }
    if (values.format === 'json') io.stdout(jsonForTerminal(entries) + '\n');
    return status;
  },
};
