/**
 * Validate a Modus v1 file in one streaming pass: bytes are decoded chunk by chunk, scanned, checked
 * against the schema, the semantic rules and the service's limits, and summarised. Memory holds the
 * current chunk, the open elements and small per-event sets, whatever the file's size.
 */
import { sortDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { CHUNK_BYTES, feedScanner } from './scan-handover.ts';
import { schemaRulesByStage } from './schema-rules.ts';
import { DiagnosticCollector } from '../rules/reporter.ts';
import type { Rule } from '../rules/rule.ts';
import type { RuleSelection } from '../rules/selection.ts';
import { stageRules, type ModusRuleContext } from './modus-rule-context.ts';
import type { SchemaStage, SchemaStageOf } from './schema-stages.ts';
import { ModusSemantics } from './modus-semantics.ts';
import { ModusService } from './modus-service.ts';
import { ModusSummaryBuilder, type ModusSummary } from './modus-summary.ts';
import { SampleGeometryReader } from './sample-geometry.ts';
import { ModusSchemaValidator, type ModusObserver } from './schema-validator.ts';
import { XmlByteDecoder, type DecodedPiece, type DecodeProblem } from './xml-decoding.ts';
import { defaultXmlLimits, XmlScanner, type XmlLimits, type XmlPositions } from './xml-scanner.ts';

export interface ModusValidationOptions {
  /** Which rules run (--select / --ignore). */
  selection?: RuleSelection;
  /** Diagnostics kept per rule, the rest summed up in one per rule (default 1000; Infinity keeps all). */
  maxDiagnosticsPerRule?: number;
  /** Safety limits of the XML scanner. */
  limits?: Partial<XmlLimits>;
  /** The sampleDate sent with the upload, compared with EventDate (MSV012). */
  sampleDate?: string;
}

export interface ModusValidationResult {
  /** In document order. */
  diagnostics: Diagnostic[];
  /** What the file holds; present when the file is well-formed and has a Modus root. */
  summary?: ModusSummary;
  /** ModusResult or ModusSubmit; undefined when the root is something else. */
  root?: string;
  wellFormed: boolean;
  /** The encoding the bytes were read in (utf-8 for string input). */
  encoding: string;
  hadBom: boolean;
  /** Characters of decoded text. */
  length: number;
}

/**
 * The checking half of a validation: the schema pass with its observers (semantics, the service's
 * limits, the summary) over scanner events, and the result. Fed by a scanner on this thread
 * (ModusValidator) or by one on another thread (modus-split.ts).
 */
export class ModusChecks {
  readonly reporter: DiagnosticCollector;
  /** The rules of a decoding problem (MOD004), handed it as a stage result of the schema pass's. */
  private readonly decodeRules = stageRules<SchemaStage>(schemaRulesByStage)['decode-problem'];
  readonly schema: ModusSchemaValidator;
  private readonly summary = new ModusSummaryBuilder();

  constructor(options: ModusValidationOptions) {
    this.reporter = new DiagnosticCollector(options.selection, {
      maxPerRule: options.maxDiagnosticsPerRule ?? 1000,
    });
    const geometries = new SampleGeometryReader();
    const observers: ModusObserver[] = [
      new ModusSemantics(geometries),
      new ModusService(
        options.sampleDate !== undefined ? { sampleDate: options.sampleDate } : {},
        geometries,
      ),
      this.summary,
    ];
    this.schema = new ModusSchemaValidator(this.reporter, observers);
  }

  /** A decoding problem just after the text decoded so far (`positions`' end). */
  decodeProblem(problem: DecodeProblem, encoding: string, positions: XmlPositions): void {
    const offset = positions.base + positions.buf.length;
    const p = positions.position(offset);
    const at = { offset, line: p.line, column: p.column };
    const stage: SchemaStageOf<'decode-problem'> = {
      stage: 'decode-problem',
      problem,
      encoding,
      location: { range: { start: at, end: at } },
    };
    const { rules } = this.decodeRules;
    const contexts = this.decodeRules.contexts(this.reporter);
    for (let i = 0; i < rules.length; i++)
      (rules[i] as Rule<SchemaStageOf<'decode-problem'>>).check?.(stage, contexts[i] as ModusRuleContext);
  }

  /** The checks after the last event: `wellFormed` when nothing stopped the scan. */
  result(
    read: Pick<ModusValidationResult, 'wellFormed' | 'encoding' | 'hadBom' | 'length'>,
  ): ModusValidationResult {
    const root = this.schema.rootName || undefined;
    if (read.wellFormed && root !== undefined) this.schema.finish();
    this.reporter.finish();
    const result: ModusValidationResult = {
      diagnostics: sortDiagnostics(this.reporter.diagnostics),
      wellFormed: read.wellFormed,
      encoding: read.encoding,
      hadBom: read.hadBom,
      length: read.length,
    };
    if (root !== undefined) result.root = root;
    if (read.wellFormed && root !== undefined) result.summary = this.summary.summary;
    return result;
  }
}

/** Push-style validator: `write` chunks (bytes or text) as they arrive, then `end`. */
export class ModusValidator {
  private readonly checks: ModusChecks;
  private readonly scanner: XmlScanner;
  private readonly decoder = new XmlByteDecoder();
  private stopped = false;
  private text = false;

  constructor(options: ModusValidationOptions = {}) {
    this.checks = new ModusChecks(options);
    this.scanner = new XmlScanner(this.checks.schema, { ...defaultXmlLimits, ...options.limits });
    this.checks.schema.attach(this.scanner);
  }

  /** True once a fatal error (malformed XML, a rejected DOCTYPE, a limit) stopped reading: feed no more. */
  get done(): boolean {
    return this.stopped || this.scanner.hasFailed;
  }

  write(chunk: Uint8Array | string): void {
    if (this.stopped) return;
    if (typeof chunk === 'string') {
      this.text = true;
      this.scanner.write(chunk, true);
      return;
    }
    // Big chunks are decoded a slice at a time: a decoded string over about 512 KB lives in V8's large
    // object space until the next full collection, so a file handed over whole would pile them up.
    for (let at = 0; at < chunk.length && !this.stopped; at += CHUNK_BYTES) {
      this.feed(
        this.decoder.decode(chunk.length <= CHUNK_BYTES ? chunk : chunk.subarray(at, at + CHUNK_BYTES)),
      );
    }
  }

  private feed(piece: DecodedPiece): void {
    if (feedScanner(this.scanner, this.decoder, piece)) return;
    this.stopped = true;
    if (!this.scanner.hasFailed)
      this.checks.decodeProblem(
        piece.problem as DecodeProblem,
        this.decoder.encoding,
        this.scanner.positions,
      );
  }

  end(): ModusValidationResult {
    if (!this.stopped) {
      if (!this.text) {
        this.feed(this.decoder.finish());
      }
      if (!this.stopped) this.scanner.end();
    }
    return this.checks.result({
      wellFormed: !this.stopped && !this.scanner.hasFailed,
      encoding: this.text ? 'utf-8' : this.decoder.encoding,
      hadBom: this.decoder.hadBom,
      length: this.scanner.length,
    });
  }
}

/** Validate a whole file given as bytes (decoded in chunks, never as one string) or as text. */
export function validateModus(
  input: Uint8Array | string,
  options: ModusValidationOptions = {},
): ModusValidationResult {
  const validator = new ModusValidator(options);
  if (typeof input === 'string') {
    const size = CHUNK_BYTES;
    for (let i = 0; i < input.length;) {
      let end = Math.min(input.length, i + size);
      const last = input.charCodeAt(end - 1);
      if (end < input.length && last >= 0xd800 && last <= 0xdbff) end++;
      validator.write(input.slice(i, end));
      i = end;
    }
    if (input.length === 0) validator.write('');
  } else {
    for (let i = 0; i < input.length; i += CHUNK_BYTES) validator.write(input.subarray(i, i + CHUNK_BYTES));
  }
  return validator.end();
}
