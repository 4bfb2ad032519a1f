/**
 * A request as the request rules see it, whatever it came from: a request file (`{method, path, headers,
 * query, body, current}`, one or a batch), a bare create body, or a request a program builds (the sandbox,
 * the client's preflight). Like a field record, every property carries its value and its own location (the
 * JSON path and range in a request file; the header or query name for a program's request), so rules report
 * where the value is written and fixes edit it there.
 */

import type { Location } from '../diagnostics/diagnostic.ts';
import type { LineIndex } from '../diagnostics/text-position.ts';
import type { JsonSubject } from '../json/json-location.ts';
import type { OperationMatch } from '../requests/operations.ts';

/** A header or query value, with where it is written when it came from a request file. */
export interface NamedValue {
  name: string;
  value: string;
  location: Location;
  /** Present when the value is a JSON string in a request file, so fixes can edit it. */
  subject?: JsonSubject;
  /** Present when the value sits unquoted inside a longer string (a query in "path"): fixes edit these offsets. */
  valueRange?: { start: number; end: number };
}

/** Where a request record came from. */
type RequestRecordFormat = 'request-file' | 'bare-body' | 'program';

/** One request to the service, ready for the request rules. */
export interface RequestRecord {
  format: RequestRecordFormat;
  method: string;
  path: string;
  operation: OperationMatch | undefined;
  /** Lower-cased header names. */
  headers: Map<string, NamedValue>;
  query: Map<string, NamedValue>;
  /** The body as JSON with positions: each property has its path and range. */
  body: JsonSubject | undefined;
  /** The enrollment as it is now, when the request file gives it: lets the update rule see "no change". */
  current: JsonSubject | undefined;
  /** Where the request as a whole is. */
  location: Location;
  /** Where the method and the path are written. */
  methodLocation: Location;
  pathLocation: Location;
  /** 0-based position in a batch. */
  index: number;
  lines: LineIndex;
}
