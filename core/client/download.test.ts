import { describe, expect, it } from 'vitest';
import type { FetchInit, FetchLike, FetchResponse } from './client-types.ts';
import { downloadFile, type DownloadOptions, type DownloadResult } from './download.ts';

const SIGNED = 'X-Amz-Signature=0123456789abcdef0123456789abcdef';
const FILE = `https://storage.example/bucket/field-1.zip?${SIGNED}`;

interface Served {
  status?: number;
  headers?: Record<string, string>;
  /** Pieces of the body, each after `delayMs` (or never, for `stall`). */
  pieces?: Uint8Array[];
  delayMs?: number;
  stall?: boolean;
  /** More pieces without end. */
  endless?: boolean;
}

/** A fetch answering each URL as `serve` says, recording what it was asked; bodies stop when aborted. */
function fakeFetch(serve: (url: string) => Served): FetchLike & { calls: string[]; inits: FetchInit[] } {
  const calls: string[] = [];
  const inits: FetchInit[] = [];
  const fetch = async (url: string, init: FetchInit): Promise<FetchResponse> => {
    calls.push(url);
    inits.push(init);
    const s = serve(url);
    const pieces = [...(s.pieces ?? [])];
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (init.signal.aborted) return controller.error(new Error('aborted'));
        if (s.stall) {
          await new Promise<void>((resolve) => init.signal.addEventListener('abort', () => resolve()));
          return controller.error(new Error('aborted'));
        }
        if (s.delayMs) await new Promise((r) => setTimeout(r, s.delayMs));
        if (init.signal.aborted) return controller.error(new Error('aborted'));
        const next = s.endless ? new Uint8Array(1024) : pieces.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    });
    return new Response(body, { status: s.status ?? 200, headers: s.headers ?? {} });
  };
  return Object.assign(fetch, { calls, inits });
}

async function download(
  url: string,
  fetch: FetchLike,
  options: Partial<DownloadOptions> = {},
): Promise<{ result: DownloadResult; written: number[] }> {
  const written: number[] = [];
  const result = await downloadFile(url, {
    fetch,
    write: (bytes) => {
      written.push(...bytes);
    },
    ...options,
  });
  return { result, written };
}

const bytes = (...values: number[]): Uint8Array => new Uint8Array(values);

function failureOf(result: DownloadResult): Extract<DownloadResult, { ok: false }> {
  if (result.ok) throw new Error('expected a failure');
  expect(result.message).not.toContain(SIGNED);
  return result;
}

