import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { describeFileError } from '../../node/output-file.ts';
import { UsageError, type CliIo } from '../command.ts';

/**
 * `--mapping`'s JSON: given as text, or read from the file it names. `validate`, `fix` and `submit` take it
 * alike, with one wording for a file that cannot be read.
 */
export async function mappingArgText(value: string, io: CliIo): Promise<string> {
  if (value.trimStart().startsWith('{')) return value;
  try {
    return await readFile(resolve(io.cwd, value), 'utf8');
  } catch (e) {
    const reason = describeFileError(e);
    throw new UsageError(
      `--mapping ${value}: cannot read it (${!reason || reason === 'no such directory' ? 'no such file' : reason}); give a file, or the mapping as JSON`,
    );
  }
}
