import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { LineIndex } from '../diagnostics/text-position.ts';
import type { JsonNode } from '../json/json-document.ts';
import { readJson } from '../json/read-json.ts';
import { propertyOf } from '../json/json-subject-access.ts';
import { checkFieldUploadBoundary } from '../boundary/field-upload-boundary.ts';
import { itemRules, uploadRules } from '../rules/field-upload/index.ts';
import type { FieldItemSubject } from '../rules/field-upload/field-upload-subject.ts';
import { DiagnosticCollector } from '../rules/reporter.ts';
import type { RuleSelection } from '../rules/selection.ts';

export interface CheckFieldUploadOptions {
  selection?: RuleSelection;
  /**
   * Deep checks of one boundary (WKT syntax, validity, WGS 84, acreage, service limits). Defaults to the
   * boundary pipeline (core/boundary); `false` checks the upload's structure only.
   */
  checkBoundary?: ((input: BoundaryInput, collector: DiagnosticCollector) => void) | false;
  acreageTolerance?: number;
}

export interface BoundaryInput {
  wkt: string;
  /** Offset of the first character of the WKT in the document, when the JSON string has no escapes. */
  offset: number | undefined;
  /** For a boundary string with escapes: WKT offset → document offset. */
  mapOffset?: (wktOffset: number) => number;
  lines: LineIndex;
  row: number;
  path: (string | number)[];
  statedAcres: number | undefined;
  /** Offsets and JSON path of the acres value, so acreage diagnostics point at it and fixes rewrite it. */
  acresSpan?: { start: number; end: number };
  acresPath?: (string | number)[];
  /** Relative acreage tolerance (fraction, default 0.02). */
  acreageTolerance?: number;
}

/**
 * Document offsets of each character of a JSON string's value (plus one past the end), so positions
 * inside the decoded value map back through escapes like \" and \u00e9.
 */
export function stringOffsetMap(
  text: string,
  node: { start: number; end: number },
): (offset: number) => number {
  const offsets: number[] = [];
  let i = node.start + 1;
  const end = node.end - 1;
  while (i < end) {
    offsets.push(i);
    if (text.charCodeAt(i) === 92) i += text[i + 1] === 'u' ? 6 : 2;
    else i++;
  }
  offsets.push(end);
  return (offset) => offsets[Math.max(0, Math.min(offset, offsets.length - 1))] ?? end;
}

/** Does this JSON look like a field upload (FieldsWithBoundaryAndHierarchy)? */
export function isFieldUploadDocument(root: JsonNode): boolean {
  if (root.kind !== 'object') return false;
  return root.properties.some((p) => p.key === 'fields');
}

export function checkFieldUploadDocument(
  root: JsonNode,
  lines: LineIndex,
  collector: DiagnosticCollector,
  options: CheckFieldUploadOptions = {},
): void {
  const subject = { node: root, path: [], lines };
  for (const rule of uploadRules) collector.run(rule, subject);
  const fields = propertyOf(subject, 'fields');
  if (!fields || fields.node.kind !== 'array') return;
  fields.node.items.forEach((node, i) => {
    if (node.kind !== 'object') return;
    const item: FieldItemSubject = { node, path: ['fields', i], lines, row: i + 1 };
    for (const rule of itemRules) collector.run(rule, item);
    const boundary = propertyOf(item, 'boundary');
    const checkBoundary =
      options.checkBoundary === undefined ? checkFieldUploadBoundary : options.checkBoundary;
    if (checkBoundary && boundary?.node.kind === 'string' && boundary.node.value.trim() !== '') {
      const acres = propertyOf(item, 'acres');
      const raw = lines.text.slice(boundary.node.start + 1, boundary.node.end - 1);
      const input: BoundaryInput = {
        wkt: boundary.node.value,
        offset: boundary.node.start + 1,
        lines,
        row: i + 1,
        path: ['fields', i, 'boundary'],
        statedAcres: acres?.node.kind === 'number' ? acres.node.value : undefined,
      };
      // Positions map one to one only when the JSON string holds no escapes.
      if (raw !== boundary.node.value) input.mapOffset = stringOffsetMap(lines.text, boundary.node);
      if (acres) {
        input.acresSpan = { start: acres.node.start, end: acres.node.end };
        input.acresPath = ['fields', i, 'acres'];
      }
      if (options.acreageTolerance !== undefined) input.acreageTolerance = options.acreageTolerance;
      checkBoundary(input, collector);
    }
  });
}

/** Check a POST /v2/fields body given as text (the sandbox uses this). */
export function checkFieldUploadText(text: string, options: CheckFieldUploadOptions = {}): Diagnostic[] {
  const read = readJson(text, options.selection);
  if (!read.root) return read.diagnostics;
  const collector = new DiagnosticCollector(options.selection);
  checkFieldUploadDocument(read.root, read.lines, collector, options);
  return collector.diagnostics;
}
