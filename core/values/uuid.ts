/** RFC 9562 textual UUID: 8-4-4-4-12 hex digits, upper or lower case (the RFC says input is case-insensitive). */
const UUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/**
 * The canonical form of a UUID written another common way (braces, urn:uuid:, no hyphens, surrounding
 * spaces), keeping its case; undefined when the text is not a UUID in any of those forms.
 */
export function canonicalUuid(value: string): string | undefined {
  const stripped = value
    .trim()
    .replace(/^urn:uuid:/i, '')
    .replace(/^\{(.*)\}$/, '$1');
  if (isUuid(stripped)) return stripped;
  if (/^[0-9a-fA-F]{32}$/.test(stripped)) {
    return `${stripped.slice(0, 8)}-${stripped.slice(8, 12)}-${stripped.slice(12, 16)}-${stripped.slice(16, 20)}-${stripped.slice(20)}`;
  }
  return undefined;
}
