/**
 * Submit the batch: profile (the embedded sandbox by default), what the batch will do before anything is
 * sent (the plan's summary, as `fieldgate submit` prints it first), dry run, progress with rate and ETA,
 * pause, resume, cancel; then each row's outcome (counts by outcome at the head, each a filter), retry of
 * exactly the failed rows, and the results exported (CSV, HTML). The runs of the data folder are listed
 * from their journals: resumed, archived. Rows go to the receiving user they name (a CSV's userName
 * column); a user is asked only for rows that name none.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { describeOutcomes, formatCount, type RowOutcome } from '../../core/index.ts';
import type { AppEvent, SubmitPreview, SubmitState, SubmitStatus } from '../../host/bridge-api.ts';
import { useBridge } from '../bridge/bridge-context.tsx';
import { fromBase64, useBatch, type BatchFile } from '../state/batch.tsx';
import { JOURNALS_KEY, useJournals } from '../state/journals.ts';
import { rowsWith, withSubmitEvent } from '../state/submit-status.ts';
import { ProfilePicker } from './profile-picker.tsx';
import { OutcomeCounts, ResultsTable } from './run-results.tsx';
import { RunsList } from './runs-list.tsx';
import { saveFile } from './save-file.ts';

type SubmitEvent = Extract<AppEvent, { type: 'submit-progress' | 'submit-finished' }>;

function eta(seconds: number | undefined): string {
  if (seconds === undefined || !Number.isFinite(seconds)) return '—';
  if (seconds < 60) return `${Math.round(seconds)} s`;
  return `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}

const bytesIds = new WeakMap<Uint8Array, number>();
let nextBytesId = 1;

/** Changes when a file is added, removed, edited (new bytes) or read with another mapping. */
function batchKey(files: readonly BatchFile[]): string {
  return files
    .map((f) => {
      let id = bytesIds.get(f.current);
      if (id === undefined) bytesIds.set(f.current, (id = nextBytesId++));
      return `${f.key}:${id}:${JSON.stringify(f.mapping ?? {})}:${JSON.stringify(f.settings ?? {})}`;
    })
    .join(',');
}

/** Who the rows go to, in one sentence that never contradicts itself. */
function receiversSentence(preview: SubmitPreview, needsUser: boolean): string {
  const named = preview.users
    .map((u) => `${u.userName} (${formatCount(u.rows)} ${u.rows === 1 ? 'row' : 'rows'})`)
    .join(', ');
  if (named && needsUser) return `Named by the rows themselves: ${named}; the others are asked for below.`;
  if (named) return `Named by the rows themselves: ${named}.`;
  if (needsUser) return 'No row names its receiving user: choose one below.';
  return 'No row of the batch is an upload: no receiving user is needed.';
}

/** "row 3", "rows 3 and 4", "rows 3, 4, 5 and 9 more". */
function rowNumbers(rows: readonly number[]): string {
  if (rows.length === 1) return `row ${rows[0]}`;
  if (rows.length <= 4) return `rows ${rows.slice(0, -1).join(', ')} and ${rows[rows.length - 1]}`;
  return `rows ${rows.slice(0, 3).join(', ')} and ${rows.length - 3} more`;
}

/**
 * Events gathered for at most this long before the screen draws them (a run sends ten a second): each draw
 * costs the page CPU that, on two cores, the host sending the batch also wants; twice a second reads as live.
 */
const DRAW_EVERY_MS = 500;

/** A run in these states is not over: it has controls, and no second submit starts beside it. */
const LIVE: ReadonlySet<SubmitState> = new Set(['running', 'paused', 'cancelling']);

