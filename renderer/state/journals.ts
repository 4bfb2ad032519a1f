/**
 * The runs recorded on disk (journals), for the interrupted-batches banner and the Submit screen: one query,
 * fetched again when a run ends, is cancelled, pauses or goes on (host events), when a run is started or
 * resumed from here, and when the window gets the focus (another app instance, or a kill, may have left
 * one since).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { SubmitState } from '../../host/bridge-api.ts';
import { useBridge } from '../bridge/bridge-context.tsx';

export const JOURNALS_KEY = ['journals'] as const;

export function useJournals() {
  const api = useBridge();
  return useQuery({ queryKey: JOURNALS_KEY, queryFn: () => api.listJournals({}) });
}

/** Keeps the journals query current; mounted once, by the app. */
export function useJournalRefresh(): void {
  const api = useBridge();
  const queries = useQueryClient();
  useEffect(() => {
    const refresh = () => void queries.invalidateQueries({ queryKey: JOURNALS_KEY });
    // Progress events come many times a second: only a change of a run's state changes the list.
    const states = new Map<string, SubmitState>();
    const unsubscribe = api.onEvent((event) => {
      if (event.type !== 'submit-progress' && event.type !== 'submit-finished') return;
      const { runId, state } = event.status;
      if (states.get(runId) === state) return;
      states.set(runId, state);
      refresh();
    });
    window.addEventListener('focus', refresh);
    return () => {
      unsubscribe();
      window.removeEventListener('focus', refresh);
    };
  }, [api, queries]);
}
