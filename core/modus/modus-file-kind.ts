/**
 * Modus v1 soil test files (ModusResult, and ModusSubmit where it is cheap) as a FileKind: detection by
 * the root element, streaming validation with every rule group, the summary with the upload's sampleDate,
 * and safe text fixes (unit spellings).
 */
import type { FixSafety } from '../diagnostics/diagnostic.ts';
import { applyTextFixes } from '../diagnostics/fix-application.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { GeoJsonFeature, SampleFeatureProperties } from '../geojson/geojson.ts';
import type { BatchGeometry } from '../input/batch-geometry.ts';
import { LineIndex } from '../diagnostics/text-position.ts';
import { checkSampleDate } from '../rules/sample-date/check-sample-date.ts';
import {
  decodeTextFile,
  type FileKind,
  type FileReport,
  type FixResult,
  type InputFile,
  type StreamedFile,
  type ValidateOptions,
} from '../input/file-kind.ts';
import { encodeTextLike, sniffBom } from '../input/text-decoding.ts';
import { modusKindInfo } from './modus-kind-info.ts';
import { readSampleGeometry } from './sample-geometry.ts';
import { prepareModusUpload } from './upload-preparation.ts';
import { wholeFileRecord } from '../records/submit-record.ts';
import { ModusSplitValidator } from './modus-split.ts';
import { ModusValidator, type ModusValidationOptions, type ModusValidationResult } from './validate-modus.ts';

/** Files up to this size keep their text in the report, for code frames. */
const TEXT_IN_REPORT = 16 * 1024 * 1024;
/** Bytes validated between two turns of the caller's event loop. */
const SLICE_BYTES = 1024 * 1024;

export const modusFileKind: FileKind = {
  ...modusKindInfo,

  async validate(file: InputFile, options: ValidateOptions): Promise<FileReport> {
    // The validator streams: feed it a slice at a time and let the caller's event loop run in between.
    const validator = modusValidator(options, file.bytes.length);
    for (let at = 0; at < file.bytes.length && !validator.done; at += SLICE_BYTES) {
      await validator.write(file.bytes.subarray(at, Math.min(file.bytes.length, at + SLICE_BYTES)));
      options.progress?.({ bytes: Math.min(file.bytes.length, at + SLICE_BYTES) });
      if (options.signal?.aborted) break;
      if (options.pause && at + SLICE_BYTES < file.bytes.length) await options.pause();
    }
    const result = await validator.end();
    const report = modusReport(file.name, result, options);
    if (file.bytes.length <= TEXT_IN_REPORT && result.encoding === 'utf-8') {
      report.text = decodeTextFile(file.bytes);
      if (options.features !== false || options.batchGeometry) {
        const features = samplePoints(report.text, report.diagnostics, options.batchGeometry);
        if (options.features !== false) report.features = features;
      }
    }
    return report;
  },

  /** The same checks on a file read chunk by chunk: memory holds one chunk, never the file (no text). */
  async validateStream(file: StreamedFile, options: ValidateOptions): Promise<FileReport> {
    const validator = modusValidator(options, file.size);
    const reader = file.open().getReader();
    let read = 0;
    let sinceProgress = 0;
    try {
      while (!validator.done) {
        const { done, value } = await reader.read();
        if (done) break;
        await validator.write(value);
        read += value.length;
        sinceProgress += value.length;
        if (sinceProgress >= SLICE_BYTES) {
          sinceProgress = 0;
          options.progress?.({ bytes: read });
          if (options.signal?.aborted) break;
          if (options.pause) await options.pause();
        }
      }
    } finally {
      await reader.cancel().catch(() => undefined);
    }
    return modusReport(file.name, await validator.end(), options);
  },

  /** Applies the text fixes of exactly the diagnostics it is given (the engine chose them). */
  async fix(
    file: InputFile,
    report: FileReport,
    allowed: readonly FixSafety[],
  ): Promise<FixResult | undefined> {
    // Offsets count from after a byte order mark; so does the decoder. Other encodings are not rewritten.
    const text = report.text ?? (declaresUtf8(file.bytes) ? decodeTextFile(file.bytes) : undefined);
    if (text === undefined) return undefined;
    const applied = applyTextFixes(text, report.diagnostics, allowed);
    if (applied.applied.length === 0) return undefined;
    return { bytes: encodeTextLike(applied.text, file.bytes), applied: applied.applied };
  },
};

