/**
 * The CSV batch kinds as file kinds (`fieldgate validate batch.csv`, `--kind csv-fields`): recognised by
 * their header row, checked by csv-batch.ts, fixed as text edits written back in the file's own encoding
 * (delimiter and column order untouched). Settings: encoding, delimiter, mapping (JSON), acreageTolerance.
 */

import type { CsvBatchSummary } from '../input/kind-summary.ts';
import type { Diagnostic, FixSafety } from '../diagnostics/diagnostic.ts';
import { fixedReportText } from '../input/text-fixes.ts';
import {
  type FileKind,
  type FileReport,
  type FixResult,
  type InputFile,
  type KindInfo,
  type StreamedFile,
  type ValidateOptions,
} from '../input/file-kind.ts';
import { modusFileKind } from '../modus/modus-file-kind.ts';
import { rxFileKind } from '../rx/rx-file-kind.ts';
import { batchKinds, type BatchKind } from './batch-kinds.ts';
import {
  validateCsvBatch,
  type CsvBatchOptions,
  type CsvBatchResult,
  type ReferencedFileCheck,
} from './csv-batch.ts';
import { encodeCsvText, parseCsvEncoding, type CsvEncoding } from './csv-encoding.ts';
import { csvKindInfos } from './csv-kind-info.ts';
import { parseCsvMapping } from './csv-mapping.ts';
import { diagnosticIndexesByRow } from '../records/submit-record.ts';
import { textDecoderFor } from '../values/windows-1252.ts';
import { bytesToStream } from './csv-reader.ts';
import { parseCsvDecimalMark, parseCsvDelimiter } from './csv-options.ts';

/** Batch options from the kind's settings; a message for a setting that cannot be used. */
function csvOptionsFrom(
  kind: BatchKind,
  options: ValidateOptions,
  file: InputFile | StreamedFile,
): { options: CsvBatchOptions; problem?: string } {
  const out: CsvBatchOptions = { kind: kind.id };
  let problem: string | undefined;
  const s = options.settings ?? {};
  if (typeof s.encoding === 'string') {
    const e = parseCsvEncoding(s.encoding);
    if (e) out.encoding = e;
    else problem = `unknown encoding "${s.encoding}" (utf-8, utf-16le, utf-16be, windows-1252)`;
  }
  if (typeof s.delimiter === 'string') {
    const d = parseCsvDelimiter(s.delimiter);
    if (d) out.delimiter = d;
    else problem = `unknown delimiter "${s.delimiter}" (comma, semicolon, tab, pipe)`;
  }
  if (typeof s.decimalMark === 'string') {
    const mark = parseCsvDecimalMark(s.decimalMark);
    if (mark) out.decimalMark = mark;
    else problem = `unknown decimal mark "${s.decimalMark}" (comma, point)`;
  }
  if (typeof s.mapping === 'string') {
    const m = parseCsvMapping(s.mapping);
    if (typeof m === 'string') problem = `mapping: ${m}`;
    else {
      out.mapping = m;
      if (m.kind) out.kind = m.kind;
    }
  }
  if (typeof s.acreageTolerance === 'number') out.acreageTolerance = s.acreageTolerance;
  if (options.selection) out.selection = options.selection;
  if (options.now) out.now = options.now;
  if (options.signal) out.signal = options.signal;
  if (options.pause) out.pause = options.pause;
  // The text report draws no map: the engine says so, and no feature is built.
  if (options.features === false) out.keepFeatures = false;
  if (options.records) out.records = true;
  if (options.features === 'map') out.mapFeatures = true;
  if (options.batchGeometry) out.batchGeometry = options.batchGeometry;
  // Only a field batch has boundaries for the workers (asking starts them).
  const pool =
    out.kind === 'csv-fields'
      ? options.workers?.('bytes' in file ? file.bytes.length : file.size)
      : undefined;
  if (pool) out.pool = pool;
  const resolve = options.resolveFile;
  if (resolve) out.resolveFile = (path) => resolve(path, file.name);
  out.checkFile = checkReferencedFile(options);
  if (options.progress) {
    const progress = options.progress;
    out.onRow = (records, bytes) => {
      if (records % 500 === 0) progress({ records, bytes });
    };
  }
  return problem === undefined ? { options: out } : { options: out, problem };
}

