/**
 * The bridge's handlers, written once for every host (Electron IPC, the browser host, tests). `handleCall`
 * is the host edge: it takes a method name and an untrusted JSON value, checks them against the request's
 * schema, runs the handler and answers JSON, or a BridgeFailure. Handlers never see an unchecked request.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import {
  applyFixChoice,
  BatchStateError,
  downloadFile,
  EngineOptionsError,
  fix,
  htmlReport,
  problemsCsvBytes,
  reportToJson,
  systemIo,
  validate,
  type BatchState,
  type CsvMapping,
  type EngineInput,
  type EngineOptions,
  type FetchLike,
  type Report,
  type ResourceType,
  type ServiceClient,
} from '../core/index.ts';
import {
  clientFor as serviceClientFor,
  type Connection,
  type PacingOptions,
} from '../node/service-connection.ts';
import { AppStore, NotFoundError } from './app-store.ts';
import {
  requestSchemas,
  isAppMethod,
  type AppEvent,
  type AppInfo,
  type AppMethod,
  type AppRequest,
  type AppResponse,
  type BatchStateInput,
  type BridgeFailure,
  type ExampleFile,
  type FileRef,
  type ValidateOptionsInput,
} from './bridge-api.ts';
import { FileAccess, FileAccessError } from './file-access.ts';
import { runReportHtml } from './report-export.ts';
import { secretStorageWarnings, type SecretBox } from './secret-box.ts';
import { RunBusyError, SubmitRuns } from './submit-runs.ts';

/** The demo data of an embedded sandbox (what `fieldgate sandbox --json` prints). */
export interface EmbeddedSandbox {
  authUrl: string;
  baseUrl: string;
  legacyBaseUrl: string;
  clientId: string;
  clientSecret: string;
  apiKey: string;
  userNames: string[];
  sharingKeys: string[];
}

export interface HostContext {
  host: AppInfo['host'];
  version: string;
  /** The bundled sample batch. */
  examplesDir: string;
  /** Profiles, settings and journals. */
  dataDir: string;
  secrets: SecretBox;
  /** Which files the renderer may name; defaults to the examples only. */
  files?: FileAccess;
  emit(event: AppEvent): void;
  /** Open an already validated http(s) URL in the system browser. */
  openExternal(url: string): Promise<boolean>;
  /**
   * The system's open-file dialog (Electron): the paths the user chose, already granted to `files`; [] when
   * cancelled. Absent: the host has none (the browser host; the page's file input is used there).
   */
  chooseFiles?: () => Promise<string[]>;
  sandbox?: EmbeddedSandbox;
  /**
   * Threads that check big files, and the pool kept warm between them (`keptPoolThreads()` of
   * node/worker-threads.ts, where the host's build has the boundary worker); without, one thread.
   */
  threads?: Pick<EngineOptions, 'jobs' | 'workerPool'>;
  now?: () => Date;
  fetch?: FetchLike;
}

export type Handlers = { [M in AppMethod]: (request: AppRequest<M>) => Promise<AppResponse<M>> };

export const SANDBOX_PROFILE_ID = 'sandbox';
const RESOURCE_TYPES: ResourceType[] = [
  'application/vnd.oada.pp.as-planted',
  'application/vnd.oada.pp.as-applied',
  'application/vnd.oada.pp.as-harvested',
];
/** Reports kept for getReport / exportReport: the latest ones (a report can be large). */
const REPORTS_KEPT = 20;

function exampleFiles(dir: string, root = dir): ExampleFile[] {
  const out: ExampleFile[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    const stat = statSync(path);
    if (stat.isDirectory()) out.push(...exampleFiles(path, root));
    else if (!name.endsWith('.md')) {
      const rel = relative(root, path).split(sep).join('/');
      out.push({
        path,
        name: rel,
        group: rel.includes('/') ? rel.slice(0, rel.indexOf('/')) : '',
        bytes: stat.size,
      });
    }
  }
  return out;
}

function engineOptions(
  options: ValidateOptionsInput | undefined,
  now: Date,
  threads: HostContext['threads'],
): EngineOptions {
  const out: EngineOptions = { now, ...threads };
  if (!options) return out;
  if (options.select || options.ignore)
    out.rules = {
      ...(options.select ? { select: options.select } : {}),
      ...(options.ignore ? { ignore: options.ignore } : {}),
    };
  if (options.sampleDate !== undefined) out.sampleDate = options.sampleDate;
  if (options.kind !== undefined) out.kind = options.kind;
  if (options.settings) out.settings = options.settings;
  return out;
}

