/**
 * A small, secure, streaming XML 1.0 scanner (with namespaces). Text arrives in pieces (`write`), events go
 * to a handler as soon as each token is complete, and nothing but the unfinished token is kept, so memory
 * does not grow with the document.
 *
 * Secure by construction: the DTD is never processed. A DOCTYPE that declares entities (internal or
 * external, general or parameter) stops the scan at the declaration, so neither "billion laughs" nor an
 * external entity can cost anything; references to undeclared entities are well-formedness errors.
 * Token length, nesting depth, attribute count and total size are limited.
 *
 * Positions are 0-based offsets into the decoded text (UTF-16 units, after a BOM), as used by TextEdit;
 * `position()` turns a recent offset into 1-based line/column with the same rules as LineIndex.
 */

export interface XmlLimits {
  /** Characters in the whole document. */
  maxDocumentLength: number;
  /** Characters in one tag, comment, processing instruction or DOCTYPE. */
  maxTokenLength: number;
  /** Characters of text delivered in one piece (longer text arrives in several `text` calls). */
  maxTextPiece: number;
  /** Nesting depth of elements. */
  maxDepth: number;
  /** Attributes on one element. */
  maxAttributes: number;
}

export const defaultXmlLimits: XmlLimits = {
  maxDocumentLength: 512 * 1024 * 1024,
  maxTokenLength: 1024 * 1024,
  maxTextPiece: 1024 * 1024,
  maxDepth: 256,
  maxAttributes: 256,
};

export type XmlErrorKind = 'syntax' | 'doctype-entities' | 'limit';

export interface XmlError {
  kind: XmlErrorKind;
  message: string;
  /** Offset where the problem is. */
  offset: number;
  /** End of the offending text, when it has a length. */
  end?: number;
  hint?: string;
}

export interface DoctypeInfo {
  name: string;
  start: number;
  end: number;
  externalId: boolean;
  /** Markup declarations in the internal subset (ELEMENT, ATTLIST, NOTATION). */
  declarations: number;
}

/** A start tag. The scanner reuses one instance; copy what you keep. */
export class StartTag {
  /** Qualified name as written. */
  name = '';
  /** Local part of the name. */
  local = '';
  /** A small number for the name, the same for every tag with this name (-1 when the scanner has none). */
  nameId = -1;
  /** Namespace URI of the element ('' = none). */
  ns = '';
  /** Offset of '<' and just after '>'. */
  start = 0;
  end = 0;
  selfClosing = false;
  attrCount = 0;
  readonly attrNames: string[] = [];
  readonly attrLocals: string[] = [];
  /** Namespace URI of each attribute ('' for unprefixed), or 'xmlns' for namespace declarations. */
  readonly attrNs: string[] = [];
  readonly attrValues: string[] = [];
  readonly attrNameStart: number[] = [];
  /** Offsets of the value between the quotes. */
  readonly attrValueStart: number[] = [];
  readonly attrValueEnd: number[] = [];

  attributeIndex(name: string): number {
    for (let i = 0; i < this.attrCount; i++) if (this.attrNames[i] === name) return i;
    return -1;
  }
}

export interface XmlHandler {
  /**
   * Whether text that is only white space must be reported now (read before each piece of text). A
   * validator inside element-only content sets it false to save work.
   */
  readonly wantsBlankText: boolean;
  xmlDeclaration?(version: string, encoding: string | undefined, start: number, end: number): void;
  /** A DOCTYPE without entity declarations: it is skipped, never processed. */
  doctype?(info: DoctypeInfo): void;
  startElement(tag: StartTag): void;
  endElement(name: string, start: number, end: number): void;
  /**
   * Character data (entity references resolved, line ends normalised) with the offsets of its raw text.
   * CDATA sections arrive the same way. Text outside the root element is not reported.
   */
  text(value: string, start: number, end: number): void;
  /**
   * When present, text whose value is its raw text (no reference, no CR) comes here as offsets instead of
   * to `text`, and no string is made for it: for a handler that passes the events on (modus-split.ts).
   */
  rawText?(start: number, end: number): void;
  /**
   * White space between elements that was not reported (`wantsBlankText` was false): its offsets, for a
   * handler that passes the events on to checks that decide for themselves (modus-split.ts).
   */
  skippedBlankText?(start: number, end: number): void;
  /** A fatal error: the scanner stops. */
  error(error: XmlError): void;
  /** The text before `offset` is about to be dropped: last chance to ask `position()` about it. */
  beforeDiscard?(offset: number): void;
}

export const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

// Character classes for ASCII; anything above 0x7F is checked with the XML 1.0 (5th ed.) ranges.
const NAME_START = new Uint8Array(128);
const NAME_CHAR = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  const start = /[A-Za-z_:]/.test(ch);
  NAME_START[c] = start ? 1 : 0;
  NAME_CHAR[c] = start || /[0-9.-]/.test(ch) ? 1 : 0;
}
/** XML 1.0 (5th edition) NameStartChar above U+007F (UTF-16 units: surrogates pass, as pairs are names). */
function isNonAsciiNameStart(c: number): boolean {
  return (
    (c >= 0xc0 && c <= 0xd6) ||
    (c >= 0xd8 && c <= 0xf6) ||
    (c >= 0xf8 && c <= 0x2ff) ||
    (c >= 0x370 && c <= 0x37d) ||
    (c >= 0x37f && c <= 0x1fff) ||
    (c >= 0x200c && c <= 0x200d) ||
    (c >= 0x2070 && c <= 0x218f) ||
    (c >= 0x2c00 && c <= 0x2fef) ||
    (c >= 0x3001 && c <= 0xdbff) ||
    (c >= 0xf900 && c <= 0xfdcf) ||
    (c >= 0xfdf0 && c <= 0xfffd)
  );
}
function isNameStart(c: number): boolean {
  return c < 128 ? NAME_START[c] === 1 : isNonAsciiNameStart(c);
}
function isNameChar(c: number): boolean {
  if (c < 128) return NAME_CHAR[c] === 1;
  return (
    isNonAsciiNameStart(c) ||
    c === 0xb7 ||
    (c >= 0x300 && c <= 0x36f) ||
    (c >= 0x203f && c <= 0x2040) ||
    (c >= 0xdc00 && c <= 0xdfff)
  );
}
function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d;
}

/**
 * Characters XML 1.0 forbids anywhere (C0 controls except tab/LF/CR, U+FFFE, U+FFFF), each searched for on
 * its own: 31 `indexOf` scans of a 256 KB piece (the first from memory, the rest from the cache) took 12 ms
 * on a 58 MB Modus file, where one regular expression with their class took 30 ms.
 */
