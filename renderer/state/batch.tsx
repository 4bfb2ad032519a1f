/**
 * The batch being worked on, as core's batch state (core/batch/batch-state.ts): each file's bytes as
 * dropped, how it is read (its column mapping and settings), and what was changed in it (cell and line
 * edits, chosen fixes) in order. What the screens show is each file as changed (`current`), checked by the
 * validation worker; what Submit hands the host is the state itself, which the host prepares with the same
 * core, so the rows sent are the rows shown. Also: the selected problem or feature (shared by grid, table
 * and map), the undo history (each step takes back one change) and the change log. Fixes a person chooses
 * are made by the host with core's fix loop (the `applyFix` bridge call, as `fieldgate fix` makes them).
 */
import { useQuery } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import {
  applyCsvRowChanges,
  applyLineChanges,
  base64ToBytes,
  bytesToBase64,
  engineSettingsOf,
  parseCsvDelimiter,
  parseCsvMapping,
  parseCsvEncoding,
  type AppliedFix,
  type BatchChange,
  type FixChoice,
  type GeoJsonFeature,
  type CsvMapping,
  type Diagnostic,
  type FileResult,
  type KindSettingValues,
  type Unreadable,
} from '../../core/index.ts';
import type { BatchStateInput, FileRef, FixedByChoice } from '../../host/bridge-api.ts';
import { useBridge } from '../bridge/bridge-context.tsx';
import { ValidationWorker, type Progress, type RowsPreview } from '../worker/validation-client.ts';
import { acrossFilesProblems, acrossFilesRequest, resultsKey } from './across-files.ts';
import type { GridRecord, WorkerFile } from '../worker/worker-protocol.ts';

export interface BatchFile {
  key: string;
  name: string;
  /** The bytes as dropped: changes apply on top (and the host applies them again the same way). */
  bytes: Uint8Array;
  /** The file as changed: what is checked, shown and edited. */
  current: Uint8Array;
  /**
   * The dropped file `bytes` were read from, while they are its content: the worker reads it itself. A Blob
   * goes to the worker without a copy; posting 13 MB of bytes took the page a 38 ms task.
   */
  blob?: Blob;
  /** Where the host can read its bytes as dropped (an example, a file dropped in Electron). */
  path?: string;
  kind?: string;
  /** A CSV batch's column mapping and constant values, as applied. */
  mapping?: CsvMapping;
  /** The mapping was the one remembered for the file's header set, applied when it was added. */
  mappingRemembered?: boolean;
  /** Other kind settings (encoding, delimiter …). */
  settings?: KindSettingValues;
  changes: BatchChange[];
  state: 'checking' | 'checked' | 'failed';
  progress?: Progress;
  result?: FileResult;
  /** Features of the file (its result holds the ones the map may draw). */
  featureCount?: number;
  /** Every record (row) of the file as last checked: what the data grid shows. */
  records?: GridRecord[];
  /** A CSV's first rows as read, shown until its records come (a big file is checked for seconds). */
  preview?: RowsPreview;
  /** A CSV's first rows as read when it was added, kept: the mapping step's sample values. */
  sample?: RowsPreview;
  /** The validation job that checked it: the worker keeps its geometry for the checks across files. */
  geometryJob?: number;
  unreadable?: Unreadable;
  error?: string;
}

export interface Selection {
  fileKey: string;
  diagnosticId?: string;
  feature?: number;
  /**
   * The selected problem's code and line: ids are renumbered when a file is checked again (an edit, a fix),
   * so the selection follows the problem by these, and the line stays open in the editor when it is fixed.
   */
  code?: string;
  line?: number;
  /** A CSV data row: its cells are what the editor changes. */
  row?: number;
}

/** Select a problem (and its feature). */
export function selectionOf(fileKey: string, d: Diagnostic): Selection {
  const feature = d.location.feature;
  const line = d.location.range?.start.line;
  const row = d.location.row;
  return {
    fileKey,
    code: d.code,
    ...(d.id ? { diagnosticId: d.id } : {}),
    ...(feature !== undefined ? { feature } : {}),
    ...(line !== undefined ? { line } : {}),
    ...(row !== undefined ? { row } : {}),
  };
}

