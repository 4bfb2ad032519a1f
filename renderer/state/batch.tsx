/**
 * The batch being worked on: its files (bytes kept for fixes, undo and submit), each file's report from the
 * validation worker, the selected problem or feature (shared by table and map), and the undo history.
 */
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import type { AppliedFix, Diagnostic, FileResult, Unreadable } from '../../core/index.ts';
import type { FileRef } from '../../host/bridge-api.ts';
import { ValidationWorker, type Progress } from '../worker/validation-client.ts';
import type { KindSettings, WorkerFile } from '../worker/worker-protocol.ts';

export interface BatchFile {
  key: string;
  name: string;
  bytes: Uint8Array;
  /**
   * The dropped file `bytes` were read from, while they are its content: the worker reads it itself. A Blob
   * goes to the worker without a copy; posting 13 MB of bytes took the page a 38 ms task.
   */
  blob?: Blob;
  /** Kind settings it is checked with (a CSV column mapping). */
  settings?: KindSettings;
  /** Where the host can read it (an example, a file dropped in Electron). */
  path?: string;
  state: 'checking' | 'checked' | 'failed';
  progress?: Progress;
  result?: FileResult;
  /** Features of the file (its result holds the ones the map may draw). */
  featureCount?: number;
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
}

/** Select a problem (and its feature). */
export function selectionOf(fileKey: string, d: Diagnostic): Selection {
  const feature = d.location.feature;
  const line = d.location.range?.start.line;
  return {
    fileKey,
    code: d.code,
    ...(d.id ? { diagnosticId: d.id } : {}),
    ...(feature !== undefined ? { feature } : {}),
    ...(line !== undefined ? { line } : {}),
  };
}

/** A problem row of the table: a diagnostic with the file it belongs to. */
export interface Problem {
  key: string;
  fileKey: string;
  fileName: string;
  diagnostic: Diagnostic;
}

export interface FixOutcome {
  applied: { file: string; fix: AppliedFix }[];
  unchanged: number;
}

interface BatchApi {
  files: BatchFile[];
  problems: Problem[];
  selection?: Selection;
  select(selection: Selection | undefined): void;
  addFiles(files: { name: string; bytes: Uint8Array; blob?: Blob; path?: string }[]): Promise<void>;
  /** Check a file again with these kind settings (a CSV column mapping). */
  setSettings(key: string, settings: KindSettings): Promise<void>;
  /** Replace a file's bytes (an inline edit) and check it again. */
  editFile(key: string, bytes: Uint8Array): Promise<void>;
  removeFile(key: string): void;
  clear(): void;
  applySafeFixes(): Promise<FixOutcome>;
  canUndo: boolean;
  undo(): void;
  busy: boolean;
  /** The batch as the host's submit takes it. */
  fileRefs(): FileRef[];
}

const BatchContext = createContext<BatchApi | undefined>(undefined);

let keys = 0;
const newKey = (): string => `f${++keys}`;

const workerFileOf = (file: BatchFile): WorkerFile =>
  file.blob ? { name: file.name, blob: file.blob } : { name: file.name, bytes: file.bytes };

export function toBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 0x8000) out += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(out);
}

export function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function BatchProvider({ children }: { children: ReactNode }) {
  const workerRef = useRef<ValidationWorker | undefined>(undefined);
  const worker = (): ValidationWorker => (workerRef.current ??= new ValidationWorker());
  const [files, setFiles] = useState<BatchFile[]>([]);
  const [history, setHistory] = useState<BatchFile[][]>([]);
  const [selection, select] = useState<Selection | undefined>();
  const [busy, setBusy] = useState(false);
  const filesRef = useRef(files);
  filesRef.current = files;

  const update = useCallback((key: string, change: Partial<BatchFile>) => {
    setFiles((all) => all.map((f) => (f.key === key ? { ...f, ...change } : f)));
  }, []);

  const check = useCallback(
    async (file: BatchFile) => {
      let lastShown = 0;
      try {
        const { promise } = worker().validate(workerFileOf(file), file.settings, (progress) => {
          const now = performance.now();
          if (now - lastShown > 250) {
            lastShown = now;
            update(file.key, { progress });
          }
        });
        const checked = await promise;
        update(file.key, {
          state: 'checked',
          progress: undefined,
          result: checked.result,
          featureCount: checked.featureCount,
          unreadable: checked.unreadable,
        });
      } catch (error) {
        update(file.key, { state: 'failed', error: error instanceof Error ? error.message : String(error) });
      }
    },
    [update],
  );

  const addFiles = useCallback(
    async (added: { name: string; bytes: Uint8Array; blob?: Blob; path?: string }[]) => {
      const fresh: BatchFile[] = added.map((f) => ({ ...f, key: newKey(), state: 'checking' }));
      setFiles((all) => [...all, ...fresh]);
      setBusy(true);
      try {
        // One at a time: the worker is one thread, and the first results show sooner.
        for (const file of fresh) await check(file);
      } finally {
        setBusy(false);
      }
    },
    [check],
  );

  const editFile = useCallback(
    async (key: string, bytes: Uint8Array) => {
      const file = filesRef.current.find((f) => f.key === key);
      if (!file) return;
      setHistory((h) => [...h, filesRef.current]);
      const edited: BatchFile = { ...file, bytes, blob: undefined, path: undefined, state: 'checking' };
      setFiles((all) => all.map((f) => (f.key === key ? edited : f)));
      await check(edited);
    },
    [check],
  );

  const setSettings = useCallback(
    async (key: string, settings: KindSettings) => {
      const file = filesRef.current.find((f) => f.key === key);
      if (!file) return;
      const changed: BatchFile = { ...file, settings, state: 'checking' };
      setFiles((all) => all.map((f) => (f.key === key ? changed : f)));
      await check(changed);
    },
    [check],
  );

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
        const fixed = await worker().fix(workerFileOf(file), 'safe', file.settings).promise;
        if (!fixed.fixedBytes || !fixed.result) {
          outcome.unchanged++;
          after.push(file);
          continue;
        }
        for (const fix of fixed.result.fixes?.applied ?? []) outcome.applied.push({ file: file.name, fix });
        after.push({
          ...file,
          bytes: fixed.fixedBytes,
          blob: undefined,
          path: undefined,
          result: fixed.result,
          featureCount: fixed.featureCount,
          state: 'checked',
        });
      }
      if (outcome.applied.length > 0) {
        setHistory((h) => [...h, before]);
        setFiles(after);
      }
    } finally {
      setBusy(false);
    }
    return outcome;
  }, []);

  const undo = useCallback(() => {
    setHistory((h) => {
      const last = h[h.length - 1];
      if (last) setFiles(last);
      return h.slice(0, -1);
    });
  }, []);

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
    return out;
  }, [files]);

  const api: BatchApi = {
    files,
    problems,
    ...(selection ? { selection } : {}),
    select,
    addFiles,
    editFile,
    setSettings,
    removeFile: (key) => setFiles((all) => all.filter((f) => f.key !== key)),
    clear: () => {
      setFiles([]);
      setHistory([]);
      select(undefined);
    },
    applySafeFixes,
    canUndo: history.length > 0,
    undo,
    busy,
    fileRefs: () =>
      filesRef.current.map((f) =>
        f.path ? { path: f.path } : { name: f.name, contentBase64: toBase64(f.bytes) },
      ),
  };
  return <BatchContext.Provider value={api}>{children}</BatchContext.Provider>;
}

export function useBatch(): BatchApi {
  const api = useContext(BatchContext);
  if (!api) throw new Error('useBatch outside BatchProvider');
  return api;
}
