import { extname, resolve } from 'node:path';
import {
  BOUNDARY_FORMATS,
  convertBoundaries,
  countBySeverity,
  describeCrs,
  FIELD_TARGETS,
  hasErrors,
  toUploadCsv,
  toUploadJson,
  type BoundaryFormat,
  type ConvertBoundariesOptions,
  type ConvertBoundariesResult,
  type FieldTarget,
} from '../../core/index.ts';
import {
  EXIT_INTERRUPTED,
  EXIT_OK,
  EXIT_PROBLEMS,
  EXIT_USAGE,
  UsageError,
  type CliCommand,
  type CliIo,
} from '../command.ts';
import { OutputFileError, writeOutputFile } from '../../node/output-file.ts';
import { readInput } from '../io/files.ts';
import { interruptWithLine } from '../io/interrupt.ts';
import { PROGRESS_OPTIONS, progressUsage, progressLineFor } from '../render/progress-line.ts';
import { plural, renderReport, renderSummary } from '../render/terminal.ts';
import { jsonForTerminal, terminalSafe } from '../render/terminal-text.ts';
import type { ProgressLine } from '../render/progress-line.ts';
import { parseCommandArgs } from './command-args.ts';
import { selectionFrom, settingsFrom } from './validate.ts';

const usage = `Usage: fieldgate convert <fields.zip|fields.geojson|fields.kml> --to OUT.json|OUT.csv [options]

Turns field boundaries from a zipped shapefile, a GeoJSON file or a KML file into a field upload: the
JSON body of POST /v2/fields ({"fields": [...]}) or a CSV with the columns
clientName,farmName,name,boundary,acres,source. Coordinates are reprojected to WGS 84 from the
shapefile's .prj (or the GeoJSON "crs") when they are in another known system, and the report says so.
Every converted boundary is then checked as \`fieldgate validate\` would.

Options:
  --to FILE             where to write: .json (upload body) or .csv
  --client NAME         clientName of every field (unless --map clientName=ATTRIBUTE)
  --farm NAME           farmName of every field (unless --map farmName=ATTRIBUTE); when neither
                        this nor an attribute gives one, the file's base name (the report says so)
  --source TEXT         source of every field (who the boundaries come from)
  --map LIST            TARGET=ATTRIBUTE pairs, comma-separated, attribute names without regard to case:
                        --map name=FIELD_NAME,acres=CSBACRES  (targets: clientName, farmName, name, acres)
                        Without a mapping, attributes are guessed (name/NAME/field_name, farm, client,
                        acres/CSBACRES, hectares …) and the report says which were used.
  --from FORMAT         geojson, kml or shapefile (default: from the extension and content)
  --skip-invalid        write the fields that converted even if some features could not be
  --no-check            do not check the converted boundaries
  --select LIST, --ignore LIST   rules for the boundary checks (as for validate)
  --setting acreageTolerance=0.05   allowed acreage difference (fraction; default 0.02)
  --format text|json    report for people (default) or JSON for scripts
${progressUsage(24)}

Nothing is written when a feature cannot be converted (unless --skip-invalid), and the output appears
all at once (written to a temporary file, then renamed), never half-written.

Examples:
  fieldgate convert fields.zip --to fields.json --client "Smith Farms"     # a zipped shapefile
  fieldgate convert fields.geojson --to fields.csv --map name=FIELD_NAME,acres=CSBACRES
  fieldgate convert fields.kml --to fields.json --farm Home --skip-invalid

A CSV written here holds the data as given (no apostrophes before a leading = + - @: it is for submitting,
not a report), with CRLF line ends.

Exit status: 0 written and no errors; 1 problems found (see the report; with boundary errors the file is
still written so it can be fixed); 2 usage error or unreadable input; 130 stopped by Ctrl+C (one line on
stderr says how far it got; the output is written whole or not at all).`;

function parseMapping(list: string[] | undefined): Partial<Record<FieldTarget, string>> {
  const mapping: Partial<Record<FieldTarget, string>> = {};
  for (const pair of (list ?? []).flatMap((s) => s.split(','))) {
    if (pair.trim() === '') continue;
    const eq = pair.indexOf('=');
    const target = pair.slice(0, eq).trim();
    const attribute = pair.slice(eq + 1).trim();
    if (eq <= 0 || attribute === '') throw new UsageError(`--map ${pair}: expected TARGET=ATTRIBUTE`);
    const known = FIELD_TARGETS.find((t) => t.toLowerCase() === target.toLowerCase());
    if (!known) throw new UsageError(`--map ${pair}: the target must be one of ${FIELD_TARGETS.join(', ')}`);
    mapping[known] = attribute;
  }
  return mapping;
}

