import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Where the browser host keeps profiles, settings and journals: FIELDGATE_DATA_DIR, else the platform's
 * per-user config folder (the Electron app uses its userData folder).
 */
export function defaultDataDir(
  env: Readonly<Record<string, string | undefined>>,
  platform = process.platform,
): string {
  if (env.FIELDGATE_DATA_DIR) return env.FIELDGATE_DATA_DIR;
  if (platform === 'win32' && env.APPDATA) return join(env.APPDATA, 'Fieldgate');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Fieldgate');
  return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'fieldgate');
}
