import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { AppApi } from '../../host/bridge-api.ts';
import { ConnectionState, type HostConnection } from './client.ts';

const BridgeContext = createContext<AppApi | undefined>(undefined);
const ConnectionContext = createContext<ConnectionState>(new ConnectionState());

/** Gives every screen the one bridge (tests pass a fake one), and how the tab stands with its host. */
export function BridgeProvider({
  api,
  connection,
  children,
}: {
  api: AppApi;
  connection?: ConnectionState;
  children: ReactNode;
}) {
  const bridge = <BridgeContext.Provider value={api}>{children}</BridgeContext.Provider>;
  return connection ? (
    <ConnectionContext.Provider value={connection}>{bridge}</ConnectionContext.Provider>
  ) : (
    bridge
  );
}

export function useBridge(): AppApi {
  const api = useContext(BridgeContext);
  if (!api) throw new Error('useBridge outside BridgeProvider');
  return api;
}

/** The host as this tab last found it: answering, gone, or refusing the tab's (stale) token. */
export function useHostConnection(): HostConnection {
  const connection = useContext(ConnectionContext);
  return useSyncExternalStore(connection.subscribe, connection.get);
}
