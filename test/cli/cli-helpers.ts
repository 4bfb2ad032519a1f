import { main } from '../../cli/main.ts';
import type { CliIo } from '../../cli/command.ts';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export const repoRoot = new URL('../../', import.meta.url).pathname;

/** Run `fieldgate ARGS` in-process with captured output and a fixed clock. */
export async function runCli(
  args: string[],
  options: { stdin?: string; cwd?: string; now?: string } = {},
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    readStdin: async () => new TextEncoder().encode(options.stdin ?? ''),
    cwd: options.cwd ?? repoRoot,
    env: {},
    isTTY: false,
    now: () => new Date(options.now ?? '2026-11-22T12:00:00.000Z'),
  };
  const code = await main(args, io);
  return { code, stdout, stderr };
}
