/**
 * The fix loop (ESLint's `verifyAndFix`, Ruff's `lint_fix`): choose fixes, let the kind apply them, check
 * again, repeat while new fixes appear, at most MAX_FIX_PASSES times. Fix passes check with every diagnostic
 * listed (per-rule caps limit what a report lists, not what is fixed), and each pass is guarded: when it
 * makes an error appear that was not there before, it is rolled back, the fixes that caused it are found
 * by halving and listed as not applied, and the rest are applied.
 */
import {
  editText,
  type Diagnostic,
  type FixSafety,
  type Location,
  type RuleCode,
} from '../diagnostics/diagnostic.ts';
import { describeLocation } from '../report/describe-location.ts';
import type { FileKind, FileReport, InputFile } from '../input/file-kind.ts';
import type { RuleMeta } from '../rules/rule.ts';
import { TRUNCATED_MESSAGE_ID } from '../rules/reporter.ts';
import { createRuleFilter } from '../rules/selection.ts';
import { nextTurn } from './events.ts';
import type { AppliedFix, FileFixes, NotAppliedFix } from './report.ts';

/** ESLint's limit too: fixes that keep producing new fixes stop here. */
export const MAX_FIX_PASSES = 10;
/** Trial passes spent finding the fixes that would create an error, per pass. */
const MAX_TRIALS = 64;
const SHOWN = 200;

/**
 * A diagnostic as a report listed it (a `Diagnostic` will do): its fix is applied only where the file's
 * report has a diagnostic of the same code at the same location (and of the same file, when it names one).
 */
export interface DiagnosticRef {
  id?: string;
  code: RuleCode;
  location: Location;
}

/**
 * Which fixes to apply, the same way for every kind. Ids are numbered across the files of one report: a
 * bare id ("d3") means the diagnostic of that number in a report of this run's files, with the same options
 * (for `fix()`, a report of that file alone); a diagnostic from any report (`DiagnosticRef`) carries its file,
 * code and location, and applies that fix or is refused.
 */
export interface FixSelection {
  /** Diagnostics (or bare ids, "d3") whose fixes to apply, and only those, in one pass. */
  ids?: readonly (string | DiagnosticRef)[];
  /** Only fixes of these rules: codes, code prefixes, groups or rule names, as `--select` takes them. */
  rules?: readonly string[];
  /** Safe fixes only, or unsafe ones (guesses that state their assumption) too. */
  safety: 'safe' | 'safe-and-unsafe';
}

function allowedSafeties(selection: Pick<FixSelection, 'safety'>): FixSafety[] {
  return selection.safety === 'safe-and-unsafe' ? ['safe', 'unsafe'] : ['safe'];
}

/** A FixSelection whose diagnostics were found in the file's report: bare ids of it. */
type ResolvedFixSelection = Omit<FixSelection, 'ids'> & { ids?: readonly string[] };

export interface FixLoopInput {
  file: InputFile;
  kind: FileKind;
  /** The rules the engine knows: a fix chosen by rule matches their codes, names and groups. */
  rules: readonly RuleMeta[];
  /** The file's report as listed (numbered): ids refer to it. */
  first: FileReport;
  selection: ResolvedFixSelection;
  /** Check bytes with the file's kind and options; `listAll` lifts per-rule caps. */
  check(bytes: Uint8Array, listAll: boolean): Promise<FileReport>;
  stopped(): boolean;
  onPass(pass: number, applied: number, notApplied: number): void;
}

export interface FixLoopResult {
  /** The fixed bytes; undefined when nothing was applied. */
  bytes?: Uint8Array;
  fixes: FileFixes;
}

type ErrorCounts = Map<string, number>;

interface Trial {
  bytes: Uint8Array;
  applied: Diagnostic[];
  after: FileReport;
  created: string[];
}

