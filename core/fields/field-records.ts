/**
 * The reader of JSON field uploads: each object item of `fields` becomes a FieldRecord whose properties
 * keep their JSON path, character range and, for the boundary, a map from WKT offsets to document offsets
 * (through escapes), so the rules and the boundary checks report and fix at the document's own characters.
 */

import type { Location } from '../diagnostics/diagnostic.ts';
import type { LineIndex } from '../diagnostics/text-position.ts';
import type { JsonNode, JsonObjectNode } from '../json/json-document.ts';
import { locationOf } from '../json/json-location.ts';
import { type FieldRecord, type FieldRecordProperty, type RecordValue } from '../records/field-record.ts';
import { FIELD_PROPERTIES } from '../rules/field-upload/field-upload-known.ts';

/**
 * Document offsets of each character of a JSON string's value (plus one past the end), so positions
 * inside the decoded value map back through escapes like \" and \u00e9. `text` holds the document from
 * offset `base` on (a streamed document's window).
 */
export function stringOffsetMap(
  text: string,
  node: { start: number; end: number; value?: string },
  base = 0,
): (offset: number) => number {
  // Without escapes the written text is the value, one character for one. Every escape is written with
  // more characters than it stands for, so a value as long as its text has none (no scan needed).
  let escaped = false;
  if (node.value === undefined || node.value.length !== node.end - node.start - 2) {
    for (let i = node.start + 1; i < node.end - 1; i++) {
      if (text.charCodeAt(i - base) === 92) {
        escaped = true;
        break;
      }
    }
  }
  const first = node.start + 1;
  const end = node.end - 1;
  if (!escaped) return (offset) => Math.max(first, Math.min(first + offset, end));
  const offsets: number[] = [];
  let i = first;
  while (i < end) {
    offsets.push(i);
    if (text.charCodeAt(i - base) === 92) i += text.charCodeAt(i - base + 1) === 117 ? 6 : 2;
    else i++;
  }
  offsets.push(end);
  return (offset) => offsets[Math.max(0, Math.min(offset, offsets.length - 1))] ?? end;
}

/** A JSON location with the record's feature index, so every property's location names its feature. */
function place(
  lines: LineIndex,
  node: { start: number; end: number },
  path: (string | number)[],
  row: number,
  feature: number | undefined,
): Location {
  const location = locationOf(lines, node, path, row);
  if (feature !== undefined) location.feature = feature;
  return location;
}

function valueOf(
  node: JsonNode,
  lines: LineIndex,
  path: (string | number)[],
  row: number,
  feature: number | undefined,
): RecordValue {
  const value: RecordValue = {
    kind: node.kind,
    location: place(lines, node, path, row, feature),
    span: { start: node.start, end: node.end },
  };
  if (node.kind === 'string' || node.kind === 'boolean') value.value = node.value;
  else if (node.kind === 'number') {
    value.value = node.value;
    value.raw = node.raw;
  }
  return value;
}

/**
 * The record of one item of `fields` (an object node), `index` its 0-based position. `source` is the text
 * the node's offsets index (from document offset `base` on): the whole document, or a streamed window.
 */
export function fieldRecordFromJson(
  node: JsonObjectNode,
  lines: LineIndex,
  index: number,
  feature?: number,
  source: { text: string; base: number } = { text: lines.text, base: 0 },
): FieldRecord {
  const row = index + 1;
  const path = ['fields', index];
  const record: FieldRecord = {
    format: 'field-upload',
    row,
    location: place(lines, node, path, row, feature),
    label: `Field ${row}`,
    lines,
  };
  if (feature !== undefined) record.feature = feature;
  const known = FIELD_PROPERTIES as readonly string[];
  const unknown: NonNullable<FieldRecord['unknown']> = [];
  for (const p of node.properties) {
    if (!known.includes(p.key)) {
      unknown.push({
        name: p.key,
        location: place(lines, { start: p.keyStart, end: p.keyEnd }, [...path, p.key], row, feature),
      });
      continue;
    }
    // The last of repeated keys wins, as in JSON.parse.
    const key = p.key as FieldRecordProperty;
    const value = valueOf(p.value, lines, [...path, key], row, feature);
    if (key === 'boundary' && p.value.kind === 'string')
      value.mapOffset = stringOffsetMap(source.text, p.value, source.base);
    record[key] = value;
  }
  if (unknown.length > 0) record.unknown = unknown;
  return record;
}

/** Records of every object item of the upload's `fields` (other items are FU001's business). */
export function fieldRecordsFromUpload(root: JsonNode, lines: LineIndex): FieldRecord[] {
  if (root.kind !== 'object') return [];
  let fields: JsonNode | undefined;
  for (const p of root.properties) if (p.key === 'fields') fields = p.value;
  if (fields?.kind !== 'array') return [];
  const records: FieldRecord[] = [];
  fields.items.forEach((item, i) => {
    if (item.kind === 'object') records.push(fieldRecordFromJson(item, lines, i, records.length));
  });
  return records;
}