const FORBIDDEN_CHARS: readonly string[] = Array.from({ length: 0x20 }, (_, c) => c)
  .filter((c) => c !== 0x09 && c !== 0x0a && c !== 0x0d)
  .concat(0xfffe, 0xffff)
  .map((c) => String.fromCharCode(c));
/** Lone surrogates, which only a string input can contain. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' };

const enum Where {
  Prolog,
  Root,
  Epilog,
}

interface NsBinding {
  prefix: string;
  uri: string;
  depth: number;
}

/**
 * Element names seen so far, as a trie over ASCII name characters. Walking it reads a name and yields the
 * one string already made for it: a file repeats a few dozen names millions of times, and a shared string
 * is neither allocated nor hashed again for every tag.
 */
class NameTrie {
  private next = new Int32Array(128 * 256);
  private readonly names: Array<string | undefined> = [undefined];
  private readonly ids: number[] = [-1];
  /** Per id: 1 when the name has a colon (a prefix). */
  private readonly colons: number[] = [];
  private nodes = 1;
  private count = 0;
  /** Set by scan: whether the name is a known one, its end and the shared string. */
  known = false;
  end = 0;
  name: string | undefined = undefined;
  id = -1;

  scan(buf: string, start: number): void {
    const next = this.next;
    const n = buf.length;
    this.known = false;
    if (start >= n) return;
    let c = buf.charCodeAt(start);
    if (c >= 128 || NAME_START[c] !== 1) return;
    let node = 0;
    let i = start;
    // Only name characters have children, so the walk needs no NAME_CHAR test per character: it stops at
    // the first character the trie has no child for, which ends a known name only if it is no name character.
    for (;;) {
      const child = next[node * 128 + c] as number;
      if (child === 0) break;
      node = child;
      i++;
      if (i >= n) return; // the name may go on in the next piece of text
      c = buf.charCodeAt(i);
      if (c >= 128) return;
    }
    if (node === 0 || NAME_CHAR[c] === 1) return;
    const name = this.names[node];
    if (name === undefined) return;
    this.known = true;
    this.end = i;
    this.name = name;
    this.id = this.ids[node] ?? -1;
  }

  /** Remember a name (when it is ASCII and the trie has room); returns it, and its id in `id`. */
  add(name: string): string {
    this.id = -1;
    if (this.nodes > 8192) return name;
    for (let k = 0; k < name.length; k++) if (name.charCodeAt(k) >= 128) return name;
    let node = 0;
    for (let k = 0; k < name.length; k++) {
      const slot = node * 128 + name.charCodeAt(k);
      let child = this.next[slot] ?? 0;
      if (child === 0) {
        child = this.nodes++;
        if ((child + 1) * 128 > this.next.length) {
          const grown = new Int32Array(this.next.length * 2);
          grown.set(this.next);
          this.next = grown;
        }
        this.next[slot] = child;
      }
      node = child;
    }
    const existing = this.names[node];
    if (existing !== undefined) {
      this.id = this.ids[node] ?? -1;
      return existing;
    }
    this.names[node] = name;
    this.id = this.count++;
    this.ids[node] = this.id;
    this.colons[this.id] = name.includes(':') ? 1 : 0;
    return name;
  }

  /** Whether a name (with this id, when it has one) has a prefix. */
  hasColon(id: number, name: string): boolean {
    return id >= 0 ? this.colons[id] === 1 : name.includes(':');
  }
}

/**
 * Line and column of offsets into text that arrives in pieces: the text held (a scanner's buffer, from
 * `base`) and a cursor that only moves forward. The scanner keeps one over its own buffer; the checking
 * side of a Modus file scanned on another thread (modus-split.ts) keeps one over the same pieces, held at
 * the same moments, so both answer every question alike.
 */
export class XmlPositions {
  /** The text held, and the global offset of its first character. */
  buf = '';
  base = 0;
  /** No more text comes: a CR at the very end is a line break of its own. */
  finished = false;
  /** Whether a CR has been seen (only then can a line end in CR or CR LF). */
  hasCR = false;
  /** Line and column of the last `locate` call. */
  lastLine = 1;
  lastColumn = 1;
  /** Times new text was held (so a caller can tell whether a write changed it). */
  holds = 0;
  // Offsets are global; the cursor only moves forward.
  private line = 1;
  private lineStart = 0;
  /** Global offset of the next line break at or after lineStart, or -1 when not yet known. */
  private nextBreak = -1;
  /** Length of that break (1 or 2 for CR LF). */
  private nextBreakLength = 1;

  /** The text held is now `buf`, from `base` (move the cursor past what is let go first: advanceTo). */
  hold(buf: string, base: number): void {
    this.buf = buf;
    this.base = base;
    this.holds++;
  }

  /** `text`, just held at the end of buf, is new. */
  received(text: string): void {
    if (!this.hasCR && text.indexOf('\r') !== -1) this.hasCR = true;
    if (this.nextBreak === -1) this.findNextBreak();
  }

  /**
   * 1-based line and column of an offset. Cheap for offsets at or after the last one asked for; earlier
   * offsets are found by looking back through the text still held (the current token and what follows).
   */
  position(offset: number): { line: number; column: number } {
    this.locate(offset);
    return { line: this.lastLine, column: this.lastColumn };
  }

  /** Like position(), without allocating: the answer is in lastLine / lastColumn. */
  locate(offset: number): void {
    this.advanceTo(offset);
    if (offset >= this.lineStart) {
      this.lastLine = this.line;
      this.lastColumn = offset - this.lineStart + 1;
      return;
    }
    const p = this.lookBack(offset);
    this.lastLine = p.line;
    this.lastColumn = p.column;
  }

  private lookBack(offset: number): { line: number; column: number } {
    const buf = this.buf;
    const local = offset - this.base;
    if (local < 0) return { line: this.line, column: 1 };
    let line = this.line;
    let lineStartLocal = -1;
    for (let i = this.lineStart - this.base - 1; i >= 0; i--) {
      const c = buf.charCodeAt(i);
      if (!(c === 10 || (c === 13 && buf.charCodeAt(i + 1) !== 10))) continue;
      if (i >= local) {
        line--;
        continue;
      }
      lineStartLocal = i + 1;
      break;
    }
    if (lineStartLocal === -1) lineStartLocal = this.base === 0 ? 0 : local;
    return { line, column: local - lineStartLocal + 1 };
  }

