/**
 * Every problem of the batch: filter by severity, rule and column; the selected one's message, hint and fix
 * (before → after) beside the list; its fix applied on its own or every fix of its rule (an unsafe one only
 * after a confirmation that draws the feature before and after); "apply all safe fixes" with undo; inline
 * edit of the problem's line with live re-validation (CSV rows and any text file).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  findRule,
  formatCount,
  sniffTextEncoding,
  tokenizeCsv,
  type CsvDelimiter,
  type Location,
  type Severity,
} from '../../core/index.ts';
import {
  selectionOf,
  useBatch,
  type BatchFile,
  type FixOutcome,
  type Problem,
  type Selection,
} from '../state/batch.tsx';
import { headersOfMappedColumns } from './grid-rows.ts';
import { FixActions } from './fix-actions.tsx';
import { VirtualList } from './virtual-list.tsx';
import { lineBytesSoon } from './line-bytes.ts';
import { yieldToPage } from './yield-to-page.ts';

const ROW_HEIGHT = 30;

/**
 * A problem's column as its file names it: a CSV batch's column read through a mapping by the file's
 * header (Fläche), not by the batch column its rule checks (acres), as the grid shows it.
 */
function useColumnOf(): (problem: Problem) => string | undefined {
  const batch = useBatch();
  const headers = useMemo(
    () => new Map(batch.files.map((f) => [f.key, headersOfMappedColumns(f.result?.summary)])),
    [batch.files],
  );
  return useCallback(
    (problem: Problem) => {
      const field = problem.diagnostic.location.field;
      return field === undefined ? undefined : (headers.get(problem.fileKey)?.get(field) ?? field);
    },
    [headers],
  );
}

function whereIs(l: Location, column = l.field): string {
  const parts: string[] = [];
  if (l.row !== undefined) parts.push(`row ${l.row}`);
  else if (l.record !== undefined) parts.push(`record ${l.record}`);
  else if (l.range) parts.push(`line ${l.range.start.line}`);
  if (column) parts.push(column);
  if (l.entry) parts.push(l.entry);
  return parts.join(', ');
}

const isNote = (p: Problem) => p.diagnostic.severity === 'info';

/**
 * The list's count: its problems (errors and warnings, as the files' table counts them) and apart from them
 * its notes (info), each as "shown of all" while a filter hides some.
 */
function problemCountText(shown: readonly Problem[], all: readonly Problem[]): string {
  const notes = all.filter(isNote).length;
  const shownNotes = shown.filter(isNote).length;
  const part = (some: number, every: number) =>
    shown.length === all.length ? formatCount(every) : `${formatCount(some)} of ${formatCount(every)}`;
  const problems = part(shown.length - shownNotes, all.length - notes);
  return notes === 0 ? problems : `${problems}, and ${part(shownNotes, notes)} note${notes === 1 ? '' : 's'}`;
}

