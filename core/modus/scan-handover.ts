/**
 * A Modus file checked on two threads (issue 28): a worker decodes and scans the bytes (this module's
 * `serveModusScan`), the calling thread replays the scanner's events into the checks (modus-split.ts).
 * The handover is cheap by design: each piece of text the scanner holds crosses once, as one flat string
 * (a copy of its bytes); events are numbers in an Int32Array that is transferred, not copied; values are
 * offsets into that text, which the checking side slices (no copy in V8); names and namespaces cross once
 * each, as numbered symbols. The checking side holds the same text at the same moments as the scanner,
 * so its line and column (XmlPositions) are the scanner's own, whatever the chunking.
 */
import { DECODE_PIECE } from '../input/decode-text-stream.ts';
import { MAX_TAIL_BYTES, XmlByteDecoder, type DecodedPiece } from './xml-decoding.ts';
import {
  defaultXmlLimits,
  XmlScanner,
  type DoctypeInfo,
  type StartTag,
  type XmlError,
  type XmlErrorKind,
  type XmlHandler,
  type XmlLimits,
} from './xml-scanner.ts';

/** Bytes decoded per call, as for every text stream (a longer decoded string is slow to make). */
export const CHUNK_BYTES = DECODE_PIECE;

/**
 * Hand a decoded piece to the scanner; false when it ends with a decoding problem (read no more). What
 * the scanner has not used yet is kept to be decoded again with the next chunk (no join of the texts).
 */
export function feedScanner(scanner: XmlScanner, decoder: XmlByteDecoder, piece: DecodedPiece): boolean {
  if (piece.repeated !== undefined) scanner.writeOverPending(piece.text, piece.repeated);
  else if (piece.text.length > 0) scanner.write(piece.text);
  if (piece.problem) return false;
  if (scanner.hasFailed) return true;
  const bytes = scanner.pendingUtf8Length(MAX_TAIL_BYTES);
  if (bytes > 0) decoder.keepTail(bytes, scanner.pendingLength);
  return true;
}

/** What the checking side posts to the scanning worker, in this order: start, bytes…, end. */
export type ScanRequest =
  { start: { names: string[]; limits: XmlLimits } } | { bytes: Uint8Array } | { end: true };

/** The worker's answer to each `bytes` and to `end`: the events, in the order the scanner made them. */
export interface ScanBatch {
  /** Events: a kind (EV_*) and its numbers. */
  ints: Int32Array;
  /** Strings the events point at by index: the texts held, values that are not raw text, messages. */
  texts: string[];
  /** Names and namespace URIs first seen in this batch, numbered on from the ones before. */
  symbols: string[];
  /** With the answer to `end`. */
  end?: { encoding: string; hadBom: boolean };
}

/** The scanner holds new text: base, index of the text (-1: it did not change after all). */
export const EV_HOLD = 1;
/** name, local name, namespace (symbols), name id, start, end, self-closing, attributes, then per
 * attribute: name, local name, namespace (symbols), name start, value start, value end, value. */
export const EV_START = 2;
/** start (the name is the innermost open one; the checks need no end). */
export const EV_END = 3;
/** start, end, value. */
export const EV_TEXT = 4;
/** kind, offset, end (-1: none), message, hint (-1: none). */
export const EV_ERROR = 5;
/** name, start, end, external id (0/1), declarations. */
export const EV_DOCTYPE = 6;
/** The scanner has all the text (a CR at the very end is now a line break). */
export const EV_FINISHED = 7;
/** kind (0: invalid bytes, 1: unsupported encoding), byte offset, message, encoding. */
export const EV_DECODE_PROBLEM = 8;

/** A value that is the raw text between its offsets (sliced from the text held). */
export const RAW = -1;
/** Text that is only white space in the raw text (sliced, CR LF made LF), skipped where not wanted. */
export const BLANK = -2;

export const ERROR_KINDS: readonly XmlErrorKind[] = ['syntax', 'doctype-entities', 'limit'];

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d;
}

