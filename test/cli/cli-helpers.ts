import { main } from '../../cli/main.ts';
import type { CliIo } from '../../cli/command.ts';

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
  options: { stdin?: string; cwd?: string; now?: string; env?: Record<string, string> } = {},
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const bytes: Uint8Array[] = [];
  const io: CliIo = {
    stdout: (t) => {
      stdout += t;
    },
    stdoutBytes: (b) => {
      bytes.push(b);
      stdout += new TextDecoder('utf-8', { ignoreBOM: true }).decode(b);
    },
    stderr: (t) => {
      stderr += t;
    },
    readStdin: async () => new TextEncoder().encode(options.stdin ?? ''),
    cwd: options.cwd ?? repoRoot,
    env: options.env ?? {},
    isTTY: false,
    now: () => new Date(options.now ?? '2026-11-22T12:00:00.000Z'),
  };
  const code = await main(args, io);
  return { code, stdout, stderr, stdoutBytes: new Uint8Array(Buffer.concat(bytes)) };
}
