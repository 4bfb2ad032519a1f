/**
 * The data grid: every record of a file of the batch (a CSV batch's rows, a field upload's fields …), each
 * named by what a person calls it, with its cells. Only the rows in view are in the page (a file of
 * 100,000 rows scrolls as one of 10 does). Cells with problems are marked by their worst severity, their
 * messages on hover (title) and on focus (the line under the grid); rows with problems only; search
 * (Ctrl+F in the grid: the browser's find cannot see rows that are not drawn); sort by a column; a CSV
 * cell edited in place is checked again as you type, as the line editor does. The selection is the
 * batch's: choosing a cell selects its problem in the list and its feature on the map, and a problem or
 * feature chosen there brings its row here.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { formatCount, type Diagnostic } from '../../core/index.ts';
import { selectionOf, useBatch, type BatchFile, type Selection } from '../state/batch.tsx';
import {
  featuresByRow,
  gridColumnsOf,
  gridRowsOf,
  headersOfMappedColumns,
  previewRows,
  problemsByCell,
  rowHasProblem,
  selectedRowIndex,
  severityRank,
  type CellProblems,
  type GridRow,
} from './grid-rows.ts';
import { orderRows } from './row-order.ts';
import { yieldToPage } from './yield-to-page.ts';

const ROW_HEIGHT = 28;
const VIEW_HEIGHT = 308;
const OVERSCAN = 8;
/**
 * Rows are keyed by their place in the window (index modulo this), not by record: a scroll then writes
 * new text into the rows already drawn instead of making new ones (a step through 100,000 rows made about
 * 500 new nodes keyed by record, 54 keyed by place), so there is less for the page's collector to pause for.
 */
const ROW_SLOTS = Math.ceil(VIEW_HEIGHT / ROW_HEIGHT) + 2 * OVERSCAN + 4;
/** A pause in typing this long checks the edited cell again (the line editor's pause). */
const RECHECK_MS = 400;
/** The two columns before a file's own: its row number and what a person calls the record. */
const LEAD_COLUMNS = 2;

const messagesOf = (cell: CellProblems | undefined): string =>
  cell?.diagnostics.map((d) => `${d.severity} ${d.code}: ${d.message}`).join('\n') ?? '';

type SortKey = { column: number; descending: boolean };

