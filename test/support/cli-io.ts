/**
 * The one stand-in for a terminal that tests hand the CLI (cli/command.ts: CliIo): what a command writes is
 * kept, stdout and stderr apart and together in the order written, and the environment is only what the
 * test gives (never the developer's own profiles or data folder).
 */
import { join } from 'node:path';
import type { CliIo } from '../../cli/command.ts';

export interface CapturedIo extends CliIo {
  /** What went to stdout, piece by piece (bytes decoded as UTF-8, a byte order mark kept). */
  out: string[];
  /** What went to stderr, piece by piece. */
  err: string[];
  /** stdout and stderr together, as a person at the terminal would have read them. */
  text(): string;
  /** The bytes written to stdout as bytes (a problems CSV in its own encoding). */
  bytes: Uint8Array[];
}

export interface CaptureOptions {
  cwd?: string;
  env?: Readonly<Record<string, string | undefined>>;
  stdin?: Uint8Array | string;
  /** A fixed clock (ISO time); the real one when absent. */
  now?: string;
}

export function captureIo(options: CaptureOptions = {}): CapturedIo {
  const out: string[] = [];
  const err: string[] = [];
  const both: string[] = [];
  const bytes: Uint8Array[] = [];
  const stdin = options.stdin ?? new Uint8Array();
  return {
    out,
    err,
    bytes,
    text: () => both.join(''),
    stdout: (t) => {
      out.push(t);
      both.push(t);
    },
    stdoutBytes: (b) => {
      bytes.push(b);
      const t = new TextDecoder('utf-8', { ignoreBOM: true }).decode(b);
      out.push(t);
      both.push(t);
    },
    stderr: (t) => {
      err.push(t);
      both.push(t);
    },
    readStdin: async () => (typeof stdin === 'string' ? new TextEncoder().encode(stdin) : stdin),
    cwd: options.cwd ?? process.cwd(),
    env: options.env ?? {},
    isTTY: false,
    now: () => (options.now === undefined ? new Date() : new Date(options.now)),
  };
}

/** A home of the test's own: profiles, journals and data under `dir`, nothing of the developer's. */
export function homeEnv(dir: string): Record<string, string> {
  return { HOME: dir, XDG_DATA_HOME: join(dir, 'data'), XDG_CONFIG_HOME: join(dir, 'config') };
}

export interface ServiceUrls {
  authUrl: string;
  baseUrl: string;
  legacyBaseUrl: string;
}

export interface ServiceCredentials {
  clientId: string;
  clientSecret: string;
  apiKey: string;
}

/** The `env` profile (`--profile env`) of a service at these addresses, with these credentials. */
export function serviceEnv(urls: ServiceUrls, credentials: ServiceCredentials): Record<string, string> {
  return {
    FIELDGATE_AUTH_URL: urls.authUrl,
    FIELDGATE_BASE_URL: urls.baseUrl,
    FIELDGATE_LEGACY_BASE_URL: urls.legacyBaseUrl,
    FIELDGATE_CLIENT_ID: credentials.clientId,
    FIELDGATE_CLIENT_SECRET: credentials.clientSecret,
    FIELDGATE_API_KEY: credentials.apiKey,
  };
}

/** The `env` profile of a running sandbox (its addresses and demo credentials). */
export function sandboxEnv(sandbox: { urls: ServiceUrls; demo: ServiceCredentials }): Record<string, string> {
  return serviceEnv(sandbox.urls, sandbox.demo);
}
