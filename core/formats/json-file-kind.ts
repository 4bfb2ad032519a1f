import { LineIndex } from '../diagnostics/text-position.ts';
import {
  isFieldUploadDocument,
  readFieldUploadStream,
  readFieldUploadText,
  type FieldUploadOutcome,
  type FieldUploadStreamHooks,
  type FieldUploadReadOptions,
} from '../fields/check-field-upload.ts';
import type { GeoJsonFeature } from '../geojson/geojson.ts';
import type { KindRecord } from '../records/submit-record.ts';
import type { JsonNode } from '../json/json-document.ts';
import { readJson } from '../json/read-json.ts';
import { checkRequestDocument, isRequestDocument, runRequestRules } from '../requests/check-request.ts';
import { requestForBareBody } from '../requests/request-subject.ts';
import { jsonDocumentUnrecognised } from './json-kind-rules.ts';
import { DiagnosticCollector } from '../rules/reporter.ts';
import { runTemporalEntityRules } from '../rules/temporal-entity/check-temporal-entity.ts';
import {
  decodeTextFile,
  type FileKind,
  type FileReport,
  type InputFile,
  type StreamedFile,
  type ValidateOptions,
} from '../input/file-kind.ts';
import { decodeTextStream } from '../input/decode-text-stream.ts';
import { textFix } from '../input/text-fixes.ts';
import { jsonKindInfo, jsonShapeInfo } from './json-kind-info.ts';

/** A JSON document shape that Fieldgate knows, recognised from the parsed root. */
interface JsonShape {
  id: string;
  title: string;
  matches(root: JsonNode): boolean;
  /**
   * Reports into the collector; returns the document's features when it has geometry, and its records
   * when asked for (`options.records`) and it has any. Absent for the field upload, which is read item by
   * item instead of as a tree (readFieldUpload below).
   */
  check?(
    root: JsonNode,
    lines: LineIndex,
    collector: DiagnosticCollector,
    options: ValidateOptions,
  ): { features?: GeoJsonFeature[]; records?: KindRecord[] } | void;
}

/** The JSON documents Fieldgate checks, tried in order. */
const jsonShapes: readonly JsonShape[] = [
  {
    ...jsonShapeInfo('field-upload'),
    matches: isFieldUploadDocument,
  },
  {
    ...jsonShapeInfo('service-requests'),
    matches: isRequestDocument,
    check: (root, lines, collector, options) => {
      const records: KindRecord[] | undefined = options.records ? [] : undefined;
      checkRequestDocument(root, lines, collector, options.now, records);
      return records ? { records } : undefined;
    },
  },
  {
    ...jsonShapeInfo('temporal-entity'),
    matches: (root) => root.kind === 'object' && root.properties.some((p) => p.key === 'dimensionality'),
    check: (root, lines, collector) => runTemporalEntityRules(collector, { node: root, path: [], lines }),
  },
  {
    ...jsonShapeInfo('request-body'),
    matches: (root) =>
      root.kind === 'object' &&
      root.properties.some((p) =>
        ['experimentProtocolId', 'experimentId', 'locationId', 'experimentEnrollmentId'].includes(p.key),
      ),
    check: (root, lines, collector) => {
      const keys = root.kind === 'object' ? root.properties.map((p) => p.key) : [];
      const kind = keys.includes('experimentEnrollmentId')
        ? 'experiment'
        : keys.includes('experimentProtocolId')
          ? 'program'
          : 'location';
      runRequestRules(collector, requestForBareBody(root, lines, kind));
    },
  },
];

/** What a field upload read asks for, from the kind's options. */
function uploadOptions(options: ValidateOptions, forced: boolean): FieldUploadReadOptions {
  const tolerance = options.settings?.acreageTolerance;
  const out: FieldUploadReadOptions = { forced, features: options.features !== false };
  if (options.selection) out.selection = options.selection;
  if (typeof tolerance === 'number') out.acreageTolerance = tolerance;
  if (options.emit) out.emit = options.emit;
  if (options.records) out.submitRecords = true;
  if (options.batchGeometry) out.batchGeometry = options.batchGeometry;
  return out;
}

/**
 * The report of a document read as a field upload first (the same reader whole or streamed); a document
 * without "fields" is checked as the other shapes, from the tree the reader built of it.
 */
function uploadReport(
  name: string,
  outcome: FieldUploadOutcome,
  options: ValidateOptions,
  forced: JsonShape | undefined,
): FileReport {
  switch (outcome.type) {
    case 'unreadable':
      return { file: name, kind: forced?.id ?? 'json', diagnostics: outcome.diagnostics };
    case 'upload': {
      const report: FileReport = { file: name, kind: 'field-upload', diagnostics: outcome.diagnostics };
      if (outcome.features && options.features !== false) report.features = outcome.features;
      if (outcome.submitRecords) report.records = outcome.submitRecords;
      return report;
    }
    case 'other':
      return checkTree(name, outcome.root, new LineIndex(outcome.text), options, forced);
  }
}

