import type { LineIndex } from '../../diagnostics/text-position.ts';
import type { JsonNode } from '../../json/json-document.ts';
import type { FieldRecord } from '../../records/field-record.ts';

/**
 * What the rule over an upload's JSON structure sees, as the upload is read (it may stream: the items of
 * "fields" are never all held): the root when it is not an object, the end of a root without "fields",
 * "fields" itself (an array without its items, with their count, or whatever else it holds), and each item.
 * `lines` places offsets while the part seen is being read.
 */
export type FieldUploadSubject =
  | { part: 'root'; node: JsonNode; lines: LineIndex }
  | { part: 'no-fields'; root: JsonNode; lines: LineIndex }
  | { part: 'fields'; node: JsonNode; count: number; lines: LineIndex }
  | { part: 'item'; node: JsonNode; index: number; lines: LineIndex }
  /** "fields" given again after an array: `key` is the later key, `count` the items of the array before. */
  | { part: 'repeated'; key: { start: number; end: number }; count: number; lines: LineIndex };

/** One field, from whatever source: the item rules check records, not JSON nodes. */
export type FieldItemSubject = FieldRecord;

/** The fields of one upload (or CSV, or boundary file) in order, for rules that look across them. */
export type FieldRecordsSubject = Iterable<FieldRecord>;
