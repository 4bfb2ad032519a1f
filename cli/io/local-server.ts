/** What `fieldgate sandbox` and `fieldgate web` share as servers on 127.0.0.1 that run until Ctrl+C. */

/**
 * Resolves when the process is asked to stop (Ctrl+C or SIGTERM). The listener stays while the server
 * stops: another part of the process (a file being written) then does not take the signal as its own to
 * end the process, and a second Ctrl+C ends it at once.
 */
export function waitForStopSignal(): Promise<void> {
  return new Promise((done) => {
    let asked = false;
    const stop = (signal: NodeJS.Signals): void => {
      if (asked) process.exit(signal === 'SIGINT' ? 130 : 143);
      asked = true;
      done();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/** The line saying a server's port is taken, naming the way out. */
export function portInUseMessage(command: string, port: number): string {
  return `fieldgate ${command}: port ${port} on 127.0.0.1 is in use; choose another with --port (0 picks a free one)\n`;
}