/**
 * Files a CSV batch names (a prescription ZIP, a soil test), read relative to the CSV the user gave the app,
 * and only from its folder or below (a `..` or a link out of it is not followed).
 */
function siblingReader(
  inputs: readonly { name: string; path?: string }[],
): (relativePath: string, from: string) => Promise<Uint8Array | undefined> {
  const folders = new Map<string, string>();
  for (const input of inputs)
    if (input.path && !folders.has(input.name)) folders.set(input.name, dirname(input.path));
  return async (relativePath, from) => {
    const folder = folders.get(from);
    if (!folder) return undefined;
    try {
      const target = realpathSync(resolve(folder, relativePath));
      if (!target.startsWith(folder + sep)) return undefined;
      return new Uint8Array(await readFile(target));
    } catch {
      return undefined;
    }
  };
}

/** The report as it crosses the bridge: without each file's decoded text (large; the renderer has the file). */
function plainReport(report: Report): Report {
  return { ...report, files: report.files.map(({ text: _text, ...file }) => file) };
}

/** What a host does when it stops. */
export interface HostLifecycle {
  /**
   * Stop every running submit for now (new requests stop; those in flight get `graceMs`; the stop is
   * journaled, resumable on the next launch).
   */
  close(graceMs?: number): Promise<void>;
}

