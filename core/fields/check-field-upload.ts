import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { LineIndex } from '../diagnostics/text-position.ts';
import type { JsonNode } from '../json/json-document.ts';
import { readJson } from '../json/read-json.ts';
import { propertyOf } from '../json/json-subject-access.ts';
import { itemRules, uploadRules } from '../rules/field-upload/index.ts';
import type { FieldItemSubject } from '../rules/field-upload/field-upload-subject.ts';
import { DiagnosticCollector } from '../rules/reporter.ts';
import type { RuleSelection } from '../rules/selection.ts';

export interface CheckFieldUploadOptions {
  selection?: RuleSelection;
  /**
   * Deep checks of one boundary (WKT syntax, validity, WGS 84, acreage, service limits), given the WKT, its
   * offset in the document and the stated acres. Injected so this module stays independent of the geometry code.
   */
  checkBoundary?: (input: BoundaryInput, collector: DiagnosticCollector) => void;
}

export interface BoundaryInput {
  wkt: string;
  /** Offset of the first character of the WKT in the document, when the JSON string has no escapes before it. */
  offset: number | undefined;
  lines: LineIndex;
  row: number;
  path: (string | number)[];
  statedAcres: number | undefined;
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
    if (options.checkBoundary && boundary?.node.kind === 'string' && boundary.node.value.trim() !== '') {
      const acres = propertyOf(item, 'acres');
      const raw = lines.text.slice(boundary.node.start + 1, boundary.node.end - 1);
      options.checkBoundary(
        {
          wkt: boundary.node.value,
          // Positions map one to one only when the JSON string holds no escapes.
          offset: raw === boundary.node.value ? boundary.node.start + 1 : undefined,
          lines,
          row: i + 1,
          path: ['fields', i, 'boundary'],
          statedAcres: acres?.node.kind === 'number' ? acres.node.value : undefined,
        },
        collector,
      );
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
