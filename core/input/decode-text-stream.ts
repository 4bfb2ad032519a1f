import { TextChunkDecoder } from './text-decoding.ts';

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
      const text = decoder.decode(value);
      if (text.length > 0) yield text;
    }
    const tail = decoder.end();
    if (tail.length > 0) yield tail;
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
