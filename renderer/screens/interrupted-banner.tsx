import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useBridge } from '../bridge/bridge-context.tsx';
import { JOURNALS_KEY, useJournals } from '../state/journals.ts';

/**
 * On every screen, from launch: batches a closed or killed app left unfinished that can go on (their
 * journals say "interrupted", with rows left), with one button that resumes the newest on the Submit
 * screen and one that dismisses the banner's runs (they stay in the Submit screen's list of runs). Kept
 * current by useJournalRefresh (runs ending or pausing, window focus).
 */
export function InterruptedBanner({ onResume }: { onResume: (journalId: string) => void }) {
  const api = useBridge();
  const queries = useQueryClient();
  const journals = useJournals();
  const interrupted =
    journals.data?.journals.filter(
      (j) => j.state === 'interrupted' && j.resumable && !j.dismissed && !j.archived,
    ) ?? [];
  const dismiss = useMutation({
    mutationFn: async (ids: string[]) => {
      for (const journalId of ids) await api.dismissRun({ journalId });
    },
    onSettled: () => void queries.invalidateQueries({ queryKey: JOURNALS_KEY }),
  });
  const newest = interrupted[0];
  if (!newest) return null;
  const count = interrupted.length;
  return (
    <p role="status" className="warning interrupted-banner" data-testid="interrupted-banner">
      {count === 1 ? '1 batch was interrupted' : `${count} batches were interrupted`}:{' '}
      <button type="button" onClick={() => onResume(newest.journalId)}>
        Resume
      </button>{' '}
      ({newest.done} of {newest.total} rows done{count > 1 ? ' in the newest; the others are on Submit' : ''})
      {newest.journalDamage && <span data-testid="journal-damage"> {newest.journalDamage}</span>}{' '}
      <button
        type="button"
        disabled={dismiss.isPending}
        onClick={() => dismiss.mutate(interrupted.map((j) => j.journalId))}
      >
        Dismiss
      </button>
    </p>
  );
}
