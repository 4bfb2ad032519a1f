import { homedir } from 'node:os';
import { join } from 'node:path';
import { LockHeldError, takeLock, type ProcessLock } from '../node/process-lock.ts';

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

/** Another host uses the data folder (its journals, profiles and sandbox state): one line naming it. */
export class DataDirInUseError extends Error {}

/**
 * One host per data folder: two would each resume the other's interrupted runs and write one sandbox state.
 * A host that died (or a zombie, or a reused pid) does not hold it.
 */
export async function lockDataDir(dataDir: string, about: string): Promise<ProcessLock> {
  try {
    return await takeLock(join(dataDir, 'host.lock'), about);
  } catch (error) {
    if (error instanceof LockHeldError)
      throw new DataDirInUseError(
        `${dataDir} is in use by another Fieldgate app (process ${error.holder.pid ?? '?'}${error.holder.about ? `, ${error.holder.about}` : ''}); stop it, or give another --data-dir`,
      );
    throw error;
  }
}
