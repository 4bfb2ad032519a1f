/**
 * The renderer's CSP derived from the settings: with no imagery tile URL it is exactly the strict policy;
 * with one, only that server's origin is added, and only to img-src and connect-src; a tile URL that would
 * need more (several servers, another scheme, credentials) is refused with what to do instead.
 */
import { describe, expect, it } from 'vitest';
import { handleCall } from '../../host/handlers.ts';
import { RENDERER_CSP, rendererCsp, rendererHeaders, tileOrigin } from '../../host/content-security.ts';
import type { Handlers } from '../../host/handlers.ts';

const STRICT =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'self'; " +
  "connect-src 'self'; worker-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'none'; " +
  "frame-ancestors 'none'; object-src 'none'";

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name!, values];
    }),
  );
}

describe('the CSP for the settings', () => {
  it('is exactly the strict policy when no tile URL is set', () => {
    expect(RENDERER_CSP).toBe(STRICT);
    expect(rendererCsp('')).toBe(STRICT);
    expect(rendererHeaders('')['content-security-policy']).toBe(STRICT);
  });

  it('adds the tile server’s origin, and only it, to img-src and connect-src', () => {
    const csp = rendererCsp('https://tiles.example.org:8443/imagery/{z}/{x}/{y}.jpg?key=abc');
    const strict = directives(STRICT);
    const derived = directives(csp);
    expect([...derived.keys()]).toEqual([...strict.keys()]);
    for (const [name, values] of derived) {
      if (name === 'img-src' || name === 'connect-src')
        expect(values, name).toEqual([...strict.get(name)!, 'https://tiles.example.org:8443']);
      else expect(values, name).toEqual(strict.get(name));
    }
    // The default port is left out, as the origin has it; no path, query or wildcard ever gets in.
    expect(directives(rendererCsp('http://127.0.0.1:8081/{z}/{x}/{y}.png')).get('img-src')).toContain(
      'http://127.0.0.1:8081',
    );
    expect(
      directives(rendererCsp('https://TILES.Example.org:443/{z}/{x}/{y}.png')).get('connect-src'),
    ).toEqual(["'self'", 'https://tiles.example.org']);
    expect(rendererCsp('https://tiles.example.org/{z}/{x}/{y}.png')).not.toMatch(/\*|\{|\?|unsafe/);
  });

  it('stays strict for a tile URL that cannot be used (a hand-edited settings file)', () => {
    for (const bad of [
      'https://{s}.tile.example.org/{z}/{x}/{y}.png',
      'https://*.example.org/{z}/{x}/{y}.png',
      'https://a.example;script-src/{z}/{x}/{y}',
      'javascript:alert(1)//{z}{x}{y}',
      'not a url',
    ])
      expect(rendererCsp(bad), bad).toBe(STRICT);
  });
});

describe('tile URLs', () => {
  it('give the origin of one server', () => {
    expect(tileOrigin('https://tiles.example.org/{z}/{x}/{y}.png')).toEqual({
      ok: true,
      origin: 'https://tiles.example.org',
    });
    expect(tileOrigin('https://[::1]:9000/tiles/{quadkey}.png')).toEqual({
      ok: true,
      origin: 'https://[::1]:9000',
    });
  });

  it('are refused with what to do instead', () => {
    const cases: [string, RegExp][] = [
      ['tiles.example.org/{z}/{x}/{y}.png', /is not a URL: give a full address/],
      ['ftp://tiles.example.org/{z}/{x}/{y}.png', /uses ftp:: only https:\/\/ \(or http:\/\/\)/],
      ['https://user:secret@tiles.example.org/{z}/{x}/{y}.png', /user name or password.*query/],
      ['https://{s}.tile.example.org/{z}/{x}/{y}.png', /names several servers.*name one server/],
      ['https://*.example.org/{z}/{x}/{y}.png', /names several servers/],
      ['https://a.example;script-src/{z}/{x}/{y}.png', /server name that is not valid/],
      ['https://tiles.example.org/tile.png', /no \{z\}, \{x\} and \{y\} placeholders/],
    ];
    for (const [url, message] of cases) {
      const checked = tileOrigin(url);
      expect(checked.ok, url).toBe(false);
      if (!checked.ok) expect(checked.message, url).toMatch(message);
    }
  });

  it('are refused by saveSettings at the host edge, naming the field', async () => {
    let saved = false;
    const handlers = {
      saveSettings: async (s: unknown) => {
        saved = true;
        return s;
      },
    } as unknown as Handlers;
    const answer = await handleCall(handlers, 'saveSettings', {
      theme: 'system',
      concurrency: 2,
      ratePerSecond: 5,
      tileUrl: 'https://{s}.tile.example.org/{z}/{x}/{y}.png',
    });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toMatch(
      /saveSettings: tileUrl: the imagery tile URL .* names several/,
    );
    expect(saved).toBe(false);
  });
});
