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
  | { start: { names: string[]; limits: XmlLimits } }
  /** `spare`: an event buffer the checking side has replayed, for the worker to fill again. */
  | { bytes: Uint8Array; spare?: Int32Array }
  | { end: true };

/** An element's names as the scanner gave them: name, local name, namespace URI, name id. */
export type ElementNames = [name: string, local: string, ns: string, nameId: number];
/** An attribute's names: name, local name, namespace URI ('xmlns' for declarations). */
export type AttributeNames = [name: string, local: string, ns: string];

/** The worker's answer to each `bytes` and to `end`: the events, in the order the scanner made them. */
export interface ScanBatch {
  /** Events: a kind (EV_*) and its numbers. */
  ints: Int32Array;
  /** Strings the events point at by index: the texts held, values that are not raw text, messages. */
  texts: string[];
  /** Elements and attributes first seen in this batch, numbered on from the ones before. */
  elements: ElementNames[];
  attributes: AttributeNames[];
  /** With the answer to `end`. */
  end?: { encoding: string; hadBom: boolean };
}

/** The scanner holds new text: base, index of the text (-1: it did not change after all). */
export const EV_HOLD = 1;
/** element, start, end, attributes × 2 + self-closing, then per attribute: attribute, name start, value
 * start, value end, value (RAW or the index of its text). */
export const EV_START = 2;
/** start (the name is the innermost open one; the checks need no end). */
export const EV_END = 3;
/** start, end: the value is the raw text between them. */
export const EV_RAW_TEXT = 4;
/** start, end, index of the value's text. */
export const EV_TEXT = 5;
/** start, end: white space only, which the checks may not want. */
export const EV_BLANK = 6;
/** kind, offset, end (-1: none), message, hint (-1: none). */
export const EV_ERROR = 7;
/** name, start, end, external id (0/1), declarations. */
export const EV_DOCTYPE = 8;
/** The scanner has all the text (a CR at the very end is now a line break). */
export const EV_FINISHED = 9;
/** kind (0: invalid bytes, 1: unsupported encoding), byte offset, message, encoding. */
export const EV_DECODE_PROBLEM = 10;

/** A value that is the raw text between its offsets (sliced from the text held). */
export const RAW = -1;

export const ERROR_KINDS: readonly XmlErrorKind[] = ['syntax', 'doctype-entities', 'limit'];

/** Records the scanner's events into a batch. */
class ScanRecorder implements XmlHandler {
  /** Blank text comes as offsets only (skippedBlankText): whether it matters is the checks' to say. */
  readonly wantsBlankText = false;
  private ints = new Int32Array(1 << 14);
  private n = 0;
  private texts: string[] = [];
  private elements: ElementNames[] = [];
  private attributes: AttributeNames[] = [];
  private elementCount = 0;
  private attributeCount = 0;
  /** Element numbers by the scanner's name id, with the namespace each was numbered in. */
  private readonly elementByNameId: number[] = [];
  private readonly nsByNameId: string[] = [];
  private readonly elementByKey = new Map<string, number>();
  private readonly attributeByKey = new Map<string, number>();
  /** The last attribute numbered, to skip the map for the same one again. */
  private lastAttribute: AttributeNames | undefined;
  private lastAttributeNumber = -1;
  private finishedSent = false;
  /** Event buffers the checking side gave back, for the next batches. */
  readonly spares: Array<Int32Array<ArrayBuffer>> = [];
  scanner: XmlScanner | undefined;

  private put(v: number): void {
    this.reserve(1);
    this.ints[this.n++] = v;
  }

  /** Room for `k` more numbers (an event's are then written without a check each). */
  private reserve(k: number): Int32Array {
    if (this.n + k > this.ints.length) {
      const grown = new Int32Array(Math.max(this.ints.length * 2, this.n + k));
      grown.set(this.ints.subarray(0, this.n));
      this.ints = grown;
    }
    return this.ints;
  }

  private addText(s: string): number {
    return this.texts.push(s) - 1;
  }

