/**
 * The one diagnostic record every Fieldgate check produces. Plain data: JSON-serialisable,
 * rendered for people elsewhere (cli/, renderer/).
 */
import type { RuleCode } from './rule-code.ts';

export type { RuleCode };

export type Severity = 'error' | 'warning' | 'info';

/** A point in a text: 0-based character offset, 1-based line and column (columns count UTF-16 units). */
export interface TextPosition {
  offset: number;
  line: number;
  column: number;
}

export interface TextRange {
  start: TextPosition;
  end: TextPosition;
}

/** One step of a JSON or XML path: a property name, an array index or an element name. */
export type PathSegment = string | number;

/**
 * Where a problem is, at the finest level the input has. Every part is optional; producers fill what
 * they know, adapters add `file`.
 */
export interface Location {
  /** File name or label given by the adapter ("fields.json", "<stdin>"). */
  file?: string;
  /** Character range in the text that was checked. */
  range?: TextRange;
  /** JSON path (["fields", 3, "boundary"]) or XML element path (["ModusResult", "Events", "Event", 0]). */
  path?: PathSegment[];
  /** 1-based data row (CSV row after the header, item of an upload array, shapefile record). */
  row?: number;
  /** Column or field name (CSV column, JSON property, DBF field). */
  field?: string;
  /** Archive member ("rx/zones.shp"). */
  entry?: string;
  /** 1-based shapefile record number. */
  record?: number;
  /** Geometry position: polygon index, ring index (0 = shell) and coordinate index, all 0-based. */
  polygon?: number;
  ring?: number;
  coordinate?: number;
  /** A coordinate the problem is at, e.g. a self-intersection point: [x, y] = [longitude, latitude]. */
  point?: [number, number];
  /** 0-based index of the feature (field, zone, sample) in the report's `features`, for maps. */
  feature?: number;
}

/**
 * Replace the text in [start, end) (0-based offsets into the checked text) with `text`; or, for an edit that
 * only removes parts of what it replaces, with the parts of it that `keep` names: [from, to) pairs of
 * offsets from `start`, in order. Either way plain data (a copy is the same edit); `editText` gives the new
 * text. `keep` is for fixes whose texts add up to the size of the input (the repeated points of a 100 MB
 * geometry): their texts are read from the checked text when written or applied, not all held beside it.
 */
export type TextEdit = { start: number; end: number } & (
  { text: string; keep?: never } | { keep: number[]; text?: never }
);

/**
 * The new text of an edit: its `text`, or the parts of the replaced text it keeps, read from `source`,
 * where the replaced text starts at `at` (by default `edit.start`: `source` is the text the edit's offsets
 * point into). A `keep` edit needs that text.
 */
export function editText(edit: TextEdit, source?: string, at: number = edit.start): string {
  if (edit.keep === undefined) return edit.text;
  if (source === undefined) throw new Error('a fix edit that keeps parts of a text needs that text');
  const keep = edit.keep;
  if (keep.length === 2) return source.slice(at + (keep[0] as number), at + (keep[1] as number));
  const parts: string[] = [];
  for (let i = 0; i < keep.length; i += 2)
    parts.push(source.slice(at + (keep[i] as number), at + (keep[i + 1] as number)));
  return parts.join('');
}

/**
 * Give each fix edit of `d` that keeps parts of a text its text, read from `source`, the text from offset
 * `base` of the text the edits point into on: for a reader that passes diagnostics on after that text is
 * gone (a file read as a stream). In place, so a fix that diagnostics share is read once.
 */
export function settleEditTexts(d: Diagnostic, source: string, base = 0): void {
  const edits = d.fix?.edits;
  if (!edits) return;
  edits.forEach((e, i) => {
    if (e.keep) edits[i] = { start: e.start, end: e.end, text: editText(e, source, e.start - base) };
  });
}

const plainEdits = new WeakSet<TextEdit>();

/**
 * An edit whose text its maker knows to be printable ASCII without quotes or backslashes (WKT written from
 * numbers): its own JSON string body, so a JSON writer need not look at each of its characters.
 */