/** The batch's data grid: a tab per file that has records, the chosen file's rows. */
export function DataGrid() {
  const batch = useBatch();
  const withRecords = batch.files.filter(
    (f) => (f.records?.length ?? 0) > 0 || (f.result?.features?.length ?? 0) > 0 || f.preview,
  );
  const [chosen, setChosen] = useState<string | undefined>();
  const selectedFile = batch.selection?.fileKey;
  const selectedHasRecords = withRecords.some((f) => f.key === selectedFile);
  // A selection made elsewhere (problem list, map) shows its file.
  useEffect(() => {
    if (selectedFile && selectedHasRecords) setChosen(selectedFile);
  }, [selectedFile, selectedHasRecords]);
  const file = withRecords.find((f) => f.key === chosen) ?? withRecords[0];
  if (!file) return null;
  return (
    <section className="data-grid" aria-labelledby="data-grid-title">
      <div className="toolbar">
        <h2 id="data-grid-title">Data</h2>
        {withRecords.length > 1 && (
          <label>
            File
            <select value={file.key} onChange={(e) => setChosen(e.target.value)}>
              {withRecords.map((f) => (
                <option key={f.key} value={f.key}>
                  {f.name}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <FileGrid key={file.key} file={file} />
    </section>
  );
}

function FileGrid({ file }: { file: BatchFile }) {
  const batch = useBatch();
  const records = useMemo(
    () => (file.records || !file.preview ? gridRowsOf(file.result, file.records) : previewRows(file.preview)),
    [file.result, file.records, file.preview],
  );
  const columns = useMemo(() => gridColumnsOf(file.result?.summary, records), [file.result, records]);
  const featureOfRow = useMemo(() => featuresByRow(file.result?.features), [file.result]);
  const problems = useMemo(
    () => problemsByCell(file.result?.diagnostics ?? [], records, file.result?.summary),
    [file.result, records],
  );
  const editable = file.result?.kind.startsWith('csv-') === true && file.state === 'checked';
  const [onlyProblems, setOnlyProblems] = useState(false);
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<SortKey | undefined>();
  const [activeColumn, setActiveColumn] = useState(LEAD_COLUMNS);
  const [editing, setEditing] = useState<{ row: number; column: string; value: string } | undefined>();
  const [scrollTop, setScrollTop] = useState(0);
  const box = useRef<HTMLDivElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const recheck = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const committed = useRef<string | undefined>(undefined);
  const closing = useRef(false);
  // Checked again (an edit made, undone): the same value may be typed again and is a change again.
  useEffect(() => {
    committed.current = undefined;
  }, [records]);

  const valueAt = useCallback(
    (record: GridRow, column: number): string =>
      column === 0
        ? String(record.row)
        : column === 1
          ? record.label
          : (record.columns[columns[column - LEAD_COLUMNS]!] ?? ''),
    [columns],
  );

  const hasProblem = useMemo(() => rowHasProblem(file.result?.diagnostics ?? []), [file.result]);

  // Rows with problems only, the search and the sort are worked out a slice at a time (a million rows
  // would hold the page for seconds); until then the rows show as they were.
  const needle = query.trim().toLowerCase();
  const ordering = onlyProblems || needle !== '' || sort !== undefined;
  const [order, setOrder] = useState<{ of: readonly GridRow[]; key: string; indexes: number[] }>();
  const orderKey = JSON.stringify([onlyProblems, needle, sort]);
  useEffect(() => {
    if (!ordering) return;
    const abort = new AbortController();
    const byColumn = sort && {
      valueOf: (r: GridRow) => (sort.column === 0 ? r.row : valueAt(r, sort.column)),
      descending: sort.descending,
    };
    void orderRows(
      records,
      { onlyProblems, needle, ...(byColumn ? { sort: byColumn } : {}) },
      {
        hasProblem,
        contains: (r, n) =>
          r.label.toLowerCase().includes(n) ||
          Object.values(r.columns).some((v) => v.toLowerCase().includes(n)),
      },
      yieldToPage,
      abort.signal,
    ).then((indexes) => {
      if (indexes) setOrder({ of: records, key: orderKey, indexes });
    });
    return () => abort.abort();
    // orderKey stands for onlyProblems, needle and sort (ordering follows from them): they change with it.
  }, [records, orderKey, onlyProblems, needle, sort, ordering, valueAt, hasProblem]);
  const ready = !ordering || (order?.of === records && order.key === orderKey);
  const shown = useMemo(
    () => (!ordering || !order || order.of !== records ? records : order.indexes.map((i) => records[i]!)),
    [ordering, order, records],
  );

  // The selected record: the one the selection's row names, or whose problems include the selected one.
  const selection = batch.selection;
  const activeIndex = useMemo(
    () => (selection?.fileKey === file.key ? selectedRowIndex(shown, selection, featureOfRow) : -1),
    [selection, shown, file, featureOfRow],
  );
  const active = activeIndex >= 0 ? shown[activeIndex] : undefined;

  // A problem selected elsewhere (the list, the map) puts the grid's focus on its cell; one the grid
  // selected keeps the cell the person moved to.
  const ownSelection = useRef<Selection | undefined>(undefined);
  const selectedField = selection?.fileKey === file.key ? selection.diagnosticId : undefined;
  useEffect(() => {
    if (!active || !selectedField || selection === ownSelection.current) return;
    const d = file.result?.diagnostics.find((x) => x.id === selectedField);
    const field = d?.location.field;
    const at =
      field !== undefined
        ? columns.indexOf(headersOfMappedColumns(file.result?.summary).get(field) ?? field)
        : -1;
    if (at >= 0) setActiveColumn(at + LEAD_COLUMNS);
    // Only a newly selected problem (or its row found) moves the cell: a re-check (new diagnostics,
    // columns) or the person's own moves within the row must leave the cell where the person put it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedField, active?.row]);

  // Keep the active row in view.
  useEffect(() => {
    const el = box.current;
    if (!el || activeIndex < 0) return;
    const top = activeIndex * ROW_HEIGHT;
    const body = el.clientHeight - ROW_HEIGHT;
    if (top < el.scrollTop) el.scrollTop = top;
    else if (top + ROW_HEIGHT > el.scrollTop + body) el.scrollTop = top + ROW_HEIGHT - body;
  }, [activeIndex]);

  /** The record and column of the cell an event happened in (from the row's and cell's indexes). */
  function cellAt(target: EventTarget): { record: GridRow; column: number } | undefined {
    const cell = target instanceof Element ? target.closest('[role=gridcell]') : null;
    const row = cell?.parentElement;
    const record = row ? shown[Number(row.getAttribute('aria-rowindex')) - 2] : undefined;
    const column = Number(cell?.getAttribute('aria-colindex')) - 1;
    return record && column >= 0 ? { record, column } : undefined;
  }

  /** Select a record (and a cell of it): its problem there, else its first problem, else its feature. */
  function choose(record: GridRow, column: number) {
    setActiveColumn(column);
    const cells = problems.get(record.row);
    const name = columns[column - LEAD_COLUMNS];
    const d = (name !== undefined ? cells?.get(name) : undefined)?.diagnostics[0] ?? firstProblem(cells);
    const feature = record.feature ?? featureOfRow.get(record.row);
    const next: Selection = d
      ? { ...selectionOf(file.key, d), row: record.row }
      : { fileKey: file.key, row: record.row, ...(feature !== undefined ? { feature } : {}) };
    ownSelection.current = next;
    batch.select(next);
  }

  function startEdit(record: GridRow, column: number) {
    const name = columns[column - LEAD_COLUMNS];
    if (!editable || name === undefined) return;
    setEditing({ row: record.row, column: name, value: record.columns[name] ?? '' });
  }

  /** Write the edited value as a change of its cell (nothing when it is what the cell holds). */
  function commit(edit: { row: number; column: string; value: string }) {
    clearTimeout(recheck.current);
    const record = records.find((r) => r.row === edit.row);
    const index = columns.indexOf(edit.column);
    if (!record || index < 0 || (record.columns[edit.column] ?? '') === edit.value) return;
    // Once per value: a pause in typing may have made it already, before the file was checked again.
    const key = `${edit.row}\t${edit.column}\t${edit.value}`;
    if (committed.current === key) return;
    committed.current = key;
    void batch.editCell(file.key, edit.row, index, edit.value);
  }

  /** Stop editing (Enter keeps the value, Escape the changes made so far); the blur that follows is not a commit. */
  function finishEdit(keep: boolean) {
    if (!editing) return;
    if (keep) commit(editing);
    else clearTimeout(recheck.current);
    closing.current = true;
    setEditing(undefined);
    box.current?.focus();
  }

  function onEditChange(value: string) {
    if (!editing) return;
    const next = { ...editing, value };
    setEditing(next);
    clearTimeout(recheck.current);
    recheck.current = setTimeout(() => commit(next), RECHECK_MS);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'f') {
      event.preventDefault();
      search.current?.focus();
      search.current?.select();
      return;
    }
    if (editing) return;
    const page = Math.max(1, Math.floor(VIEW_HEIGHT / ROW_HEIGHT) - 2);
    const last = columns.length + LEAD_COLUMNS - 1;
    const rowMoves: Record<string, number> = {
      ArrowDown: activeIndex + 1,
      ArrowUp: activeIndex - 1,
      PageDown: activeIndex + page,
      PageUp: activeIndex - page,
    };
    if (event.key in rowMoves || (event.ctrlKey && (event.key === 'Home' || event.key === 'End'))) {
      event.preventDefault();
      const to = event.key === 'Home' ? 0 : event.key === 'End' ? shown.length - 1 : rowMoves[event.key]!;
      const record = shown[Math.min(shown.length - 1, Math.max(0, to))];
      if (record) choose(record, activeColumn);
    } else if (
      event.key === 'ArrowLeft' ||
      event.key === 'ArrowRight' ||
      event.key === 'Home' ||
      event.key === 'End'
    ) {
      event.preventDefault();
      const to =
        event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? last
            : activeColumn + (event.key === 'ArrowLeft' ? -1 : 1);
      const column = Math.min(last, Math.max(0, to));
      if (active) choose(active, column);
      else setActiveColumn(column);
    } else if ((event.key === 'Enter' || event.key === 'F2') && active) {
      event.preventDefault();
      startEdit(active, activeColumn);
    } else if (event.key === 's' && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      sortBy(activeColumn);
    }
  }

  /** Sort by a column: ascending, then descending, then as the file has them. */
  function sortBy(column: number) {
    setSort((s) =>
      s?.column !== column
        ? { column, descending: false }
        : s.descending
          ? undefined
          : { column, descending: true },
    );
  }

  const errorRows = useMemo(() => records.filter(hasProblem).length, [records, hasProblem]);
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const lastRow = Math.min(shown.length, Math.ceil((scrollTop + VIEW_HEIGHT) / ROW_HEIGHT) + OVERSCAN);
  const template = `4rem 13rem repeat(${columns.length}, minmax(7rem, 12rem))`;
  const cellId = (index: number, column: number) => `grid-${file.key}-${index}-${column}`;
  const activeCell = active
    ? problems.get(active.row)?.get(columns[activeColumn - LEAD_COLUMNS] ?? '')
    : undefined;
  const headers = ['Row', 'Record', ...columns];

  return (
    <>
      <div className="toolbar grid-tools">
        <label>
          Search the rows
          <input
            ref={search}
            type="search"
            value={query}
            placeholder="any cell"
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape' || e.key === 'Enter') box.current?.focus();
            }}
          />
        </label>
        <label className="checkbox">
          <input type="checkbox" checked={onlyProblems} onChange={(e) => setOnlyProblems(e.target.checked)} />
          Only rows with problems ({formatCount(errorRows)})
        </label>
        <span className="count" role="status">
          {!file.records && file.preview
            ? `the first ${formatCount(records.length)} rows, as read: checking the file…`
            : !ready
              ? `${formatCount(records.length)} rows: choosing and ordering…`
              : shown.length === records.length
                ? `${formatCount(records.length)} rows`
                : `${formatCount(shown.length)} of ${formatCount(records.length)} rows`}
        </span>
      </div>
      <div
        ref={box}
        className="grid-window"
        role="grid"
        tabIndex={0}
        aria-label={`Rows of ${file.name}: arrows move, Enter edits a cell, S sorts by the column, Ctrl+F searches`}
        aria-rowcount={shown.length + 1}
        aria-colcount={headers.length}
        aria-busy={!ready}
        aria-activedescendant={active && !editing ? cellId(activeIndex, activeColumn) : undefined}
        style={{
          // The rows' columns, one declaration for every row (a row's own style says only where it is).
          ['--grid-template' as string]: template,
          height: Math.min(VIEW_HEIGHT, (Math.max(shown.length, 3) + 1) * ROW_HEIGHT + 2),
          // The workbench's layout may cap it (--grid-height); rows past the cap are drawn, not seen.
          maxHeight: 'var(--grid-height, none)',
        }}
        onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
        onKeyDown={onKeyDown}
      >
        <div role="row" aria-rowindex={1} className="grid-row grid-head">
          {headers.map((h, i) => (
            <div
              key={h + i}
              role="columnheader"
              aria-colindex={i + 1}
              aria-sort={sort?.column === i ? (sort.descending ? 'descending' : 'ascending') : undefined}
            >
              <button type="button" tabIndex={-1} title={`Sort by ${h}`} onClick={() => sortBy(i)}>
                {h}
                {sort?.column === i ? (sort.descending ? ' ▼' : ' ▲') : ''}
              </button>
            </div>
          ))}
        </div>
        <div
          role="presentation"
          style={{ height: shown.length * ROW_HEIGHT, position: 'relative' }}
          // One handler for every cell: a handler each would be set again on every cell at every scroll.
          onClick={(e) => {
            const at = cellAt(e.target);
            if (at) choose(at.record, at.column);
          }}
          onDoubleClick={(e) => {
            const at = cellAt(e.target);
            if (at) startEdit(at.record, at.column);
          }}
        >
          {shown.slice(first, lastRow).map((record, k) => {
            const index = first + k;
            const cells = problems.get(record.row);
            const rowProblems = cells?.get('');
            const isActive = index === activeIndex;
            return (
              <div
                key={index % ROW_SLOTS}
                role="row"
                aria-rowindex={index + 2}
                aria-selected={isActive}
                data-row={record.row}
                className={`grid-row${isActive ? ' active' : ''}`}
                style={{ top: index * ROW_HEIGHT }}
              >
                {headers.map((_, column) => {
                  const name = column >= LEAD_COLUMNS ? columns[column - LEAD_COLUMNS] : undefined;
                  const cell = name !== undefined ? cells?.get(name) : column === 1 ? rowProblems : undefined;
                  const value = valueAt(record, column);
                  const isEditing = editing && editing.row === record.row && editing.column === name;
                  const focused = isActive && column === activeColumn;
                  return (
                    <div
                      key={column}
                      id={cellId(index, column)}
                      role="gridcell"
                      aria-colindex={column + 1}
                      aria-invalid={cell?.severity === 'error' ? true : undefined}
                      data-column={column >= LEAD_COLUMNS ? name : undefined}
                      data-severity={cell?.severity}
                      className={`grid-cell${cell ? ` cell-${cell.severity}` : ''}${focused ? ' focused' : ''}`}
                      title={cell ? `${value}\n${messagesOf(cell)}` : value}
                    >
                      {isEditing ? (
                        <input
                          autoFocus
                          aria-label={`${name} of row ${record.row} (checked again as you type)`}
                          value={editing.value}
                          onChange={(e) => onEditChange(e.target.value)}
                          onKeyDown={(e) => {
                            e.stopPropagation();
                            if (e.key === 'Enter') finishEdit(true);
                            else if (e.key === 'Escape') finishEdit(false);
                          }}
                          onBlur={() => {
                            if (closing.current) {
                              closing.current = false;
                              return;
                            }
                            commit(editing);
                            setEditing(undefined);
                          }}
                        />
                      ) : (
                        value
                      )}
                    </div>
                  );
                })}
              </div>
            );
          })}
        </div>
      </div>
      <p className="grid-status" aria-live="polite" data-testid="grid-cell-problems">
        {active
          ? activeCell
            ? `Row ${active.row}, ${headers[activeColumn]}: ${messagesOf(activeCell).replace(/\n/g, ' · ')}`
            : `Row ${active.row}, ${headers[activeColumn]}: no problem${editable ? ' (Enter edits the cell)' : ''}`
          : 'Choose a row: its problems show here and on the map.'}
      </p>
    </>
  );
}

function firstProblem(cells: Map<string, CellProblems> | undefined): Diagnostic | undefined {
  let best: Diagnostic | undefined;
  for (const cell of cells?.values() ?? [])
    for (const d of cell.diagnostics)
      if (!best || severityRank(d.severity) > severityRank(best.severity)) best = d;
  return best;
}
