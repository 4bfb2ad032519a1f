/**
 * A strict JSON (RFC 8259) parser that keeps the character range of every value and property, so checks
 * can point at the exact place in the file. Syntax errors carry their offset and what was expected.
 */

import { characterName, codePointLabel, describeCharacter } from '../values/describe-character.ts';

interface NodeBase {
  /** 0-based offset of the first character of the value. */
  start: number;
  /** 0-based offset just past the value. */
  end: number;
}

export interface JsonObjectNode extends NodeBase {
  kind: 'object';
  properties: JsonProperty[];
}
export interface JsonArrayNode extends NodeBase {
  kind: 'array';
  items: JsonNode[];
}
interface JsonStringNode extends NodeBase {
  kind: 'string';
  value: string;
}
interface JsonNumberNode extends NodeBase {
  kind: 'number';
  value: number;
  raw: string;
}
interface JsonBooleanNode extends NodeBase {
  kind: 'boolean';
  value: boolean;
}
interface JsonNullNode extends NodeBase {
  kind: 'null';
}

export type JsonNode =
  JsonObjectNode | JsonArrayNode | JsonStringNode | JsonNumberNode | JsonBooleanNode | JsonNullNode;

export interface JsonProperty {
  key: string;
  keyStart: number;
  keyEnd: number;
  value: JsonNode;
}

export interface JsonSyntaxError {
  offset: number;
  /** Length of the offending token (at least 1 unless at end of input). */
  length: number;
  message: string;
  expected: string;
}

export type JsonParseResult = { ok: true; root: JsonNode } | { ok: false; error: JsonSyntaxError };

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

class JsonSyntaxFailure extends Error {
  constructor(readonly detail: JsonSyntaxError) {
    super(detail.message);
  }
}

function describe(text: string, i: number): string {
  if (i >= text.length) return 'end of input';
  const ch = String.fromCodePoint(text.codePointAt(i) ?? 0);
  const code = ch.codePointAt(0) ?? 0;
  const name = characterName(code);
  return /\s/.test(ch)
    ? `whitespace (${codePointLabel(code)}${name !== undefined ? ` ${name}` : ''})`
    : describeCharacter(ch, '"');
}

// eslint-disable-next-line no-control-regex -- finding raw control characters is the point
const RAW_CONTROL = /[\u0000-\u001f]/g;

export function parseJson(text: string): JsonParseResult {
  // A byte-order mark is not JSON, but editors add it; skip it rather than fail the whole file.
  const parsed = parseJsonValueAt(text, text.charCodeAt(0) === 0xfeff ? 1 : 0);
  if (!parsed.ok) return parsed;
  let i = parsed.end;
  while (isJsonWhitespace(text.charCodeAt(i))) i++;
  if (i < text.length)
    return { ok: false, error: jsonSyntaxError(text, 'end of input after the JSON value', i) };
  return { ok: true, root: parsed.node };
}

export function isJsonWhitespace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

/**
 * The syntax error at `at` (an index of `text`): what was expected and what was found there. `base` is
 * added to the offset, for text that is a window of a longer document (a streamed file).
 */
export function jsonSyntaxError(
  text: string,
  expected: string,
  at: number,
  length = 1,
  base = 0,
): JsonSyntaxError {
  return {
    offset: at + base,
    length: at >= text.length ? 0 : length,
    expected,
    message: `expected ${expected} but found ${describe(text, at)}`,
  };
}

export type JsonValueParse =
  { ok: true; node: JsonNode; end: number } | { ok: false; error: JsonSyntaxError };

/**
 * Where the next backslash and raw control character of a text are (-2: not looked for yet, -1: none),
 * kept between the parses of the values of one text: found again for each value, a text without them would
 * be scanned to its end once per value.
 */
export interface JsonScanState {
  text: string | undefined;
  backslash: number;
  control: number;
}

export function newJsonScanState(): JsonScanState {
  return { text: undefined, backslash: -2, control: -2 };
}

