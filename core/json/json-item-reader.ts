/**
 * A JSON document read in chunks, with the items of one array of its root object handed out one at a time
 * (the "fields" of a field upload): each item is parsed with its document offsets, given to the caller and
 * let go, so a document of any size takes the memory of its biggest item. The rest of the document is
 * parsed as usual (json-document.ts, whose messages and offsets every syntax error here has: the same file
 * read whole or in chunks gives the same error at the same place).
 *
 * Push text with `push`, then take events with `next` until it returns undefined (it needs more text, or
 * the document is done); `end` says no more text comes.
 */

import {
  isJsonWhitespace,
  jsonSyntaxError,
  newJsonScanState,
  parseJsonValueAt,
  type JsonNode,
  type JsonObjectNode,
  type JsonProperty,
  type JsonSyntaxError,
  type JsonValueParse,
} from './json-document.ts';
import { StreamLines } from './json-stream-lines.ts';

export type JsonItemEvent =
  /** The root object's property named `key` starts an array: its items follow. */
  | { type: 'array-start'; key: string; keyStart: number; keyEnd: number; start: number }
  /** One item of that array (0-based `index`), with document offsets. */
  | { type: 'item'; index: number; node: JsonNode }
  /** The array closed after `count` items; `property` is it without its items. */
  | { type: 'array-end'; count: number; property: JsonProperty }
  /** Any other property of the root object (or the array's key given a value that is not an array). */
  | { type: 'property'; property: JsonProperty }
  /**
   * The document is done. `root`: the whole root value (an object's streamed array without its items);
   * `text`: the whole text, when no array was streamed (none was let go).
   */
  | { type: 'end'; root: JsonNode; text?: string }
  /** Only whitespace (or nothing). */
  | { type: 'empty' }
  | { type: 'error'; error: JsonSyntaxError };

type State =
  | 'start'
  | 'object-first'
  | 'object-key'
  | 'colon'
  | 'value'
  | 'object-next'
  | 'array-first'
  | 'array-item'
  | 'array-next'
  | 'after-root'
  | 'finished';

/** Parses that end this close to the end of the window may have been cut short by it: read more first. */
const CUT_MARGIN = 8;
const NON_SPACE = /\S/g;

export class JsonItemReader {
  /** Line and column of any offset inside the window. */
  readonly lines = new StreamLines();
  /** The window: the document's text from offset `base` on. */
  private text = '';
  private base = 0;
  private done = false;
  /** Document offset of the next character to read. */
  private at = 0;
  private state: State = 'start';
  /** A parse cut short by the window waits until the window holds this many characters from `at`. */
  private want = 0;
  private rootStart = 0;
  private readonly properties: JsonProperty[] = [];
  /** Kept between the parses of one window's values (forgotten with the window). */
  private readonly scan = newJsonScanState();
  private root: JsonNode | undefined;
  private streamed: { key: string; keyStart: number; keyEnd: number; start: number } | undefined;
  private count = 0;
  /** The longest item so far, in characters. */
  private longest = 0;
  private firstKey = true;

  /** @param arrayKey the root property whose array items are handed out one by one */
  constructor(private readonly arrayKey: string) {}

  /** The window's text and its document offset (for maps into string values). */
  get window(): { text: string; base: number } {
    return { text: this.text, base: this.base };
  }

  /** Whether the streamed array was found (the text before it is then let go as reading goes on). */
  get streaming(): boolean {
    return this.streamed !== undefined;
  }

  /**
   * Line starts from this document offset on are kept even once the window let go of their text: a caller
   * still placing diagnostics of items it handed out (boundaries checked on other threads) sets it.
   */
  keepLinesFrom: number | undefined;

  /** More text. Text the reader has passed is let go once an array streams (never before: see `end`). */
  push(chunk: string): void {
    if (this.streamed && this.at > this.base) {
      this.text = this.text.slice(this.at - this.base) + chunk;
      this.base = this.at;
      this.lines.forget(Math.min(this.base, this.keepLinesFrom ?? Infinity));
    } else this.text += chunk;
    this.lines.scan(this.text, this.base, false);
  }