export async function runFixLoop(input: FixLoopInput): Promise<FixLoopResult> {
  const { kind, selection, check } = input;
  const allowed = allowedSafeties(selection);
  // The listed diagnostics by id, looked up once per id asked for.
  const listed = selection.ids ? new Map(input.first.diagnostics.map((d) => [d.id, d])) : undefined;
  // An id whose problem another diagnostic's fix fixes (`fixOn`: one fix of a whole geometry) names that fix.
  const ids = selection.ids
    ? new Set(
        selection.ids.flatMap((id) => {
          const d = listed?.get(id);
          return d && !d.fix && d.fixOn !== undefined ? [id, d.fixOn] : [id];
        }),
      )
    : undefined;
  const wantedRule =
    selection.rules && selection.rules.length > 0 ? ruleMatcher(selection.rules, input.rules) : () => true;
  const fixes: FileFixes = { applied: [], notApplied: [], passes: 0 };
  const unwritable = new Set<string>();
  // Fixes refused in a pass (they would create an error) are not chosen again in later passes.
  const refused = new Set<string>();

  const choose = (report: FileReport, pass: number): Diagnostic[] =>
    report.diagnostics.filter(
      (d) =>
        d.fix !== undefined &&
        allowed.includes(d.fix.safety) &&
        !refused.has(fixKey(d)) &&
        (ids ? pass === 1 && d.id !== undefined && ids.has(d.id) : wantedRule(d)),
    );

  // Ids asked for that name no fix to apply are said, not ignored.
  if (ids)
    for (const id of ids) {
      const d = listed?.get(id);
      if (!d)
        fixes.notApplied.push({
          id,
          code: '',
          rule: '',
          title: '',
          location: {},
          reason: `no diagnostic ${id} in the report`,
        });
      else if (!d.fix && d.fixOn === undefined) fixes.notApplied.push(notApplied(d, 'it has no fix'));
      else if (d.fix && !allowed.includes(d.fix.safety))
        fixes.notApplied.push(notApplied(d, 'its fix is unsafe: allow unsafe fixes to apply it'));
    }
  let bytes = input.file.bytes;
  let changed = false;
  // Nothing to fix and no rule over its listing cap: no need to check the file again.
  const capped = input.first.diagnostics.some(
    (d) => d.messageId === TRUNCATED_MESSAGE_ID || d.messageId === 'more',
  );
  if (!capped && choose(input.first, 1).length === 0) return { fixes };
  // With no cap reached the listed report is the complete list (kinds cap only where they say so with a
  // summary): it is not made again, and its fixes keep the ids the caller saw. (Checking it again held a
  // second report of 200,000 diagnostics for a many-line WKT.)
  let current = ids || !capped ? input.first : await check(bytes, true);
  if (current !== input.first && current.diagnostics.length === input.first.diagnostics.length)
    current.diagnostics.forEach((d, i) => {
      const id = input.first.diagnostics[i]?.id;
      if (id !== undefined) d.id = id;
    });
  let errors = errorCounts(ids ? await check(bytes, true) : current);
  let pass = 1;
  for (; pass <= MAX_FIX_PASSES; pass++) {
    const chosen = choose(current, pass);
    // Fixes the kind cannot write back (no text edits, no rebuilt archive) are said once, not retried.
    const writable = chosen.filter((d) => kind.fix && (d.fix?.edits?.length || d.fix?.artifact));
    // A set: a pass of 200,000 fixes looked each one up in the list (20 s of the run).
    const writableSet = new Set(writable);
    for (const d of chosen) {
      if (writableSet.has(d)) continue;
      const key = `${d.code}|${JSON.stringify(d.location)}`;
      if (unwritable.has(key)) continue;
      unwritable.add(key);
      fixes.notApplied.push(notApplied(d, `${kind.id} files cannot be written back with this fix`));
    }
    if (writable.length === 0) break;
    if (input.stopped()) {
      fixes.stopped = { reason: 'cancelled', message: 'the run was cancelled', remaining: writable.length };
      break;
    }
    await nextTurn();
    fixes.passes = pass;
    const outcome = await guardedPass(input, bytes, current, errors, writable, allowed);
    for (const d of outcome.applied) fixes.applied.push(appliedFix(d, pass, current.text));
    fixes.notApplied.push(...outcome.notApplied);
    for (const d of outcome.refused) refused.add(fixKey(d));
    input.onPass(pass, outcome.applied.length, outcome.notApplied.length);
    if (!outcome.trial) break;
    bytes = outcome.trial.bytes;
    changed = true;
    current = outcome.trial.after;
    errors = errorCounts(current);
    if (ids) {
      // One pass for fixes chosen by id; those that overlapped another are said, not chased.
      for (const d of writable)
        if (
          !outcome.applied.includes(d) &&
          !outcome.notApplied.some((n) => n.id === d.id && d.id !== undefined)
        )
          fixes.notApplied.push(notApplied(d, 'it overlaps another chosen fix; run fix again for it'));
      break;
    }
  }
  if (!ids && pass > MAX_FIX_PASSES) {
    const left = choose(current, pass).filter((d) => d.fix?.edits?.length || d.fix?.artifact);
    if (left.length > 0) fixes.stopped = maxPassesStop(left.length);
  }
  return changed ? { bytes, fixes } : { fixes };
}