describe('downloadFile', () => {
  it('hands over the bytes in order, with progress against the stated size', async () => {
    const fetch = fakeFetch(() => ({
      headers: { 'content-length': '5' },
      pieces: [bytes(1, 2), bytes(3, 4, 5)],
    }));
    const progress: [number, number | undefined][] = [];
    const { result, written } = await download(FILE, fetch, { onProgress: (r, t) => progress.push([r, t]) });
    expect(result).toEqual({ ok: true, bytes: 5, status: 200 });
    expect(written).toEqual([1, 2, 3, 4, 5]);
    expect(progress).toEqual([
      [2, 5],
      [5, 5],
    ]);
    // Redirects are checked here, not followed by fetch.
    expect(fetch.inits[0]).toMatchObject({ method: 'GET', redirect: 'manual' });
  });

  it('refuses an address that is not HTTPS (but for this machine), without fetching it', async () => {
    const fetch = fakeFetch(() => ({ pieces: [bytes(1)] }));
    for (const url of [
      `http://example.com/file.zip?${SIGNED}`,
      `ftp://storage.example/file.zip?${SIGNED}`,
      `https://user:pw@storage.example/file.zip?${SIGNED}`,
      'not a url',
    ]) {
      const failure = failureOf((await download(url, fetch)).result);
      expect(failure.kind).toBe('insecure-address');
    }
    expect(fetch.calls).toEqual([]);
    const http = failureOf((await download(`http://example.com/file.zip?${SIGNED}`, fetch)).result);
    expect(http.message).toBe(
      'the download address http://example.com/file.zip?… is refused: it must use https:// (plain http:// is allowed only for 127.0.0.1, ::1 and localhost)',
    );
    for (const url of [
      'http://127.0.0.1:4010/_sandbox/files/f1?sig=1',
      'http://localhost/f',
      'http://[::1]:80/f',
    ]) {
      expect((await download(url, fetch)).result.ok).toBe(true);
    }
  });

  it('follows a redirect to the same scheme and refuses one to another scheme or an insecure address', async () => {
    const redirect = (location: string): Served => ({ status: 302, headers: { location } });
    const same = fakeFetch((url) =>
      url.includes('/first') ? redirect('/second?sig=2') : { pieces: [bytes(7)] },
    );
    expect((await download('https://storage.example/first?sig=1', same)).result.ok).toBe(true);
    expect(same.calls).toEqual([
      'https://storage.example/first?sig=1',
      'https://storage.example/second?sig=2',
    ]);

    const cases: [string, string, string][] = [
      ['https://storage.example/f', 'http://storage.example/f', 'redirect-refused'],
      ['http://127.0.0.1:9/f', 'https://127.0.0.1:9/f', 'redirect-refused'],
      ['https://storage.example/f', 'file:///etc/passwd', 'redirect-refused'],
      ['http://127.0.0.1:9/f', 'http://example.com/f', 'insecure-address'],
    ];
    for (const [from, to, kind] of cases) {
      const fetch = fakeFetch((url) => (url === from ? redirect(to) : { pieces: [bytes(1)] }));
      const failure = failureOf((await download(from, fetch)).result);
      expect(failure.kind, `${from} → ${to}`).toBe(kind);
      expect(fetch.calls).toEqual([from]);
    }
    const other = failureOf(
      (
        await download(
          'https://storage.example/f',
          fakeFetch(() => redirect('http://storage.example/g')),
        )
      ).result,
    );
    expect(other.message).toBe(
      'https://storage.example/f redirects to http:// (http://storage.example/g); a download follows a redirect only to the same scheme, https://',
    );

    const loop = fakeFetch(() => redirect('/again'));
    expect(failureOf((await download(FILE, loop, { maxRedirects: 3 })).result).message).toBe(
      'more than 3 redirects from https://storage.example/bucket/field-1.zip?…',
    );
    expect(loop.calls).toHaveLength(4);
    expect(
      failureOf(
        (
          await download(
            FILE,
            fakeFetch(() => ({ status: 302 })),
          )
        ).result,
      ).kind,
    ).toBe('redirect-refused');
  });

  it('refuses a redirect the fetch hides (a browser\u2019s opaque redirect)', async () => {
    const hidden: FetchLike = async () => ({
      status: 0,
      headers: new Headers(),
      body: null,
      arrayBuffer: async () => new ArrayBuffer(0),
    });
    expect(failureOf((await download(FILE, hidden)).result).kind).toBe('redirect-refused');
  });

  it('bounds the size: a stated size over the limit is not read, an endless body is stopped', async () => {
    const stated = fakeFetch(() => ({ headers: { 'content-length': String(3 * 1024 ** 3) }, endless: true }));
    const big = await download(FILE, stated);
    expect(failureOf(big.result)).toMatchObject({ kind: 'too-large' });
    expect(failureOf(big.result).message).toBe(
      `https://storage.example/bucket/field-1.zip?… is ${3 * 1024 ** 3} bytes, larger than the ${2 * 1024 ** 3} bytes a download may be`,
    );
    expect(big.written).toEqual([]);

    const endless = await download(
      FILE,
      fakeFetch(() => ({ endless: true })),
      { maxBytes: 10_000 },
    );
    expect(failureOf(endless.result).kind).toBe('too-large');
    expect(endless.written.length).toBeLessThanOrEqual(10_000);
  });

  it('bounds the time: no answer or no next piece within the idle time, or the whole over its limit', async () => {
    const stalled = await download(
      FILE,
      fakeFetch(() => ({ pieces: [bytes(1)], stall: true })),
      {
        idleTimeoutMs: 50,
      },
    );
    expect(failureOf(stalled.result)).toMatchObject({
      kind: 'timeout',
      message: 'no data within 50 ms (https://storage.example/bucket/field-1.zip?…)',
    });

    const noAnswer: FetchLike = (_url, init) =>
      new Promise((_resolve, reject) =>
        init.signal.addEventListener('abort', () => reject(new Error('aborted'))),
      );
    expect(failureOf((await download(FILE, noAnswer, { idleTimeoutMs: 50 })).result).message).toBe(
      'no answer within 50 ms (https://storage.example/bucket/field-1.zip?…)',
    );

    const trickle = fakeFetch(() => ({ endless: true, delayMs: 10 }));
    const slow = await download(FILE, trickle, { timeoutMs: 120, idleTimeoutMs: 1000 });
    expect(failureOf(slow.result)).toMatchObject({ kind: 'timeout' });
    expect(failureOf(slow.result).message).toMatch(/^the download took longer than 120 ms/);
  });

  it('says when the body ends short of the stated size', async () => {
    const short = fakeFetch(() => ({ headers: { 'content-length': '10' }, pieces: [bytes(1, 2, 3)] }));
    expect(failureOf((await download(FILE, short)).result)).toMatchObject({
      kind: 'size-mismatch',
      message: 'got 3 bytes of https://storage.example/bucket/field-1.zip?…, the server said 10',
    });
  });

  it('tells a refused URL (expired, bad signature) from other error answers', async () => {
    const answer = (status: number, text: string): FetchLike =>
      fakeFetch(() => ({ status, pieces: [new TextEncoder().encode(text)] }));
    const expired = await download(
      FILE,
      answer(400, '<Error><Message>Request has expired</Message></Error>'),
    );
    expect(failureOf(expired.result)).toMatchObject({ kind: 'refused', status: 400, urlRefused: true });
    expect(failureOf((await download(FILE, answer(403, `<Error>${SIGNED}</Error>`))).result)).toMatchObject({
      urlRefused: true,
    });
    const missing = failureOf((await download(FILE, answer(404, 'NoSuchKey'))).result);
    expect(missing).toMatchObject({ kind: 'refused', status: 404, urlRefused: false });
    expect(missing.message).toBe('https://storage.example/bucket/field-1.zip?… answered 404');
  });

  it('stops when the caller cancels or when the bytes cannot be kept', async () => {
    const controller = new AbortController();
    const fetch = fakeFetch(() => ({ endless: true, delayMs: 5 }));
    const cancelled = download(FILE, fetch, { signal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    expect(failureOf((await cancelled).result).kind).toBe('cancelled');

    const full = await downloadFile(FILE, {
      fetch: fakeFetch(() => ({ pieces: [bytes(1)] })),
      write: () => {
        throw new Error('ENOSPC: no space left on device');
      },
    });
    expect(failureOf(full)).toMatchObject({
      kind: 'write-failed',
      message: 'the downloaded bytes could not be kept: ENOSPC: no space left on device',
    });
  });
});
