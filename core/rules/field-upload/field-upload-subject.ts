import type { JsonSubject } from '../../json/json-location.ts';

/** The whole upload body, for rules that look across items. */
export type FieldUploadSubject = JsonSubject;

/** One item of `fields`, with its 1-based row. */
export interface FieldItemSubject extends JsonSubject {
  row: number;
}