/**
 * The chosen diagnostics of one file as ids of its report (`diagnostics`, numbered): a bare id stays as it
 * is; a DiagnosticRef names the diagnostic of its code at its location (the one of its id if several are),
 * or is refused, said in `notApplied`, when the report has none (another file's, or the file or the
 * options changed): an id never applies a fix it did not name.
 */
export function resolveFixTargets(
  targets: readonly (string | DiagnosticRef)[],
  diagnostics: readonly Diagnostic[],
  file: string,
): { ids: string[]; notApplied: NotAppliedFix[] } {
  const ids: string[] = [];
  const refused: NotAppliedFix[] = [];
  let byPlace: Map<string, Diagnostic[]> | undefined;
  for (const target of targets) {
    if (typeof target === 'string') {
      ids.push(target);
      continue;
    }
    const refuse = (reason: string): void => {
      const entry: NotAppliedFix = {
        code: target.code,
        rule: '',
        title: '',
        location: target.location,
        reason,
      };
      if (target.id !== undefined) entry.id = target.id;
      refused.push(entry);
    };
    if (target.location.file !== undefined && target.location.file !== file) {
      refuse(`it is a diagnostic of ${target.location.file}, not of ${file}`);
      continue;
    }
    if (!byPlace) {
      byPlace = new Map();
      for (const d of diagnostics) {
        const key = placeKey(d);
        const same = byPlace.get(key);
        if (same) same.push(d);
        else byPlace.set(key, [d]);
      }
    }
    const same = byPlace.get(placeKey(target)) ?? [];
    const found = same.find((d) => d.id === target.id) ?? same[0];
    if (found?.id !== undefined) ids.push(found.id);
    else {
      const now = diagnostics.find((d) => target.id !== undefined && d.id === target.id);
      refuse(
        `${file} has no ${target.code}${placeText(target.location)}` +
          (now ? ` (its ${now.id} is ${now.code}${placeText(now.location)})` : '') +
          ': the file or the options differ from the report it was chosen from; validate it again',
      );
    }
  }
  return { ids, notApplied: refused };
}

/** Where, in short: the line and column when the file is text. */
function placeText(location: Location): string {
  const start = location.range?.start;
  const where = start ? `line ${start.line}, column ${start.column}` : describeLocation(location);
  return where ? ` at ${where}` : '';
}

