import { describeFileError, OutputFileError } from '../../node/output-file.ts';
import { terminalSafe } from '../render/terminal-text.ts';

const verbs: Record<string, string> = {
  open: 'open',
  read: 'read',
  write: 'write',
  rename: 'write',
  mkdir: 'create',
  scandir: 'list',
  stat: 'find',
  lstat: 'find',
  realpath: 'find',
  unlink: 'remove',
  chmod: 'change',
};

/**
 * A file that cannot be read or written, in one line ("cannot write out/x.json: no such directory"), for
 * the user to fix; undefined when the error is not about a file (a bug, which keeps its stack).
 */
export function fileProblemMessage(e: unknown): string | undefined {
  if (e instanceof OutputFileError) return terminalSafe(e.message);
  const reason = describeFileError(e);
  if (reason === undefined) return undefined;
  const { syscall, path } = e as NodeJS.ErrnoException;
  const verb = verbs[syscall ?? ''] ?? 'use';
  return terminalSafe(
    `cannot ${verb} ${path ?? 'a file'}: ${reason === 'no such directory' ? 'no such file or directory' : reason}`,
  );
}