export function ProblemTable() {
  const batch = useBatch();
  const [severity, setSeverity] = useState<Severity | ''>('');
  const [rule, setRule] = useState('');
  const [column, setColumn] = useState('');
  const [lastFixes, setFixOutcome] = useState<FixOutcome | undefined>();
  const columnOf = useColumnOf();
  // What the last fixes did, while the files they were made in are still in the batch (not after Clear).
  const fixOutcome =
    lastFixes &&
    batch.files.length > 0 &&
    lastFixes.applied.every(({ file }) => batch.files.some((f) => f.name === file))
      ? lastFixes
      : undefined;

  const rules = useMemo(
    () => [...new Set(batch.problems.map((p) => p.diagnostic.code))].sort(),
    [batch.problems],
  );
  const columns = useMemo(
    () => [...new Set(batch.problems.map(columnOf).filter((f): f is string => !!f))].sort(),
    [batch.problems, columnOf],
  );
  const shown = useMemo(
    () =>
      batch.problems.filter(
        (p) =>
          (!severity || p.diagnostic.severity === severity) &&
          (!rule || p.diagnostic.code === rule) &&
          (!column || columnOf(p) === column),
      ),
    [batch.problems, severity, rule, column, columnOf],
  );
  const selected = batch.selection;
  const activeIndex = useMemo(() => {
    if (!selected) return -1;
    const inFile = (p: Problem) => p.fileKey === selected.fileKey;
    const sameCode = (p: Problem) => !selected.code || p.diagnostic.code === selected.code;
    if (selected.diagnosticId) {
      const byId = shown.findIndex(
        (p) => inFile(p) && p.diagnostic.id === selected.diagnosticId && sameCode(p),
      );
      if (byId >= 0 || selected.line === undefined) return byId;
      // Checked again since: the same problem on the same line, if it is still there.
      return shown.findIndex(
        (p) => inFile(p) && sameCode(p) && p.diagnostic.location.range?.start.line === selected.line,
      );
    }
    if (selected.feature !== undefined)
      return shown.findIndex(
        (p) => p.fileKey === selected.fileKey && p.diagnostic.location.feature === selected.feature,
      );
    return -1;
  }, [shown, selected]);
  const active = activeIndex >= 0 ? shown[activeIndex] : undefined;
  const safeCount = batch.problems.filter((p) => p.diagnostic.fix?.safety === 'safe').length;

  function activate(index: number) {
    const p = shown[index];
    if (p) batch.select(selectionOf(p.fileKey, p.diagnostic));
  }

  return (
    <section className="problems" aria-labelledby="problems-title">
      <div className="toolbar">
        <h2 id="problems-title">
          Problems{' '}
          <span className="count" data-testid="problem-count">
            ({problemCountText(shown, batch.problems)})
          </span>
        </h2>
        <label>
          Severity
          <select value={severity} onChange={(e) => setSeverity(e.target.value as Severity | '')}>
            <option value="">All</option>
            <option value="error">Errors</option>
            <option value="warning">Warnings</option>
            <option value="info">Info (notes)</option>
          </select>
        </label>
        <label>
          Rule
          <select value={rule} onChange={(e) => setRule(e.target.value)}>
            <option value="">All</option>
            {rules.map((r) => (
              <option key={r} value={r}>
                {r} {findRule(r)?.name ?? ''}
              </option>
            ))}
          </select>
        </label>
        <label>
          Column
          <select value={column} onChange={(e) => setColumn(e.target.value)}>
            <option value="">All</option>
            {columns.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </label>
        <button
          type="button"
          disabled={batch.busy || safeCount === 0}
          onClick={() => void batch.applySafeFixes().then(setFixOutcome)}
        >
          Apply all safe fixes ({formatCount(safeCount)})
        </button>
        <button
          type="button"
          disabled={!batch.canUndo || batch.busy}
          onClick={() => {
            batch.undo();
            setFixOutcome(undefined);
          }}
        >
          Undo
        </button>
      </div>
      {fixOutcome && (
        // Focusable: the workbench's layout may make it scroll in its own box, which the keyboard must reach.
        <div role="status" className="fix-outcome" tabIndex={0}>
          <p>
            {formatCount(fixOutcome.applied.length)} fix{fixOutcome.applied.length === 1 ? '' : 'es'} applied.
          </p>
          {fixOutcome.applied.length > 0 && (
            <ul>
              {fixOutcome.applied.slice(0, 20).map(({ file, fix }, i) => (
                <li key={i}>
                  {file}: {fix.code} {fix.title}
                  {fix.before !== undefined && (
                    <>
                      {' '}
                      <code>{fix.before}</code> → <code>{fix.after}</code>
                    </>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <div className="problem-grid">
        <div className="problem-list">
          <div className="row header" aria-hidden="true">
            <span>Severity</span>
            <span>Rule</span>
            <span>File</span>
            <span>Where</span>
            <span>Message</span>
          </div>
          <VirtualList
            items={shown}
            rowHeight={ROW_HEIGHT}
            height={Math.min(420, Math.max(4, shown.length) * ROW_HEIGHT + 2)}
            label="Problems"
            idPrefix="problem"
            activeIndex={activeIndex}
            onActivate={activate}
            rowKey={(p) => p.key}
            renderRow={(p) => (
              <>
                <span className={`sev sev-${p.diagnostic.severity}`}>{p.diagnostic.severity}</span>
                <span>{p.diagnostic.code}</span>
                <span>{p.fileName}</span>
                <span>{whereIs(p.diagnostic.location, columnOf(p))}</span>
                <span className="message">{p.diagnostic.message}</span>
              </>
            )}
          />
        </div>
        <ProblemDetail problem={active} selection={selected} onFixed={setFixOutcome} />
      </div>
    </section>
  );
}

function ProblemDetail({
  problem,
  selection,
  onFixed,
}: {
  problem: Problem | undefined;
  selection?: Selection;
  onFixed(outcome: FixOutcome): void;
}) {
  const batch = useBatch();
  const columnOf = useColumnOf();
  if (!problem && selection?.code && selection.line !== undefined)
    return (
      <aside className="problem-detail" aria-label="Selected problem">
        <p role="status">
          {selection.code} on line {selection.line} is fixed.
        </p>
        <LineEditor
          key={`${selection.fileKey}:${selection.line}`}
          fileKey={selection.fileKey}
          line={selection.line}
          row={selection.row}
        />
      </aside>
    );
  if (!problem)
    return (
      <aside className="problem-detail" aria-label="Selected problem">
        <p>Select a problem to see its hint and fix.</p>
      </aside>
    );
  const d = problem.diagnostic;
  // One fix of a whole geometry is listed on its first problem; the others name it (fixOn).
  const fixedBy =
    d.fix || d.fixOn === undefined
      ? undefined
      : batch.problems.find((p) => p.fileKey === problem.fileKey && p.diagnostic.id === d.fixOn)?.diagnostic;
  const fix = d.fix ?? fixedBy?.fix;
  return (
    <aside className="problem-detail" aria-label="Selected problem">
      <h3>
        {d.code} <span className={`sev sev-${d.severity}`}>{d.severity}</span>
      </h3>
      <p>{d.message}</p>
      <p className="where">
        {problem.fileName} {whereIs(d.location, columnOf(problem))}
      </p>
      {d.related && d.related.length > 0 && (
        <ul className="related" aria-label="Places it names">
          {d.related.map((r, i) => (
            <li key={i}>
              See {r.location.file ?? problem.fileName} {whereIs(r.location)} ({r.message})
            </li>
          ))}
        </ul>
      )}
      {d.hint && <p className="hint">Hint: {d.hint}</p>}
      {fix ? (
        <div className="fix">
          <p>
            Fix ({fix.safety}): {fix.title}
            {fixedBy && ` (one fix for the whole geometry, listed on ${fixedBy.code} ${fixedBy.id ?? ''})`}
          </p>
          {fix.before !== undefined && (
            <p>
              <code>{fix.before}</code> → <code>{fix.after}</code>
            </p>
          )}
          <FixActions
            key={`${problem.key}:${fix.safety}`}
            fileKey={problem.fileKey}
            diagnostic={fixedBy ?? d}
            fix={fix}
            onFixed={onFixed}
          />
        </div>
      ) : (
        <p>No automatic fix: edit the value.</p>
      )}
      {d.location.range && (
        <LineEditor
          key={`${problem.fileKey}:${d.location.range.start.line}`}
          fileKey={problem.fileKey}
          line={d.location.range.start.line}
          row={d.location.row}
        />
      )}
    </aside>
  );
}

/** How a file's text is written: a CSV batch's encoding and delimiter from its report, else by its mark. */
function textFormatOf(file: BatchFile): { encoding: string; delimiter?: CsvDelimiter } {
  const summary = file.result?.summary;
  if (summary?.type === 'csv-batch') return { encoding: summary.encoding, delimiter: summary.delimiter };
  return { encoding: sniffTextEncoding(file.current).encoding };
}

/**
 * Edit the problem's line of the file; every pause in typing checks the file again. Works on the bytes
 * around the line (a batch can be 100,000 rows: the whole text is never decoded here), read and written in
 * the file's own encoding: a CSV row's edit is an edit of its cells (core/csv/csv-edits.ts), another text
 * file's an edit of the line, so the rest of the file keeps its bytes.
 */
function LineEditor({ fileKey, line, row }: { fileKey: string; line: number; row?: number | undefined }) {
  const batch = useBatch();
  const file = batch.files.find((f) => f.key === fileKey);
  const format = useMemo(() => (file ? textFormatOf(file) : undefined), [file]);
  const bytes = file && format && !format.encoding.startsWith('utf-16') ? file.current : undefined;
  // Found a slice at a time (the line breaks before the last row of a million-row batch took the page 80 ms
  // to count); an edit's new bytes are searched again while the line as first found stays on screen.
  const [found, setFound] = useState<{ bytes: Uint8Array; span: [number, number] | undefined }>();
  useEffect(() => {
    if (!bytes) return;
    const abort = new AbortController();
    void lineBytesSoon(bytes, line, yieldToPage, abort.signal).then((span) => {
      if (!abort.signal.aborted) setFound({ bytes, span });
    });
    return () => abort.abort();
  }, [bytes, line]);
  const original = useMemo(
    () =>
      found?.span && format && found.span[1] - found.span[0] <= 20_000
        ? new TextDecoder(format.encoding).decode(found.bytes.subarray(found.span[0], found.span[1]))
        : undefined,
    [found, format],
  );
  if (!file || original === undefined || !format) return null;
  const csv = file.result?.kind.startsWith('csv-') === true;
  if (csv && (row === undefined || !format.delimiter)) return null;
  return (
    <LineText
      fileKey={fileKey}
      fileName={file.name}
      line={line}
      original={original}
      {...(csv ? { csv: { row: row!, delimiter: format.delimiter! } } : {})}
    />
  );
}

/** The line's text as typed: every pause in typing checks the file again (a CSV row as its cells). */
function LineText({
  fileKey,
  fileName,
  line,
  original,
  csv,
}: {
  fileKey: string;
  fileName: string;
  line: number;
  original: string;
  csv?: { row: number; delimiter: CsvDelimiter };
}) {
  const batch = useBatch();
  const [value, setValue] = useState(original);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const box = useRef<HTMLTextAreaElement>(null);
  // The line changed elsewhere (its cell edited in the grid, Undo, a fix): shown as it is now, else typing
  // here would send the old text back over that change. Not while it is typed here (its own edits).
  useEffect(() => {
    if (document.activeElement !== box.current) setValue(original);
  }, [original]);

  function change(next: string) {
    setValue(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const text = next.replace(/[\r\n]+/g, ' ');
      if (csv) {
        const cells = tokenizeCsv(text, csv.delimiter)[0]?.cells.map((c) => c.value) ?? [''];
        void batch.editRow(fileKey, csv.row, cells);
      } else void batch.editLine(fileKey, line, text);
    }, 400);
  }

  return (
    <label className="line-editor">
      Edit {csv ? `row ${csv.row}` : `line ${line}`} of {fileName} (checked again as you type)
      <textarea
        ref={box}
        value={value}
        rows={3}
        spellCheck={false}
        onChange={(e) => change(e.target.value)}
      />
      {batch.changeError && <span role="alert">{batch.changeError}</span>}
    </label>
  );
}
