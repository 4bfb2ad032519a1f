/**
 * Submit the batch: profile (the embedded sandbox by default), dry run, progress with rate and ETA, pause,
 * resume, cancel, per-row results with request ids, retry only the failed rows, export the results (CSV,
 * HTML). Runs interrupted when the app was closed are listed from their journals and can be resumed.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { SubmitStatus } from '../../host/bridge-api.ts';
import { useBridge } from '../bridge/bridge-context.tsx';
import { useBatch } from '../state/batch.tsx';
import { ProfilePicker } from './profile-picker.tsx';
import { saveFile } from './save-file.ts';

const ROWS_SHOWN = 1000;

function eta(seconds: number | undefined): string {
  if (seconds === undefined || !Number.isFinite(seconds)) return '—';
  if (seconds < 60) return `${Math.round(seconds)} s`;
  return `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}

export function SubmitScreen({
  resumeRun,
  onResumed,
}: {
  /** An interrupted run to resume now (the first screen's banner asked for it). */
  resumeRun?: string | undefined;
  onResumed?: () => void;
} = {}) {
  const api = useBridge();
  const batch = useBatch();
  const queries = useQueryClient();
  const info = useQuery({ queryKey: ['appInfo'], queryFn: () => api.appInfo({}) });
  const [profileId, setProfileId] = useState('');
  const [dryRun, setDryRun] = useState(false);
  const [runId, setRunId] = useState<string | undefined>();
  const [exported, setExported] = useState<string | undefined>();
  useEffect(() => {
    if (!profileId && info.data?.sandbox) setProfileId(info.data.sandbox.profileId);
  }, [info.data, profileId]);

  const status = useQuery({
    queryKey: ['submit', runId],
    enabled: runId !== undefined,
    queryFn: () => api.getSubmit({ runId: runId! }),
    refetchInterval: (q) => {
      const state = (q.state.data as SubmitStatus | undefined)?.state;
      return state === 'running' ? 500 : state === 'paused' ? 2000 : false;
    },
  });
  // Events make the screen follow the host without waiting for the next poll.
  useEffect(
    () =>
      api.onEvent((event) => {
        if (
          (event.type === 'submit-finished' || event.type === 'submit-progress') &&
          event.status.runId === runId
        )
          void queries.invalidateQueries({ queryKey: ['submit', runId] });
      }),
    [api, queries, runId],
  );
  const journals = useQuery({ queryKey: ['journals', runId], queryFn: () => api.listJournals({}) });

  const start = useMutation({
    mutationFn: (onlyRows?: number[]) =>
      api.startSubmit({
        profileId,
        files: batch.fileRefs(),
        dryRun,
        ...(onlyRows ? { onlyRows } : {}),
      }),
    onSuccess: (s) => {
      setRunId(s.runId);
      setExported(undefined);
      queries.setQueryData(['submit', s.runId], s);
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
      setRunId(s.runId);
      queries.setQueryData(['submit', s.runId], s);
      void queries.invalidateQueries({ queryKey: ['journals'] });
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
      saveFile(file.fileName, file.mediaType, file.text);
      setExported(`${file.fileName} (${file.text.length.toLocaleString()} characters)`);
    },
  });

  const s = status.data;
  const failedRows = s?.rows.filter((r) => r.outcome === 'failed').map((r) => r.row) ?? [];
  const error = start.error ?? control.error ?? exportRun.error ?? resumeJournal.error ?? status.error;
  const interrupted =
    journals.data?.journals.filter((j) => j.state === 'interrupted' || j.state === 'paused') ?? [];

  return (
    <div className="screen submit">
      <h2>Submit</h2>
      <div className="toolbar">
        <ProfilePicker value={profileId} onChange={setProfileId} />
        <label className="checkbox">
          <input type="checkbox" checked={dryRun} onChange={(e) => setDryRun(e.target.checked)} />
          Dry run (prepare every request, send nothing)
        </label>
        <button
          type="button"
          disabled={!profileId || batch.files.length === 0 || start.isPending || s?.state === 'running'}
          onClick={() => start.mutate(undefined)}
        >
          {dryRun ? 'Start the dry run' : 'Submit the batch'} ({batch.files.length} files)
        </button>
      </div>
      {batch.files.length === 0 && <p>Add files on the Workbench first.</p>}
      {batch.problems.some((p) => p.diagnostic.severity === 'error') && (
        <p className="warning">The batch still has errors: rows with errors may be refused by the service.</p>
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
            {s.done} of {s.total} rows done, {s.failed} failed · {s.ratePerSecond.toFixed(1)} rows/s · ETA{' '}
            {eta(s.etaSeconds)}
          </p>
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
              disabled={failedRows.length === 0 || s.state === 'running'}
              onClick={() => start.mutate(failedRows)}
            >
              Retry failed rows ({failedRows.length})
            </button>
            <button type="button" onClick={() => exportRun.mutate('csv')}>
              Export results CSV
            </button>
            <button type="button" onClick={() => exportRun.mutate('html')}>
              Export HTML report
            </button>
          </div>
          {exported && <p role="status">Exported {exported}.</p>}
          <table aria-label="Results per row" className="results">
            <thead>
              <tr>
                <th scope="col">Row</th>
                <th scope="col">File</th>
                <th scope="col">Operation</th>
                <th scope="col">Outcome</th>
                <th scope="col">Status</th>
                <th scope="col">Request id</th>
                <th scope="col">Message</th>
              </tr>
            </thead>
            <tbody>
              {s.rows.slice(0, ROWS_SHOWN).map((r) => (
                <tr key={r.row} data-testid="result-row" className={`outcome-${r.outcome}`}>
                  <td>{r.row}</td>
                  <td>{r.file}</td>
                  <td>{r.operation}</td>
                  <td>{r.outcome}</td>
                  <td>{r.status ?? ''}</td>
                  <td>
                    <code>{r.requestId ?? ''}</code>
                  </td>
                  <td>{r.message ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {s.rows.length > ROWS_SHOWN && (
            <p>
              The first {ROWS_SHOWN} of {s.rows.length} rows; export for all.
            </p>
          )}
        </section>
      )}
      {interrupted.length > 0 && (
        <section aria-labelledby="journals-title">
          <h3 id="journals-title">Interrupted runs</h3>
          <ul>
            {interrupted.map((j) => (
              <li key={j.journalId}>
                {new Date(j.startedAt).toLocaleString()}: {j.done} of {j.total} rows done ({j.state}){' '}
                <button type="button" onClick={() => resumeJournal.mutate(j.journalId)}>
                  Resume this run
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