export const convertCommand: CliCommand = {
  name: 'convert',
  summary: 'turn a boundary shapefile ZIP, GeoJSON or KML into a field upload (JSON or CSV)',
  usage,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      to: { type: 'string', short: 'o' },
      client: { type: 'string' },
      farm: { type: 'string' },
      source: { type: 'string' },
      map: { type: 'string', multiple: true },
      from: { type: 'string' },
      'skip-invalid': { type: 'boolean', default: false },
      'no-check': { type: 'boolean', default: false },
      select: { type: 'string', multiple: true },
      ignore: { type: 'string', multiple: true },
      setting: { type: 'string', multiple: true },
      format: { type: 'string', default: 'text' },
      color: { type: 'boolean' },
      ...PROGRESS_OPTIONS,
    });
    if (values.help) {
      io.stdout(usage + '\n');
      return EXIT_OK;
    }
    if (positionals.length !== 1) throw new UsageError('give exactly one boundary file');
    if (!values.to) throw new UsageError('--to OUT.json or --to OUT.csv is required');
    const outExt = extname(values.to).toLowerCase();
    if (outExt !== '.json' && outExt !== '.csv')
      throw new UsageError(`--to ${values.to}: the output must end in .json or .csv`);
    if (values.format !== 'text' && values.format !== 'json')
      throw new UsageError(`--format must be text or json, not ${values.format}`);
    if (values.from !== undefined && !BOUNDARY_FORMATS.includes(values.from as BoundaryFormat))
      throw new UsageError(`--from must be one of ${BOUNDARY_FORMATS.join(', ')}`);
    const settings = settingsFrom(values.setting) ?? {};
    const tolerance = settings.acreageTolerance;
    if (tolerance !== undefined && (typeof tolerance !== 'number' || tolerance < 0))
      throw new UsageError('--setting acreageTolerance must be a number ≥ 0 (a fraction: 0.05 = 5 %)');

    const options: ConvertBoundariesOptions = {
      mapping: parseMapping(values.map),
      selection: selectionFrom(values.select, values.ignore),
      check: !values['no-check'],
    };
    if (values.from !== undefined) options.format = values.from as BoundaryFormat;
    if (values.client !== undefined) options.clientName = values.client;
    if (values.farm !== undefined) options.farmName = values.farm;
    if (values.source !== undefined) options.source = values.source;
    if (typeof tolerance === 'number') options.acreageTolerance = tolerance;

    const input = positionals[0] as string;
    // The progress line on stderr (erased before the report), and Ctrl+C: stopped before anything is
    // written, or while the output's temporary file is written (it is removed; node/atomic-write.ts).
    const line = progressLineFor(io, args, 'converting');
    const interruption = interruptWithLine(line, io.stderr);
    let outcome: { result: ConvertBoundariesResult; written: boolean } | number;
    try {
      outcome = await convertAndWrite(input, values.to, outExt, values['skip-invalid'], options, {
        io,
        line,
        stopped: () => interruption.stopped !== undefined,
      });
    } catch (e) {
      if (interruption.stopped === undefined) throw e;
      outcome = EXIT_INTERRUPTED;
    } finally {
      interruption.dispose();
      line.end();
    }
    if (interruption.stopped !== undefined) return interruption.exitCode ?? EXIT_INTERRUPTED;
    if (typeof outcome === 'number') return outcome;
    const { result, written } = outcome;
    report(result, {
      input,
      target: values.to,
      written,
      format: values.format,
      color: values.color ?? (io.isTTY && !io.env.NO_COLOR),
      io,
    });
    return written && !hasErrors(result.diagnostics) ? EXIT_OK : EXIT_PROBLEMS;
  },
};

/**
 * Read, convert (the line counting the fields checked) and write atomically; an exit status when the input
 * or the output is refused, or when Ctrl+C stopped it before the write (then nothing is written).
 */