export function SubmitScreen({
  resumeRun,
  onResumed,
  active = true,
}: {
  /** An interrupted run to resume now (the first screen's banner asked for it). */
  resumeRun?: string | undefined;
  onResumed?: () => void;
  /** Shown: only then is the batch read for its receiving users (it may be large). */
  active?: boolean;
} = {}) {
  const api = useBridge();
  const batch = useBatch();
  const queries = useQueryClient();
  const info = useQuery({ queryKey: ['appInfo'], queryFn: () => api.appInfo({}) });
  const [profileId, setProfileId] = useState('');
  const [dryRun, setDryRun] = useState(false);
  const [runId, setRunId] = useState<string | undefined>();
  const [exported, setExported] = useState<string | undefined>();
  const [userName, setUserName] = useState('');
  useEffect(() => {
    if (!profileId && info.data?.sandbox) setProfileId(info.data.sandbox.profileId);
  }, [info.data, profileId]);
  const sandboxUsers = profileId === info.data?.sandbox?.profileId ? info.data.sandbox.userNames : [];
  // The sandbox's first demo user is the default for rows that name none; a real service gets no default.
  const firstSandboxUser = sandboxUsers[0] ?? '';
  useEffect(() => setUserName(firstSandboxUser), [profileId, firstSandboxUser]);

  const checking = batch.files.some((f) => f.state === 'checking');
  // The summary counts the rows the user typed here will receive: read again once typing settles.
  const previewUser = useDeferredValue(userName.trim());
  const users = useQuery({
    queryKey: ['submit-preview', batchKey(batch.files), previewUser],
    enabled: active && batch.files.length > 0 && !checking,
    queryFn: () =>
      api.previewSubmit({
        batch: { ...batch.batchState(), ...(previewUser ? { userName: previewUser } : {}) },
      }),
    placeholderData: (previous) => previous,
  });
  const unnamedRows = users.data?.rowsWithoutUser ?? [];
  const needsUser = unnamedRows.length > 0;

  // Runs started by another tab or window of this host: shown here with their controls while they are not
  // over (found by their events, or in the list of runs when this tab opens), in place of a second Submit.
  const startedHere = useRef(new Set<string>());
  const shown = useRef<{ runId?: string; state?: SubmitState }>({});
  const adopt = (id: string): void => {
    // A run this tab is starting may send its events before the answer that names it.
    if (start.isPending || resumeJournal.isPending) return;
    if (startedHere.current.has(id) || id === shown.current.runId) return;
    if (shown.current.state && LIVE.has(shown.current.state)) return;
    setRunId(id);
  };
  const adoptRef = useRef(adopt);
  adoptRef.current = adopt;
  useEffect(
    () =>
      api.onEvent((event) => {
        if (event.type === 'submit-progress' && LIVE.has(event.status.state))
          adoptRef.current(event.status.runId);
      }),
    [api],
  );
  const journals = useJournals();
  const runningElsewhere = journals.data?.journals.find(
    (j) => j.state === 'running' && !startedHere.current.has(j.journalId),
  )?.journalId;
  useEffect(() => {
    if (runningElsewhere) adoptRef.current(runningElsewhere);
  }, [runningElsewhere]);

  // Fetched once; then the host's events keep it current, each with only the rows that changed.
  const status = useQuery({
    queryKey: ['submit', runId],
    enabled: runId !== undefined,
    queryFn: () => api.getSubmit({ runId: runId! }),
    staleTime: Infinity,
  });
  useEffect(() => {
    // Events are drawn a few times a second, together: each draw costs the page, whose two cores it
    // shares with the host that sends.
    let waiting: SubmitEvent[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const draw = (): void => {
      timer = undefined;
      const events = waiting;
      waiting = [];
      for (const event of events) {
        const key = ['submit', event.status.runId];
        queries.setQueryData<SubmitStatus>(key, (old) => old && withSubmitEvent(old, event));
        // The end of a run is read whole once: every row as the host has it.
        if (event.type === 'submit-finished') void queries.invalidateQueries({ queryKey: key });
      }
    };
    const unsubscribe = api.onEvent((event) => {
      if (event.type !== 'submit-finished' && event.type !== 'submit-progress') return;
      waiting.push(event);
      if (event.type === 'submit-finished') draw();
      else timer ??= setTimeout(draw, DRAW_EVERY_MS);
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [api, queries]);
  /** A run just started or resumed: shown at once, then read once more (events may have come first). */
  const follow = (s: SubmitStatus): void => {
    startedHere.current.add(s.runId);
    setRunId(s.runId);
    queries.setQueryData(['submit', s.runId], s);
    void queries.invalidateQueries({ queryKey: ['submit', s.runId] });
  };

  const start = useMutation({
    mutationFn: (onlyRows?: number[]) =>
      api.startSubmit({
        profileId,
        // Only rows that name no user of their own get this one (a row's own user always wins).
        batch: { ...batch.batchState(), ...(needsUser ? { userName: userName.trim() } : {}) },
        dryRun,
        ...(onlyRows ? { onlyRows } : {}),
      }),
    onSuccess: (s) => {
      follow(s);
      setExported(undefined);
      void queries.invalidateQueries({ queryKey: JOURNALS_KEY });
    },
  });
  const control = useMutation({
    mutationFn: (action: 'pause' | 'resume' | 'cancel') =>
      action === 'pause'
        ? api.pauseSubmit({ runId: runId! })
        : action === 'resume'
          ? api.resumeSubmit({ runId: runId! })
          : api.cancelSubmit({ runId: runId! }),
    onSuccess: (s) => queries.setQueryData(['submit', s.runId], s),
  });
  const resumeJournal = useMutation({
    mutationFn: (journalId: string) => api.resumeJournal({ journalId }),
    onSuccess: (s) => {
      follow(s);
      void queries.invalidateQueries({ queryKey: JOURNALS_KEY });
    },
  });
  useEffect(() => {
    if (resumeRun === undefined) return;
    resumeJournal.mutate(resumeRun);
    onResumed?.();
  }, [resumeRun, resumeJournal, onResumed]);
  const exportRun = useMutation({
    mutationFn: (format: 'csv' | 'html') => api.exportReport({ source: { runId: runId! }, format }),
    onSuccess: (file) => {
      saveFile(
        file.fileName,
        file.mediaType,
        file.contentBase64 ? fromBase64(file.contentBase64) : file.text,
      );
      setExported(`${file.fileName} (${formatCount(file.text.length)} characters)`);
    },
  });

  const s = status.data;
  shown.current = { ...(runId ? { runId } : {}), ...(s ? { state: s.state } : {}) };
  const liveElsewhere = s !== undefined && LIVE.has(s.state) && !startedHere.current.has(s.runId);
  const failedRows = rowsWith(s, 'failed');
  const [filter, setFilter] = useState<RowOutcome | undefined>();
  // A new run starts unfiltered.
  useEffect(() => setFilter(undefined), [runId]);
  const error = start.error ?? control.error ?? exportRun.error ?? resumeJournal.error ?? status.error;

  return (
    <div className="screen submit">
      <h2>Submit</h2>
      <div className="toolbar">
        <ProfilePicker value={profileId} onChange={setProfileId} />
        <label className="checkbox">
          <input type="checkbox" checked={dryRun} onChange={(e) => setDryRun(e.target.checked)} />
          Dry run (prepare every request, send nothing)
        </label>
        {liveElsewhere ? (
          <p role="status" data-testid="run-elsewhere">
            A submit started in another tab or window is {s.state}: its progress and controls are below. A new
            submit can start once it is over.
          </p>
        ) : (
          <button
            type="button"
            disabled={
              !profileId ||
              batch.files.length === 0 ||
              !users.data ||
              (needsUser && userName.trim() === '') ||
              start.isPending ||
              s?.state === 'running' ||
              s?.state === 'cancelling'
            }
            onClick={() => start.mutate(undefined)}
          >
            {dryRun ? 'Start the dry run' : 'Submit the batch'} ({batch.files.length}{' '}
            {batch.files.length === 1 ? 'file' : 'files'})
          </button>
        )}
      </div>
      {batch.files.length === 0 && <p>Add files on the Workbench first.</p>}
      {batch.files.length > 0 && (
        <section aria-labelledby="preflight-title" className="preflight">
          <h3 id="preflight-title">Before sending</h3>
          {!users.data && !users.error && <p role="status">Reading what the batch will do…</p>}
          {users.data && (
            <p data-testid="preflight" aria-busy={users.isFetching || undefined}>
              {users.data.summary}
            </p>
          )}
          {users.data && <p data-testid="named-users">{receiversSentence(users.data, needsUser)}</p>}
          {needsUser && (
            <label>
              Receiving user (X-User-Name) for {rowNumbers(unnamedRows)}, which{' '}
              {unnamedRows.length === 1 ? 'names' : 'name'} none
              <input
                type="text"
                value={userName}
                list={sandboxUsers.length > 0 ? 'sandbox-users' : undefined}
                required
                aria-invalid={userName.trim() === '' ? true : undefined}
                onChange={(e) => setUserName(e.target.value)}
              />
              <datalist id="sandbox-users">
                {sandboxUsers.map((u) => (
                  <option key={u} value={u} />
                ))}
              </datalist>
            </label>
          )}
          {users.error && <p role="alert">{users.error.message}</p>}
        </section>
      )}
      {error && <p role="alert">{error.message}</p>}
      {s && (
        <section aria-labelledby="run-title" className="run">
          <h3 id="run-title">
            Run {s.runId.slice(0, 8)} — {s.state}
            {s.dryRun ? ' (dry run)' : ''}
          </h3>
          <progress max={Math.max(1, s.total)} value={s.done} aria-label="Rows done" />
          <p role="status" data-testid="submit-progress">
            {formatCount(s.done)} of {formatCount(s.total)} rows done: {describeOutcomes(s.counts)} ·{' '}
            {s.ratePerSecond.toFixed(1)} rows/s · ETA {eta(s.etaSeconds)}
          </p>
          {s.journalDamage && (
            <p className="warning" data-testid="journal-damage">
              {s.journalDamage}
            </p>
          )}
          <div className="toolbar">
            <button type="button" disabled={s.state !== 'running'} onClick={() => control.mutate('pause')}>
              Pause
            </button>
            <button type="button" disabled={s.state !== 'paused'} onClick={() => control.mutate('resume')}>
              Resume
            </button>
            <button
              type="button"
              disabled={s.state !== 'running' && s.state !== 'paused'}
              onClick={() => control.mutate('cancel')}
            >
              Cancel
            </button>
            <button
              type="button"
              disabled={
                failedRows.length === 0 ||
                s.state === 'running' ||
                s.state === 'paused' ||
                s.state === 'cancelling'
              }
              title={failedRows.length > 0 ? `rows ${failedRows.slice(0, 20).join(', ')}` : undefined}
              onClick={() => start.mutate(failedRows)}
            >
              {failedRows.length === 0
                ? 'No failed row to retry'
                : failedRows.length === 1
                  ? 'Retry the failed row'
                  : `Retry the ${formatCount(failedRows.length)} failed rows`}
            </button>
            <button type="button" onClick={() => exportRun.mutate('csv')}>
              Export results CSV
            </button>
            <button type="button" onClick={() => exportRun.mutate('html')}>
              Export HTML report
            </button>
          </div>
          {exported && <p role="status">Exported {exported}.</p>}
          <OutcomeCounts counts={s.counts} total={s.total} filter={filter} onFilter={setFilter} />
          <ResultsTable rows={s.rows} {...(filter ? { filter } : {})} />
        </section>
      )}
      <RunsList onResume={(journalId) => resumeJournal.mutate(journalId)} />
    </div>
  );
}
