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
  ERROR_KINDS,
  EV_BLANK,
  EV_DECODE_PROBLEM,
  EV_DOCTYPE,
  EV_END,
  EV_ERROR,
  EV_FINISHED,
  EV_HOLD,
  EV_RAW_TEXT,
  EV_START,
  EV_TEXT,
  RAW,
  type AttributeNames,
  type ElementNames,
  type ScanBatch,
  type ScanRequest,
} from './scan-handover.ts';
import {
  ModusChecks,
  ModusValidator,
  type ModusValidationOptions,
  type ModusValidationResult,
} from './validate-modus.ts';
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
  /** Elements' and attributes' names by the worker's numbers. */
  private readonly elements: ElementNames[] = [];
  private readonly attributes: AttributeNames[] = [];
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
  /** The last event buffer replayed, to be given back to the worker. */
  private spare: Int32Array | undefined;
  /**
   * Copies of the bytes posted until the worker's first answer: a worker that fails before it (its
   * module missing from a bundle, say) leaves the file to a ModusValidator on this thread.
   */
  private kept: Uint8Array[] | undefined = [];
  private local: ModusValidator | undefined;

  constructor(
    start: WorkerFactory,
    private readonly options: ModusValidationOptions = {},
  ) {
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
        if (this.kept) this.alone();
        else this.failure ??= error;
        this.wake?.();
      },
    );
    this.post({ start: { names: [...names], limits: { ...defaultXmlLimits, ...options.limits } } }, 0);
  }

  /** True once a fatal error or a decoding problem stopped reading (as far as replayed): feed no more. */
  get done(): boolean {
    return this.local ? this.local.done : this.stopped || this.failed;
  }

  async write(chunk: Uint8Array): Promise<void> {
    if (this.local) return this.local.write(chunk);
    if (this.done) return;
    this.kept?.push(chunk.slice());
    // A copy of its own, transferred: the caller may reuse the chunk, or share its buffer with others.
    const bytes = chunk.slice();
    // An event buffer already replayed goes back with them, for the worker to fill again.
    const spare = this.spare;
    this.spare = undefined;
    if (spare) this.post({ bytes, spare }, bytes.length, [bytes.buffer, spare.buffer as ArrayBuffer]);
    else this.post({ bytes }, bytes.length, [bytes.buffer]);
    while (this.waitingBytes > IN_FLIGHT_BYTES && !this.local) await this.next();
  }

  async end(): Promise<ModusValidationResult> {
    try {
      if (!this.local) this.post({ end: true }, 0);
      while (this.waiting.length > 0 && !this.local) await this.next();
    } finally {
      this.worker.terminate();
    }
    if (this.local) return this.local.end();
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

  /** The worker failed before its first answer: this thread validates the file after all, from its start. */
  private alone(): void {
    const local = new ModusValidator(this.options);
    for (const bytes of this.kept ?? []) local.write(bytes);
    this.kept = undefined;
    this.local = local;
    this.worker.terminate();
  }

  private answered(batch: ScanBatch): void {
    this.kept = undefined;
    this.waitingBytes -= this.waiting.shift() ?? 0;
    if (batch.end) this.read = batch.end;
    for (const e of batch.elements) this.elements.push(e);
    for (const a of batch.attributes) this.attributes.push(a);
    try {
      this.replay(batch.ints, batch.texts);
      this.spare = batch.ints;
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
    const elements = this.elements;
    const attributes = this.attributes;
    const open = this.open;
    const tag = this.tag;
    const n = ints.length;
    let i = 0;
    while (i < n) {
      const kind = ints[i++] as number;
      if (kind === EV_START) {
        const names = elements[ints[i++] as number] as ElementNames;
        tag.name = names[0];
        tag.local = names[1];
        tag.ns = names[2];
        tag.nameId = names[3];
        tag.start = ints[i++] as number;
        tag.end = ints[i++] as number;
        const flags = ints[i++] as number;
        tag.selfClosing = (flags & 1) === 1;
        const count = (tag.attrCount = flags >> 1);
        for (let k = 0; k < count; k++) {
          const attribute = attributes[ints[i++] as number] as AttributeNames;
          tag.attrNames[k] = attribute[0];
          tag.attrLocals[k] = attribute[1];
          tag.attrNs[k] = attribute[2];
          tag.attrNameStart[k] = ints[i++] as number;
          const start = ints[i++] as number;
          const end = ints[i++] as number;
          const ref = ints[i++] as number;
          tag.attrValueStart[k] = start;
          tag.attrValueEnd[k] = end;
          tag.attrValues[k] =
            ref === RAW
              ? positions.buf.slice(start - positions.base, end - positions.base)
              : (texts[ref] as string);
        }
        open.push(tag.name);
        schema.startElement(tag);
      } else if (kind === EV_END) {
        schema.endElement(open.pop() as string, ints[i++] as number);
      } else if (kind === EV_RAW_TEXT) {
        const start = ints[i++] as number;
        const end = ints[i++] as number;
        schema.text(positions.buf.slice(start - positions.base, end - positions.base), start, end);
      } else if (kind === EV_BLANK) {
        const start = ints[i++] as number;
        const end = ints[i++] as number;
        // Where the scanner on one thread skips blank text, so does this side.
        if (!schema.wantsBlankText) continue;
        const raw = positions.buf.slice(start - positions.base, end - positions.base);
        schema.text(raw.indexOf('\r') === -1 ? raw : raw.replace(/\r\n?/g, '\n'), start, end);
      } else if (kind === EV_TEXT) {
        const start = ints[i++] as number;
        const end = ints[i++] as number;
        schema.text(texts[ints[i++] as number] as string, start, end);
      } else if (kind === EV_HOLD) {
        const base = ints[i++] as number;
        const text = ints[i++] as number;
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
        const errorKind = ERROR_KINDS[ints[i++] as number] as XmlError['kind'];
        const offset = ints[i++] as number;
        const end = ints[i++] as number;
        const error: XmlError = { kind: errorKind, message: texts[ints[i++] as number] as string, offset };
        const hint = ints[i++] as number;
        if (end >= 0) error.end = end;
        if (hint >= 0) error.hint = texts[hint] as string;
        schema.error(error);
      } else if (kind === EV_FINISHED) {
        positions.finished = true;
      } else if (kind === EV_DOCTYPE) {
        const name = texts[ints[i++] as number] as string;
        const start = ints[i++] as number;
        const end = ints[i++] as number;
        const externalId = (ints[i++] as number) === 1;
        schema.doctype({ name, start, end, externalId, declarations: ints[i++] as number });
      } else if (kind === EV_DECODE_PROBLEM) {
        const problemKind = (ints[i++] as number) === 0 ? 'invalid-bytes' : 'unsupported-encoding';
        const byteOffset = ints[i++] as number;
        const message = texts[ints[i++] as number] as string;
        const encoding = texts[ints[i++] as number] as string;
        this.stopped = true;
        if (!this.failed)
          this.checks.decodeProblem({ kind: problemKind, message, byteOffset }, encoding, positions);
      } else {
        throw new Error(`unknown scan event ${kind}`);
      }
    }
  }
}
