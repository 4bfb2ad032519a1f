import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { plural, type AgronomicDataFile, type ClientResult, type ResourceType } from '../../core/index.ts';
import { EXIT_OK, EXIT_PROBLEMS, UsageError, type CliCommand, type CliIo } from '../command.ts';
import { terminalSafe } from '../render/terminal-text.ts';
import { parseCommandArgs } from './command-args.ts';
import { clientFor, openConnection } from './profile.ts';

const usage = `Usage: fieldgate agronomic-data --sharing-key KEY --type planted|applied|harvested [--download DIR]
                              [--profile sandbox|env|NAME]

Lists the planting, application or harvest data files a grower shared with the sharing key (version 3: with
modifiedTime and source; version 2 where version 3 is unavailable) and, with --download, downloads them into
DIR with progress: sizes are verified, a finished file is never overwritten, and a pre-signed URL that
expired is fetched afresh. An expired or revoked key gets a message saying the grower must share again.
The key is never printed.

Options:
  --sharing-key KEY                 the key the grower shared (or FIELDGATE_SHARING_KEY)
  --type planted|applied|harvested  which data
  --download DIR                    download the files into DIR
  --profile sandbox|env|NAME        where to ask (default: the embedded sandbox; see \`fieldgate profile list\`)

Examples:
  fieldgate sandbox --json | head -1          # the sandbox's demo sharing keys (sharingKeys)
  fieldgate agronomic-data --sharing-key KEY --type planted
  fieldgate agronomic-data --sharing-key KEY --type harvested --download harvest/ --profile env`;

const TYPES: Record<string, { resourceType: ResourceType; v4: string }> = {
  planted: { resourceType: 'application/vnd.oada.pp.as-planted', v4: '/v4/layers/asPlanted' },
  applied: { resourceType: 'application/vnd.oada.pp.as-applied', v4: '/v4/layers/asApplied' },
  harvested: { resourceType: 'application/vnd.oada.pp.as-harvested', v4: '/v4/layers/asHarvested' },
};

interface SharedFile {
  url: string;
  modifiedTime?: string;
  source?: string;
}

/** The file's name: the last segment of its URL's path, made safe for any file system. */
export function fileNameOf(url: string): string {
  let path = url;
  try {
    path = new URL(url).pathname;
  } catch {
    // Not a URL: take what there is.
  }
  const last = decodeURIComponent(path.split('/').filter(Boolean).pop() ?? 'file');
  const safe = last.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_');
  return safe === '' ? 'file' : safe;
}

/** The URL without its query (the signature): the same file across fresh lists. */
const fileKey = (url: string): string => url.split('?')[0] ?? url;

async function exists(path: string): Promise<{ size: number } | undefined> {
  try {
    return await stat(path);
  } catch {
    return undefined;
  }
}

type Download = { ok: true; bytes: number } | { ok: false; expired: boolean; message: string };

/** Download one URL to `target` through `target.part`, verifying the size the server stated. */
async function download(url: string, target: string, io: CliIo, label: string): Promise<Download> {
  let response: Response;
  try {
    response = await fetch(url, { redirect: 'follow' });
  } catch (error) {
    return { ok: false, expired: false, message: `network error: ${(error as Error).message}` };
  }
  if (response.status === 403 || response.status === 400) {
    const body = await response.text();
    // Object storage answers an expired (or otherwise bad) signature with 403 and an XML error.
    return {
      ok: false,
      expired: /expired|AccessDenied|Request has expired|signature/i.test(body) || response.status === 403,
      message: `the download was refused (${response.status})`,
    };
  }
  if (!response.ok || !response.body) {
    return { ok: false, expired: false, message: `the download was answered ${response.status}` };
  }
  const expected = Number(response.headers.get('content-length') ?? NaN);
  const part = `${target}.part`;
  const out = createWriteStream(part, { mode: 0o644 });
  let received = 0;
  let lastShown = 0;
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      received += chunk.byteLength;
      if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
      const now = Date.now();
      if (io.isTTY && now - lastShown > 100) {
        lastShown = now;
        const of = Number.isFinite(expected) ? ` of ${expected}` : '';
        io.stderr(`\r\x1b[2K${label}: ${received}${of} bytes`);
      }
    }
    await new Promise<void>((resolveEnd, reject) =>
      out.end((e?: Error | null) => (e ? reject(e) : resolveEnd())),
    );
  } catch (error) {
    out.destroy();
    await rm(part, { force: true });
    return { ok: false, expired: false, message: `the download broke off: ${(error as Error).message}` };
  }
  if (io.isTTY) io.stderr('\r\x1b[2K');
  if (Number.isFinite(expected) && expected !== received) {
    await rm(part, { force: true });
    return { ok: false, expired: false, message: `got ${received} bytes, the server said ${expected}` };
  }
  // A finished file is never overwritten: if one appeared meanwhile, keep it.
  if (await exists(target)) {
    await rm(part, { force: true });
    return { ok: true, bytes: received };
  }
  await rename(part, target);
  return { ok: true, bytes: received };
}