export function createHandlers(context: HostContext): Handlers & HostLifecycle {
  const now = context.now ?? (() => new Date());
  const files = context.files ?? new FileAccess([context.examplesDir]);
  const store = new AppStore(join(context.dataDir), context.secrets, randomUUID);
  // Whole, with the checked text of each file it kept: its exports fill the value column as the CLI's do.
  const reports = new Map<string, Report>();
  const sharedUrls = new Map<string, { url: string; name: string }>();
  const sandbox = context.sandbox;
  if (sandbox)
    store.addBuiltIn({
      id: SANDBOX_PROFILE_ID,
      name: 'Embedded sandbox',
      kind: 'sandbox',
      authUrl: sandbox.authUrl,
      baseUrl: sandbox.baseUrl,
      legacyBaseUrl: sandbox.legacyBaseUrl,
      clientId: sandbox.clientId,
      clientSecret: sandbox.clientSecret,
      apiKey: sandbox.apiKey,
      hasClientSecret: true,
      hasApiKey: true,
    });

  /** A profile as a connection: the embedded sandbox is local (not paced unless asked). */
  function connectionFor(profileId: string): { connection: Connection; pacing: PacingOptions } {
    const profile = store.withSecrets(profileId);
    if (!profile) throw new NotFoundError(`no profile ${profileId}`);
    const settings = store.getSettings();
    const local = profile.kind === 'sandbox';
    return {
      connection: { name: profileId, profile, local, close: async () => undefined },
      // The settings' rate is for the service's limits; the local sandbox needs no pacing.
      pacing: { concurrency: settings.concurrency, ...(local ? {} : { rate: settings.ratePerSecond }) },
    };
  }

  const clients = new Map<string, ServiceClient>();
  function clientFor(profileId: string): ServiceClient {
    const cached = clients.get(profileId);
    if (cached) return cached;
    const { connection, pacing } = connectionFor(profileId);
    const client = serviceClientFor(connection.profile, connection.local ? {} : pacing, {
      ...(context.fetch ? { fetch: context.fetch } : {}),
    });
    clients.set(profileId, client);
    return client;
  }

  const runs = new SubmitRuns({
    journalDir: join(context.dataDir, 'journals'),
    now,
    emit: context.emit,
    connectionFor,
    ...(context.fetch ? { clientFor } : {}),
  });
  function readRef(ref: FileRef): EngineInput & { path?: string } {
    if ('path' in ref) {
      const real = files.check(ref.path);
      return { name: basename(real), path: real, bytes: new Uint8Array(readFileSync(real)) };
    }
    return { name: basename(ref.name), bytes: new Uint8Array(Buffer.from(ref.contentBase64, 'base64')) };
  }

  /** The batch as the workbench holds it, its files read (a CSV row's named files are among its own). */
  function batchStateOf(input: BatchStateInput, defaultUser?: string): BatchState {
    const names = new Set<string>();
    const files = input.files.map((f) => {
      const { name, bytes } = readRef(f.file);
      if (names.has(name)) throw new RequestError(`two files named ${name}: a batch names each file once`);
      names.add(name);
      return {
        name,
        bytes,
        ...(f.kind !== undefined ? { kind: f.kind } : {}),
        ...(f.mapping !== undefined ? { mapping: f.mapping as BatchState['files'][number]['mapping'] } : {}),
        ...(f.settings !== undefined ? { settings: f.settings } : {}),
        ...(f.changes !== undefined ? { changes: f.changes } : {}),
      };
    });
    const userName = input.userName ?? defaultUser;
    return {
      files,
      ...(userName !== undefined ? { userName } : {}),
      ...(input.sampleDate !== undefined ? { sampleDate: input.sampleDate } : {}),
    };
  }

  function keep(report: Report): string {
    const reportId = randomUUID();
    reports.set(reportId, report);
    while (reports.size > REPORTS_KEPT) reports.delete(reports.keys().next().value!);
    return reportId;
  }

  function reportById(reportId: string): Report {
    const report = reports.get(reportId);
    if (!report) throw new NotFoundError(`no report ${reportId} (reports are kept until the app closes)`);
    return report;
  }

  function runStatus(runId: string) {
    const run = runs.get(runId);
    if (!run) throw new NotFoundError(`no run ${runId} in this session (see listJournals)`);
    return run;
  }

  const info = (): AppInfo => {
    const out: AppInfo = {
      host: context.host,
      version: context.version,
      secretStorage: context.secrets.storage,
      warnings: secretStorageWarnings(context.secrets.storage),
      nativeFileDialog: context.chooseFiles !== undefined,
    };
    if (sandbox)
      out.sandbox = {
        baseUrl: sandbox.baseUrl,
        profileId: SANDBOX_PROFILE_ID,
        userNames: sandbox.userNames,
        sharingKeys: sandbox.sharingKeys,
      };
    return out;
  };

  const handlers: Handlers = {
    appInfo: async () => info(),
    listExamples: async () => ({ examples: exampleFiles(context.examplesDir) }),
    chooseFiles: async () => {
      if (!context.chooseFiles)
        throw new RequestError('this host has no file dialog: choose the files with the page’s file input');
      return { paths: await context.chooseFiles() };
    },
    readFiles: async ({ paths }) => ({
      files: paths.map((path) => {
        const file = readRef({ path });
        return {
          name: file.name,
          path: file.path!,
          contentBase64: Buffer.from(file.bytes).toString('base64'),
        };
      }),
    }),
    validateFiles: async ({ files: refs, options }) => {
      const read = refs.map(readRef);
      const inputs = read.map(({ name, bytes }) => ({ name, bytes }));
      const report = await validate(inputs, {
        ...engineOptions(options, now(), context.threads),
        resolveFile: siblingReader(read),
      });
      return { reportId: keep(report), report: plainReport(report) };
    },
    getReport: async ({ reportId }) => ({ reportId, report: plainReport(reportById(reportId)) }),
    applyFixes: async ({ files: refs, safety, options }) => {
      const fixed = [];
      const remaining: { name: string; bytes: Uint8Array }[] = [];
      for (const ref of refs) {
        const { name, bytes } = readRef(ref);
        const outcome = await fix(
          { name, bytes },
          { safety: safety === 'unsafe' ? 'safe-and-unsafe' : 'safe' },
          engineOptions(options, now(), context.threads),
        );
        const applied = outcome.report.files[0]?.fixes?.applied.length ?? 0;
        fixed.push({ name, contentBase64: Buffer.from(outcome.bytes ?? bytes).toString('base64'), applied });
        remaining.push({ name, bytes: outcome.bytes ?? bytes });
      }
      const report = plainReport(await validate(remaining, engineOptions(options, now(), context.threads)));
      return { reportId: keep(report), report, fixed };
    },
    applyFix: async ({ file, fix: choice, sampleDate }) => {
      const { name, bytes } = readRef(file.file);
      const outcome = await applyFixChoice(
        {
          name,
          ...(file.kind !== undefined ? { kind: file.kind } : {}),
          ...(file.mapping !== undefined ? { mapping: file.mapping as CsvMapping } : {}),
          ...(file.settings !== undefined ? { settings: file.settings } : {}),
        },
        bytes,
        choice,
        { now: now(), ...(sampleDate !== undefined ? { sampleDate } : {}) },
      );
      if ('problem' in outcome) return { problem: outcome.problem };
      return {
        contentBase64: Buffer.from(outcome.bytes).toString('base64'),
        applied: outcome.fixes.applied,
        notApplied: outcome.fixes.notApplied,
      };
    },
    exportReport: async ({ source, format }) => {
      if ('runId' in source) {
        const status = runStatus(source.runId).status();
        if (format === 'json')
          return {
            fileName: `submit-${source.runId}.json`,
            mediaType: 'application/json',
            text: JSON.stringify(status, null, 2),
          };
        if (format === 'csv') {
          // Bytes in the encoding of the batch's CSV (Windows-1252 for one from that Excel).
          const file = runStatus(source.runId).resultsCsvFile();
          return {
            fileName: `submit-${source.runId}.csv`,
            mediaType: `text/csv; charset=${file.encoding}`,
            text: file.encoding === 'utf-8' ? new TextDecoder().decode(file.bytes) : '',
            contentBase64: Buffer.from(file.bytes).toString('base64'),
          };
        }
        return {
          fileName: `submit-${source.runId}.html`,
          mediaType: 'text/html',
          text: runReportHtml(status),
        };
      }
      const report = reportById(source.reportId);
      if (format === 'json')
        return {
          fileName: 'fieldgate-report.json',
          mediaType: 'application/json',
          text: reportToJson(report),
        };
      // The same files as `fieldgate validate --format csv|html` writes.
      if (format === 'csv') {
        const { bytes, format: written } = problemsCsvBytes(report);
        return {
          fileName: 'fieldgate-report.csv',
          mediaType: `text/csv; charset=${written.encoding}`,
          text: written.encoding === 'utf-8' ? new TextDecoder().decode(bytes) : '',
          contentBase64: Buffer.from(bytes).toString('base64'),
        };
      }
      return { fileName: 'fieldgate-report.html', mediaType: 'text/html', text: htmlReport(report) };
    },
    listProfiles: async () => ({ profiles: store.list() }),
    saveProfile: async (input) => {
      const profile = store.save(input);
      clients.delete(profile.id);
      return { profile, secretStorage: context.secrets.storage };
    },
    deleteProfile: async ({ id }) => {
      clients.delete(id);
      return { deleted: store.delete(id) };
    },
    testProfile: async ({ id }) => {
      const checked = await clientFor(id).checkCredentials();
      return checked.ok
        ? { ok: true, message: `Signed in; the token is valid until ${checked.value.expiresAt}.` }
        : { ok: false, message: checked.error.message };
    },
    getSettings: async () => store.getSettings(),
    savedMapping: async ({ headers }) => {
      const mapping = store.savedMapping(headers);
      return mapping ? { mapping } : {};
    },
    rememberMapping: async ({ headers, mapping }) => {
      store.rememberMapping(headers, mapping);
      return { remembered: true };
    },
    saveSettings: async (settings) => {
      clients.clear(); // the next call paces at the new rate
      return store.saveSettings(settings);
    },
    startSubmit: async ({ profileId, batch, dryRun, onlyRows }) => {
      if (!store.get(profileId)) throw new NotFoundError(`no profile ${profileId}`);
      // The demo user is a default for the embedded sandbox only, never for a real service.
      const demoUser = profileId === SANDBOX_PROFILE_ID ? sandbox?.userNames[0] : undefined;
      return runs.start(batchStateOf(batch, demoUser), {
        profileId,
        dryRun,
        ...(onlyRows ? { onlyRows } : {}),
      });
    },
    previewSubmit: async ({ batch }) => runs.preview(batchStateOf(batch)),
    pauseSubmit: async ({ runId }) => {
      const run = runStatus(runId);
      run.pause();
      return run.status();
    },
    resumeSubmit: async ({ runId }) => {
      const run = runStatus(runId);
      run.resume();
      return run.status();
    },
    cancelSubmit: async ({ runId }) => {
      const run = runStatus(runId);
      run.cancel();
      return run.status();
    },
    getSubmit: async ({ runId }) => runStatus(runId).status(),
    listJournals: async () => ({ journals: runs.list() }),
    resumeJournal: async ({ journalId }) => {
      const status = await runs.resume(journalId);
      if (!status) throw new NotFoundError(`no journal ${journalId}`);
      return status;
    },
    dismissRun: async ({ journalId }) => {
      const summary = runs.dismiss(journalId);
      if (!summary) throw new NotFoundError(`no journal ${journalId}`);
      return summary;
    },
    archiveRun: async ({ journalId, archived }) => {
      let summary;
      try {
        summary = runs.archive(journalId, archived);
      } catch (error) {
        if (error instanceof RunBusyError) throw new RequestError(error.message);
        throw error;
      }
      if (!summary) throw new NotFoundError(`no journal ${journalId}`);
      return summary;
    },
    sharedData: async ({ profileId, sharingKey }) => {
      const client = clientFor(profileId);
      const out = [];
      for (const resourceType of RESOURCE_TYPES) {
        const listed = await client.getAgronomicDataResultsV3({ sharingKey, resourceType });
        if (!listed.ok) throw new RequestError(listed.error.message);
        for (const result of listed.value.results) {
          const url = String(result.url);
          const id = `f${sharedUrls.size + 1}`;
          const name = decodeURIComponent(new URL(url).pathname.split('/').pop() || id);
          sharedUrls.set(id, { url, name });
          out.push({ id, name, type: resourceType.replace('application/vnd.oada.pp.', '') });
        }
      }
      return { files: out };
    },
    downloadSharedFile: async ({ fileId }) => {
      // Only a URL the service listed (kept by sharedData) is fetched: the renderer cannot name addresses.
      const shared = sharedUrls.get(fileId);
      if (!shared) throw new NotFoundError(`no shared file ${fileId}: list the shared data first`);
      // The client's rules for downloads (HTTPS but for this machine, redirects checked, size and time
      // bounded); held in memory and sent as base64, so at most 256 MiB.
      const pieces: Uint8Array[] = [];
      const got = await downloadFile(shared.url, {
        fetch: context.fetch ?? systemIo().fetch,
        maxBytes: 256 * 1024 * 1024,
        timeoutMs: 120_000,
        write: (piece) => void pieces.push(piece),
      });
      if (!got.ok) throw new RequestError(`download failed: ${got.message}`);
      const bytes = Buffer.concat(pieces);
      context.emit({
        type: 'download-progress',
        fileId,
        received: bytes.byteLength,
        total: bytes.byteLength,
      });
      return { fileId, name: shared.name, contentBase64: Buffer.from(bytes).toString('base64') };
    },
    openExternal: async ({ url }) => ({ opened: await context.openExternal(url) }),
  };
  return Object.assign(handlers, {
    close: (graceMs?: number) => {
      context.threads?.workerPool?.close();
      return runs.closeAll(graceMs);
    },
  });
}

