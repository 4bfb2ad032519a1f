/**
 * A Modus file validated on two threads: a worker (the host's, injected as for the boundary pool) decodes
 * and scans the bytes (scan-handover.ts), and this thread replays its events into the checks. The report
 * is the one ModusValidator makes on one thread, byte for byte: the worker decodes the same slices with
 * the same scanner, and this side holds the same text at the same moments (so the same lines and
 * columns), skips blank text exactly where the scanner would, and gets decoding problems, limits and
 * scanner errors in their places among the events.
 */
import type { PoolWorker, WorkerFactory } from '../parallel/worker-pool.ts';
import {
  BLANK,
  ERROR_KINDS,
  EV_DECODE_PROBLEM,
  EV_DOCTYPE,
  EV_END,
  EV_ERROR,
  EV_FINISHED,
  EV_HOLD,
  EV_START,
  EV_TEXT,
  RAW,
  type ScanBatch,
  type ScanRequest,
} from './scan-handover.ts';
import { ModusChecks, type ModusValidationOptions, type ModusValidationResult } from './validate-modus.ts';
import { defaultXmlLimits, StartTag, XmlPositions, XmlScanner, type XmlError } from './xml-scanner.ts';

/**
 * Bytes posted to the worker and not replayed yet, at most (then `write` waits): memory stays that of one
 * thread, whatever the file's size, however far the checks lag behind the scan.
 */
const IN_FLIGHT_BYTES = 1024 * 1024;

/** Like ModusValidator, for bytes, with an asynchronous `write` and `end` (the worker answers later). */
export class ModusSplitValidator {
  private readonly checks: ModusChecks;
  private readonly positions = new XmlPositions();
  private readonly worker: PoolWorker;
  /** Names and namespace URIs by the worker's numbers. */
  private readonly symbols: string[] = [];
  private readonly open: string[] = [];
  private readonly tag = new StartTag();
  /** A scanner error was replayed (the scan stopped). */
  private failed = false;
  /** A decoding problem was replayed (reading stopped). */
  private stopped = false;
  /** Sizes of the requests not answered yet, oldest first. */
  private readonly waiting: number[] = [];
  private waitingBytes = 0;
  private wake: (() => void) | undefined;
  private failure: Error | undefined;
  private read: { encoding: string; hadBom: boolean } | undefined;

  constructor(start: WorkerFactory, options: ModusValidationOptions = {}) {
    this.checks = new ModusChecks(options);
    let names: readonly string[] = [];
    // The worker's scanner gives these names the same ids as a scanner here would (it is one).
    this.checks.schema.attach({
      internNames: (given) => {
        names = given;
        return new XmlScanner(this.checks.schema).internNames(given);
      },
      positions: this.positions,
    });
    this.worker = start();
    this.worker.listen(
      (reply) => this.answered(reply as ScanBatch),
      (error) => {
        this.failure ??= error;
        this.wake?.();
      },
    );
    this.post({ start: { names: [...names], limits: { ...defaultXmlLimits, ...options.limits } } }, 0);
  }

  /** True once a fatal error or a decoding problem stopped reading (as far as replayed): feed no more. */
  get done(): boolean {
    return this.stopped || this.failed;
  }

  async write(chunk: Uint8Array): Promise<void> {
    if (this.done) return;
    // A copy of its own, transferred: the caller may reuse the chunk, or share its buffer with others.
    const bytes = chunk.slice();
    this.post({ bytes }, bytes.length, [bytes.buffer]);
    while (this.waitingBytes > IN_FLIGHT_BYTES) await this.next();
  }

  async end(): Promise<ModusValidationResult> {
    try {
      this.post({ end: true }, 0);
      while (this.waiting.length > 0) await this.next();
    } finally {
      this.worker.terminate();
    }
    const read = this.read as NonNullable<ModusSplitValidator['read']>;
    return this.checks.result({
      wellFormed: !this.stopped && !this.failed,
      encoding: read.encoding,
      hadBom: read.hadBom,
      length: this.positions.base + this.positions.buf.length,
    });
  }

  private post(request: ScanRequest, bytes: number, transfer?: ArrayBuffer[]): void {
    if (this.failure) throw this.failure;
    if (!('start' in request)) {
      this.waiting.push(bytes);
      this.waitingBytes += bytes;
    }
    this.worker.post(request, transfer);
  }

