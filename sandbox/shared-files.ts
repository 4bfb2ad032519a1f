/**
 * The shared data files behind the pre-signed URLs of /v2 and /v3 agronomic-data. On the real service they
 * live in object storage; the sandbox serves small, deterministic ZIPs itself, under signed, expiring URLs.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import type { SharedFile } from './seed.ts';

function fileSignature(secret: string, fileId: string, expires: number): string {
  return createHmac('sha256', secret).update(`${fileId}\n${expires}`).digest('hex');
}

export function presignedUrl(sandboxUrl: string, secret: string, fileId: string, expires: number): string {
  return `${sandboxUrl}/files/${fileId}?expires=${expires}&signature=${fileSignature(secret, fileId, expires)}`;
}

export type SignatureCheck = 'valid' | 'expired' | 'bad-signature';

export function checkSignature(
  secret: string,
  fileId: string,
  expiresText: string,
  signature: string,
  now: Date,
): SignatureCheck {
  const expires = Number(expiresText);
  const expected = Buffer.from(fileSignature(secret, fileId, expires), 'hex');
  const given = Buffer.from(signature, 'hex');
  if (!/^\d+$/.test(expiresText) || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return 'bad-signature';
  }
  return expires * 1000 <= now.getTime() ? 'expired' : 'valid';
}

const cache = new Map<string, Uint8Array>();

/** A small ZIP with a README and a CSV of points, the same bytes every time for the same file. */
export function sharedFileBytes(file: SharedFile): Uint8Array {
  let bytes = cache.get(file.id);
  if (!bytes) {
    const mtime = new Date(file.modifiedTime);
    const rows = ['latitude,longitude,value'];
    for (let i = 0; i < 20; i++)
      rows.push(`${(41.5 + i * 0.0001).toFixed(6)},${(-93.6 - i * 0.0001).toFixed(6)},${100 + i}`);
    bytes = zipSync(
      {
        'README.txt': [
          strToU8(
            `Fieldgate sandbox demo file\nfield: ${file.fieldName}\ntype: ${file.resourceType}\nsource: ${file.source}\n`,
          ),
          { mtime },
        ],
        'points.csv': [strToU8(rows.join('\n') + '\n'), { mtime }],
      },
      { level: 6 },
    );
    cache.set(file.id, bytes);
  }
  return bytes;
}

/** The object-storage style XML error of a refused download. */
export function storageErrorXml(code: string, message: string, requestId: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>${requestId}</RequestId></Error>\n`;
}