async function convertAndWrite(
  input: string,
  to: string,
  outExt: string,
  skipInvalid: boolean,
  options: ConvertBoundariesOptions,
  run: { io: CliIo; line: ProgressLine; stopped: () => boolean },
): Promise<{ result: ConvertBoundariesResult; written: boolean } | number> {
  const { io, line } = run;
  line.startFile(input, 0, 1, 0);
  const read = await readInput(input, io);
  if (!read.ok) {
    line.end();
    io.stderr(`fieldgate convert: cannot read ${terminalSafe(read.name)}: ${terminalSafe(read.reason)}\n`);
    return EXIT_USAGE;
  }
  // Converted in one go: a big file gets its line now, then counts of the fields checked as they come.
  line.progress({ totalBytes: read.file.bytes.length });
  line.aheadOfWork(read.file.bytes.length);
  let counted = 0;
  const result = convertBoundaries(read.file, {
    ...options,
    progress: (checked, of, found) => {
      counted += found.length;
      line.count(found);
      line.progress({ records: checked, recordsOf: of, kind: 'field-upload' });
    },
  });
  line.count(result.diagnostics.slice(counted));
  if (!result.format) {
    line.end();
    io.stderr(
      `fieldgate convert: ${terminalSafe(input)} is not a boundary file Fieldgate reads (a ZIP with a .shp, GeoJSON or KML); use --from to choose\n`,
    );
    return EXIT_USAGE;
  }
  // A Ctrl+C typed while the conversion ran (in one go) is seen now, before anything is written.
  await new Promise((resolve) => setImmediate(resolve));
  if (run.stopped()) return EXIT_INTERRUPTED;
  const target = resolve(io.cwd, to);
  const writable = result.items.length > 0 && (result.complete || skipInvalid);
  if (!writable) return { result, written: false };
  const text = outExt === '.csv' ? toUploadCsv(result.items) : toUploadJson(result.items);
  try {
    await writeOutputFile(target, new TextEncoder().encode(text), {
      shownPath: to,
      protect: read.path ? [read.path] : [],
      inPlaceHint: 'choose another --to',
    });
  } catch (e) {
    if (!(e instanceof OutputFileError) || run.stopped()) throw e;
    line.end();
    io.stderr(`fieldgate convert: ${terminalSafe(e.message)}\n`);
    return EXIT_USAGE;
  }
  return { result, written: true };
}

function report(
  result: ConvertBoundariesResult,
  o: {
    input: string;
    target: string;
    written: boolean;
    format: string;
    color: boolean;
    io: Parameters<CliCommand['run']>[1];
  },
): void {
  const diagnostics = result.diagnostics.map((d) => ({ ...d, location: { file: o.input, ...d.location } }));
  const what = {
    input: o.input,
    format: result.format,
    fields: result.items.length,
    written: o.written ? o.target : null,
    reprojectedFrom: result.reprojectedFrom ? describeCrs(result.reprojectedFrom) : null,
    fieldsWithErrors: result.itemsWithErrors,
    complete: result.complete,
  };
  if (o.format === 'json') {
    o.io.stdout(
      `${jsonForTerminal({ version: 1, ...what, counts: countBySeverity(diagnostics), diagnostics })}\n`,
    );
    return;
  }
  const fileReport = {
    file: o.input,
    kind: result.format ?? 'unknown',
    diagnostics,
    ...(result.text !== undefined ? { text: result.text } : {}),
  };
  const rendered = renderReport(fileReport, { color: o.color });
  if (rendered) o.io.stdout(rendered + '\n');
  const target = terminalSafe(o.target);
  const from = result.reprojectedFrom
    ? `, reprojected from ${describeCrs(result.reprojectedFrom)} to WGS 84`
    : '';
  if (o.written) {
    o.io.stdout(`wrote ${plural(result.items.length, 'field')} to ${target}${from}\n`);
    if (!result.complete)
      o.io.stdout(
        'some features could not be converted and were left out (--skip-invalid); see the errors above\n',
      );
    if (result.itemsWithErrors > 0)
      o.io.stdout(
        `${plural(result.itemsWithErrors, 'field')} with boundary errors: fix them before uploading (fieldgate validate ${target})\n`,
      );
  } else {
    o.io.stdout(
      result.items.length === 0
        ? `nothing written: no field could be converted\n`
        : `nothing written: some features could not be converted (see the errors above; --skip-invalid writes the other ${plural(result.items.length, 'field')})\n`,
    );
  }
  o.io.stdout(renderSummary([fileReport], { color: o.color }) + '\n');
}
