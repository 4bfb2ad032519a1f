import type { FixSafety } from '../diagnostics/diagnostic.ts';
import { applyTextFixes } from '../diagnostics/fix-application.ts';
import type { LineIndex } from '../diagnostics/text-position.ts';
import {
  checkFieldUploadDocument,
  fieldUploadFeatures,
  isFieldUploadDocument,
} from '../fields/check-field-upload.ts';
import type { GeoJsonFeature } from '../geojson/geojson.ts';
import type { JsonNode } from '../json/json-document.ts';
import { readJson } from '../json/read-json.ts';
import { checkRequestDocument, isRequestDocument, runRequestRules } from '../requests/check-request.ts';
import { requestForBareBody } from '../requests/request-subject.ts';
import { jsonDocumentUnrecognised } from './json-kind-rules.ts';
import { DiagnosticCollector } from '../rules/reporter.ts';
import { runTemporalEntityRules } from '../rules/temporal-entity/check-temporal-entity.ts';
import {
  decodeUtf8,
  extensionOf,
  firstSignificantChar,
  type FileKind,
  type FileReport,
  type InputFile,
  type ValidateOptions,
} from '../input/file-kind.ts';
import { encodeTextLike } from '../input/text-decoding.ts';

/** A JSON document shape that Fieldgate knows, recognised from the parsed root. */
export interface JsonShape {
  id: string;
  title: string;
  matches(root: JsonNode): boolean;
  /** Reports into the collector; returns the document's features when it has geometry. */
  check(
    root: JsonNode,
    lines: LineIndex,
    collector: DiagnosticCollector,
    options: ValidateOptions,
  ): GeoJsonFeature[] | void;
}

/** The JSON documents Fieldgate checks, tried in order. */
export const jsonShapes: readonly JsonShape[] = [
  {
    id: 'field-upload',
    title: 'Field upload (FieldsWithBoundaryAndHierarchy, POST /v2/fields)',
    matches: isFieldUploadDocument,
    check: (root, lines, collector, options) => {
      const tolerance = options.settings?.acreageTolerance;
      const checked = checkFieldUploadDocument(
        root,
        lines,
        collector,
        typeof tolerance === 'number' ? { acreageTolerance: tolerance } : {},
      );
      return options.features === false ? undefined : fieldUploadFeatures(checked);
    },
  },
  {
    id: 'service-requests',
    title: 'Enrollment or experiment request(s) (version 5)',
    matches: isRequestDocument,
    check: (root, lines, collector, options) => {
      checkRequestDocument(root, lines, collector, options.now);
    },
  },
  {
    id: 'temporal-entity',
    title: 'TemporalEntity',
    matches: (root) => root.kind === 'object' && root.properties.some((p) => p.key === 'dimensionality'),
    check: (root, lines, collector) => runTemporalEntityRules(collector, { node: root, path: [], lines }),
  },
  {
    id: 'request-body',
    title: 'Request body (version 5), checked as the create call it belongs to',
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

/** Check a parsed JSON document as `shape`, or as the shape its root matches when none is given. */
async function validateJson(
  file: { name: string; text: string },
  options: ValidateOptions,
  forced?: JsonShape,
): Promise<FileReport> {
  const text = file.text;
  const read = readJson(text, options.selection);
  const kind = forced?.id ?? 'json';
  if (!read.root) return { file: file.name, kind, diagnostics: read.diagnostics, text };
  const collector = new DiagnosticCollector(options.selection);
  const shape = forced ?? jsonShapes.find((s) => s.matches(read.root!));
  if (!shape) {
    collector.report(jsonDocumentUnrecognised, {
      messageId: 'unrecognised',
      location: { range: read.lines.range(read.root.start, read.root.start + 1), path: [] },
      hint: `Fieldgate reads: ${jsonShapes.map((s) => s.title).join('; ')}.`,
    });
    return { file: file.name, kind, diagnostics: collector.diagnostics, text };
  }
  const features = shape.check(read.root, read.lines, collector, options);
  const report: FileReport = { file: file.name, kind: shape.id, diagnostics: collector.diagnostics, text };
  if (features) report.features = features;
  return report;
}

/** Apply the text fixes of the given diagnostics, writing the file back in the encoding it came in. */
async function fixJson(file: InputFile, report: FileReport, allowed: readonly FixSafety[]) {
  if (report.text === undefined) return undefined;
  const result = applyTextFixes(report.text, report.diagnostics, allowed);
  if (result.applied.length === 0) return undefined;
  return { bytes: encodeTextLike(result.text, file.bytes), applied: result.applied };
}

export const jsonFileKind: FileKind = {
  id: 'json',
  title: 'Fieldgate JSON document, its shape recognised from the content (one of the four below)',
  detect(file: InputFile): number {
    const ext = extensionOf(file.name);
    const first = firstSignificantChar(file.bytes);
    if (ext === 'json') return 5;
    return first === '{' || first === '[' ? 2 : 0;
  },
  validate: (file, options) => validateJson({ name: file.name, text: decodeUtf8(file.bytes) }, options),
  validateText: (file, options) => validateJson(file, options),
  fix: fixJson,
};

/**
 * One kind per JSON shape, so `--kind field-upload` names what reports say. Detection goes through the
 * generic JSON kind (which picks the shape from the content); these are only chosen by name.
 */
export const jsonShapeKinds: readonly FileKind[] = jsonShapes.map((shape) => ({
  id: shape.id,
  title: shape.title,
  detect: () => 0,
  validate: (file: InputFile, options: ValidateOptions) =>
    validateJson({ name: file.name, text: decodeUtf8(file.bytes) }, options, shape),
  validateText: (file: { name: string; text: string }, options: ValidateOptions) =>
    validateJson(file, options, shape),
  fix: fixJson,
}));