/** A problem row of the table: a diagnostic with the file it belongs to. */
export interface Problem {
  key: string;
  fileKey: string;
  fileName: string;
  diagnostic: Diagnostic;
}

export interface ProblemCounts {
  errors: number;
  warnings: number;
}

export function problemCounts(diagnostics: readonly Diagnostic[] = []): ProblemCounts {
  let errors = 0;
  let warnings = 0;
  for (const d of diagnostics)
    if (d.severity === 'error') errors++;
    else if (d.severity === 'warning') warnings++;
  return { errors, warnings };
}

/** The column mapping of a CSV batch's header, and whether it reads every header and required column. */
export function csvColumnsOf(
  file: Pick<BatchFile, 'result'>,
): { headers: string[]; columns: Record<string, string>; unmatched: string[]; missing: number } | undefined {
  const summary = file.result?.summary;
  if (summary?.type !== 'csv-batch') return undefined;
  const used = new Set(Object.values(summary.mapping.columns ?? {}));
  const missing =
    file.result?.diagnostics.filter((d) => d.code === 'CSV003' && d.messageId === 'missing').length ?? 0;
  return {
    headers: summary.headers,
    columns: summary.mapping.columns ?? {},
    unmatched: summary.headers.filter((h) => h.trim() !== '' && !used.has(h)),
    missing,
  };
}

export interface FixOutcome {
  applied: { file: string; fix: AppliedFix }[];
  unchanged: number;
  /** Why a chosen fix was not made (the problem is gone, or the fix would create an error). */
  notApplied?: string[];
}

/** A fix not made yet: what the host answered, and the feature it changes as it would be after it. */
export interface FixPreview {
  answer: FixedByChoice;
  after?: GeoJsonFeature;
}

/** One line of the change log: when, which file, what changed (an undo is a line of its own, naming what it took back). */
export interface ChangeLogEntry {
  at: string;
  file: string;
  change: string;
  detail: string;
}

/** The choice of a fix of one problem: its code and where it is, in terms that survive other changes. */
export function fixChoiceOf(d: Diagnostic, safety: 'safe' | 'unsafe'): FixChoice {
  const l = d.location;
  const at: Extract<FixChoice, { code: string }>['at'] = {};
  if (l.row !== undefined) at.row = l.row;
  if (l.record !== undefined) at.record = l.record;
  if (l.field !== undefined) at.field = l.field;
  if (l.entry !== undefined) at.entry = l.entry;
  // A place without a row, record or entry (a WKT line, a JSON value) is found by its offset.
  if (at.row === undefined && at.record === undefined && at.entry === undefined && l.range)
    at.offset = l.range.start.offset;
  return { code: d.code, safety, at };
}