/** Check a parsed JSON document as `shape`, or as the shape its root matches when none is given. */
function checkTree(
  name: string,
  root: JsonNode,
  lines: LineIndex,
  options: ValidateOptions,
  forced?: JsonShape,
): FileReport {
  const kind = forced?.id ?? 'json';
  const collector = new DiagnosticCollector(options.selection);
  const shape = forced ?? jsonShapes.find((s) => s.check && s.matches(root));
  if (!shape?.check) {
    collector.report(jsonDocumentUnrecognised, {
      messageId: 'unrecognised',
      location: { range: lines.range(root.start, root.start + 1), path: [] },
      hint: `Fieldgate reads: ${jsonShapes.map((s) => s.title).join('; ')}.`,
    });
    return { file: name, kind, diagnostics: collector.diagnostics };
  }
  const checked = shape.check(root, lines, collector, options);
  const report: FileReport = { file: name, kind: shape.id, diagnostics: collector.diagnostics };
  if (checked?.features) report.features = checked.features;
  if (checked?.records) report.records = checked.records;
  return report;
}

/** Text given whole handed out in parts of the size a file stream's chunks have. */
async function* textParts(text: string): AsyncGenerator<string> {
  const PART = 64 * 1024;
  for (let at = 0; at < text.length; at += PART) yield text.slice(at, at + PART);
}

/** Check JSON text as `shape`, or as the shape its content says when none is given. */
async function validateJson(
  file: { name: string; text: string },
  options: ValidateOptions,
  forced?: JsonShape,
): Promise<FileReport> {
  const text = file.text;
  if (!forced?.check) {
    const readOptions = uploadOptions(options, forced !== undefined);
    // Its size in UTF-16 units: a field upload's text is ASCII but for names, so about its bytes.
    const pool = options.workers?.(text.length);
    if (!pool) {
      const outcome = readFieldUploadText(text, readOptions);
      return { ...uploadReport(file.name, outcome, options, forced), text };
    }
    // With workers the text is read in parts, as a stream is: the answers come in between them.
    const hooks: FieldUploadStreamHooks = {};
    if (options.pause) hooks.pause = options.pause;
    if (options.signal) hooks.signal = options.signal;
    const outcome = await readFieldUploadStream(textParts(text), { ...readOptions, pool }, hooks);
    // Cancelled: the engine discards the report.
    if (!outcome) return { file: file.name, kind: forced?.id ?? 'json', diagnostics: [] };
    return { ...uploadReport(file.name, outcome, options, forced), text };
  }
  const read = readJson(text, options.selection);
  if (!read.root) return { file: file.name, kind: forced.id, diagnostics: read.diagnostics, text };
  return { ...checkTree(file.name, read.root, read.lines, options, forced), text };
}

/**
 * Check a JSON file as it streams: a field upload in the memory of its biggest field (its report has no
 * text); another document is held whole, as it would be read, and checked as a tree.
 */
async function validateJsonStream(
  file: StreamedFile,
  options: ValidateOptions,
  forced?: JsonShape,
): Promise<FileReport> {
  let bytes = 0;
  const chunks = decodeTextStream(file.open(), (n) => (bytes = n));
  if (forced?.check) {
    let text = '';
    for await (const chunk of chunks) text += chunk;
    const read = readJson(text, options.selection);
    if (!read.root) return { file: file.name, kind: forced.id, diagnostics: read.diagnostics };
    return checkTree(file.name, read.root, read.lines, options, forced);
  }
  const hooks: FieldUploadStreamHooks = {
    progress: ({ records }) => options.progress?.({ bytes, records }),
  };
  if (options.pause) hooks.pause = options.pause;
  if (options.signal) hooks.signal = options.signal;
  const readOptions = uploadOptions(options, forced !== undefined);
  const pool = options.workers?.(file.size);
  if (pool) readOptions.pool = pool;
  const outcome = await readFieldUploadStream(chunks, readOptions, hooks);
  // Cancelled: the engine discards the report.
  if (!outcome) return { file: file.name, kind: forced?.id ?? 'json', diagnostics: [] };
  return uploadReport(file.name, outcome, options, forced);
}

export const jsonFileKind: FileKind = {
  ...jsonKindInfo,
  validate: (file, options) => validateJson({ name: file.name, text: decodeTextFile(file.bytes) }, options),
  validateText: (file, options) => validateJson(file, options),
  validateStream: (file, options) => validateJsonStream(file, options),
  fix: textFix,
};

/**
 * One kind per JSON shape, so `--kind field-upload` names what reports say. Detection goes through the
 * generic JSON kind (which picks the shape from the content); these are only chosen by name.
 */
export const jsonShapeKinds: readonly FileKind[] = jsonShapes.map((shape) => ({
  id: shape.id,
  title: shape.title,
  can: jsonKindInfo.can,
  detect: () => 0,
  validate: (file: InputFile, options: ValidateOptions) =>
    validateJson({ name: file.name, text: decodeTextFile(file.bytes) }, options, shape),
  validateText: (file: { name: string; text: string }, options: ValidateOptions) =>
    validateJson(file, options, shape),
  validateStream: (file: StreamedFile, options: ValidateOptions) => validateJsonStream(file, options, shape),
  fix: textFix,
}));
