import { useJournals } from '../state/journals.ts';

/**
 * On every screen, from launch: batches a closed or killed app left unfinished (their journals say
 * "interrupted"), with one button that resumes the newest on the Submit screen. Kept current by
 * useJournalRefresh (runs ending or pausing, window focus).
 */
export function InterruptedBanner({ onResume }: { onResume: (journalId: string) => void }) {
  const journals = useJournals();
  const interrupted = journals.data?.journals.filter((j) => j.state === 'interrupted') ?? [];
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
      {newest.journalDamage && <span data-testid="journal-damage"> {newest.journalDamage}</span>}
    </p>
  );
}