/** Records the scanner's events into a batch. */
class ScanRecorder implements XmlHandler {
  /** Every piece of text, blank or not: whether it matters is the checking side's to say. */
  readonly wantsBlankText = true;
  private ints = new Int32Array(1 << 14);
  private n = 0;
  private texts: string[] = [];
  private symbols: string[] = [];
  private readonly numbers = new Map<string, number>();
  private readonly byNameId: number[] = [];
  private readonly localByNameId: number[] = [];
  private lastNs: string | undefined;
  private lastNsSymbol = -1;
  private finishedSent = false;
  scanner: XmlScanner | undefined;

  private put(v: number): void {
    if (this.n === this.ints.length) {
      const grown = new Int32Array(this.ints.length * 2);
      grown.set(this.ints);
      this.ints = grown;
    }
    this.ints[this.n++] = v;
  }

  private addText(s: string): number {
    return this.texts.push(s) - 1;
  }

  private symbol(s: string): number {
    let k = this.numbers.get(s);
    if (k === undefined) {
      k = this.numbers.size;
      this.numbers.set(s, k);
      this.symbols.push(s);
    }
    return k;
  }

  /** RAW when `value` is the held text between the offsets, else its index among the texts. */
  private value(value: string, start: number, end: number): number {
    const positions = (this.scanner as XmlScanner).positions;
    const buf = positions.buf;
    const from = start - positions.base;
    if (value.length === end - start && from >= 0) {
      let k = 0;
      while (k < value.length && value.charCodeAt(k) === buf.charCodeAt(from + k)) k++;
      if (k === value.length) return RAW;
    }
    return this.addText(value);
  }

  /** Before the scanner writes: a hold event, filled in by `held`. */
  beforeWrite(): number {
    this.put(EV_HOLD);
    this.put(0);
    this.put(-1);
    return this.n - 2;
  }

  held(at: number, holds: number): void {
    const positions = (this.scanner as XmlScanner).positions;
    if (positions.holds === holds) return;
    this.ints[at] = positions.base;
    this.ints[at + 1] = this.addText(positions.buf);
  }

  /** The scanner has all the text: said once, before anything it reports after that. */
  noteFinished(): void {
    if (this.finishedSent || !(this.scanner as XmlScanner).positions.finished) return;
    this.finishedSent = true;
    this.put(EV_FINISHED);
  }

  decodeProblem(kind: number, byteOffset: number, message: string, encoding: string): void {
    this.put(EV_DECODE_PROBLEM);
    this.put(kind);
    this.put(byteOffset);
    this.put(this.addText(message));
    this.put(this.addText(encoding));
  }

  startElement(tag: StartTag): void {
    this.put(EV_START);
    // Most names have the scanner's id, most elements the namespace of the one before: no map lookup.
    const id = tag.nameId;
    let name = id >= 0 ? this.byNameId[id] : undefined;
    let local = id >= 0 ? this.localByNameId[id] : undefined;
    if (name === undefined || local === undefined) {
      name = this.symbol(tag.name);
      local = tag.local === tag.name ? name : this.symbol(tag.local);
      if (id >= 0) {
        this.byNameId[id] = name;
        this.localByNameId[id] = local;
      }
    }
    if (tag.ns !== this.lastNs) {
      this.lastNs = tag.ns;
      this.lastNsSymbol = this.symbol(tag.ns);
    }
    this.put(name);
    this.put(local);
    this.put(this.lastNsSymbol);
    this.put(id);
    this.put(tag.start);
    this.put(tag.end);
    this.put(tag.selfClosing ? 1 : 0);
    this.put(tag.attrCount);
    for (let k = 0; k < tag.attrCount; k++) {
      this.put(this.symbol(tag.attrNames[k] ?? ''));
      this.put(this.symbol(tag.attrLocals[k] ?? ''));
      this.put(this.symbol(tag.attrNs[k] ?? ''));
      this.put(tag.attrNameStart[k] ?? 0);
      const start = tag.attrValueStart[k] ?? 0;
      const end = tag.attrValueEnd[k] ?? 0;
      this.put(start);
      this.put(end);
      this.put(this.value(tag.attrValues[k] ?? '', start, end));
    }
  }

