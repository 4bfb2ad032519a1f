/** What a command may touch: injected so commands can be tested without spawning a process. */
export interface CliIo {
  stdout(text: string): void;
  /** Bytes to stdout as they are (a problems CSV in Windows-1252); without it they are decoded into `stdout`. */
  stdoutBytes?(bytes: Uint8Array): void;
  stderr(text: string): void;
  readStdin(): Promise<Uint8Array>;
  /** Standard input as a stream (read once), for big inputs; without it stdin is read whole. */
  stdinStream?(): ReadableStream<Uint8Array>;
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  /** Whether stdout is a terminal (colours). */
  isTTY: boolean;
  /** Whether stderr is a terminal (the progress line of validate, fix, inspect and convert); absent: no. */
  stderrIsTTY?: boolean;
  /** The width in columns of the terminal stderr is on, when it is one. */
  stderrColumns?(): number | undefined;
  now(): Date;
}

export interface CliCommand {
  name: string;
  summary: string;
  /** Full usage text shown by `fieldgate help NAME` and on usage errors. */
  usage: string;
  /** Returns the exit code: 0 success, 1 problems found, 2 usage error or unreadable input. */
  run(args: string[], io: CliIo): Promise<number>;
}

export const EXIT_OK = 0;
export const EXIT_PROBLEMS = 1;
export const EXIT_USAGE = 2;
/** Stopped by Ctrl+C (SIGINT), as shells report it: 128 + 2. SIGTERM gives 143 (128 + 15). */
export const EXIT_INTERRUPTED = 130;

/** A usage mistake: reported in one line, with where the command's usage is, and exit code 2. */
export class UsageError extends Error {}

/**
 * A setting from outside the command line that cannot work (an address in the environment or a saved
 * profile): one line saying which and why, exit code 2; the command's options are not the way out.
 */
export class SettingError extends UsageError {}