  /** Resolves at the next answer (throws when the worker failed). */
  private async next(): Promise<void> {
    if (this.failure) throw this.failure;
    await new Promise<void>((resolve) => (this.wake = resolve));
    this.wake = undefined;
    if (this.failure) throw this.failure;
  }

  private answered(batch: ScanBatch): void {
    this.waitingBytes -= this.waiting.shift() ?? 0;
    if (batch.end) this.read = batch.end;
    for (const s of batch.symbols) this.symbols.push(s);
    try {
      this.replay(batch.ints, batch.texts);
    } catch (error) {
      // A check that throws fails the validation, as on one thread, instead of the worker's message event.
      this.failure ??= error instanceof Error ? error : new Error(String(error));
    }
    this.wake?.();
  }

  /** The scanner's events, in its order, into the checks (see scan-handover.ts for their numbers). */
  private replay(ints: Int32Array, texts: string[]): void {
    const schema = this.checks.schema;
    const positions = this.positions;
    const symbols = this.symbols;
    const tag = this.tag;
    const n = ints.length;
    let i = 0;
    const at = (): number => ints[i++] as number;
    const value = (start: number, end: number, ref: number): string =>
      ref === RAW
        ? positions.buf.slice(start - positions.base, end - positions.base)
        : (texts[ref] as string);
    while (i < n) {
      const kind = at();
      if (kind === EV_START) {
        tag.name = symbols[at()] as string;
        tag.local = symbols[at()] as string;
        tag.ns = symbols[at()] as string;
        tag.nameId = at();
        tag.start = at();
        tag.end = at();
        tag.selfClosing = at() === 1;
        const count = (tag.attrCount = at());
        for (let k = 0; k < count; k++) {
          tag.attrNames[k] = symbols[at()] as string;
          tag.attrLocals[k] = symbols[at()] as string;
          tag.attrNs[k] = symbols[at()] as string;
          tag.attrNameStart[k] = at();
          const start = at();
          const end = at();
          tag.attrValueStart[k] = start;
          tag.attrValueEnd[k] = end;
          tag.attrValues[k] = value(start, end, at());
        }
        this.open.push(tag.name);
        schema.startElement(tag);
      } else if (kind === EV_END) {
        schema.endElement(this.open.pop() as string, at());
      } else if (kind === EV_TEXT) {
        const start = at();
        const end = at();
        const ref = at();
        if (ref === BLANK) {
          // Where the scanner on one thread skips blank text, so does this side.
          if (!schema.wantsBlankText) continue;
          const raw = value(start, end, RAW);
          schema.text(raw.indexOf('\r') === -1 ? raw : raw.replace(/\r\n?/g, '\n'), start, end);
        } else {
          schema.text(value(start, end, ref), start, end);
        }
      } else if (kind === EV_HOLD) {
        const base = at();
        const text = at();
        if (text < 0) continue;
        const buf = texts[text] as string;
        // As the scanner does when it lets go of what it has used.
        if (base > positions.base) {
          schema.beforeDiscard(base);
          positions.advanceTo(base);
        }
        positions.hold(buf, base);
        positions.received(buf);
      } else if (kind === EV_ERROR) {
        this.failed = true;
        const errorKind = ERROR_KINDS[at()] as XmlError['kind'];
        const offset = at();
        const end = at();
        const error: XmlError = { kind: errorKind, message: texts[at()] as string, offset };
        const hint = at();
        if (end >= 0) error.end = end;
        if (hint >= 0) error.hint = texts[hint] as string;
        schema.error(error);
      } else if (kind === EV_FINISHED) {
        positions.finished = true;
      } else if (kind === EV_DOCTYPE) {
        const name = texts[at()] as string;
        const start = at();
        const end = at();
        const externalId = at() === 1;
        schema.doctype({ name, start, end, externalId, declarations: at() });
      } else if (kind === EV_DECODE_PROBLEM) {
        const problemKind = at() === 0 ? 'invalid-bytes' : 'unsupported-encoding';
        const byteOffset = at();
        const message = texts[at()] as string;
        const encoding = texts[at()] as string;
        this.stopped = true;
        if (!this.failed)
          this.checks.decodeProblem({ kind: problemKind, message, byteOffset }, encoding, positions);
      } else {
        throw new Error(`unknown scan event ${kind}`);
      }
    }
  }
}