interface BatchApi {
  files: BatchFile[];
  /** Every file's problems, then those of the checks across files (ids x1, x2, …). */
  problems: Problem[];
  /** The problems of the checks across files alone. */
  acrossFiles: Problem[];
  /** The checks across files are running: until they end, the batch's problems are not all known. */
  acrossChecking: boolean;
  selection?: Selection;
  select(selection: Selection | undefined): void;
  addFiles(files: { name: string; bytes: Uint8Array; blob?: Blob; path?: string }[]): Promise<void>;
  /**
   * Read a CSV batch with this column mapping (and constant values), and check it again; the host
   * remembers it for the file's header set, unless it is the remembered one.
   */
  setMapping(key: string, mapping: CsvMapping, remembered?: boolean): Promise<void>;
  /** The problems a file would have with this mapping (checked in the worker, nothing changed). */
  previewMapping(key: string, mapping: CsvMapping): Promise<ProblemCounts>;
  /** Change a CSV row's cells (a data row as reports number them) and check the file again. */
  editRow(key: string, row: number, cells: string[]): Promise<void>;
  /** Change one cell of a CSV row (its index in the file's header) and check the file again. */
  editCell(key: string, row: number, column: number, value: string): Promise<void>;
  /** Change a line of another text file and check it again. */
  editLine(key: string, line: number, text: string): Promise<void>;
  removeFile(key: string): void;
  /** Empty the batch; `restoreCleared` brings it back as it was, until files are added again. */
  clear(): void;
  /** The batch last cleared (files and changes), while it can be brought back. */
  cleared?: { files: number; changes: number };
  restoreCleared(): void;
  applySafeFixes(): Promise<FixOutcome>;
  /**
   * What a chosen fix would do, without making it: the host's answer and, when a feature is named, that
   * feature as the fixed file has it (checked in the worker), to show before and after.
   */
  previewFix(key: string, choice: FixChoice, feature?: number): Promise<FixPreview>;
  /** Make a chosen fix (with the answer of its preview, when there was one), and check the file again. */
  applyFix(key: string, choice: FixChoice, previewed?: FixedByChoice): Promise<FixOutcome>;
  /** Every change made and every undo, in order: exportable. */
  changeLog: ChangeLogEntry[];
  /** A fix being confirmed: the feature as it would be after it, which the map draws over the original. */
  fixPreview?: { fileKey: string; after: GeoJsonFeature };
  showFixPreview(preview: { fileKey: string; after: GeoJsonFeature } | undefined): void;
  canUndo: boolean;
  undo(): void;
  busy: boolean;
  /** A change that could not be made, and why (the file is left as it was before it). */
  changeError?: string;
  /** The batch as the host's submit takes it: the same state, so the same rows are sent. */
  batchState(): BatchStateInput;
}

const BatchContext = createContext<BatchApi | undefined>(undefined);

let keys = 0;
const newKey = (): string => `f${++keys}`;

/** What the worker checks: the file as changed (the dropped Blob while nothing changed it). */
const workerFileOf = (file: BatchFile): WorkerFile =>
  file.blob && file.current === file.bytes
    ? { name: file.name, blob: file.blob }
    : { name: file.name, bytes: file.current };

const toBase64 = bytesToBase64;

export function fromBase64(text: string): Uint8Array {
  return base64ToBytes(text) ?? new Uint8Array(0);
}

/** The engine options a file is checked with: its kind and settings (its mapping among them). */
function checkOptionsOf(file: BatchFile): { kind?: string; settings: KindSettingValues } {
  const kind = file.kind ?? file.mapping?.kind;
  return { ...(kind ? { kind } : {}), settings: engineSettingsOf(file) };
}

/** A file's state as the bridge carries it: by path while unchanged on disk, else its bytes as dropped. */
function stateFileOf(file: BatchFile): BatchStateInput['files'][number] {
  const ref: FileRef = file.path
    ? { path: file.path }
    : { name: file.name, contentBase64: toBase64(file.bytes) };
  return {
    file: ref,
    ...(file.kind ? { kind: file.kind } : {}),
    ...(file.mapping ? { mapping: file.mapping } : {}),
    ...(file.settings && Object.keys(file.settings).length > 0 ? { settings: file.settings } : {}),
    ...(file.changes.length > 0 ? { changes: file.changes } : {}),
  };
}

/** A fix for the change log: its code, title and where, before → after. */
function fixDetail(fix: AppliedFix): string {
  const where = [fix.location.row !== undefined ? `row ${fix.location.row}` : undefined, fix.location.field]
    .filter(Boolean)
    .join(', ');
  const change = fix.before !== undefined ? `: ${fix.before} → ${fix.after ?? ''}` : '';
  return `${fix.code} (${fix.safety}) ${where ? `${where}: ` : ''}${fix.title}${change}`;
}

