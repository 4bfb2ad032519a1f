import { useHostConnection } from '../bridge/bridge-context.tsx';

/**
 * On every screen: the browser host stopped (requests cannot reach it), or restarted with a new token (it
 * refuses this tab's). Said at once, above everything, instead of each screen failing on its own; it goes
 * when the host answers this tab again.
 */
export function HostBanner() {
  const connection = useHostConnection();
  if (connection === 'connected') return null;
  return (
    <p role="alert" className="warning host-banner" data-testid="host-banner">
      {connection === 'host-gone'
        ? 'The Fieldgate host has stopped; restart it (npm start, or fieldgate web). This tab keeps the batch meanwhile, and goes on once the host answers again.'
        : 'The Fieldgate host was restarted with a new token, so this tab can no longer reach it: open the new link it printed.'}
    </p>
  );
}