function checkReferencedFile(options: ValidateOptions) {
  return async (
    name: string,
    bytes: Uint8Array,
    kind: string,
    sampleDate?: string,
  ): Promise<ReferencedFileCheck> => {
    const fileKind = kind === 'modus-result' ? modusFileKind : rxFileKind;
    const report = await fileKind.validate(
      { name, bytes },
      {
        ...(options.selection ? { selection: options.selection } : {}),
        ...(options.now ? { now: options.now } : {}),
        ...(sampleDate ? { sampleDate } : {}),
      },
    );
    // The row's sampleDate cell is checked at the row (SD rules); only the file's own findings are attached.
    return { kind: report.kind, diagnostics: report.diagnostics.filter((d) => d.group !== 'sample-date') };
  };
}

/** The report summary: how the file was read, the mapping to save, per-row status and the plan. */
function csvSummary(result: CsvBatchResult): CsvBatchSummary {
  return {
    type: 'csv-batch',
    encoding: result.encoding.encoding,
    bom: result.encoding.bom,
    encodingReason: result.encoding.reason,
    delimiter: result.delimiter,
    decimalMark: result.decimalMark,
    headerLine: result.headerLine,
    headers: result.headers,
    mapping: result.mapping,
    ...(result.suggestedMapping ? { suggestedMapping: result.suggestedMapping } : {}),
    rows: result.rowCount,
    rowStatus: result.rows.map((r) => ({ ...r })),
    rowStatusOf: result.rowsListed,
    plan: result.plan,
  };
}

function decodeAs(bytes: Uint8Array, encoding: CsvEncoding): string {
  return textDecoderFor(encoding).decode(bytes);
}

async function validateBatch(
  kind: BatchKind,
  file: InputFile | StreamedFile,
  options: ValidateOptions,
): Promise<FileReport> {
  const { options: batchOptions, problem } = csvOptionsFrom(kind, options, file);
  // A streamed file is read once, row by row, and its text is not kept (no code frames, no text fixes).
  const bytes = 'bytes' in file ? file.bytes : undefined;
  const source = bytes ? bytesToStream(bytes) : (file as StreamedFile).open();
  const unusable: Diagnostic | undefined = problem
    ? {
        code: 'CSV004',
        rule: 'csv-header',
        group: 'csv-batch',
        severity: 'error',
        messageId: 'mapping',
        message: `The mapping is not usable: ${problem}`,
        location: {},
      }
    : undefined;
  // A streamed file's diagnostics go out as they are found (ValidateOptions.emit), the first one first.
  const emit = options.emit;
  if (unusable && emit) emit([unusable]);
  const result = await validateCsvBatch(source, emit ? { ...batchOptions, emit } : batchOptions);
  if (unusable && !emit) result.diagnostics.unshift(unusable);
  const report: FileReport = {
    file: file.name,
    kind: result.kind,
    diagnostics: result.diagnostics,
    summary: csvSummary(result),
    features: result.features,
  };
  if (bytes) report.text = decodeAs(bytes, result.encoding.encoding);
  if (result.records) {
    // Every diagnostic of a row carries its row (csv-batch.ts): the record's own.
    const byRow = diagnosticIndexesByRow(report.diagnostics);
    report.records = result.records.map((r) => ({ ...r, diagnostics: byRow.get(r.row) ?? [] }));
  }
  return report;
}

async function fixBatch(
  file: InputFile,
  report: FileReport,
  allowed: readonly FixSafety[],
): Promise<FixResult | undefined> {
  const result = fixedReportText(report, allowed);
  if (!result) return undefined;
  const summary = report.summary?.type === 'csv-batch' ? report.summary : undefined;
  const bytes = encodeCsvText(result.text, {
    encoding: summary?.encoding ?? 'utf-8',
    bom: summary?.bom ?? false,
  });
  return bytes ? { bytes, applied: result.applied } : undefined;
}

export const csvFileKinds: readonly FileKind[] = batchKinds.map((kind, i) => ({
  ...(csvKindInfos[i] as KindInfo),
  validate: (file, options) => validateBatch(kind, file, options),
  validateStream: (file, options) => validateBatch(kind, file, options),
  fix: fixBatch,
}));
