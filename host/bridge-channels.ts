/**
 * Names shared by both ends of the bridge's transports. Kept apart from bridge-api.ts (which holds the
 * schemas) so the Electron preload bundles a few strings, not the validation library.
 */
export const BRIDGE_CHANNEL = 'fieldgate:call';
export const EVENT_CHANNEL = 'fieldgate:event';
/** The preload reports the paths of files the user dropped (from trusted drop events) on this channel. */
export const DROPPED_CHANNEL = 'fieldgate:dropped';
export const HTTP_CALL_PATH = '/api/call/';
export const HTTP_EVENTS_PATH = '/api/events';
export const TOKEN_HEADER = 'x-fieldgate-token';
/**
 * Every bridge answer of the browser host carries it: a tab tells its host from whatever else may answer at
 * the address once the host stopped (another program given the freed port answers 404, or a page).
 */
export const HOST_HEADER = 'x-fieldgate-host';
