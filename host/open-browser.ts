import { spawn } from 'node:child_process';

/**
 * Open a URL in the user's browser: $BROWSER when set (`none` opens nothing, as CI and tests set it),
 * else the platform's opener. Returns false when nothing was started; never waits for the browser.
 */
export function openBrowser(
  url: string,
  env: Readonly<Record<string, string | undefined>>,
  platform = process.platform,
): boolean {
  const browser = env.BROWSER;
  if (browser === 'none') return false;
  // No desktop session to open a browser in (a server, CI): the printed address is the way in.
  if (!browser && platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY) return false;
  const [command, args] = browser
    ? [browser, [url]]
    : platform === 'darwin'
      ? ['open', [url]]
      : platform === 'win32'
        ? ['explorer.exe', [url]]
        : ['xdg-open', [url]];
  try {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.on('error', () => undefined);
    child.unref();
    return true;
  } catch {
    return false;
  }
}
