/**
 * MapLibre's worker in the Electron app: the built renderer ships MapLibre's CSP worker as a file of its own,
 * the vector map points MapLibre at that file (setWorkerUrl), and the app:// protocol serves it as
 * JavaScript under the CSP, whose worker-src stays 'self' (no blob: workers).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAppProtocolHandler } from '../../app/desktop-app.ts';
import { rendererOutDir } from '../../scripts/build.js';
import { ensureRendererBuilt } from '../e2e/e2e-harness.ts';

const assets = join(rendererOutDir, 'assets');

describe("MapLibre's worker under app://", () => {
  let worker: string;

  beforeAll(async () => {
    await ensureRendererBuilt();
    const found = readdirSync(assets).find((n) => /^maplibre-gl-csp-worker-[\w-]+\.js$/.test(n));
    if (!found) throw new Error(`no MapLibre CSP worker in ${assets}`);
    worker = found;
  }, 120_000);

  it('is a file of the built renderer that the vector map hands to MapLibre', () => {
    const chunks = readdirSync(assets).filter(
      (n) => n.endsWith('.js') && !n.startsWith('maplibre-gl-csp-worker'),
    );
    const referring = chunks.filter((n) => readFileSync(join(assets, n), 'utf8').includes(worker));
    expect(referring.length).toBeGreaterThan(0);
    expect(readFileSync(join(assets, referring[0]!), 'utf8')).toMatch(/setWorkerUrl/);
  });

  it('is served by app:// as JavaScript under a CSP that allows workers only from the app itself', async () => {
    const serve = createAppProtocolHandler(rendererOutDir);
    const response = await serve(new Request(`app://fieldgate/assets/${worker}`));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const csp = response.headers.get('content-security-policy') ?? '';
    const directives = new Map(
      csp.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    expect(directives.get('worker-src')).toEqual(["'self'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    const body = new Uint8Array(await response.arrayBuffer());
    expect(body.length).toBe(readFileSync(join(assets, worker)).length);
  });
});