/** ModusValidator, or the same checks with the scan on a worker thread (modus-split.ts). */
type Validator = Pick<ModusValidator, 'done'> & {
  write(chunk: Uint8Array): void | Promise<void>;
  end(): ModusValidationResult | Promise<ModusValidationResult>;
};

/** A validator for a file of `bytes` (undefined: not known): on two threads where the run has a worker for it. */
function modusValidator(options: ValidateOptions, bytes: number | undefined): Validator {
  const max = options.settings?.maxDiagnosticsPerRule;
  const validation: ModusValidationOptions = {};
  if (options.selection) validation.selection = options.selection;
  if (options.sampleDate !== undefined) validation.sampleDate = options.sampleDate;
  if (options.listAll) validation.maxDiagnosticsPerRule = Infinity;
  else if (typeof max === 'number') validation.maxDiagnosticsPerRule = max;
  const scanWorker = options.scanWorker?.(bytes);
  return scanWorker ? new ModusSplitValidator(scanWorker, validation) : new ModusValidator(validation);
}

/** The report of a validated file: the sampleDate's own findings first, the summary with the upload plan. */
function modusReport(name: string, result: ModusValidationResult, options: ValidateOptions): FileReport {
  const now = options.now;
  const diagnostics = [...result.diagnostics];
  if (options.sampleDate !== undefined) {
    diagnostics.unshift(
      ...checkSampleDate(options.sampleDate, {
        ...(now ? { now } : {}),
        ...(options.selection ? { selection: options.selection } : {}),
      }),
    );
  }
  const report: FileReport = { file: name, kind: 'modus-result', diagnostics };
  if (result.summary) {
    const plan = prepareModusUpload(result.summary, {
      ...(options.sampleDate !== undefined ? { sampleDate: options.sampleDate } : {}),
      ...(now ? { now } : {}),
    });
    const upload: NonNullable<typeof result.summary.upload> = { source: plan.source };
    if (plan.sampleDate !== undefined) upload.sampleDate = plan.sampleDate;
    if (plan.suggested !== undefined) upload.suggested = plan.suggested;
    if (plan.assumption !== undefined) upload.assumption = plan.assumption;
    // Findings on a suggested value (a given one is checked in the diagnostics above).
    if (plan.source === 'event-date' && plan.diagnostics.length > 0) {
      upload.notes = plan.diagnostics.map((d) => `${d.code} ${d.message}`);
    }
    // A copy: the builder's summary holds arrays it would go on growing for another file.
    report.summary = structuredClone({ ...result.summary, upload });
  }
  if (options.records) {
    const sampleDate = options.sampleDate;
    report.records = [
      wholeFileRecord(
        name,
        { call: 'uploadSoil', ...(sampleDate !== undefined ? { sampleDate } : {}), file: { self: true } },
        diagnostics.length,
      ),
    ];
  }
  return report;
}

/** Whether the file is UTF-8 XML (no UTF-16 mark, no other encoding declared). */
function declaresUtf8(bytes: Uint8Array): boolean {
  if ((sniffBom(bytes)?.encoding ?? 'utf-8') !== 'utf-8') return false;
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 256));
  const declared = /^(?:\uFEFF|\u00EF\u00BB\u00BF)?<\?xml[^>]*\sencoding\s*=\s*["']([^"']+)["']/.exec(
    head,
  )?.[1];
  return declared === undefined || /^utf-?8$/i.test(declared);
}

const SAMPLE_START = /<(?:\w+:)?SampleMetaData\b/g;
const SAMPLE_NUMBER = /<(?:\w+:)?SampleNumber>\s*([^<]*?)\s*</;
const DEPTH_ID = /<(?:\w+:)?Depth\s[^>]*?\bDepthID\s*=\s*["']([^"']*)["']/g;
const GEOMETRY = /(<(?:\w+:)?Geometry\b[^>]*>)([^<]*)</;
const EVENT_START = /<(?:\w+:)?Event[\s>]/g;
const FMIS_PROFILE = /<(?:\w+:)?FMISProfile\b[\s\S]*?<\/(?:\w+:)?FMISProfile>/;
/** The FMISProfile's Field: its text (ModusSubmit) or its ID attribute (ModusResult). */
const PROFILE_FIELD = /<(?:\w+:)?Field\b([^>]*?)(?:\/>|>([^<]*)<)/;
const ID_ATTRIBUTE = /\bID\s*=\s*(?:"([^"]*)"|'([^']*)')/;

