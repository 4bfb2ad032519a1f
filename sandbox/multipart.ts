/** A small multipart/form-data reader (RFC 7578) for the upload endpoints; node:http has none. */

export interface FormPart {
  name: string;
  filename?: string;
  contentType?: string;
  data: Uint8Array;
}

export type MultipartResult = { ok: true; parts: FormPart[] } | { ok: false; problem: string };

/** The boundary parameter of a multipart/form-data Content-Type, or undefined. */
export function multipartBoundary(contentType: string | undefined): string | undefined {
  if (!contentType || !/^\s*multipart\/form-data\s*(;|$)/i.test(contentType)) return undefined;
  const m = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return m?.[1] ?? m?.[2];
}

function headerParam(header: string, name: string): string | undefined {
  const m = new RegExp(`;\\s*${name}\\*?=(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]+))`, 'i').exec(header);
  const value = m?.[1] ?? m?.[2];
  return value?.replace(/\\(.)/g, '$1');
}

export function parseMultipart(body: Uint8Array, boundary: string): MultipartResult {
  const buf = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const delimiter = Buffer.from(`--${boundary}`);
  const partEnd = Buffer.from(`\r\n--${boundary}`);
  let pos = buf.indexOf(delimiter);
  if (pos < 0) return { ok: false, problem: `the body has no part delimited by the boundary "${boundary}"` };
  const parts: FormPart[] = [];
  for (;;) {
    pos += delimiter.length;
    if (buf[pos] === 0x2d && buf[pos + 1] === 0x2d) return { ok: true, parts }; // "--": the closing delimiter
    // Skip transport padding and the CRLF after the delimiter.
    while (buf[pos] === 0x20 || buf[pos] === 0x09) pos++;
    if (buf[pos] === 0x0d && buf[pos + 1] === 0x0a) pos += 2;
    else return { ok: false, problem: 'a boundary line does not end with CRLF' };
    const headerEnd = buf.indexOf('\r\n\r\n', pos);
    if (headerEnd < 0) return { ok: false, problem: 'a part has no end of headers (blank line)' };
    const headers = new Map<string, string>();
    for (const line of buf.subarray(pos, headerEnd).toString('utf8').split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    const next = buf.indexOf(partEnd, headerEnd + 4);
    if (next < 0) return { ok: false, problem: 'the body ends before the closing boundary' };
    const disposition = headers.get('content-disposition') ?? '';
    const name = headerParam(disposition, 'name');
    if (!/^\s*form-data/i.test(disposition) || name === undefined) {
      return { ok: false, problem: 'a part has no Content-Disposition: form-data; name="…"' };
    }
    const part: FormPart = { name, data: new Uint8Array(buf.subarray(headerEnd + 4, next)) };
    const filename = headerParam(disposition, 'filename');
    if (filename !== undefined) part.filename = filename;
    const contentType = headers.get('content-type');
    if (contentType !== undefined) part.contentType = contentType;
    parts.push(part);
    pos = next + 2;
  }
}

/** Build a multipart/form-data body (tests and the client's sandbox examples use it). */
export function buildMultipart(
  parts: ReadonlyArray<{ name: string; filename?: string; contentType?: string; data: Uint8Array | string }>,
  boundary = 'fieldgate-boundary-7d3f9a',
): { body: Uint8Array; contentType: string } {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename.replace(/"/g, '\\"')}"`;
    head += '\r\n';
    if (p.contentType !== undefined) head += `Content-Type: ${p.contentType}\r\n`;
    chunks.push(Buffer.from(head + '\r\n'), Buffer.from(p.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: new Uint8Array(Buffer.concat(chunks)),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