  private findNextBreak(): void {
    const from = Math.max(0, this.lineStart - this.base);
    const lf = this.buf.indexOf('\n', from);
    if (!this.hasCR) {
      this.nextBreak = lf === -1 ? -1 : lf + this.base;
      this.nextBreakLength = 1;
      return;
    }
    const cr = this.buf.indexOf('\r', from);
    if (cr !== -1 && (lf === -1 || cr < lf)) {
      if (cr + 1 >= this.buf.length && !this.finished) {
        // A CR at the end of the text seen so far: it may be the first half of CR LF.
        this.nextBreak = -1;
        return;
      }
      this.nextBreak = cr + this.base;
      this.nextBreakLength = this.buf.charCodeAt(cr + 1) === 10 ? 2 : 1;
      return;
    }
    this.nextBreak = lf === -1 ? -1 : lf + this.base;
    this.nextBreakLength = 1;
  }

  advanceTo(offset: number): void {
    while (this.nextBreak !== -1 && this.nextBreak < offset) {
      this.line++;
      this.lineStart = this.nextBreak + this.nextBreakLength;
      this.findNextBreak();
    }
  }
}

/** What checks over the scanned text need of its scanner: ids for names, and positions. */
export interface ScannedText {
  /** Give names their ids up front (see XmlScanner.internNames). */
  internNames(names: readonly string[]): number[];
  readonly positions: XmlPositions;
}

/** Incomplete token: wait for more text. */
const MORE = -1;
/** A fatal error was reported. */
const FAILED = -2;

export class XmlScanner {
  private buf = '';
  /** Offset of buf[0] in the document. */
  private base = 0;
  /** Next unscanned index in buf. */
  private pos = 0;
  private where = Where.Prolog;
  private readonly names: string[] = [];
  private readonly bindings: NsBinding[] = [];
  private defaultNs: NsBinding[] = [];
  /** URI of the default namespace in scope ('' = none). */
  private defaultUri = '';
  /** Depth of the innermost prefix binding (-1 = none). */
  private lastBindingDepth = -1;
  private readonly tag = new StartTag();
  private readonly trie = new NameTrie();
  /** Prefix and local part of attribute names seen. */
  private readonly qnames = new Map<string, [string, string]>();
  private failed = false;
  private finished = false;
  private sawAnything = false;
  private sawDoctype = false;
  private textFromString = false;
  /** 1 when the text starts with U+FEFF (a byte order mark left in a string input). */
  private bomLength = 0;

  /** Line and column of offsets, over the text this scanner holds. */
  readonly positions = new XmlPositions();

  constructor(
    private readonly handler: XmlHandler,
    private readonly limits: XmlLimits = defaultXmlLimits,
  ) {}

  /** Give names their ids up front (ids follow the order given, from 0, for names not seen before). */
  internNames(names: readonly string[]): number[] {
    return names.map((name) => {
      this.trie.add(name);
      return this.trie.id;
    });
  }

  get hasFailed(): boolean {
    return this.failed;
  }

  /** Offset just after the last character received. */
  get length(): number {
    return this.base + this.buf.length;
  }

  /**
   * Feed the next piece of decoded text. `fromString` marks text that did not come through a decoder
   * and may hold lone surrogates.
   */
  write(text: string, fromString = false): void {
    if (this.failed || this.finished) return;
    if (fromString) this.textFromString = true;
    if (text.length === 0) return;
    if (this.base + this.buf.length === 0 && text.charCodeAt(0) === 0xfeff) this.bomLength = 1;
    if (this.pos > 0) {
      this.handler.beforeDiscard?.(this.base + this.pos);
      this.positions.advanceTo(this.base + this.pos);
      // join() builds a flat string; `+` would build a cons string that every charCodeAt has to unwrap.
      this.buf = [this.buf.slice(this.pos), text].join('');
      this.base += this.pos;
      this.pos = 0;
    } else {
      this.buf += text;
    }
    this.positions.hold(this.buf, this.base);
    this.received(text);
  }

  /** Characters received but not scanned yet (the start of an unfinished token or text). */
  get pendingLength(): number {
    return this.buf.length - this.pos;
  }

  /**
   * Bytes the pending characters take in UTF-8, or -1 when there are more than `max` of them (or they
   * start inside a surrogate pair). A decoder that keeps these bytes can decode them again in front of the
   * next chunk, so the next text arrives whole and nothing has to be joined (see `writeOverPending`).
   */
  pendingUtf8Length(max: number): number {
    const buf = this.buf;
    if (buf.length - this.pos > max) return -1;
    let bytes = 0;
    for (let i = this.pos; i < buf.length; i++) {
      const c = buf.charCodeAt(i);
      if (c < 0x80) bytes++;
      else if (c < 0x800) bytes += 2;
      else if (c >= 0xd800 && c <= 0xdbff) {
        bytes += 4;
        i++;
      } else if (c >= 0xdc00 && c <= 0xdfff) return -1;
      else bytes += 3;
      if (bytes > max) return -1;
    }
    return bytes;
  }

  /**
   * Like write(), for text that starts with the `repeated` pending characters again (decoded a second time
   * from their bytes) and goes on with new ones: it becomes the buffer as it is, without a copy.
   */
  writeOverPending(text: string, repeated: number): void {
    if (this.failed || this.finished) return;
    if (repeated !== this.buf.length - this.pos) {
      this.write(text.slice(repeated));
      return;
    }
    if (text.length === repeated) return;
    if (this.pos > 0) {
      this.handler.beforeDiscard?.(this.base + this.pos);
      this.positions.advanceTo(this.base + this.pos);
      this.base += this.pos;
      this.pos = 0;
    }
    this.buf = text;
    this.positions.hold(this.buf, this.base);
    this.received(repeated === 0 ? text : text.slice(repeated));
  }

  /** `text` (the new characters) is now at the end of buf: check it and scan. */
  private received(text: string): void {
    this.positions.received(text);
    // Forbidden characters are looked for once per piece (an indexOf scan per character, and lone
    // surrogates when the input was a string: findForbidden); text before the first is scanned first so an
    // earlier error is reported first.
    const scanFrom = this.buf.length - text.length;
    let bad = this.findForbidden(text);
    if (bad !== -1) bad += this.base + scanFrom;
    if (this.base + this.buf.length > this.limits.maxDocumentLength) {
      this.scan(false, Math.min(bad === -1 ? Infinity : bad, this.limits.maxDocumentLength));
      if (!this.failed)
        this.fail(
          'limit',
          `the document is longer than ${this.limits.maxDocumentLength} characters`,
          this.limits.maxDocumentLength,
        );
      return;
    }
    if (bad !== -1) {
      this.scan(false, bad);
      if (!this.failed) this.failAtForbidden(bad);
      return;
    }
    this.scan(false, Infinity);
  }

