/** multipart/form-data bodies (RFC 7578) for the Rx and Modus uploads, built as bytes. */

export interface FilePart {
  name: string;
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface MultipartBody {
  contentType: string;
  body: Uint8Array<ArrayBuffer>;
}

function quoted(text: string): string {
  return `"${text.replace(/[\r\n"\\]/g, (c) => (c === '"' ? '%22' : c === '\\' ? '\\\\' : ' '))}"`;
}

export function encodeMultipart(parts: readonly FilePart[], random: () => number): MultipartBody {
  const token = Array.from({ length: 24 }, () => Math.floor(random() * 36).toString(36)).join('');
  const boundary = `----fieldgate-${token}`;
  const encoder = new TextEncoder();
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    chunks.push(
      encoder.encode(
        `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(part.name)}; filename=${quoted(part.fileName)}\r\n` +
          `Content-Type: ${part.contentType}\r\n\r\n`,
      ),
      part.bytes,
      encoder.encode('\r\n'),
    );
  }
  chunks.push(encoder.encode(`--${boundary}--\r\n`));
  const body = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let at = 0;
  for (const c of chunks) {
    body.set(c, at);
    at += c.byteLength;
  }
  return { contentType: `multipart/form-data; boundary=${boundary}`, body };
}
