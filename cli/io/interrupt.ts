/**
 * Ctrl+C (SIGINT) and SIGTERM while `validate`, `fix`, `inspect` or `convert` works. The first signal calls
 * `stop` at once (it says what was done and aborts the work); the command then ends its report as stopped
 * and returns the signal's exit status, 130 for SIGINT and 143 for SIGTERM, as shells report a process
 * ended by one. A second signal ends the process at once.
 *
 * Temporary files of atomic writes (node/atomic-write.ts) are removed either way: their listener runs on the
 * same signal and, seeing this one, leaves the ending to the command.
 */

const exitCodes: Readonly<Record<string, number>> = { SIGINT: 130, SIGTERM: 143 };

interface Interruption {
  /** The signal that stopped the work, once one came. */
  readonly signal: NodeJS.Signals | undefined;
  /** The exit status for it (130 for Ctrl+C), once one came. */
  readonly exitCode: number | undefined;
  /** Stop listening. */
  dispose(): void;
}

function listenForInterrupt(stop: (signal: NodeJS.Signals) => void): Interruption {
  let signal: NodeJS.Signals | undefined;
  const onSignal = (received: NodeJS.Signals): void => {
    if (signal !== undefined) {
      // Asked twice: end now. After the other listeners of this signal (the atomic writes' clean-up).
      setImmediate(() => process.exit(exitCodes[signal as string] ?? 130));
      return;
    }
    signal = received;
    stop(received);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    get signal() {
      return signal;
    },
    get exitCode() {
      return signal === undefined ? undefined : (exitCodes[signal] ?? 130);
    },
    dispose() {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
}

/** Work that draws a progress line (cli/render/progress-line.ts), stopped by the first signal. */
export interface InterruptedWork extends Interruption {
  /** "stopped: …", the line said on stderr, once a signal came. */
  readonly stopped: string | undefined;
  /** Aborted by the signal: the engine stops at its next turn. */
  readonly abortSignal: AbortSignal;
}

/**
 * Listen for Ctrl+C and SIGTERM during work shown by a progress line: the first signal ends the line, says
 * on stderr in one line what was checked so far, and aborts `abortSignal`.
 */
export function interruptWithLine(
  line: { end(): void; summary(): string },
  stderr: (text: string) => void,
): InterruptedWork {
  const controller = new AbortController();
  let stopped: string | undefined;
  const interruption = listenForInterrupt(() => {
    line.end();
    stopped = `stopped: ${line.summary()}`;
    stderr(`${stopped}\n`);
    controller.abort();
  });
  return {
    get signal() {
      return interruption.signal;
    },
    get exitCode() {
      return interruption.exitCode;
    },
    get stopped() {
      return stopped;
    },
    abortSignal: controller.signal,
    dispose: () => interruption.dispose(),
  };
}