  /** No more text: report what is unfinished. */
  end(): void {
    if (this.failed || this.finished) return;
    this.scan(true, Infinity);
    if (this.failed) return;
    this.finished = true;
    this.positions.finished = true;
    const at = this.base + this.buf.length;
    if (this.names.length > 0) {
      const open = this.names[this.names.length - 1] ?? '';
      this.fail(
        'syntax',
        `the document ends before <${open}> is closed`,
        at,
        undefined,
        `Add </${open}> and close every open element.`,
      );
    } else if (this.where === Where.Prolog) {
      this.fail(
        'syntax',
        this.sawAnything ? 'the document has no root element' : 'the document is empty',
        at,
        undefined,
        'A Modus file holds one root element, <ModusResult>.',
      );
    }
  }

  /** 1-based line and column of an offset (see XmlPositions). */
  position(offset: number): { line: number; column: number } {
    return this.positions.position(offset);
  }

  // ---- errors ----

  private fail(
    kind: XmlErrorKind,
    message: string,
    offset: number,
    end?: number,
    hint?: string,
  ): typeof FAILED {
    if (this.failed) return FAILED;
    this.failed = true;
    const error: XmlError = { kind, message, offset };
    if (end !== undefined) error.end = end;
    if (hint !== undefined) error.hint = hint;
    this.handler.error(error);
    return FAILED;
  }

  private findForbidden(text: string): number {
    let at = -1;
    for (const ch of FORBIDDEN_CHARS) {
      const i = text.indexOf(ch);
      if (i !== -1 && (at === -1 || i < at)) at = i;
    }
    if (this.textFromString) {
      const s = LONE_SURROGATE.exec(text);
      if (s && (at === -1 || s.index < at)) at = s.index;
    }
    return at;
  }

  private failAtForbidden(offset: number): void {
    const c = this.buf.charCodeAt(offset - this.base);
    const code = 'U+' + c.toString(16).toUpperCase().padStart(4, '0');
    this.fail(
      'syntax',
      c >= 0xd800 && c <= 0xdfff
        ? `the text holds an unpaired surrogate (${code})`
        : `the character ${code} is not allowed in XML`,
      offset,
      offset + 1,
      'Remove the control character; XML 1.0 allows only tab, line feed and carriage return below U+0020.',
    );
  }

  // ---- the scan loop ----

  /** Scan complete tokens that start before `limit` (a global offset). */
  private scan(final: boolean, limit: number): void {
    const buf = this.buf;
    const localLimit = Math.min(buf.length, limit - this.base);
    while (!this.failed && this.pos < localLimit) {
      const lt = buf.indexOf('<', this.pos);
      if (lt === -1 || lt >= localLimit) {
        const end = localLimit;
        if (!final && end === buf.length && end - this.pos < this.limits.maxTextPiece) return;
        // Deliver the text so far (text cut by a chunk boundary arrives in pieces).
        let cut = end;
        if (!final && end === buf.length) cut = this.safeTextCut(this.pos, end);
        if (cut > this.pos) {
          if (this.charData(this.pos, cut) === FAILED) return;
          this.pos = cut;
        }
        if (lt === -1 || lt >= localLimit) return;
      }
      if (lt > this.pos) {
        if (this.charData(this.pos, lt) === FAILED) return;
        this.pos = lt;
      }
      let next: number;
      const c = buf.charCodeAt(lt + 1);
      if (c === 0x2f /* / */) next = this.endTag(lt, final);
      else if (c === 0x21 /* ! */) next = this.bang(lt, final);
      else if (c === 0x3f /* ? */) next = this.processingInstruction(lt, final);
      else if (lt + 1 >= buf.length && !final) next = MORE;
      else next = this.startTag(lt, final);
      if (next === FAILED) return;
      if (next === MORE) {
        if (final) {
          this.fail(
            'syntax',
            'the document ends inside markup',
            this.base + buf.length,
            undefined,
            'Close the tag with ">".',
          );
          return;
        }
        if (buf.length - lt > this.limits.maxTokenLength) {
          this.fail(
            'limit',
            `a tag or declaration is longer than ${this.limits.maxTokenLength} characters`,
            this.base + lt,
          );
        }
        return;
      }
      this.pos = next;
    }
  }

  /** Where text may be cut without splitting an entity reference or a CR LF pair. */
  private safeTextCut(from: number, to: number): number {
    let cut = to;
    const amp = this.buf.lastIndexOf('&', to - 1);
    if (amp >= from && this.buf.indexOf(';', amp) === -1) cut = amp;
    if (cut > from && this.buf.charCodeAt(cut - 1) === 13) cut--;
    // Keep "]]" with what follows, so "]]>" is seen whole.
    while (cut > from && this.buf.charCodeAt(cut - 1) === 0x5d) cut--;
    return cut;
  }

  /** Text between markup, [from, to) in buf. */
  private charData(from: number, to: number): number {
    const buf = this.buf;
    if (!this.handler.wantsBlankText && this.where === Where.Root && isSpace(buf.charCodeAt(from))) {
      // White space between elements, which the handler does not want: skip it without making a string.
      let i = from + 1;
      while (i < to && isSpace(buf.charCodeAt(i))) i++;
      if (i === to) {
        this.handler.skippedBlankText?.(this.base + from, this.base + to);
        return 0;
      }
    }
    if (this.where !== Where.Root) {
      for (let i = from; i < to; i++) {
        if (!isSpace(buf.charCodeAt(i)) && this.base + i >= this.bomLength) {
          const outside = this.where === Where.Prolog ? 'before the root element' : 'after the root element';
          return this.fail(
            'syntax',
            `text is not allowed ${outside}`,
            this.base + i,
            undefined,
            this.where === Where.Prolog
              ? 'Remove the text; a document starts with <?xml …?> or its root element.'
              : 'Remove the text; nothing but comments may follow the closing root tag.',
          );
        }
      }
      this.sawAnything = this.sawAnything || to > from;
      return 0;
    }
    // Short texts (most values) are checked with one loop instead of three searches.
    let special = true;
    if (to - from <= 32) {
      special = false;
      for (let i = from; i < to; i++) {
        const c = buf.charCodeAt(i);
        if (c === 0x26 || c === 0x5d || c === 0x0d) {
          special = true;
          break;
        }
      }
    }
    if (!special) {
      const handler = this.handler;
      if (handler.rawText) handler.rawText(this.base + from, this.base + to);
      else handler.text(buf.slice(from, to), this.base + from, this.base + to);
      return 0;
    }
    let raw = buf.slice(from, to);
    const gt = raw.indexOf(']]>');
    if (gt !== -1) {
      return this.fail(
        'syntax',
        '"]]>" is not allowed in text',
        this.base + from + gt,
        this.base + from + gt + 3,
        'Write "]]&gt;".',
      );
    }
    if (raw.indexOf('&') !== -1) {
      const decoded = this.decodeReferences(raw, this.base + from, false);
      if (decoded === undefined) return FAILED;
      raw = decoded;
    } else if (this.positions.hasCR && raw.indexOf('\r') !== -1) {
      raw = raw.replace(/\r\n?/g, '\n');
    }
    this.handler.text(raw, this.base + from, this.base + to);
    return 0;
  }

