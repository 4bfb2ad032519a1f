/**
 * Every run of this data folder with its state and outcomes: one that can go on is resumed from here; any
 * that is not running can be archived (out of the list; its journal stays on disk) and brought back.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { describeOutcomes } from '../../core/index.ts';
import type { JournalSummary } from '../../host/bridge-api.ts';
import { useBridge } from '../bridge/bridge-context.tsx';
import { JOURNALS_KEY, useJournals } from '../state/journals.ts';

function RunItem({
  run,
  onResume,
  onArchive,
}: {
  run: JournalSummary;
  onResume(journalId: string): void;
  onArchive(journalId: string, archived: boolean): void;
}) {
  const when = new Date(run.startedAt).toLocaleString();
  return (
    <li data-testid="run-item" data-state={run.state}>
      <span>
        {when}: <strong>{run.state}</strong>, {run.done} of {run.total} rows done (
        {describeOutcomes(run.counts)})
      </span>{' '}
      {run.resumable && (
        <button type="button" onClick={() => onResume(run.journalId)}>
          Resume this run
        </button>
      )}{' '}
      {run.state !== 'running' && run.state !== 'cancelling' && (
        <button
          type="button"
          aria-label={`${run.archived ? 'Restore' : 'Archive'} the run of ${when}`}
          onClick={() => onArchive(run.journalId, !run.archived)}
        >
          {run.archived ? 'Restore' : 'Archive'}
        </button>
      )}
      {run.journalDamage && <p className="warning">{run.journalDamage}</p>}
    </li>
  );
}

export function RunsList({ onResume }: { onResume(journalId: string): void }) {
  const api = useBridge();
  const queries = useQueryClient();
  const journals = useJournals();
  const [showArchived, setShowArchived] = useState(false);
  const archive = useMutation({
    mutationFn: ({ journalId, archived }: { journalId: string; archived: boolean }) =>
      api.archiveRun({ journalId, archived }),
    onSuccess: () => void queries.invalidateQueries({ queryKey: JOURNALS_KEY }),
  });
  const all = journals.data?.journals ?? [];
  const listed = all.filter((j) => !j.archived);
  const archived = all.filter((j) => j.archived);
  if (all.length === 0) return null;
  const onArchive = (journalId: string, to: boolean): void => archive.mutate({ journalId, archived: to });
  return (
    <section aria-labelledby="runs-title" className="runs">
      <h3 id="runs-title">Runs</h3>
      {listed.length > 0 ? (
        <ul aria-label="Runs of this data folder">
          {listed.map((j) => (
            <RunItem key={j.journalId} run={j} onResume={onResume} onArchive={onArchive} />
          ))}
        </ul>
      ) : (
        <p>Every run is archived.</p>
      )}
      {archived.length > 0 && (
        <details open={showArchived} onToggle={(e) => setShowArchived(e.currentTarget.open)}>
          <summary>Archived runs ({archived.length})</summary>
          <ul aria-label="Archived runs">
            {archived.map((j) => (
              <RunItem key={j.journalId} run={j} onResume={onResume} onArchive={onArchive} />
            ))}
          </ul>
        </details>
      )}
      {archive.error && <p role="alert">{archive.error.message}</p>}
    </section>
  );
}
