import type { JsonObjectNode, JsonProperty } from './json-document.ts';
import { childSubject, type JsonSubject } from './json-location.ts';

/** A property of the object a subject holds, as a subject of its own. */
export interface PropertySubject extends JsonSubject {
  property: JsonProperty;
}

function objectNode(subject: JsonSubject): JsonObjectNode | undefined {
  return subject.node.kind === 'object' ? subject.node : undefined;
}

/** The last property with this key (JSON.parse semantics), or undefined. */
export function propertyOf(subject: JsonSubject, key: string): PropertySubject | undefined {
  const obj = objectNode(subject);
  if (!obj) return undefined;
  let found: JsonProperty | undefined;
  for (const p of obj.properties) if (p.key === key) found = p;
  return found ? { ...childSubject(subject, key, found.value), property: found } : undefined;
}

export function stringValue(subject: JsonSubject | undefined): string | undefined {
  return subject?.node.kind === 'string' ? subject.node.value : undefined;
}

/** A fix edit that replaces a whole JSON value with a new string value. */
export function replaceWithString(
  subject: JsonSubject,
  value: string,
): { start: number; end: number; text: string } {
  return { start: subject.node.start, end: subject.node.end, text: JSON.stringify(value) };
}

/** The range of a whole property, `"key": value`, plus one adjacent comma, for fixes that remove it. */
export function propertyRemovalRange(
  obj: JsonObjectNode,
  property: JsonProperty,
): { start: number; end: number } {
  const index = obj.properties.indexOf(property);
  const next = obj.properties[index + 1];
  const prev = obj.properties[index - 1];
  if (next) return { start: property.keyStart, end: next.keyStart };
  if (prev) {
    // Remove from just after the previous value (its trailing comma included) to the end of this value.
    return { start: prev.value.end, end: property.value.end };
  }
  return { start: property.keyStart, end: property.value.end };
}