/**
 * Parse one JSON value of `text` from index `from` (whitespace before it skipped), nested `depth` levels
 * deep in its document; nothing after it is read. Node and error offsets are indexes of `text` plus
 * `base`: a streamed document is parsed value by value from a window of its text. `end` is the index of
 * `text` just past the value. `scan` carries what was found between the parses of one text's values.
 */
export function parseJsonValueAt(
  text: string,
  from: number,
  depth = 0,
  base = 0,
  scan: JsonScanState = newJsonScanState(),
): JsonValueParse {
  let i = from;
  if (scan.text !== text) {
    scan.text = text;
    scan.backslash = -2;
    scan.control = -2;
  }

  const fail = (expected: string, at = i, length = 1): never => {
    throw new JsonSyntaxFailure(jsonSyntaxError(text, expected, at, length, base));
  };

  const skipWs = (): void => {
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 9 || c === 10 || c === 13) i++;
      else break;
    }
  };

  // Where the next backslash and raw control character are, found natively and kept until passed, so a
  // string without either (a 10 KB boundary) is one indexOf to its closing quote, not a loop per character.
  let nextBackslash = scan.backslash;
  let nextControl = scan.control;
  const parseString = (): JsonStringNode => {
    const start = i;
    i++; // opening quote
    const close = text.indexOf('"', i);
    if (close !== -1) {
      if (nextBackslash !== -1 && nextBackslash < i) nextBackslash = text.indexOf('\\', i);
      if (nextControl !== -1 && nextControl < i) {
        RAW_CONTROL.lastIndex = i;
        nextControl = RAW_CONTROL.test(text) ? RAW_CONTROL.lastIndex - 1 : -1;
      }
      if ((nextBackslash === -1 || nextBackslash > close) && (nextControl === -1 || nextControl > close)) {
        i = close + 1;
        return { kind: 'string', start: start + base, end: i + base, value: text.slice(start + 1, close) };
      }
    }
    let value = '';
    let chunkStart = i;
    for (;;) {
      if (i >= text.length) fail('closing quote of the string started at offset ' + (start + base));
      const c = text.charCodeAt(i);
      if (c === 34) {
        value += text.slice(chunkStart, i);
        i++;
        return { kind: 'string', start: start + base, end: i + base, value };
      }
      if (c === 92) {
        value += text.slice(chunkStart, i);
        const e = text[i + 1];
        const simple: Record<string, string> = {
          '"': '"',
          '\\': '\\',
          '/': '/',
          b: '\b',
          f: '\f',
          n: '\n',
          r: '\r',
          t: '\t',
        };
        if (e !== undefined && simple[e] !== undefined) {
          value += simple[e];
          i += 2;
        } else if (e === 'u') {
          const hex = text.slice(i + 2, i + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail('four hex digits after \\u', i + 2, 4);
          value += String.fromCharCode(parseInt(hex, 16));
          i += 6;
        } else {
          fail('an escape (\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)', i + 1);
        }
        chunkStart = i;
        continue;
      }
      if (c < 0x20) fail('a character other than a raw control character in a string (escape it)', i);
      i++;
    }
  };

  const isDigit = (at: number): boolean => {
    const c = text.charCodeAt(at);
    return c >= 48 && c <= 57;
  };
  const parseNumber = (): JsonNumberNode => {
    const start = i;
    if (text.charCodeAt(i) === 45) i++; // -
    if (text.charCodeAt(i) === 48)
      i++; // a leading 0 stands alone
    else if (isDigit(i)) while (isDigit(i)) i++;
    else fail('a digit', i);
    if (text.charCodeAt(i) === 46) {
      i++;
      if (!isDigit(i)) fail('a digit after the decimal point', i);
      while (isDigit(i)) i++;
    }
    const e = text.charCodeAt(i);
    if (e === 101 || e === 69) {
      i++;
      const sign = text.charCodeAt(i);
      if (sign === 43 || sign === 45) i++;
      if (!isDigit(i)) fail('a digit in the exponent', i);
      while (isDigit(i)) i++;
    }
    const raw = text.slice(start, i);
    return { kind: 'number', start: start + base, end: i + base, value: Number(raw), raw };
  };

  const parseLiteral = <T extends 'true' | 'false' | 'null'>(word: T): void => {
    if (text.startsWith(word, i)) {
      i += word.length;
      return;
    }
    fail(`"${word}"`, i, word.length);
  };

  const parseValue = (depth: number): JsonNode => {
    if (depth > 512) fail('less deeply nested data (more than 512 levels)');
    skipWs();
    const start = i;
    const c = text[i];
    switch (c) {
      case '{': {
        i++;
        const properties: JsonProperty[] = [];
        skipWs();
        if (text[i] === '}') {
          i++;
          return { kind: 'object', start: start + base, end: i + base, properties };
        }
        for (;;) {
          skipWs();
          if (text[i] !== '"')
            fail(
              properties.length === 0
                ? 'a property name in double quotes or "}"'
                : 'a property name in double quotes',
            );
          const key = parseString();
          skipWs();
          if (text[i] !== ':') fail('":" after the property name');
          i++;
          const value = parseValue(depth + 1);
          properties.push({ key: key.value, keyStart: key.start, keyEnd: key.end, value });
          skipWs();
          if (text[i] === ',') {
            i++;
            skipWs();
            if (text[i] === '}') fail('another property after "," (trailing commas are not JSON)', i - 1);
            continue;
          }
          if (text[i] === '}') {
            i++;
            return { kind: 'object', start: start + base, end: i + base, properties };
          }
          fail('"," or "}"');
        }
      }
      case '[': {
        i++;
        const items: JsonNode[] = [];
        skipWs();
        if (text[i] === ']') {
          i++;
          return { kind: 'array', start: start + base, end: i + base, items };
        }
        for (;;) {
          items.push(parseValue(depth + 1));
          skipWs();
          if (text[i] === ',') {
            i++;
            skipWs();
            if (text[i] === ']') fail('another value after "," (trailing commas are not JSON)', i - 1);
            continue;
          }
          if (text[i] === ']') {
            i++;
            return { kind: 'array', start: start + base, end: i + base, items };
          }
          fail('"," or "]"');
        }
      }
      case '"':
        return parseString();
      case 't':
        parseLiteral('true');
        return { kind: 'boolean', start: start + base, end: i + base, value: true };
      case 'f':
        parseLiteral('false');
        return { kind: 'boolean', start: start + base, end: i + base, value: false };
      case 'n':
        parseLiteral('null');
        return { kind: 'null', start: start + base, end: i + base };
      default:
        if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return parseNumber();
        if (c === "'") return fail('a string in double quotes (single quotes are not JSON)');
        return fail('a JSON value (object, array, string, number, true, false or null)');
    }
  };

  try {
    const node = parseValue(depth);
    scan.backslash = nextBackslash;
    scan.control = nextControl;
    return { ok: true, node, end: i };
  } catch (e) {
    if (e instanceof JsonSyntaxFailure) return { ok: false, error: e.detail };
    throw e;
  }
}

export function getProperty(node: JsonObjectNode, key: string): JsonProperty | undefined {
  return node.properties.find((p) => p.key === key);
}

/** Plain value of a node (last duplicate key wins, as in JSON.parse). */
export function toValue(node: JsonNode): JsonValue {
  switch (node.kind) {
    case 'object': {
      const out: { [key: string]: JsonValue } = {};
      for (const p of node.properties) out[p.key] = toValue(p.value);
      return out;
    }
    case 'array':
      return node.items.map(toValue);
    case 'null':
      return null;
    default:
      return node.value;
  }
}

export function describeKind(node: JsonNode): string {
  return node.kind === 'object' ? 'an object' : node.kind === 'array' ? 'an array' : `a ${node.kind}`;
}
