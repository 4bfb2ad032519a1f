/**
 * Modus v1 soil test files (ModusResult, and ModusSubmit where it is cheap) as a FileKind: detection by
 * the root element, streaming validation with every rule group, the summary with the upload's sampleDate,
 * and safe text fixes (unit spellings).
 */
import type { FixSafety } from '../diagnostics/diagnostic.ts';
import { applyTextFixes } from '../diagnostics/fix-application.ts';
import type { JsonValue } from '../json/json-document.ts';
import { checkSampleDate } from '../rules/sample-date/check-sample-date.ts';
import {
  decodeUtf8,
  extensionOf,
  type FileKind,
  type FileReport,
  type FixResult,
  type InputFile,
  type ValidateOptions,
} from '../formats/file-kind.ts';
import { prepareModusUpload } from './upload-preparation.ts';
import { validateModus, type ModusValidationOptions } from './validate-modus.ts';

/** Files up to this size keep their text in the report, for code frames. */
const TEXT_IN_REPORT = 16 * 1024 * 1024;
const SNIFF = 16 * 1024;

/** The root element's local name, read from the start of the file (after declarations and comments). */
export function sniffRootElement(bytes: Uint8Array): string | undefined {
  let start = 0;
  let label = 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) label = 'utf-16le';
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) label = 'utf-16be';
  else if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) start = 3;
  const head = new TextDecoder(label).decode(bytes.subarray(start, start + SNIFF));
  let i = 0;
  for (;;) {
    while (i < head.length && /\s/.test(head[i] ?? '')) i++;
    if (head.startsWith('<?', i)) {
      const end = head.indexOf('?>', i);
      if (end === -1) return undefined;
      i = end + 2;
    } else if (head.startsWith('<!--', i)) {
      const end = head.indexOf('-->', i);
      if (end === -1) return undefined;
      i = end + 3;
    } else if (head.startsWith('<!DOCTYPE', i)) {
      const m = /^<!DOCTYPE\s+([^\s>[]+)/.exec(head.slice(i));
      return m?.[1]?.split(':').pop();
    } else if (head[i] === '<') {
      const m = /^<([^\s/>]+)/.exec(head.slice(i));
      return m?.[1]?.split(':').pop();
    } else return undefined;
  }
}

const MODUS_ROOTS = new Set(['ModusResult', 'ModusSubmit']);

export const modusFileKind: FileKind = {
  id: 'modus-result',
  title: 'Modus v1 soil test result (ModusResult XML, POST /v2/soil/modus/result)',

  detect(file: InputFile): number {
    const ext = extensionOf(file.name);
    const root = sniffRootElement(file.bytes);
    if (root !== undefined && MODUS_ROOTS.has(root)) return ext === 'xml' ? 10 : 8;
    // Another XML file named .xml: ours at the lowest score, so it is reported as not a Modus file
    // rather than not recognised at all.
    return ext === 'xml' ? 1 : 0;
  },

  async validate(file: InputFile, options: ValidateOptions): Promise<FileReport> {
    const max = options.settings?.maxDiagnosticsPerRule;
    const validation: ModusValidationOptions = {};
    if (options.selection) validation.selection = options.selection;
    if (options.sampleDate !== undefined) validation.sampleDate = options.sampleDate;
    if (typeof max === 'number') validation.maxDiagnosticsPerRule = max;
    const result = validateModus(file.bytes, validation);
    const now = options.now?.();
    const diagnostics = [...result.diagnostics];
    if (options.sampleDate !== undefined) {
      diagnostics.unshift(
        ...checkSampleDate(options.sampleDate, {
          location: { field: 'sampleDate' },
          ...(now ? { now } : {}),
          ...(options.selection ? { selection: options.selection } : {}),
        }),
      );
    }
    const report: FileReport = { file: file.name, kind: 'modus-result', diagnostics };
    if (file.bytes.length <= TEXT_IN_REPORT && result.encoding === 'utf-8') {
      report.text = decodeUtf8(file.bytes);
    }
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
      report.summary = JSON.parse(JSON.stringify({ ...result.summary, upload })) as JsonValue;
    }
    return report;
  },

  async fix(
    file: InputFile,
    report: FileReport,
    allowed: readonly FixSafety[],
  ): Promise<FixResult | undefined> {
    const result = validateModus(file.bytes, { maxDiagnosticsPerRule: Infinity });
    if (result.encoding !== 'utf-8') return undefined;
    // Our offsets count from after a byte order mark; so does the decoder.
    const text = decodeUtf8(file.bytes);
    // The report may hold capped diagnostics; the fixes come from a complete pass, restricted to the
    // rules the report was made with.
    const codes = new Set(report.diagnostics.map((d) => d.code));
    const fixable = result.diagnostics.filter((d) => d.fix && codes.has(d.code));
    const applied = applyTextFixes(text, fixable, allowed);
    if (applied.applied.length === 0) return undefined;
    const body = new TextEncoder().encode(applied.text);
    if (!result.hadBom) return { bytes: body, applied: applied.applied };
    const bytes = new Uint8Array(body.length + 3);
    bytes.set([0xef, 0xbb, 0xbf], 0);
    bytes.set(body, 3);
    return { bytes, applied: applied.applied };
  },
};
