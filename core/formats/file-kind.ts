import type { Diagnostic, FixSafety } from '../diagnostics/diagnostic.ts';
import type { RuleSelection } from '../rules/selection.ts';
import type { JsonValue } from '../json/json-document.ts';
import type { GeoJsonFeature } from '../geojson/geojson.ts';

/** A file handed to the core by an adapter: a name (for detection and messages) and its bytes. */
export interface InputFile {
  name: string;
  bytes: Uint8Array;
}

export interface ValidateOptions {
  selection?: RuleSelection;
  /** The clock, injected: "in the future" checks compare against it. */
  now?: () => Date;
  /** sampleDate to pair with a Modus soil test file. */
  sampleDate?: string;
  /** Kind-specific settings (rate column name, acreage tolerance ...). */
  settings?: Record<string, JsonValue>;
}

export interface FileReport {
  file: string;
  /** The detected kind id ("field-upload", "enrollment-request", "modus-result", ...). */
  kind: string;
  diagnostics: Diagnostic[];
  /** The decoded text, when the file is text: renderers use it for code frames. */
  text?: string;
  /** A kind-specific summary (counts, extents, analytes) for `inspect` and the app. */
  summary?: JsonValue;
  /** The geometry that was checked (fields, zones, sample points); `Location.feature` indexes it. */
  features?: GeoJsonFeature[];
}

export interface FixResult {
  /** The fixed file's bytes. */
  bytes: Uint8Array;
  /** Diagnostics whose fixes were applied. */
  applied: Diagnostic[];
}

/** One kind of input file Fieldgate understands. */
export interface FileKind {
  id: string;
  title: string;
  /** How sure this kind is that the file is its own: 0 = not mine; the highest score wins. */
  detect(file: InputFile): number;
  validate(file: InputFile, options: ValidateOptions): Promise<FileReport>;
  /** Apply fixes of the allowed safeties; undefined when nothing could be fixed. */
  fix?(file: InputFile, report: FileReport, allowed: readonly FixSafety[]): Promise<FixResult | undefined>;
}

export function extensionOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? name;
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot + 1).toLowerCase();
}

/** Decode UTF-8 text (dropping a BOM). Invalid sequences become U+FFFD, which the text checks report. */
export function decodeUtf8(bytes: Uint8Array): string {
  return new TextDecoder('utf-8', { fatal: false, ignoreBOM: false }).decode(bytes);
}

/** The first non-whitespace character of a file, for cheap sniffing. */
export function firstSignificantChar(bytes: Uint8Array): string {
  let i = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) i = 3;
  for (; i < bytes.length && i < 4096; i++) {
    const b = bytes[i] ?? 0;
    if (b !== 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) return String.fromCharCode(b);
  }
  return '';
}