export const agronomicDataCommand: CliCommand = {
  name: 'agronomic-data',
  summary: 'list and download the data files a grower shared with a sharing key',
  usage,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      'sharing-key': { type: 'string' },
      type: { type: 'string' },
      download: { type: 'string' },
      profile: { type: 'string', default: 'sandbox' },
    });
    if (values.help) {
      io.stdout(usage + '\n');
      return EXIT_OK;
    }
    if (positionals.length > 0) throw new UsageError(`unexpected arguments: ${positionals.join(' ')}`);
    const key = values['sharing-key'] ?? io.env.FIELDGATE_SHARING_KEY;
    if (!key) throw new UsageError('give --sharing-key KEY (the key the grower shared)');
    const type = values.type === undefined ? undefined : TYPES[values.type];
    if (!type) throw new UsageError('--type must be planted, applied or harvested');
    const connection = await openConnection(values.profile, io);
    const noticed = new Set<string>();
    const notice = (path: string): void => {
      if (noticed.has(path)) return;
      noticed.add(path);
      io.stderr(`notice: GET ${path} is deprecated; its replacement is ${type.v4}\n`);
    };
    try {
      const client = clientFor(connection.profile);
      const list = async (): Promise<ClientResult<SharedFile[]>> => {
        const input = { sharingKey: key, resourceType: type.resourceType };
        notice('/v3/agronomic-data');
        const v3 = await client.getAgronomicDataResultsV3(input);
        const v3Said404 = v3.ok && v3.meta.notices.some((n) => /\b(304|404)\b/.test(n));
        if (v3.ok && !v3Said404)
          return { ...v3, value: v3.value.results.map((r: AgronomicDataFile) => toShared(r)) };
        if (!v3.ok && v3.error.kind === 'sharing-key') return v3;
        if (!v3.ok && !['not-found', 'unavailable', 'unexpected-response'].includes(v3.error.kind)) return v3;
        // Version 3 is not available here: version 2 gives the URLs alone.
        notice('/v2/agronomic-data');
        const v2 = await client.getAgronomicDataUrlsV2(input);
        if (!v2.ok) return v2;
        return { ...v2, value: v2.value.urls.map((url) => ({ url })) };
      };
      const listed = await list();
      if (!listed.ok) {
        const e = listed.error;
        io.stderr(
          e.kind === 'sharing-key'
            ? `the sharing key is expired, revoked or unknown: the grower must share the data again and send you a new key [request id ${e.requestId ?? 'none'}]\n`
            : `${terminalSafe(e.message)}\n`,
        );
        return EXIT_PROBLEMS;
      }
      const files = listed.value;
      io.stdout(`${plural(files.length, `shared ${values.type} file`)}\n`);
      for (const f of files)
        io.stdout(
          `  ${fileNameOf(f.url)}${f.modifiedTime ? `  modified ${terminalSafe(f.modifiedTime)}` : ''}${f.source ? `  from ${terminalSafe(f.source)}` : ''}\n`,
        );
      if (values.download === undefined) return EXIT_OK;
      const dir = resolve(io.cwd, values.download);
      await mkdir(dir, { recursive: true });
      let failures = 0;
      const used = new Set<string>();
      for (const [index, f] of files.entries()) {
        let name = fileNameOf(f.url);
        if (used.has(name)) name = `${index + 1}-${name}`;
        used.add(name);
        const target = join(dir, name);
        if (await exists(target)) {
          io.stdout(`  ${name}: already downloaded, kept\n`);
          continue;
        }
        let got = await download(f.url, target, io, name);
        if (!got.ok && got.expired) {
          // The pre-signed URL expired (or was refused): list again for a fresh one.
          const fresh = await list();
          const again = fresh.ok ? fresh.value.find((g) => fileKey(g.url) === fileKey(f.url)) : undefined;
          if (again) got = await download(again.url, target, io, name);
        }
        if (got.ok) io.stdout(`  ${name}: ${got.bytes} bytes, size verified\n`);
        else {
          failures++;
          io.stdout(`  ${name}: not downloaded: ${got.message}\n`);
        }
      }
      return failures === 0 ? EXIT_OK : EXIT_PROBLEMS;
    } finally {
      await connection.close();
    }
  },
};

function toShared(r: AgronomicDataFile): SharedFile {
  const out: SharedFile = { url: String(r.url) };
  if (typeof r.modifiedTime === 'string') out.modifiedTime = r.modifiedTime;
  if (typeof r.source === 'string') out.source = r.source;
  return out;
}
