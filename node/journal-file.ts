/**
 * The batch journal on disk: lines appended to one file, each durable (written and fsync'ed) before the
 * runner is told so. Appends that arrive while a flush is under way are written together with one fsync
 * (group commit), so many workers cost one disk flush, not one each. Opened with O_APPEND: a line is never
 * written over another.
 */
import { open, readFile, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { mkdir } from 'node:fs/promises';

export class JournalFile {
  private queue: { text: string; resolve: () => void; reject: (e: unknown) => void }[] = [];
  private flushing: Promise<void> | undefined;

  private constructor(
    private readonly handle: FileHandle,
    readonly path: string,
  ) {}

  /** Open (creating it, readable and writable by its owner only) for appending. */
  static async open(path: string): Promise<JournalFile> {
    await mkdir(dirname(path), { recursive: true });
    const handle = await open(path, 'a', 0o600);
    return new JournalFile(handle, path);
  }

  /** Append one line; resolves once it is on disk. */
  append(line: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ text: line.endsWith('\n') ? line : `${line}\n`, resolve, reject });
      this.flushing ??= this.flush();
    });
  }

  private async flush(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue;
      this.queue = [];
      try {
        await this.handle.appendFile(batch.map((b) => b.text).join(''));
        await this.handle.sync();
        for (const b of batch) b.resolve();
      } catch (error) {
        for (const b of batch) b.reject(error);
      }
    }
    this.flushing = undefined;
  }

  async close(): Promise<void> {
    await this.flushing;
    await this.handle.close();
  }
}

/** A journal's text, to replay it. */
export function readJournal(path: string): Promise<string> {
  return readFile(path, 'utf8');
}
