/** What `fieldgate sandbox` and `fieldgate web` share as servers on 127.0.0.1 that run until Ctrl+C. */

/** Resolves when the process is asked to stop (Ctrl+C or SIGTERM). */
export function waitForStopSignal(): Promise<void> {
  return new Promise((done) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
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