  /** Resolve character and predefined entity references; undefined after reporting an error. */
  private decodeReferences(raw: string, offset: number, attribute: boolean): string | undefined {
    let out = '';
    let last = 0;
    let amp = raw.indexOf('&');
    const normalise = (s: string): string => {
      if (this.positions.hasCR && s.indexOf('\r') !== -1) s = s.replace(/\r\n?/g, '\n');
      return attribute ? s.replace(/[\t\n\r]/g, ' ') : s;
    };
    while (amp !== -1) {
      out += normalise(raw.slice(last, amp));
      const first = raw.charCodeAt(amp + 1);
      let end = amp + 1;
      if (first === 0x23 /* # */) {
        end++;
        while (end < raw.length && end - amp < 16 && /[0-9A-Za-z]/.test(raw[end] ?? '')) end++;
      } else if (isNameStart(first)) {
        end++;
        while (end < raw.length && isNameChar(raw.charCodeAt(end))) end++;
      } else {
        this.fail(
          'syntax',
          '"&" is not followed by an entity name',
          offset + amp,
          offset + amp + 1,
          'Write a literal ampersand as "&amp;".',
        );
        return undefined;
      }
      if (raw.charCodeAt(end) !== 0x3b /* ; */) {
        this.fail(
          'syntax',
          `the reference "${raw.slice(amp, end)}" is not terminated by ";"`,
          offset + amp,
          offset + end,
          'Write a literal ampersand as "&amp;".',
        );
        return undefined;
      }
      const semi = end;
      const ref = raw.slice(amp + 1, semi);
      if (ref.charCodeAt(0) === 0x23 /* # */) {
        const hex = ref.charCodeAt(1) === 0x78; /* x */
        const digits = ref.slice(hex ? 2 : 1);
        const ok = hex ? /^[0-9A-Fa-f]+$/.test(digits) : /^[0-9]+$/.test(digits);
        const cp = ok ? parseInt(digits, hex ? 16 : 10) : NaN;
        const valid =
          ok &&
          (cp === 0x9 ||
            cp === 0xa ||
            cp === 0xd ||
            (cp >= 0x20 && cp <= 0xd7ff) ||
            (cp >= 0xe000 && cp <= 0xfffd) ||
            (cp >= 0x10000 && cp <= 0x10ffff));
        if (!valid) {
          this.fail(
            'syntax',
            `"&${ref};" is not a reference to a character allowed in XML`,
            offset + amp,
            offset + semi + 1,
          );
          return undefined;
        }
        out += String.fromCodePoint(cp);
      } else {
        const value = PREDEFINED[ref];
        if (value === undefined) {
          const valid = ref.length > 0 && isNameStart(ref.charCodeAt(0));
          this.fail(
            'syntax',
            valid ? `the entity "&${ref};" is not defined` : `"&" is not followed by an entity name`,
            offset + amp,
            offset + (valid ? semi + 1 : amp + 1),
            valid
              ? 'Only &lt; &gt; &amp; &apos; &quot; and character references (&#38;) are defined; DTD entities are not processed.'
              : 'Write a literal ampersand as "&amp;".',
          );
          return undefined;
        }
        out += value;
      }
      last = semi + 1;
      amp = raw.indexOf('&', last);
    }
    return out + normalise(raw.slice(last));
  }

  /** Scan a name at local index i; returns the index after it (== i when there is none). */
  private nameEnd(i: number): number {
    const buf = this.buf;
    const n = buf.length;
    if (i >= n || !isNameStart(buf.charCodeAt(i))) return i;
    i++;
    while (i < n && isNameChar(buf.charCodeAt(i))) i++;
    return i;
  }

