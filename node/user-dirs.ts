/**
 * Where Fieldgate keeps a user's files: profiles in the config directory, sandbox state and journals in the
 * data directory. XDG on Linux (XDG_CONFIG_HOME, XDG_DATA_HOME), Application Support on macOS, AppData on
 * Windows.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';

type Env = Readonly<Record<string, string | undefined>>;

export function configDir(env: Env = process.env, platform = process.platform): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'fieldgate');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'fieldgate');
  return join(env.XDG_CONFIG_HOME || join(env.HOME ?? homedir(), '.config'), 'fieldgate');
}

export function dataDir(env: Env = process.env, platform = process.platform): string {
  if (platform === 'win32') return join(env.LOCALAPPDATA ?? join(homedir(), 'AppData', 'Local'), 'fieldgate');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'fieldgate');
  return join(env.XDG_DATA_HOME || join(env.HOME ?? homedir(), '.local', 'share'), 'fieldgate');
}
