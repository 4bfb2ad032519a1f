import { createContext, useContext, type ReactNode } from 'react';
import type { AppApi } from '../../host/bridge-api.ts';

const BridgeContext = createContext<AppApi | undefined>(undefined);

/** Gives every screen the one bridge (tests pass a fake one). */
export function BridgeProvider({ api, children }: { api: AppApi; children: ReactNode }) {
  return <BridgeContext.Provider value={api}>{children}</BridgeContext.Provider>;
}

export function useBridge(): AppApi {
  const api = useContext(BridgeContext);
  if (!api) throw new Error('useBridge outside BridgeProvider');
  return api;
}