  endElement(_name: string, start: number): void {
    this.put(EV_END);
    this.put(start);
  }

  text(value: string, start: number, end: number): void {
    this.put(EV_TEXT);
    this.put(start);
    this.put(end);
    const positions = (this.scanner as XmlScanner).positions;
    if (value.length > 0 && isSpace(value.charCodeAt(0))) {
      // Blank in the raw text (no reference), as the scanner tells when it skips blank text itself.
      const buf = positions.buf;
      let i = start - positions.base;
      const to = end - positions.base;
      while (i < to && isSpace(buf.charCodeAt(i))) i++;
      if (i === to) {
        this.put(BLANK);
        return;
      }
    }
    this.put(this.value(value, start, end));
  }

  error(error: XmlError): void {
    this.noteFinished();
    this.put(EV_ERROR);
    this.put(ERROR_KINDS.indexOf(error.kind));
    this.put(error.offset);
    this.put(error.end ?? -1);
    this.put(this.addText(error.message));
    this.put(error.hint === undefined ? -1 : this.addText(error.hint));
  }

  doctype(info: DoctypeInfo): void {
    this.put(EV_DOCTYPE);
    this.put(this.addText(info.name));
    this.put(info.start);
    this.put(info.end);
    this.put(info.externalId ? 1 : 0);
    this.put(info.declarations);
  }

  /** The batch so far (its numbers transferred), and a fresh one begun. */
  take(): ScanBatch {
    const batch: ScanBatch = { ints: this.ints.slice(0, this.n), texts: this.texts, symbols: this.symbols };
    this.n = 0;
    this.texts = [];
    this.symbols = [];
    return batch;
  }
}

/**
 * The scanning worker's side: decodes and scans what it is posted exactly as ModusValidator does on one
 * thread (the same slices, the same decoder, the same scanner) and answers each `bytes` and the `end`
 * with one batch of events.
 */
export function serveModusScan(
  reply: (batch: ScanBatch, transfer: ArrayBuffer[]) => void,
): (request: ScanRequest) => void {
  const recorder = new ScanRecorder();
  let scanner = new XmlScanner(recorder);
  recorder.scanner = scanner;
  const decoder = new XmlByteDecoder();
  let stopped = false;
  const feed = (piece: DecodedPiece): void => {
    const at = recorder.beforeWrite();
    const holds = scanner.positions.holds;
    const ok = feedScanner(scanner, decoder, piece);
    recorder.held(at, holds);
    if (ok) return;
    stopped = true;
    const problem = piece.problem;
    if (problem)
      recorder.decodeProblem(
        problem.kind === 'invalid-bytes' ? 0 : 1,
        problem.byteOffset,
        problem.message,
        decoder.encoding,
      );
  };
  const answer = (end?: ScanBatch['end']): void => {
    const batch = recorder.take();
    if (end) batch.end = end;
    reply(batch, [batch.ints.buffer as ArrayBuffer]);
  };
  return (request) => {
    if ('start' in request) {
      scanner = new XmlScanner(recorder, { ...defaultXmlLimits, ...request.start.limits });
      recorder.scanner = scanner;
      scanner.internNames(request.start.names);
    } else if ('bytes' in request) {
      const chunk = request.bytes;
      for (let at = 0; at < chunk.length && !stopped; at += CHUNK_BYTES)
        feed(decoder.decode(chunk.length <= CHUNK_BYTES ? chunk : chunk.subarray(at, at + CHUNK_BYTES)));
      answer();
    } else {
      if (!stopped) {
        feed(decoder.finish());
        if (!stopped) scanner.end();
      }
      recorder.noteFinished();
      answer({ encoding: decoder.encoding, hadBom: decoder.hadBom });
    }
  };
}