export function BatchProvider({ children }: { children: ReactNode }) {
  const bridge = useBridge();
  const settings = useQuery({ queryKey: ['settings'], queryFn: () => bridge.getSettings({}) });
  const threads = useRef<number | undefined>(undefined);
  threads.current = settings.data?.checkThreads;
  const workerRef = useRef<ValidationWorker | undefined>(undefined);
  const worker = (): ValidationWorker => (workerRef.current ??= new ValidationWorker(() => threads.current));
  const [files, setFiles] = useState<BatchFile[]>([]);
  const [history, setHistory] = useState<BatchFile[][]>([]);
  const [changeLog, setChangeLog] = useState<ChangeLogEntry[]>([]);
  const [fixPreview, showFixPreview] = useState<{ fileKey: string; after: GeoJsonFeature } | undefined>();
  const log = useCallback((file: string, change: string, details: string[]) => {
    const at = new Date().toISOString();
    setChangeLog((all) => [...all, ...details.map((detail) => ({ at, file, change, detail }))]);
  }, []);
  const [selection, select] = useState<Selection | undefined>();
  const [busy, setBusy] = useState(false);
  const [changeError, setChangeError] = useState<string | undefined>();
  const [cleared, setCleared] = useState<
    { files: BatchFile[]; history: BatchFile[][]; changeLog: ChangeLogEntry[] } | undefined
  >();
  const filesRef = useRef(files);
  filesRef.current = files;

  const update = useCallback((key: string, change: Partial<BatchFile>) => {
    setFiles((all) => all.map((f) => (f.key === key ? { ...f, ...change } : f)));
  }, []);

  const check = useCallback(
    async (file: BatchFile) => {
      let lastShown = 0;
      try {
        const { promise } = worker().validate(
          workerFileOf(file),
          checkOptionsOf(file),
          (progress) => {
            const now = performance.now();
            if (now - lastShown > 250) {
              lastShown = now;
              update(file.key, { progress });
            }
          },
          // Only before the file's first check: later checks keep showing its records.
          file.records ? undefined : (preview) => update(file.key, { preview, sample: preview }),
        );
        const checked = await promise;
        update(file.key, {
          state: 'checked',
          progress: undefined,
          result: checked.result,
          featureCount: checked.featureCount,
          unreadable: checked.unreadable,
          geometryJob: checked.job,
          records: checked.records,
          preview: undefined,
        });
        return checked.result;
      } catch (error) {
        update(file.key, { state: 'failed', error: error instanceof Error ? error.message : String(error) });
        return undefined;
      }
    },
    [update],
  );

  /** Replace a file by its next version (kept for undo) and check that one. */
  const replace = useCallback(
    async (next: BatchFile) => {
      setHistory((h) => [...h, filesRef.current]);
      setChangeError(undefined);
      const checking: BatchFile = { ...next, state: 'checking' };
      setFiles((all) => all.map((f) => (f.key === next.key ? checking : f)));
      await check(checking);
    },
    [check],
  );

  const setMapping = useCallback(
    async (key: string, mapping: CsvMapping, remembered = false) => {
      const file = filesRef.current.find((f) => f.key === key);
      if (!file) return;
      const columns = Object.entries(mapping.columns ?? {}).map(([to, from]) => `${to} ← ${from}`);
      const values = Object.entries(mapping.values ?? {}).map(([to, value]) => `${to} = ${value}`);
      const described = [...columns, ...values].join('; ') || 'no column mapped';
      log(file.name, 'mapping', [remembered ? `remembered for these headers: ${described}` : described]);
      const headers = csvColumnsOf(file)?.headers;
      // Remembered for the next file with these headers; not being able to is no reason to stop.
      if (!remembered && headers) bridge.rememberMapping({ headers, mapping }).catch(() => undefined);
      await replace({ ...file, mapping, mappingRemembered: remembered });
    },
    [bridge, replace, log],
  );

  /** A CSV whose headers are not its kind's, read with the mapping remembered for its header set. */
  const applyRememberedMapping = useCallback(
    async (key: string, result: FileResult | undefined) => {
      const columns = csvColumnsOf({ result });
      if (!columns || (columns.missing === 0 && columns.unmatched.length === 0)) return;
      const saved = await bridge
        .savedMapping({ headers: columns.headers })
        .catch(() => ({ mapping: undefined }));
      if (!saved.mapping) return;
      const mapping = parseCsvMapping(JSON.stringify(saved.mapping));
      if (typeof mapping === 'string') return;
      // The file as checked: filesRef is current only after the next render.
      filesRef.current = filesRef.current.map((f) =>
        f.key === key ? { ...f, state: 'checked' as const, result } : f,
      );
      await setMapping(key, mapping, true);
    },
    [bridge, setMapping],
  );

  const addFiles = useCallback(
    async (added: { name: string; bytes: Uint8Array; blob?: Blob; path?: string }[]) => {
      const fresh: BatchFile[] = added.map((f) => ({
        ...f,
        current: f.bytes,
        changes: [],
        key: newKey(),
        state: 'checking',
      }));
      setFiles((all) => [...all, ...fresh]);
      setCleared(undefined);
      setBusy(true);
      try {
        // One at a time: the worker is one thread, and the first results show sooner.
        for (const file of fresh) await applyRememberedMapping(file.key, await check(file));
      } finally {
        setBusy(false);
      }
    },
    [check, applyRememberedMapping],
  );

  /** Add an edit to a file: made on its current bytes in its own encoding (core), then checked again. */
  const edit = useCallback(
    async (key: string, change: Extract<BatchChange, { type: 'cell' | 'row' | 'line' }>) => {
      const file = filesRef.current.find((f) => f.key === key);
      if (!file) return;
      let done: { ok: true; bytes: Uint8Array } | { ok: false; message: string };
      if (change.type === 'row' || change.type === 'cell') {
        const settings = file.settings ?? {};
        const encoding =
          typeof settings.encoding === 'string' ? parseCsvEncoding(settings.encoding) : undefined;
        const delimiter =
          typeof settings.delimiter === 'string' ? parseCsvDelimiter(settings.delimiter) : undefined;
        const kind = file.result?.kind;
        done = await applyCsvRowChanges(file.current, [change], {
          ...(encoding ? { encoding } : {}),
          ...(delimiter ? { delimiter } : {}),
          ...(file.mapping ? { mapping: file.mapping } : {}),
          ...(kind?.startsWith('csv-') ? { kind: kind as NonNullable<CsvMapping['kind']> } : {}),
        });
      } else done = applyLineChanges(file.current, [change]);
      if (!done.ok) {
        setChangeError(`${file.name}: ${done.message}`);
        return;
      }
      log(file.name, 'edit', [
        change.type === 'cell'
          ? `row ${change.row}, cell ${change.column + 1}: ${change.value}`
          : change.type === 'row'
            ? `row ${change.row}: ${change.cells.join(' | ')}`
            : `line ${change.line}: ${change.text}`,
      ]);
      await replace({ ...file, current: done.bytes, changes: [...file.changes, change] });
    },
    [replace, log],
  );

  const previewMapping = useCallback(async (key: string, mapping: CsvMapping): Promise<ProblemCounts> => {
    const file = filesRef.current.find((f) => f.key === key);
    if (!file) return { errors: 0, warnings: 0 };
    const checked = await worker().validate(workerFileOf(file), checkOptionsOf({ ...file, mapping })).promise;
    return problemCounts(checked.result?.diagnostics);
  }, []);

  /** A file as the host's applyFix takes it: its bytes as they are now, and how it is read. */
  const fixInput = (file: BatchFile) => ({
    file: { name: file.name, contentBase64: toBase64(file.current) },
    ...(file.kind ? { kind: file.kind } : {}),
    ...(file.mapping ? { mapping: file.mapping } : {}),
    ...(file.settings && Object.keys(file.settings).length > 0 ? { settings: file.settings } : {}),
  });

  const previewFix = useCallback(
    async (key: string, choice: FixChoice, feature?: number): Promise<FixPreview> => {
      const file = filesRef.current.find((f) => f.key === key);
      if (!file) return { answer: { problem: 'the file is no longer in the batch' } };
      const answer = await bridge.applyFix({ file: fixInput(file), fix: choice });
      if ('problem' in answer || feature === undefined) return { answer };
      const fixed = { name: file.name, bytes: fromBase64(answer.contentBase64) };
      const checked = await worker().validate(fixed, checkOptionsOf(file)).promise;
      const after = checked.result?.features?.find((f) => f.id === feature);
      return after ? { answer, after } : { answer };
    },
    [bridge],
  );

  const applyFix = useCallback(
    async (key: string, choice: FixChoice, previewed?: FixedByChoice): Promise<FixOutcome> => {
      const file = filesRef.current.find((f) => f.key === key);
      if (!file) return { applied: [], unchanged: 1 };
      setBusy(true);
      try {
        const answer = previewed ?? (await bridge.applyFix({ file: fixInput(file), fix: choice }));
        if ('problem' in answer) {
          setChangeError(`${file.name}: ${answer.problem}`);
          return { applied: [], unchanged: 1, notApplied: [answer.problem] };
        }
        const notApplied = answer.notApplied.map((n) => `${n.code} ${n.title}: ${n.reason}`);
        if (answer.applied.length === 0) return { applied: [], unchanged: 1, notApplied };
        const what =
          'all' in choice
            ? `all ${choice.all} fixes`
            : 'rule' in choice
              ? `every ${choice.rule} fix`
              : `the ${choice.code} fix`;
        log(file.name, `fix: ${what}`, answer.applied.map(fixDetail));
        await replace({
          ...file,
          current: fromBase64(answer.contentBase64),
          changes: [...file.changes, { type: 'fix', fix: choice }],
        });
        return { applied: answer.applied.map((fix) => ({ file: file.name, fix })), unchanged: 0, notApplied };
      } catch (error) {
        setChangeError(`${file.name}: ${error instanceof Error ? error.message : String(error)}`);
        return { applied: [], unchanged: 1 };
      } finally {
        setBusy(false);
      }
    },
    [bridge, replace, log],
  );

  /** Every safe fix of every file, one undo step; through the host's fix loop as any chosen fix. */
  const applySafeFixes = useCallback(async (): Promise<FixOutcome> => {
    const before = filesRef.current;
    const outcome: FixOutcome = { applied: [], unchanged: 0 };
    setBusy(true);
    try {
      const after: BatchFile[] = [];
      for (const file of before) {
        const fixable = file.result?.diagnostics.some((d) => d.fix?.safety === 'safe');
        if (!fixable) {
          after.push(file);
          continue;
        }
        const choice: FixChoice = { all: 'safe' };
        const answer = await bridge.applyFix({ file: fixInput(file), fix: choice });
        if ('problem' in answer || answer.applied.length === 0) {
          outcome.unchanged++;
          after.push(file);
          continue;
        }
        for (const fix of answer.applied) outcome.applied.push({ file: file.name, fix });
        log(file.name, 'fix: all safe fixes', answer.applied.map(fixDetail));
        after.push({
          ...file,
          current: fromBase64(answer.contentBase64),
          changes: [...file.changes, { type: 'fix', fix: choice }],
          state: 'checking',
        });
      }
      if (outcome.applied.length > 0) {
        setHistory((h) => [...h, before]);
        setFiles(after);
        for (const file of after) if (file.state === 'checking') await check(file);
      }
    } finally {
      setBusy(false);
    }
    return outcome;
  }, [bridge, check, log]);

  const undo = useCallback(() => {
    const last = history[history.length - 1];
    if (!last) return;
    // The files that step changed, for the log.
    const changed = filesRef.current.filter((f) => last.find((l) => l.key === f.key) !== f);
    setHistory(history.slice(0, -1));
    setFiles(last);
    for (const file of changed) {
      const undone = changeLog.findLast((e) => e.file === file.name && e.change !== 'undo');
      log(file.name, 'undo', [
        undone ? `took back ${undone.change}: ${undone.detail}` : 'took back a change',
      ]);
    }
  }, [history, changeLog, log]);

  // The checks across files, in the worker, once every file is checked, again whenever a result changes
  // (not with a file's progress). A file whose geometry the worker let go of (an undo brought back an
  // older version) is checked again, and they run again with it.
  const [acrossFiles, setAcrossFiles] = useState<Problem[]>([]);
  const [acrossChecking, setAcrossChecking] = useState(false);
  const changedResults = resultsKey(files);
  const acrossRun = useRef(0);
  useEffect(() => {
    const current = filesRef.current;
    const run = ++acrossRun.current;
    const request = acrossFilesRequest(current);
    if (current.some((f) => f.state === 'checking') || request.length < 2) {
      if (request.length < 2) setAcrossFiles([]);
      setAcrossChecking(false);
      return;
    }
    setAcrossChecking(true);
    worker()
      .acrossFiles(request)
      .then(({ diagnostics, missing }) => {
        if (run !== acrossRun.current) return;
        // In one render: the problems found and the end of the checks (exports wait for both).
        setAcrossFiles(acrossFilesProblems(diagnostics, filesRef.current));
        setAcrossChecking(false);
        for (const file of filesRef.current)
          if (file.geometryJob !== undefined && missing.includes(file.geometryJob)) {
            update(file.key, { state: 'checking' });
            void check({ ...file, state: 'checking' });
          }
      })
      .catch(() => {
        if (run === acrossRun.current) setAcrossChecking(false);
      });
    // check and update never change (callbacks over state setters): the results alone start a run.
  }, [changedResults, check, update]);
  // Changes live in this page only: leaving it (reload, close) asks first while there are any.
  const changed = files.some((f) => f.changes.length > 0);
  useEffect(() => {
    if (!changed) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [changed]);

  const problems = useMemo(() => {
    const out: Problem[] = [];
    for (const file of files)
      for (const d of file.result?.diagnostics ?? [])
        out.push({
          key: `${file.key}:${d.id ?? out.length}`,
          fileKey: file.key,
          fileName: file.name,
          diagnostic: d,
        });
    return acrossFiles.length > 0 ? out.concat(acrossFiles) : out;
  }, [files, acrossFiles]);

  const api: BatchApi = {
    files,
    problems,
    acrossFiles,
    acrossChecking,
    ...(selection ? { selection } : {}),
    select,
    addFiles,
    setMapping,
    previewMapping,
    editRow: (key, row, cells) => edit(key, { type: 'row', row, cells }),
    editLine: (key, line, text) => edit(key, { type: 'line', line, text }),
    editCell: (key, row, column, value) => edit(key, { type: 'cell', row, column, value }),
    removeFile: (key) => setFiles((all) => all.filter((f) => f.key !== key)),
    clear: () => {
      setCleared({ files, history, changeLog });
      setFiles([]);
      setHistory([]);
      setChangeLog([]);
      select(undefined);
    },
    ...(cleared
      ? {
          cleared: {
            files: cleared.files.length,
            changes: cleared.files.reduce((n, f) => n + f.changes.length, 0),
          },
        }
      : {}),
    restoreCleared: () => {
      if (!cleared) return;
      setFiles(cleared.files);
      setHistory(cleared.history);
      setChangeLog(cleared.changeLog);
      setCleared(undefined);
    },
    applySafeFixes,
    previewFix,
    applyFix,
    changeLog,
    ...(fixPreview ? { fixPreview } : {}),
    showFixPreview,
    canUndo: history.length > 0,
    undo,
    busy,
    ...(changeError ? { changeError } : {}),
    batchState: () => ({ files: filesRef.current.map(stateFileOf) }),
  };
  return <BatchContext.Provider value={api}>{children}</BatchContext.Provider>;
}

export function useBatch(): BatchApi {
  const api = useContext(BatchContext);
  if (!api) throw new Error('useBatch outside BatchProvider');
  return api;
}