/** A request the handler refuses for what it asks (not a fault of the host). */
class RequestError extends Error {}

export interface CallAnswer {
  /** HTTP status for the browser host: 200, 400, 404, 500. */
  status: number;
  body: unknown;
}

function failure(kind: BridgeFailure['error']['kind'], message: string): BridgeFailure {
  return { error: { kind, message } };
}

/**
 * The host edge: check the method and the request against its schema, run the handler, answer JSON.
 * A handler's unexpected error is answered as "failed" with its message; secrets never reach messages
 * (the client redacts them) and nothing here logs a request.
 */
export async function handleCall(handlers: Handlers, method: string, request: unknown): Promise<CallAnswer> {
  if (!isAppMethod(method))
    return { status: 404, body: failure('not-found', `no method ${JSON.stringify(method.slice(0, 100))}`) };
  const parsed = requestSchemas[method].safeParse(request);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .slice(0, 5)
      .map((i) => `${i.path.join('.') || '(request)'}: ${i.message}`)
      .join('; ');
    return { status: 400, body: failure('bad-request', `${method}: ${problems}`) };
  }
  try {
    const handler = handlers[method] as (request: unknown) => Promise<unknown>;
    const answer = await handler(parsed.data);
    // JSON only: what the renderer gets is exactly what JSON can carry.
    return { status: 200, body: JSON.parse(JSON.stringify(answer)) };
  } catch (error) {
    if (error instanceof NotFoundError) return { status: 404, body: failure('not-found', error.message) };
    if (
      error instanceof RequestError ||
      error instanceof FileAccessError ||
      error instanceof EngineOptionsError ||
      error instanceof BatchStateError
    )
      return { status: 400, body: failure('bad-request', error.message) };
    return { status: 500, body: failure('failed', error instanceof Error ? error.message : String(error)) };
  }
}