  private startTag(lt: number, final: boolean): number {
    const buf = this.buf;
    const n = buf.length;
    if (this.where === Where.Epilog) {
      return this.fail(
        'syntax',
        'a document has exactly one root element; another one starts here',
        this.base + lt,
        undefined,
        'Put every Event inside the one <ModusResult> root.',
      );
    }
    const nameStart = lt + 1;
    const trie = this.trie;
    trie.scan(buf, nameStart);
    const nameEnd = trie.known ? trie.end : this.nameEnd(nameStart);
    if (nameEnd === nameStart) {
      if (nameStart >= n && !final) return MORE;
      return this.fail(
        'syntax',
        '"<" is not followed by an element name',
        this.base + lt,
        this.base + lt + 1,
        'Write a literal "<" as "&lt;".',
      );
    }
    if (nameEnd >= n && !final) return MORE;
    const tag = this.tag;
    tag.name = trie.known ? (trie.name as string) : trie.add(buf.slice(nameStart, nameEnd));
    tag.nameId = trie.id;
    tag.start = this.base + lt;
    tag.attrCount = 0;
    let i = nameEnd;
    let declaresNs = false;
    for (;;) {
      const wsStart = i;
      while (i < n && isSpace(buf.charCodeAt(i))) i++;
      if (i >= n)
        return final
          ? this.fail('syntax', `the start tag <${tag.name}> is not closed`, this.base + lt)
          : MORE;
      const c = buf.charCodeAt(i);
      if (c === 0x3e /* > */) {
        tag.selfClosing = false;
        i++;
        break;
      }
      if (c === 0x2f /* / */) {
        if (i + 1 >= n)
          return final
            ? this.fail('syntax', `the start tag <${tag.name}> is not closed`, this.base + lt)
            : MORE;
        if (buf.charCodeAt(i + 1) !== 0x3e) {
          return this.fail(
            'syntax',
            `expected "/>" to close <${tag.name}>`,
            this.base + i,
            this.base + i + 1,
          );
        }
        tag.selfClosing = true;
        i += 2;
        break;
      }
      const an = i;
      trie.scan(buf, an);
      const anEnd = trie.known ? trie.end : this.nameEnd(an);
      if (anEnd === an) {
        return this.fail(
          'syntax',
          `unexpected "${buf[i]}" in the start tag <${tag.name}>`,
          this.base + i,
          this.base + i + 1,
          c === 0x3c ? `Close <${tag.name}> with ">" first.` : 'Attributes are written name="value".',
        );
      }
      if (wsStart === i) {
        return this.fail(
          'syntax',
          `attributes must be separated by white space`,
          this.base + an,
          this.base + anEnd,
        );
      }
      if (anEnd >= n && !final) return MORE;
      const attrName = trie.known ? (trie.name as string) : trie.add(buf.slice(an, anEnd));
      i = anEnd;
      while (i < n && isSpace(buf.charCodeAt(i))) i++;
      if (i >= n)
        return final
          ? this.fail('syntax', `the start tag <${tag.name}> is not closed`, this.base + lt)
          : MORE;
      if (buf.charCodeAt(i) !== 0x3d /* = */) {
        return this.fail(
          'syntax',
          `attribute ${attrName} has no value`,
          this.base + an,
          this.base + anEnd,
          `Write ${attrName}="…".`,
        );
      }
      i++;
      while (i < n && isSpace(buf.charCodeAt(i))) i++;
      if (i >= n)
        return final
          ? this.fail('syntax', `the start tag <${tag.name}> is not closed`, this.base + lt)
          : MORE;
      const q = buf.charCodeAt(i);
      if (q !== 0x22 && q !== 0x27) {
        return this.fail(
          'syntax',
          `the value of attribute ${attrName} must be quoted`,
          this.base + i,
          this.base + i + 1,
          `Write ${attrName}="…".`,
        );
      }
      const close = buf.indexOf(q === 0x22 ? '"' : "'", i + 1);
      if (close === -1)
        return final
          ? this.fail('syntax', `the value of attribute ${attrName} is not closed`, this.base + i)
          : MORE;
      let value = buf.slice(i + 1, close);
      const lessThan = value.indexOf('<');
      if (lessThan !== -1) {
        return this.fail(
          'syntax',
          `"<" is not allowed in the value of attribute ${attrName}`,
          this.base + i + 1 + lessThan,
          this.base + i + 2 + lessThan,
          'Write "&lt;".',
        );
      }
      for (let k = 0; k < tag.attrCount; k++) {
        if (tag.attrNames[k] === attrName) {
          return this.fail(
            'syntax',
            `attribute ${attrName} appears twice on <${tag.name}>`,
            this.base + an,
            this.base + anEnd,
          );
        }
      }
      if (tag.attrCount >= this.limits.maxAttributes) {
        return this.fail(
          'limit',
          `<${tag.name}> has more than ${this.limits.maxAttributes} attributes`,
          this.base + an,
        );
      }
      if (value.indexOf('&') !== -1) {
        const decoded = this.decodeReferences(value, this.base + i + 1, true);
        if (decoded === undefined) return FAILED;
        value = decoded;
      } else {
        for (let k = 0; k < value.length; k++) {
          const v = value.charCodeAt(k);
          if (v === 0x09 || v === 0x0a || v === 0x0d) {
            value = value.replace(/\r\n|[\t\n\r]/g, ' ');
            break;
          }
        }
      }
      const k = tag.attrCount++;
      tag.attrNames[k] = attrName;
      tag.attrValues[k] = value;
      tag.attrNameStart[k] = this.base + an;
      tag.attrValueStart[k] = this.base + i + 1;
      tag.attrValueEnd[k] = this.base + close;
      if (attrName.charCodeAt(0) === 0x78 /* x */ && (attrName === 'xmlns' || attrName.startsWith('xmlns:')))
        declaresNs = true;
      i = close + 1;
    }
    tag.end = this.base + i;
    if (this.names.length >= this.limits.maxDepth) {
      return this.fail('limit', `elements are nested more than ${this.limits.maxDepth} deep`, tag.start);
    }
    if (this.resolveNamespaces(declaresNs) === FAILED) return FAILED;
    this.where = Where.Root;
    this.sawAnything = true;
    if (!tag.selfClosing) this.names.push(tag.name);
    this.handler.startElement(tag);
    if (this.failed) return FAILED;
    if (tag.selfClosing) {
      this.handler.endElement(tag.name, tag.end, tag.end);
      this.popBindings();
      if (this.names.length === 0) this.where = Where.Epilog;
    }
    return i;
  }

  private resolveNamespaces(declaresNs: boolean): number {
    const tag = this.tag;
    if (!declaresNs && tag.attrCount === 0 && !this.trie.hasColon(tag.nameId, tag.name)) {
      tag.local = tag.name;
      tag.ns = this.defaultUri;
      return 0;
    }
    const depth = this.names.length;
    if (declaresNs) {
      for (let k = 0; k < tag.attrCount; k++) {
        const name = tag.attrNames[k] ?? '';
        const value = tag.attrValues[k] ?? '';
        if (name === 'xmlns') {
          if (value === XML_NS || value === XMLNS_NS) {
            return this.fail(
              'syntax',
              `the default namespace cannot be "${value}"`,
              tag.attrValueStart[k] ?? 0,
            );
          }
          this.defaultNs.push({ prefix: '', uri: value, depth });
          this.defaultUri = value;
        } else if (name.startsWith('xmlns:')) {
          const prefix = name.slice(6);
          if (prefix === '' || prefix.includes(':')) {
            return this.fail(
              'syntax',
              `"${name}" is not a valid namespace declaration`,
              tag.attrNameStart[k] ?? 0,
            );
          }
          if (value === '') {
            return this.fail(
              'syntax',
              `the prefix "${prefix}" cannot be bound to an empty namespace`,
              tag.attrValueStart[k] ?? 0,
            );
          }
          if (prefix === 'xmlns' || (prefix === 'xml') !== (value === XML_NS)) {
            return this.fail(
              'syntax',
              `the prefix "${prefix}" cannot be bound to "${value}"`,
              tag.attrNameStart[k] ?? 0,
            );
          }
          this.bindings.push({ prefix, uri: value, depth });
          this.lastBindingDepth = depth;
        }
      }
    }
    const colon = tag.name.indexOf(':');
    if (colon === -1) {
      tag.local = tag.name;
      tag.ns = this.defaultUri;
    } else {
      const prefix = tag.name.slice(0, colon);
      tag.local = tag.name.slice(colon + 1);
      if (prefix === '' || tag.local === '' || tag.local.includes(':')) {
        return this.fail(
          'syntax',
          `"${tag.name}" is not a valid qualified name`,
          tag.start + 1,
          tag.start + 1 + tag.name.length,
        );
      }
      const uri = this.lookup(prefix);
      if (uri === undefined) {
        return this.fail(
          'syntax',
          `the namespace prefix "${prefix}" of <${tag.name}> is not declared`,
          tag.start + 1,
          tag.start + 1 + tag.name.length,
          `Declare it with xmlns:${prefix}="…" or remove the prefix.`,
        );
      }
      tag.ns = uri;
    }
    for (let k = 0; k < tag.attrCount; k++) {
      const name = tag.attrNames[k] ?? '';
      const c = name.indexOf(':');
      if (name === 'xmlns' || name.startsWith('xmlns:')) {
        tag.attrNs[k] = 'xmlns';
        tag.attrLocals[k] = name;
        continue;
      }
      if (c === -1) {
        tag.attrNs[k] = '';
        tag.attrLocals[k] = name;
        continue;
      }
      let split = this.qnames.get(name);
      if (split === undefined) {
        split = [name.slice(0, c), name.slice(c + 1)];
        if (this.qnames.size < 1024) this.qnames.set(name, split);
      }
      const [prefix, local] = split;
      const uri = this.lookup(prefix);
      if (prefix === '' || local === '' || local.includes(':')) {
        return this.fail('syntax', `"${name}" is not a valid qualified name`, tag.attrNameStart[k] ?? 0);
      }
      if (uri === undefined) {
        return this.fail(
          'syntax',
          `the namespace prefix "${prefix}" of attribute ${name} is not declared`,
          tag.attrNameStart[k] ?? 0,
          (tag.attrNameStart[k] ?? 0) + name.length,
          prefix === 'xsi'
            ? 'Declare it on the root: xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance".'
            : `Declare it with xmlns:${prefix}="…" or remove the attribute.`,
        );
      }
      tag.attrNs[k] = uri;
      tag.attrLocals[k] = local;
      for (let j = 0; j < k; j++) {
        if (tag.attrNs[j] === uri && tag.attrLocals[j] === local) {
          return this.fail(
            'syntax',
            `attribute {${uri}}${local} appears twice on <${tag.name}>`,
            tag.attrNameStart[k] ?? 0,
          );
        }
      }
    }
    return 0;
  }

