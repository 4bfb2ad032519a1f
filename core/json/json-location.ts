import type { Location, PathSegment } from '../diagnostics/diagnostic.ts';
import type { LineIndex } from '../diagnostics/text-position.ts';
import type { JsonNode } from './json-document.ts';

/** A JSON value being checked, with where it sits in its document. */
export interface JsonSubject {
  node: JsonNode;
  path: PathSegment[];
  lines: LineIndex;
  /** 1-based item number when the value belongs to a row-like item (a field of an upload). */
  row?: number;
}

export function locationOf(
  lines: LineIndex,
  node: { start: number; end: number },
  path: PathSegment[],
  row?: number,
): Location {
  const location: Location = { range: lines.range(node.start, node.end), path };
  if (row !== undefined) location.row = row;
  const last = path[path.length - 1];
  if (typeof last === 'string') location.field = last;
  return location;
}

export function subjectLocation(subject: JsonSubject): Location {
  return locationOf(subject.lines, subject.node, subject.path, subject.row);
}

export function childSubject(parent: JsonSubject, segment: PathSegment, node: JsonNode): JsonSubject {
  const child: JsonSubject = { node, path: [...parent.path, segment], lines: parent.lines };
  if (parent.row !== undefined) child.row = parent.row;
  return child;
}
