import type { StreamedFile } from '../../core/input/file-kind.ts';

/**
 * Bytes as a file read in chunks: of `chunk` bytes, or of the sizes `chunk()` gives (small or odd ones
 * split line breaks, characters and byte order marks). `opened` counts the reads from the start.
 */
export function streamedFile(
  name: string,
  bytes: Uint8Array,
  chunk: number | (() => number),
): StreamedFile & { opened: number } {
  const size = typeof chunk === 'number' ? () => chunk : chunk;
  const file = {
    name,
    size: bytes.length,
    opened: 0,
    open: () => {
      file.opened++;
      let at = 0;
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          if (at >= bytes.length) controller.close();
          else {
            const n = size();
            controller.enqueue(bytes.slice(at, at + n));
            at += n;
          }
        },
      });
    },
  };
  return file;
}
