/**
 * The renderer's Content Security Policy, sent as a header by both hosts (Electron's app:// handler and the
 * browser host). Only the app's own files run; no inline script, no eval, no remote code; workers only from
 * the app; the page may talk only to its own origin (the browser host's bridge). Tests fail if it loosens.
 *
 * The one exception is the user's imagery tile server (Settings): its origin, and only it, is added to
 * img-src and connect-src (MapLibre fetches raster tiles, then decodes them as images). The hosts derive the
 * policy from the saved settings each time they serve a file, so a new tile URL applies from the next load.
 *
 * Pure: the renderer imports it (through bridge-api.ts) to check a tile URL before saving it.
 */

const STRICT_DIRECTIVES: readonly (readonly [string, string])[] = [
  ['default-src', "'none'"],
  ['script-src', "'self'"],
  ['style-src', "'self'"],
  ['img-src', "'self' data: blob:"],
  ['font-src', "'self'"],
  ['connect-src', "'self'"],
  ['worker-src', "'self'"],
  ['manifest-src', "'self'"],
  ['base-uri', "'none'"],
  ['form-action', "'none'"],
  ['frame-ancestors', "'none'"],
  ['object-src', "'none'"],
];

/** The directives that may name the tile server. */
const TILE_DIRECTIVES = new Set(['img-src', 'connect-src']);

/** A DNS name (lower case, as URL gives it; IDNs as punycode), an IPv4 address, or a bracketed IPv6 one. */
const HOST_NAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const IPV6 = /^\[[0-9a-f:.]+\]$/;
/** MapLibre fills these in a raster tile URL: it needs {z}, {x} and {y}, or a quadkey, or a bounding box. */
function hasTilePlaceholders(template: string): boolean {
  return (
    ['{z}', '{x}', '{y}'].every((p) => template.includes(p)) ||
    template.includes('{quadkey}') ||
    template.includes('{bbox-epsg-3857}')
  );
}

export type TileOrigin = { ok: true; origin: string } | { ok: false; message: string };

/**
 * The origin a tile URL template fetches from (`https://tiles.example:8443`), or why it cannot be used.
 * One server only: `{s}` subdomain templates and wildcards would need a wildcard in the CSP.
 */
export function tileOrigin(tileUrl: string): TileOrigin {
  const refuse = (why: string): TileOrigin => ({
    ok: false,
    message: `the imagery tile URL ${JSON.stringify(String(tileUrl).slice(0, 200))} ${why}`,
  });
  let url: URL;
  try {
    url = new URL(tileUrl);
  } catch {
    return refuse('is not a URL: give a full address like https://tiles.example/{z}/{x}/{y}.png');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return refuse(`uses ${url.protocol.slice(0, 20)}: only https:// (or http://) tile servers can be used`);
  if (url.username || url.password)
    return refuse('has a user name or password in it: put a key in the query instead (?key=…)');
  if (/[{}*]/.test(url.hostname))
    return refuse(
      'names several servers ({s} or *): name one server, e.g. https://a.tile.example/{z}/{x}/{y}.png',
    );
  if (!HOST_NAME.test(url.hostname) && !IPV6.test(url.hostname))
    return refuse(`has a server name that is not valid (${JSON.stringify(url.hostname.slice(0, 100))})`);
  if (!hasTilePlaceholders(tileUrl))
    return refuse('has no {z}, {x} and {y} placeholders: e.g. https://tiles.example/{z}/{x}/{y}.png');
  return { ok: true, origin: `${url.protocol}//${url.host}` };
}

/**
 * The policy for a tile URL: the strict one when there is none, or when it cannot be used (a hand-edited
 * settings file is not trusted more than the Settings screen), else the strict one plus that origin.
 */
export function rendererCsp(tileUrl = ''): string {
  const tiles = tileUrl === '' ? undefined : tileOrigin(tileUrl);
  const extra = tiles?.ok ? ` ${tiles.origin}` : '';
  return STRICT_DIRECTIVES.map(
    ([name, value]) => `${name} ${value}${TILE_DIRECTIVES.has(name) ? extra : ''}`,
  ).join('; ');
}

/** The policy with no tile server: what the app runs under unless the user sets one. */
export const RENDERER_CSP = rendererCsp();

/** Headers every renderer file is served with, for the saved tile URL. */
export function rendererHeaders(tileUrl = ''): Readonly<Record<string, string>> {
  return {
    'content-security-policy': rendererCsp(tileUrl),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
  };
}