  private lookup(prefix: string): string | undefined {
    if (prefix === 'xml') return XML_NS;
    for (let i = this.bindings.length - 1; i >= 0; i--) {
      const b = this.bindings[i];
      if (b && b.prefix === prefix) return b.uri;
    }
    return undefined;
  }

  /** Drop namespace bindings made by the element that just closed (depth = names.length). */
  private popBindings(): void {
    const depth = this.names.length;
    if (this.bindings.length > 0 && this.lastBindingDepth >= depth) {
      while (this.bindings.length > 0 && (this.bindings[this.bindings.length - 1]?.depth ?? -1) >= depth)
        this.bindings.pop();
      this.lastBindingDepth = this.bindings[this.bindings.length - 1]?.depth ?? -1;
    }
    if (this.defaultNs.length > 0) {
      while (this.defaultNs.length > 0 && (this.defaultNs[this.defaultNs.length - 1]?.depth ?? -1) >= depth)
        this.defaultNs.pop();
      this.defaultUri = this.defaultNs[this.defaultNs.length - 1]?.uri ?? '';
    }
  }

  private endTag(lt: number, final: boolean): number {
    const buf = this.buf;
    const open = this.names[this.names.length - 1];
    if (open !== undefined) {
      // The usual case: exactly </open>.
      const len = open.length;
      const after = lt + 2 + len;
      if (buf.charCodeAt(after) === 0x3e) {
        let k = 0;
        while (k < len && buf.charCodeAt(lt + 2 + k) === open.charCodeAt(k)) k++;
        if (k === len) {
          this.names.pop();
          this.handler.endElement(open, this.base + lt, this.base + after + 1);
          this.popBindings();
          if (this.names.length === 0) this.where = Where.Epilog;
          return after + 1;
        }
      }
    }
    const gt = buf.indexOf('>', lt + 2);
    if (gt === -1)
      return final ? this.fail('syntax', 'the end tag is not closed with ">"', this.base + lt) : MORE;
    if (open !== undefined && buf.startsWith(open, lt + 2)) {
      const after = lt + 2 + open.length;
      if (isSpace(buf.charCodeAt(after)) && buf.slice(after, gt).trim() === '') {
        this.names.pop();
        this.handler.endElement(open, this.base + lt, this.base + gt + 1);
        this.popBindings();
        if (this.names.length === 0) this.where = Where.Epilog;
        return gt + 1;
      }
    }
    const nameEnd = this.nameEnd(lt + 2);
    const name = buf.slice(lt + 2, nameEnd);
    let i = nameEnd;
    while (i < gt && isSpace(buf.charCodeAt(i))) i++;
    if (i !== gt || nameEnd === lt + 2) {
      return this.fail(
        'syntax',
        `malformed end tag "${buf.slice(lt, Math.min(gt + 1, lt + 40))}"`,
        this.base + lt,
        this.base + gt + 1,
      );
    }
    if (open === undefined) {
      return this.fail(
        'syntax',
        `the end tag </${name}> has no matching start tag`,
        this.base + lt,
        this.base + gt + 1,
        'Remove it.',
      );
    }
    if (name !== open) {
      return this.fail(
        'syntax',
        `the end tag </${name}> does not match the open element <${open}>`,
        this.base + lt,
        this.base + gt + 1,
        `Close <${open}> with </${open}> first, or fix the tag name.`,
      );
    }
    this.names.pop();
    this.handler.endElement(name, this.base + lt, this.base + gt + 1);
    this.popBindings();
    if (this.names.length === 0) this.where = Where.Epilog;
    return gt + 1;
  }

  private bang(lt: number, final: boolean): number {
    const buf = this.buf;
    if (!final && buf.length - lt < 9) {
      // Too little to tell a comment, a CDATA section and a DOCTYPE apart yet.
      const head = buf.slice(lt);
      if ('<!--'.startsWith(head) || '<!DOCTYPE'.startsWith(head) || '<![CDATA['.startsWith(head))
        return MORE;
    }
    if (buf.startsWith('<!--', lt)) {
      const close = buf.indexOf('-->', lt + 4);
      if (close === -1)
        return final ? this.fail('syntax', 'the comment is not closed with "-->"', this.base + lt) : MORE;
      const dd = buf.indexOf('--', lt + 4);
      if (dd < close) {
        return this.fail(
          'syntax',
          '"--" is not allowed inside a comment',
          this.base + dd,
          this.base + dd + 2,
        );
      }
      this.sawAnything = true;
      return close + 3;
    }
    if (buf.startsWith('<![CDATA[', lt)) {
      if (this.where !== Where.Root)
        return this.fail('syntax', 'a CDATA section is only allowed inside an element', this.base + lt);
      const close = buf.indexOf(']]>', lt + 9);
      if (close === -1)
        return final
          ? this.fail('syntax', 'the CDATA section is not closed with "]]>"', this.base + lt)
          : MORE;
      let value = buf.slice(lt + 9, close);
      if (this.positions.hasCR && value.indexOf('\r') !== -1) value = value.replace(/\r\n?/g, '\n');
      this.handler.text(value, this.base + lt, this.base + close + 3);
      return close + 3;
    }
    if (buf.startsWith('<!DOCTYPE', lt)) return this.doctype(lt, final);
    return this.fail(
      'syntax',
      `unexpected "<!"`,
      this.base + lt,
      this.base + lt + 2,
      'Comments are written <!-- … -->.',
    );
  }