/** A diagnostic's code and location (its file aside), the same whatever order the location's keys are in. */
function placeKey(d: { code: string; location: Location }): string {
  const { file: _file, ...where } = d.location;
  return `${d.code}|${stableJson(where)}`;
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Why fixing stopped with `remaining` chosen fixes left after MAX_FIX_PASSES passes (`where`: of what). */
export function maxPassesStop(remaining: number, where = ''): NonNullable<FileFixes['stopped']> {
  return {
    reason: 'max-passes',
    remaining,
    message: `stopped after ${MAX_FIX_PASSES} fix passes${where} with ${remaining} chosen fix${remaining === 1 ? '' : 'es'} left (each pass's fixes overlapped or made new ones appear); run fix again on the fixed file`,
  };
}

/** One pass, rolled back in part or whole when it would make an error appear that was not there. */
async function guardedPass(
  input: FixLoopInput,
  bytes: Uint8Array,
  report: FileReport,
  before: ErrorCounts,
  chosen: Diagnostic[],
  allowed: readonly FixSafety[],
): Promise<{ trial?: Trial; applied: Diagnostic[]; notApplied: NotAppliedFix[]; refused: Diagnostic[] }> {
  const file = { name: input.file.name, bytes };
  const trial = async (subset: Diagnostic[]): Promise<Trial | undefined> => {
    await nextTurn();
    const fixed = await input.kind.fix?.(file, { ...report, diagnostics: subset }, allowed);
    if (!fixed || fixed.applied.length === 0) return undefined;
    const after = await input.check(fixed.bytes, true);
    return {
      bytes: fixed.bytes,
      applied: fixed.applied,
      after,
      created: createdErrors(before, errorCounts(after)),
    };
  };
  const whole = await trial(chosen);
  if (!whole) return { applied: [], notApplied: [], refused: [] };
  if (whole.created.length === 0)
    return { trial: whole, applied: whole.applied, notApplied: [], refused: [] };

  // Find the fixes that create errors by halving, each trial from the same bytes (so offsets hold).
  const culprits = new Map<Diagnostic, string[]>();
  let trials = 0;
  const search = async (subset: Diagnostic[]): Promise<void> => {
    if (subset.length === 0) return;
    if (trials >= MAX_TRIALS) {
      for (const d of subset) culprits.set(d, whole.created);
      return;
    }
    trials++;
    const r = await trial(subset);
    if (!r || r.created.length === 0) return;
    if (subset.length === 1) {
      culprits.set(subset[0]!, r.created);
      return;
    }
    const mid = Math.ceil(subset.length / 2);
    await search(subset.slice(0, mid));
    await search(subset.slice(mid));
  };
  if (chosen.length === 1) culprits.set(chosen[0]!, whole.created);
  else {
    const mid = Math.ceil(chosen.length / 2);
    await search(chosen.slice(0, mid));
    await search(chosen.slice(mid));
  }
  const rest = chosen.filter((d) => !culprits.has(d));
  const kept = culprits.size > 0 && rest.length > 0 ? await trial(rest) : undefined;
  if (kept && kept.created.length === 0) {
    const notApplied = [...culprits].map(([d, created]) => notApplied1(d, created));
    return { trial: kept, applied: kept.applied, notApplied, refused: [...culprits.keys()] };
  }
  // Only together do they create errors (or nothing is left): apply none of this pass.
  return {
    applied: [],
    notApplied: chosen.map((d) => notApplied1(d, culprits.get(d) ?? whole.created)),
    refused: chosen,
  };
}

/** A fix's identity across passes: its rule, title and where (without the text range, which moves). */
function fixKey(d: Diagnostic): string {
  const { range: _range, file: _file, ...where } = d.location;
  return `${d.code}|${d.fix?.title ?? ''}|${JSON.stringify(where)}`;
}

function notApplied1(d: Diagnostic, created: string[]): NotAppliedFix {
  return notApplied(d, `would create ${created.join(', ')}`);
}

function notApplied(d: Diagnostic, reason: string): NotAppliedFix {
  const entry: NotAppliedFix = {
    code: d.code,
    rule: d.rule,
    title: d.fix?.title ?? '',
    location: d.location,
    reason,
  };
  if (d.id !== undefined) entry.id = d.id;
  return entry;
}

function appliedFix(d: Diagnostic, pass: number, text: string | undefined): AppliedFix {
  const fix = d.fix!;
  const entry: AppliedFix = {
    pass,
    code: d.code,
    rule: d.rule,
    safety: fix.safety,
    title: fix.title,
    location: d.location,
  };
  if (d.id !== undefined && pass === 1) entry.id = d.id;
  const edit = fix.edits?.length === 1 ? fix.edits[0] : undefined;
  const before = fix.before ?? (edit && text !== undefined ? text.slice(edit.start, edit.end) : undefined);
  const after =
    fix.after ?? (edit && (edit.keep === undefined || text !== undefined) ? editText(edit, text) : undefined);
  if (before !== undefined) entry.before = shorten(before);
  if (after !== undefined) entry.after = shorten(after);
  return entry;
}

function shorten(s: string): string {
  return s.length > SHOWN ? `${s.slice(0, SHOWN - 1)}…` : s;
}

function errorCounts(report: FileReport): ErrorCounts {
  const counts: ErrorCounts = new Map();
  for (const d of report.diagnostics)
    if (d.severity === 'error') counts.set(d.code, (counts.get(d.code) ?? 0) + 1);
  return counts;
}

/** Codes with more errors after than before (new ones included). */
function createdErrors(before: ErrorCounts, after: ErrorCounts): string[] {
  return [...after].filter(([code, n]) => n > (before.get(code) ?? 0)).map(([code]) => code);
}

function ruleMatcher(selectors: readonly string[], rules: readonly RuleMeta[]): (d: Diagnostic) => boolean {
  const enabled = createRuleFilter({ select: selectors });
  const byCode = new Map(rules.map((r) => [r.code, r]));
  return (d) => {
    const meta = byCode.get(d.code);
    return meta ? enabled(meta) : selectors.some((s) => s === d.code || s === d.rule || s === d.group);
  };
}