  end(): void {
    this.done = true;
    this.lines.scan(this.text, this.base, true);
  }

  /** The next event, or undefined when more text is needed (or the document is finished). */
  next(): JsonItemEvent | undefined {
    if (this.want > 0 && !this.done && this.base + this.text.length - this.at < this.want) return undefined;
    for (;;) {
      switch (this.state) {
        case 'finished':
          return undefined;
        case 'start': {
          NON_SPACE.lastIndex = 0;
          if (!NON_SPACE.test(this.text)) {
            if (!this.done) return undefined;
            this.state = 'finished';
            return { type: 'empty' };
          }
          // A byte-order mark is not JSON, but editors add it: skipped, as parseJson does.
          if (this.text.charCodeAt(0) === 0xfeff) this.at = 1;
          const c = this.peek();
          if (c === undefined) return undefined;
          if (c !== 123) {
            const parsed = this.parse(0);
            if (!parsed) return undefined;
            if (!parsed.ok) return this.fail(parsed.error);
            this.root = parsed.node;
            this.state = 'after-root';
            continue;
          }
          this.rootStart = this.at;
          this.at++;
          this.state = 'object-first';
          continue;
        }
        case 'object-first': {
          const c = this.peek();
          if (c === undefined) return undefined;
          if (c === 125) {
            this.at++;
            this.closeRoot();
            continue;
          }
          this.state = 'object-key';
          continue;
        }
        case 'object-key': {
          const c = this.peek();
          if (c === undefined) return undefined;
          if (c !== 34)
            return this.error(
              this.firstKey ? 'a property name in double quotes or "}"' : 'a property name in double quotes',
            );
          const parsed = this.parse(1);
          if (!parsed) return undefined;
          if (!parsed.ok) return this.fail(parsed.error);
          this.pendingKey = parsed.node as JsonNode & { kind: 'string' };
          this.firstKey = false;
          this.state = 'colon';
          continue;
        }
        case 'colon': {
          const c = this.peek();
          if (c === undefined) return undefined;
          if (c !== 58) return this.error('":" after the property name');
          this.at++;
          this.state = 'value';
          continue;
        }
        case 'value': {
          const key = this.pendingKey!;
          if (key.value === this.arrayKey && !this.streamed) {
            const c = this.peek();
            if (c === undefined) return undefined;
            if (c === 91) {
              this.streamed = { key: key.value, keyStart: key.start, keyEnd: key.end, start: this.at };
              this.at++;
              this.state = 'array-first';
              const { start } = this.streamed;
              return { type: 'array-start', key: key.value, keyStart: key.start, keyEnd: key.end, start };
            }
          }
          const parsed = this.parse(1);
          if (!parsed) return undefined;
          if (!parsed.ok) return this.fail(parsed.error);
          const property = { key: key.value, keyStart: key.start, keyEnd: key.end, value: parsed.node };
          this.properties.push(property);
          this.state = 'object-next';
          return { type: 'property', property };
        }
        case 'object-next': {
          const c = this.peek();
          if (c === undefined) return undefined;
          if (c === 44) {
            const after = this.peekAfter();
            if (after === undefined) return undefined;
            if (after.code === 125)
              return this.error('another property after "," (trailing commas are not JSON)', after.at - 1);
            this.at++;
            this.state = 'object-key';
            continue;
          }
          if (c === 125) {
            this.at++;
            this.closeRoot();
            continue;
          }
          return this.error('"," or "}"');
        }
        case 'array-first': {
          const c = this.peek();
          if (c === undefined) return undefined;
          if (c === 93) {
            this.at++;
            return this.closeArray();
          }
          this.state = 'array-item';
          continue;
        }
        case 'array-item': {
          // Wait for twice the longest item so far rather than try one the window may cut (a wasted parse).
          if (!this.done && this.base + this.text.length - this.at < 2 * this.longest) {
            this.want = 2 * this.longest;
            return undefined;
          }
          const from = this.at;
          const parsed = this.parse(2);
          if (!parsed) return undefined;
          if (!parsed.ok) return this.fail(parsed.error);
          this.state = 'array-next';
          if (this.at - from > this.longest) this.longest = this.at - from;
          return { type: 'item', index: this.count++, node: parsed.node };
        }
        case 'array-next': {
          const c = this.peek();
          if (c === undefined) return undefined;
          if (c === 44) {
            const after = this.peekAfter();
            if (after === undefined) return undefined;
            if (after.code === 93)
              return this.error('another value after "," (trailing commas are not JSON)', after.at - 1);
            this.at++;
            this.state = 'array-item';
            continue;
          }
          if (c === 93) {
            this.at++;
            return this.closeArray();
          }
          return this.error('"," or "]"');
        }
        case 'after-root': {
          const c = this.peek();
          if (c === undefined) return undefined;
          if (c !== -1) return this.error('end of input after the JSON value');
          this.state = 'finished';
          const root = this.root!;
          return this.streamed ? { type: 'end', root } : { type: 'end', root, text: this.text };
        }
      }
    }
  }

