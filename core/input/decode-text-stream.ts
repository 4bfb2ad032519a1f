import { TextChunkDecoder } from './text-decoding.ts';

/** Bytes decoded per call: a string of over 128 KB goes to V8's large-object space (see below). */
export const DECODE_PIECE = 64 * 1024;

/**
 * A byte stream decoded as decodeText decodes whole bytes (the encoding from the byte order mark, UTF-8
 * without one; invalid sequences as U+FFFD), chunk by chunk. `onBytes` is told the bytes read so far.
 */
export async function* decodeTextStream(
  stream: ReadableStream<Uint8Array>,
  onBytes?: (bytes: number) => void,
): AsyncGenerator<string> {
  const reader = stream.getReader();
  const decoder = new TextChunkDecoder();
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
      onBytes?.(bytes);
      // Decoded in pieces: a string of over 128 KB goes to V8's large-object space, where making one
      // took 5x as long (a 48 MB upload decoded in 256 KB pieces: 33 ms; in 64 KB pieces: 6 ms).
      for (let at = 0; at < value.length; at += DECODE_PIECE) {
        const text = decoder.decode(
          value.length <= DECODE_PIECE ? value : value.subarray(at, at + DECODE_PIECE),
        );
        if (text.length > 0) yield text;
      }
    }
    const tail = decoder.end();
    if (tail.length > 0) yield tail;
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