  private processingInstruction(lt: number, final: boolean): number {
    const buf = this.buf;
    const close = buf.indexOf('?>', lt + 2);
    if (close === -1)
      return final
        ? this.fail('syntax', 'the processing instruction is not closed with "?>"', this.base + lt)
        : MORE;
    const targetEnd = this.nameEnd(lt + 2);
    const target = buf.slice(lt + 2, targetEnd);
    if (target === '')
      return this.fail('syntax', '"<?" is not followed by a name', this.base + lt, this.base + lt + 2);
    if (targetEnd < close && !isSpace(buf.charCodeAt(targetEnd))) {
      return this.fail('syntax', `malformed processing instruction <?${target}`, this.base + targetEnd);
    }
    if (target.toLowerCase() === 'xml') {
      if (this.base + lt !== this.bomLength || target !== 'xml') {
        return this.fail(
          'syntax',
          'the XML declaration <?xml …?> is only allowed at the very start of the document',
          this.base + lt,
          this.base + close + 2,
          'Remove anything (even blank lines) before <?xml.',
        );
      }
      return this.xmlDeclaration(lt, close);
    }
    this.sawAnything = true;
    return close + 2;
  }

  private xmlDeclaration(lt: number, close: number): number {
    const body = this.buf.slice(lt + 5, close);
    const m =
      /^\s+version\s*=\s*(["'])(1\.[0-9]+)\1(?:\s+encoding\s*=\s*(["'])([A-Za-z][A-Za-z0-9._-]*)\3)?(?:\s+standalone\s*=\s*(["'])(yes|no)\5)?\s*$/.exec(
        body,
      );
    if (!m) {
      return this.fail(
        'syntax',
        'malformed XML declaration',
        this.base + lt,
        this.base + close + 2,
        'Write <?xml version="1.0" encoding="UTF-8"?>.',
      );
    }
    this.handler.xmlDeclaration?.(m[2] ?? '1.0', m[4], this.base + lt, this.base + close + 2);
    return close + 2;
  }

  /**
   * `<!DOCTYPE name (SYSTEM "…" | PUBLIC "…" "…")? ([ internal subset ])? >`, read without processing. Any
   * entity declaration or parameter-entity reference stops the scan right there.
   */
  private doctype(lt: number, final: boolean): number {
    const buf = this.buf;
    const n = buf.length;
    const more = (): number =>
      final ? this.fail('syntax', 'the DOCTYPE is not closed', this.base + lt) : MORE;
    if (this.where !== Where.Prolog || this.sawDoctype) {
      return this.fail('syntax', 'a DOCTYPE is only allowed once, before the root element', this.base + lt);
    }
    let i = lt + 9;
    if (i >= n) return more();
    if (!isSpace(buf.charCodeAt(i))) return this.fail('syntax', 'malformed DOCTYPE', this.base + lt);
    while (i < n && isSpace(buf.charCodeAt(i))) i++;
    const nameEnd = this.nameEnd(i);
    if (nameEnd >= n) return more();
    if (nameEnd === i) return this.fail('syntax', 'the DOCTYPE has no name', this.base + i);
    const name = buf.slice(i, nameEnd);
    i = nameEnd;
    while (i < n && isSpace(buf.charCodeAt(i))) i++;
    if (i >= n) return more();
    let externalId = false;
    if (buf.startsWith('SYSTEM', i) || buf.startsWith('PUBLIC', i)) {
      externalId = true;
      const literals = buf.startsWith('PUBLIC', i) ? 2 : 1;
      i += 6;
      for (let k = 0; k < literals; k++) {
        while (i < n && isSpace(buf.charCodeAt(i))) i++;
        if (i >= n) return more();
        const q = buf.charCodeAt(i);
        if (q !== 0x22 && q !== 0x27)
          return this.fail('syntax', 'malformed external identifier in the DOCTYPE', this.base + i);
        const close = buf.indexOf(q === 0x22 ? '"' : "'", i + 1);
        if (close === -1) return more();
        i = close + 1;
      }
      while (i < n && isSpace(buf.charCodeAt(i))) i++;
      if (i >= n) return more();
    }
    let declarations = 0;
    if (buf.charCodeAt(i) === 0x5b /* [ */) {
      i++;
      for (;;) {
        while (i < n && isSpace(buf.charCodeAt(i))) i++;
        if (i >= n) return more();
        const c = buf.charCodeAt(i);
        if (c === 0x5d /* ] */) {
          i++;
          break;
        }
        if (c === 0x25 /* % */) return this.rejectEntities(i, 'a parameter-entity reference');
        if (buf.startsWith('<!--', i)) {
          const close = buf.indexOf('-->', i + 4);
          if (close === -1) return more();
          i = close + 3;
          continue;
        }
        if (buf.startsWith('<?', i)) {
          const close = buf.indexOf('?>', i + 2);
          if (close === -1) return more();
          i = close + 2;
          continue;
        }
        if (buf.startsWith('<!', i)) {
          if (n - i < 10 && !final) return MORE;
          if (buf.startsWith('<!ENTITY', i)) return this.rejectEntities(i, 'an entity declaration');
          // Skip the declaration, honouring quoted literals.
          let j = i + 2;
          for (;;) {
            if (j >= n) return more();
            const d = buf.charCodeAt(j);
            if (d === 0x3e) break;
            if (d === 0x22 || d === 0x27) {
              const close = buf.indexOf(d === 0x22 ? '"' : "'", j + 1);
              if (close === -1) return more();
              j = close + 1;
              continue;
            }
            if (d === 0x25) return this.rejectEntities(j, 'a parameter-entity reference');
            j++;
          }
          declarations++;
          i = j + 1;
          continue;
        }
        return this.fail('syntax', 'malformed DOCTYPE internal subset', this.base + i);
      }
      while (i < n && isSpace(buf.charCodeAt(i))) i++;
      if (i >= n) return more();
    }
    if (buf.charCodeAt(i) !== 0x3e)
      return this.fail('syntax', 'malformed DOCTYPE: expected ">"', this.base + i);
    this.sawDoctype = true;
    this.sawAnything = true;
    this.handler.doctype?.({ name, start: this.base + lt, end: this.base + i + 1, externalId, declarations });
    return i + 1;
  }

  private rejectEntities(at: number, what: string): number {
    return this.fail(
      'doctype-entities',
      `it contains ${what}, and Fieldgate never expands entities`,
      this.base + at,
      undefined,
      'Remove the DOCTYPE: Modus files need no DTD, and entity declarations are how "billion laughs" and external-entity (XXE) attacks work.',
    );
  }
}
