import type { JsonSubject } from '../../json/json-location.ts';
import type { FieldRecord } from '../../records/field-record.ts';

/** The whole upload body, for the rule that checks its JSON structure. */
export type FieldUploadSubject = JsonSubject;

/** One field, from whatever source: the item rules check records, not JSON nodes. */
export type FieldItemSubject = FieldRecord;

/** The fields of one upload (or CSV, or boundary file) in order, for rules that look across them. */
export type FieldRecordsSubject = Iterable<FieldRecord>;
