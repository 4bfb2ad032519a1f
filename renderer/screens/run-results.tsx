/**
 * A run's rows: counts by outcome at the head (each a filter), then the rows, one outcome each, in a table
 * that draws only the rows in view (a 30,000-row run scrolls, and keeps up with its events, as a 30-row one
 * does). The words and tones are core's (core/batch/outcomes.ts), the same as the command line's and the
 * exports'.
 */
import { memo, useMemo, useState } from 'react';
import { formatCount, ROW_OUTCOMES, outcomeInfo, rowMessageLine, type RowOutcome } from '../../core/index.ts';
import type { SubmitCounts, SubmitRowResult } from '../../host/bridge-api.ts';

/** Every row is this tall (one line, cut with an ellipsis; the whole text is its title). */
const ROW_HEIGHT = 30;
/** Rows drawn above and below the ones in view. */
const OVERSCAN = 10;
const VIEW_HEIGHT = 420;

/** "2,990 created · 10 skipped for errors": the counts that head a run, each a filter of its rows. */
export function OutcomeCounts({
  counts,
  total,
  filter,
  onFilter,
}: {
  counts: SubmitCounts;
  total: number;
  filter: RowOutcome | undefined;
  onFilter(outcome: RowOutcome | undefined): void;
}) {
  const shown = ROW_OUTCOMES.filter((o) => counts[o.outcome] > 0);
  return (
    <ul className="outcome-counts" aria-label="Rows by outcome">
      <li>
        <button
          type="button"
          className="outcome-chip"
          aria-pressed={filter === undefined}
          onClick={() => onFilter(undefined)}
        >
          All {formatCount(total)}
        </button>
      </li>
      {shown.map((o) => (
        <li key={o.outcome}>
          <button
            type="button"
            className={`outcome-chip tone-${o.tone}`}
            data-testid={`count-${o.outcome}`}
            aria-pressed={filter === o.outcome}
            title={o.meaning}
            onClick={() => onFilter(filter === o.outcome ? undefined : o.outcome)}
          >
            {formatCount(counts[o.outcome])} {o.label}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** One row: drawn again only when its own result changes (an event changes a few rows). */
const ResultRow = memo(function ResultRow({ row: r }: { row: SubmitRowResult }) {
  const info = outcomeInfo(r.outcome);
  const message = rowMessageLine(r);
  return (
    <tr data-testid="result-row" data-row={r.row} className={`outcome-${r.outcome} tone-${info.tone}`}>
      <td>{r.row}</td>
      <td title={`${r.file}, row ${r.fileRow}`}>{r.label || r.file}</td>
      <td>{r.operation || '—'}</td>
      <td>{r.userName ?? ''}</td>
      <td className="outcome" title={info.meaning}>
        {info.label}
      </td>
      <td>
        {r.status ?? ''}
        {r.errorCode ? ` ${r.errorCode}` : ''}
      </td>
      <td>
        <code>{r.requestId ?? ''}</code>
      </td>
      <td title={message}>{message}</td>
    </tr>
  );
});

/** The rows of a run (those of one outcome when filtered), drawn as they scroll into view. */
export function ResultsTable({ rows, filter }: { rows: readonly SubmitRowResult[]; filter?: RowOutcome }) {
  const [scrollTop, setScrollTop] = useState(0);
  const shown = useMemo(
    () => (filter === undefined ? rows : rows.filter((r) => r.outcome === filter)),
    [rows, filter],
  );
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(shown.length, Math.ceil((scrollTop + VIEW_HEIGHT) / ROW_HEIGHT) + OVERSCAN);
  return (
    <div
      className="results-window"
      style={{ maxHeight: VIEW_HEIGHT }}
      tabIndex={0}
      role="region"
      aria-label={
        filter === undefined
          ? `Results per row (${formatCount(shown.length)})`
          : `Rows ${outcomeInfo(filter).label} (${formatCount(shown.length)})`
      }
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
    >
      <table className="results" aria-label="Results per row" aria-rowcount={shown.length + 1}>
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">Record</th>
            <th scope="col">Operation</th>
            <th scope="col">User</th>
            <th scope="col">Outcome</th>
            <th scope="col">HTTP</th>
            <th scope="col">Request id</th>
            <th scope="col">Message</th>
          </tr>
        </thead>
        <tbody>
          {first > 0 && (
            <tr aria-hidden="true" style={{ height: first * ROW_HEIGHT }}>
              <td colSpan={8} />
            </tr>
          )}
          {shown.slice(first, last).map((r) => (
            <ResultRow key={r.row} row={r} />
          ))}
          {last < shown.length && (
            <tr aria-hidden="true" style={{ height: (shown.length - last) * ROW_HEIGHT }}>
              <td colSpan={8} />
            </tr>
          )}
        </tbody>
      </table>
      {shown.length === 0 && <p className="muted">No row has this outcome.</p>}
    </div>
  );
}