  private element(tag: StartTag): number {
    const id = tag.nameId;
    if (id >= 0 && this.nsByNameId[id] === tag.ns) return this.elementByNameId[id] as number;
    const key = `${tag.name} ${tag.local} ${tag.ns}`;
    let k = this.elementByKey.get(key);
    if (k === undefined) {
      k = this.elementCount++;
      this.elementByKey.set(key, k);
      this.elements.push([tag.name, tag.local, tag.ns, id]);
    }
    if (id >= 0) {
      this.elementByNameId[id] = k;
      this.nsByNameId[id] = tag.ns;
    }
    return k;
  }

  private attribute(name: string, local: string, ns: string): number {
    const last = this.lastAttribute;
    if (last && last[0] === name && last[1] === local && last[2] === ns) return this.lastAttributeNumber;
    const key = `${name} ${local} ${ns}`;
    let k = this.attributeByKey.get(key);
    if (k === undefined) {
      k = this.attributeCount++;
      this.attributeByKey.set(key, k);
      this.attributes.push([name, local, ns]);
    }
    this.lastAttribute = [name, local, ns];
    this.lastAttributeNumber = k;
    return k;
  }

  /** RAW when `value` is the held text between the offsets, else the index of its text. */
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
    const element = this.element(tag);
    const count = tag.attrCount;
    const ints = this.reserve(5 + 5 * count);
    let n = this.n;
    ints[n++] = EV_START;
    ints[n++] = element;
    ints[n++] = tag.start;
    ints[n++] = tag.end;
    ints[n++] = count * 2 + (tag.selfClosing ? 1 : 0);
    this.n = n;
    for (let k = 0; k < count; k++) {
      const attribute = this.attribute(tag.attrNames[k] ?? '', tag.attrLocals[k] ?? '', tag.attrNs[k] ?? '');
      const start = tag.attrValueStart[k] ?? 0;
      const end = tag.attrValueEnd[k] ?? 0;
      const value = this.value(tag.attrValues[k] ?? '', start, end);
      n = this.n;
      ints[n++] = attribute;
      ints[n++] = tag.attrNameStart[k] ?? 0;
      ints[n++] = start;
      ints[n++] = end;
      ints[n++] = value;
      this.n = n;
    }
  }

  endElement(_name: string, start: number): void {
    const ints = this.reserve(2);
    ints[this.n++] = EV_END;
    ints[this.n++] = start;
  }

  text(value: string, start: number, end: number): void {
    // References make a value shorter, and without a CR in the text nothing else changes it: no compare.
    const ref =
      value.length === end - start && !(this.scanner as XmlScanner).positions.hasCR
        ? RAW
        : this.value(value, start, end);
    this.put(ref === RAW ? EV_RAW_TEXT : EV_TEXT);
    this.put(start);
    this.put(end);
    if (ref !== RAW) this.put(ref);
  }

  rawText(start: number, end: number): void {
    const ints = this.reserve(3);
    ints[this.n++] = EV_RAW_TEXT;
    ints[this.n++] = start;
    ints[this.n++] = end;
  }

  skippedBlankText(start: number, end: number): void {
    const ints = this.reserve(3);
    ints[this.n++] = EV_BLANK;
    ints[this.n++] = start;
    ints[this.n++] = end;
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

  /** The batch so far (its numbers to be transferred), and a fresh one begun. */
  take(): ScanBatch {
    // The numbers so far go as they are (their buffer is transferred); the next batch gets one the
    // checking side has finished with, or a new one.
    const batch: ScanBatch = {
      ints: this.ints.subarray(0, this.n),
      texts: this.texts,
      elements: this.elements,
      attributes: this.attributes,
    };
    this.ints = this.spares.pop() ?? new Int32Array(this.ints.length);
    this.n = 0;
    this.texts = [];
    this.elements = [];
    this.attributes = [];
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
      if (request.spare) recorder.spares.push(new Int32Array(request.spare.buffer as ArrayBuffer));
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