/** XML's five predefined entities and character references, as a field name may hold them. */
function unescapeXml(text: string): string {
  return text.replace(/&(?:#x([0-9a-f]+)|#(\d+)|(amp|lt|gt|quot|apos));/gi, (whole, hex, dec, name) => {
    if (hex) return String.fromCodePoint(parseInt(hex, 16));
    if (dec) return String.fromCodePoint(parseInt(dec, 10));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[String(name).toLowerCase()] ?? whole;
  });
}

/** Each event's start and the field its FMISProfile names (undefined when it names none). */
function eventFields(text: string): Array<{ start: number; field?: string }> {
  const starts = [...text.matchAll(EVENT_START)].map((m) => m.index);
  return starts.map((start, i) => {
    const end = starts[i + 1] ?? text.length;
    // The profile comes before the samples: no need to look past the first of them.
    const samples = text.indexOf('SampleMetaData', start);
    const head = text.slice(start, samples >= 0 && samples < end ? samples : end);
    const profile = FMIS_PROFILE.exec(head)?.[0];
    const field = profile ? PROFILE_FIELD.exec(profile) : null;
    const named = field
      ? (field[2] ?? '').trim() ||
        ID_ATTRIBUTE.exec(field[1] ?? '')
          ?.slice(1)
          .find((v) => v !== undefined)
      : undefined;
    const value = named === undefined ? '' : unescapeXml(named).trim();
    return value === '' ? { start } : { start, field: value };
  });
}

/**
 * The samples' points as GeoJSON features (for maps), read from the text of a well-formed file: one feature
 * per sample whose <Geometry> is a POINT. Diagnostics inside a sample's metadata point at its feature.
 * With `batch`, each point also goes there for the checks across files, with the field its event's
 * FMISProfile names and the place of its <Geometry>.
 */
function samplePoints(text: string, diagnostics: Diagnostic[], batch?: BatchGeometry): GeoJsonFeature[] {
  const features: GeoJsonFeature[] = [];
  const spans: Array<{ start: number; end: number; feature: number }> = [];
  const starts = [...text.matchAll(SAMPLE_START)].map((m) => m.index);
  const events = batch ? eventFields(text) : [];
  const lines = batch ? new LineIndex(text) : undefined;
  let event = -1;
  starts.forEach((start, i) => {
    const end = starts[i + 1] ?? text.length;
    const block = text.slice(start, Math.min(end, start + 4096));
    const geometryMatch = GEOMETRY.exec(block);
    const wkt = geometryMatch?.[2];
    if (wkt === undefined) return;
    const geometry = readSampleGeometry(wkt.trim());
    if (!geometry.ok || !geometry.point) return;
    const properties: SampleFeatureProperties = {};
    const number = SAMPLE_NUMBER.exec(block)?.[1];
    if (number !== undefined) properties.sampleNumber = number;
    const depths = [...text.slice(start, end).matchAll(DEPTH_ID)].map((m) => unescapeXml(m[1] ?? '').trim());
    if (depths.length > 0) properties.depths = depths;
    const id = features.length;
    features.push({
      type: 'Feature',
      id,
      geometry: { type: 'Point', coordinates: geometry.point },
      properties,
    });
    spans.push({ start, end, feature: id });
    if (batch && lines && geometryMatch) {
      while (event + 1 < events.length && (events[event + 1]?.start ?? Infinity) < start) event++;
      const field = events[event]?.field;
      const from = start + geometryMatch.index + (geometryMatch[1]?.length ?? 0);
      batch.samples.push({
        feature: id,
        sample: number !== undefined && number !== '' ? number : String(i + 1),
        point: geometry.point,
        ...(field !== undefined ? { field } : {}),
        location: { range: lines.range(from, from + wkt.length), point: geometry.point, feature: id },
      });
    }
  });
  if (spans.length === 0) return features;
  for (const d of diagnostics) {
    const offset = d.location.range?.start.offset;
    if (offset === undefined) continue;
    const span = spans.find((s) => offset >= s.start && offset < s.end);
    if (span) d.location.feature = span.feature;
  }
  return features;
}
