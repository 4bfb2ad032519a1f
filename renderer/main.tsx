import { zodConfig } from './zod-config.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BridgeProvider } from './bridge/bridge-context.tsx';
import { connectBridge } from './bridge/client.ts';
import { App } from './app.tsx';
import './app.css';

if (!zodConfig.jitless) throw new Error('zod must not evaluate code under this CSP');

const root = createRoot(document.getElementById('root')!);
try {
  const { api, connection } = connectBridge();
  const queries = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });
  root.render(
    <StrictMode>
      <QueryClientProvider client={queries}>
        <BridgeProvider api={api} connection={connection}>
          <App />
        </BridgeProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
} catch (error) {
  root.render(
    <main className="fatal" role="alert">
      <h1>Fieldgate cannot reach its host</h1>
      <p>{error instanceof Error ? error.message : String(error)}</p>
    </main>,
  );
}
