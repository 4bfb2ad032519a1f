import { sniffTextEncoding } from './text-decoding.ts';

/**
 * A byte stream decoded as decodeText decodes whole bytes (the encoding from the byte order mark, UTF-8
 * without one; invalid sequences as U+FFFD), chunk by chunk. `onBytes` is told the bytes read so far.
 */
export async function* decodeTextStream(
  stream: ReadableStream<Uint8Array>,
  onBytes?: (bytes: number) => void,
): AsyncGenerator<string> {
  const reader = stream.getReader();
  let decoder: TextDecoder | undefined;
  let head: Uint8Array | undefined;
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
      onBytes?.(bytes);
      let chunk = value;
      if (!decoder) {
        // The mark needs up to three bytes: hold tiny first chunks until there are enough.
        chunk = head ? join(head, value) : value;
        if (chunk.length < 3) {
          head = chunk;
          continue;
        }
        head = undefined;
        decoder = new TextDecoder(sniffTextEncoding(chunk).encoding, { fatal: false, ignoreBOM: false });
      }
      const text = decoder.decode(chunk, { stream: true });
      if (text.length > 0) yield text;
    }
    if (!decoder) {
      const rest = head ?? new Uint8Array(0);
      decoder = new TextDecoder(sniffTextEncoding(rest).encoding, { fatal: false, ignoreBOM: false });
      const text = decoder.decode(rest);
      if (text.length > 0) yield text;
      return;
    }
    const tail = decoder.decode();
    if (tail.length > 0) yield tail;
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

function join(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}
