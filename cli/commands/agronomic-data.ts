import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import {
  DOWNLOAD_LIMITS,
  downloadFile,
  systemIo,
  type AgronomicDataFile,
  type ClientResult,
  type ResourceType,
} from '../../core/index.ts';
import { plural } from '../../core/values/plural.ts';
import { openAtomically } from '../../node/atomic-write.ts';
import { EXIT_OK, EXIT_PROBLEMS, UsageError, type CliCommand, type CliIo } from '../command.ts';
import { terminalSafe } from '../render/terminal-text.ts';
import { parseCommandArgs } from './command-args.ts';
import { usableConnection } from './profile.ts';
import { clientFor, pacingFor } from '../../node/service-connection.ts';

const usage = `Usage: fieldgate agronomic-data --sharing-key KEY --type planted|applied|harvested [--download DIR]
                              [--profile sandbox|env|NAME]

Lists the planting, application or harvest data files a grower shared with the sharing key (version 3: with
modifiedTime and source; version 2 where version 3 is unavailable) and, with --download, downloads them into
DIR with progress: sizes are verified, a finished file is never overwritten, and a pre-signed URL that
expired is fetched afresh. Downloads follow the client's rules: HTTPS (plain HTTP only to this machine),
redirects only to the same scheme, at most 2 GiB a file, and no more than 60 s without data (30 minutes in
all). Each file is written under a temporary name and renamed when complete, so a download that was stopped
leaves no partial file and the next run downloads it again. An expired or revoked key gets a message saying
the grower must share again. The key is never printed.

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

/**
 * Remove the temporary files of earlier downloads of `target` killed before they could remove them (the
 * atomic writer names them `.NAME.<12 hex>.tmp`). Only those not written to for longer than a download may
 * wait for its next piece: a live download of the same file by another run writes more often, or stops.
 */
async function removeStaleTemporaries(target: string, now: Date): Promise<void> {
  const dir = dirname(target);
  const prefix = `.${basename(target)}.`;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!name.startsWith(prefix) || !/^[0-9a-f]{12}\.tmp$/.test(name.slice(prefix.length))) continue;
    const path = join(dir, name);
    const info = await stat(path).catch(() => undefined);
    if (info && now.getTime() - info.mtimeMs > DOWNLOAD_LIMITS.idleTimeoutMs) await rm(path, { force: true });
  }
}

/**
 * Download one URL to `target` under the client's rules (HTTPS but for this machine, redirects only to the
 * same scheme, size and time bounded; core/client/download.ts). The bytes go to a temporary file beside the
 * target, renamed over it once complete and fsync'ed: a download stopped at any point (Ctrl+C, kill -9, a
 * power cut) leaves no partial file under the final name, and the next run downloads it again.
 */
async function download(url: string, target: string, io: CliIo, label: string): Promise<Download> {
  await removeStaleTemporaries(target, io.now());
  let file: Awaited<ReturnType<typeof openAtomically>>;
  try {
    file = await openAtomically(target, { durable: true });
  } catch (error) {
    return { ok: false, expired: false, message: `cannot write ${target}: ${(error as Error).message}` };
  }
  let lastShown = 0;
  const got = await downloadFile(url, {
    fetch: systemIo().fetch,
    write: (bytes) => file.write(bytes),
    onProgress: (received, total) => {
      const now = Date.now();
      if (io.isTTY && now - lastShown > 100) {
        lastShown = now;
        io.stderr(`\r\x1b[2K${label}: ${received}${total === undefined ? '' : ` of ${total}`} bytes`);
      }
    },
  });
  if (io.isTTY) io.stderr('\r\x1b[2K');
  if (!got.ok) {
    await file.abort();
    return { ok: false, expired: got.urlRefused === true, message: got.message };
  }
  // A finished file is never overwritten: if one appeared meanwhile, keep it.
  if (await exists(target)) {
    await file.abort();
    return { ok: true, bytes: got.bytes };
  }
  try {
    await file.commit();
  } catch (error) {
    return { ok: false, expired: false, message: `cannot write ${target}: ${(error as Error).message}` };
  }
  return { ok: true, bytes: got.bytes };
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
    const connection = await usableConnection(values.profile, io);
    const noticed = new Set<string>();
    const notice = (path: string): void => {
      if (noticed.has(path)) return;
      noticed.add(path);
      io.stderr(`notice: GET ${path} is deprecated; its replacement is ${type.v4}\n`);
    };
    try {
      const client = clientFor(connection.profile, pacingFor(connection));
      const list = async (): Promise<ClientResult<SharedFile[]>> => {
        const input = { sharingKey: key, resourceType: type.resourceType };
        notice('/v3/agronomic-data');
        const v3 = await client.getAgronomicDataResultsV3(input);
        const v3Said404 = v3.ok && v3.meta.notices.some((n) => /\b(304|404)\b/.test(n));
        if (v3.ok && !v3Said404)
          return { ...v3, value: v3.value.results.map((r: AgronomicDataFile) => toShared(r)) };
        if (!v3.ok && v3.error.kind === 'sharing-key') return v3;
        if (!v3.ok && !['not-found', 'unavailable', 'unexpected-response'].includes(v3.error.kind)) return v3;
        // Version 3 is not available here: version 2 gives the URLs alone. v3's notice (its 404 read as no
        // files) no longer holds, so only v2's notices are shown.
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
      // What the tolerant reader accepted that the document does not say (a bare array, a wrong media type).
      for (const said of listed.meta.notices)
        io.stderr(`notice: the list was read tolerantly: ${terminalSafe(said)}\n`);
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
