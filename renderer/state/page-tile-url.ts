/**
 * The imagery tile URL this page was loaded with. The hosts put its origin into the page's CSP when they
 * serve it, and a CSP cannot be widened later: a tile URL saved since then works only after a reload, so the
 * map uses this one and Settings offers the reload.
 */
import { useQuery } from '@tanstack/react-query';
import { useBridge } from '../bridge/bridge-context.tsx';

export function usePageTileUrl(): string | undefined {
  const api = useBridge();
  const loaded = useQuery({
    queryKey: ['page-tile-url'],
    queryFn: async () => (await api.getSettings({})).tileUrl,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  return loaded.data;
}