export function plainTextEdit(start: number, end: number, text: string): TextEdit {
  const edit: TextEdit = { start, end, text };
  plainEdits.add(edit);
  return edit;
}

/** Whether the edit was made by plainTextEdit (a copy of it is not). */
export function isPlainTextEdit(edit: TextEdit): boolean {
  return plainEdits.has(edit);
}

export type FixSafety = 'safe' | 'unsafe';

/**
 * A proposed repair. Safe fixes keep the meaning and may be applied by scripts; unsafe fixes are guesses
 * (their title states the assumption) that a person confirms.
 */
/** What every fix says: how safe it is, what it does, and what it changes for display. */
export interface FixBase {
  safety: FixSafety;
  /** What the fix does, including any assumption: "Assume midnight UTC". */
  title: string;
  /** For display: the value before and after the fix. */
  before?: string;
  after?: string;
  /**
   * Set by a check when this fix also fixes other diagnostics (one fix of a whole geometry): the key their
   * `sharesFix` names. The engine turns the pair into `fixOn` and leaves the key out of its reports.
   */
  shared?: string;
}

/** A fix by text edits on the checked document. */
export interface EditsFix extends FixBase {
  edits: TextEdit[];
  artifact?: never;
}

/** A fix that rebuilds a whole file (a ZIP): the id of the builder the file kind applies. */
export interface ArtifactFix extends FixBase {
  artifact: string;
  edits?: never;
}

/** A fix is one or the other: `'artifact' in fix` (or `fix.edits`) tells which. */
export type Fix = EditsFix | ArtifactFix;

export interface RelatedLocation {
  message: string;
  location: Location;
}

export interface Diagnostic {
  /**
   * Stable id of this diagnostic within its report ("d12"), given by the engine: a caller picks fixes by
   * id. Absent on diagnostics straight from a check, before the engine has numbered them.
   */
  id?: string;
  /** Permanent code, e.g. "SD001" (one of `RuleCode`). Never reused. */
  code: RuleCode;
  /** The problem's name, e.g. "sample-date-format". */
  rule: string;
  /** The rule's group, e.g. "sample-date". */
  group: string;
  severity: Severity;
  /**
   * Which message template of the rule produced `message`. The one exception is the collector's
   * `not-listed` note, which sums up the diagnostics of a rule past its per-rule cap (core/rules/reporter.ts).
   */
  messageId: string;
  message: string;
  location: Location;
  hint?: string;
  fix?: Fix;
  /**
   * The id of the diagnostic whose fix also fixes this one ("d3"): a whole-geometry fix (removing every
   * repeated point, repairing a self-crossing outline) is listed once, on the geometry's first diagnostic.
   * Given by the engine; choosing this diagnostic's id applies that fix.
   */
  fixOn?: string;
  /** From a check, before the engine numbers the report: the `shared` key of the fix that fixes this one. */
  sharesFix?: string;
  related?: RelatedLocation[];
}

const severityRank: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

export function compareSeverity(a: Severity, b: Severity): number {
  return severityRank[a] - severityRank[b];
}

/** Sort by position in the input (offset, then row/record/coordinate), then severity, then code. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const key = (d: Diagnostic): number[] => [
    d.location.range?.start.offset ?? -1,
    d.location.row ?? d.location.record ?? -1,
    d.location.polygon ?? -1,
    d.location.ring ?? -1,
    d.location.coordinate ?? -1,
  ];
  return [...diagnostics].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < ka.length; i++) {
      const diff = (ka[i] ?? 0) - (kb[i] ?? 0);
      if (diff !== 0) return diff;
    }
    return compareSeverity(a.severity, b.severity) || a.code.localeCompare(b.code);
  });
}

export interface DiagnosticCounts {
  error: number;
  warning: number;
  info: number;
}

export function countBySeverity(diagnostics: readonly Diagnostic[]): DiagnosticCounts {
  const counts: DiagnosticCounts = { error: 0, warning: 0, info: 0 };
  for (const d of diagnostics) counts[d.severity]++;
  return counts;
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}