  private pendingKey: (JsonNode & { kind: 'string' }) | undefined;

  private closeRoot(): void {
    this.root = {
      kind: 'object',
      start: this.rootStart,
      end: this.at,
      properties: this.properties,
    } satisfies JsonObjectNode;
    this.state = 'after-root';
  }

  private closeArray(): JsonItemEvent {
    const s = this.streamed!;
    const property: JsonProperty = {
      key: s.key,
      keyStart: s.keyStart,
      keyEnd: s.keyEnd,
      value: { kind: 'array', start: s.start, end: this.at, items: [] },
    };
    this.properties.push(property);
    this.state = 'object-next';
    return { type: 'array-end', count: this.count, property };
  }

  /**
   * Skip JSON whitespace; the character code there, -1 at the end of the document, or undefined when the
   * window ends first (more text needed).
   */
  private peek(): number | undefined {
    const text = this.text;
    let i = this.at - this.base;
    while (i < text.length && isJsonWhitespace(text.charCodeAt(i))) i++;
    this.at = this.base + i;
    if (i < text.length) return text.charCodeAt(i);
    return this.done ? -1 : undefined;
  }

  /** After the character at `at` (a comma): the next non-whitespace character and its offset. */
  private peekAfter(): { code: number; at: number } | undefined {
    const text = this.text;
    let i = this.at - this.base + 1;
    while (i < text.length && isJsonWhitespace(text.charCodeAt(i))) i++;
    if (i < text.length) return { code: text.charCodeAt(i), at: this.base + i };
    return this.done ? { code: -1, at: this.base + i } : undefined;
  }

  /** Parse the value at `at`; undefined when the window may have cut it short (more text is needed). */
  private parse(depth: number): JsonValueParse | undefined {
    const from = this.at - this.base;
    const parsed = parseJsonValueAt(this.text, from, depth, this.base, this.scan);
    if (!this.done) {
      const length = this.text.length;
      const cut = parsed.ok ? parsed.end >= length : parsed.error.offset - this.base >= length - CUT_MARGIN;
      if (cut) {
        // Wait for twice what the window held, so a huge value is parsed a few times, not once a chunk.
        this.want = Math.max(2 * (length - from), 1 << 16);
        return undefined;
      }
    }
    this.want = 0;
    if (parsed.ok) this.at = this.base + parsed.end;
    return parsed;
  }

  private error(expected: string, at = this.at): JsonItemEvent {
    return this.fail(jsonSyntaxError(this.text, expected, at - this.base, 1, this.base));
  }

  private fail(error: JsonSyntaxError): JsonItemEvent {
    this.state = 'finished';
    return { type: 'error', error };
  }
}
