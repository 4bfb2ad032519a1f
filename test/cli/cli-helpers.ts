import { main } from '../../cli/main.ts';
import { captureIo } from '../support/cli-io.ts';

export interface CliRun {
  code: number;
  /** What was written, bytes written as bytes (a problems CSV) decoded as UTF-8 (a byte order mark kept). */
  stdout: string;
  stderr: string;
  /** The bytes written as bytes, as written (a problems CSV in its encoding). */
  stdoutBytes: Uint8Array;
}

export const repoRoot = new URL('../../', import.meta.url).pathname;

/** Run `fieldgate ARGS` in-process with captured output and a fixed clock. */
export async function runCli(
  args: string[],
  options: {
    stdin?: string | Uint8Array;
    cwd?: string;
    now?: string;
    env?: Record<string, string | undefined>;
  } = {},
): Promise<CliRun> {
  const io = captureIo({
    cwd: options.cwd ?? repoRoot,
    env: options.env ?? {},
    stdin: options.stdin ?? '',
    now: options.now ?? '2026-11-22T12:00:00.000Z',
  });
  const code = await main(args, io);
  return {
    code,
    stdout: io.out.join(''),
    stderr: io.err.join(''),
    stdoutBytes: new Uint8Array(Buffer.concat(io.bytes)),
  };
}
