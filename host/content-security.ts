/**
 * The renderer's Content Security Policy, sent as a header by both hosts (Electron's app:// handler and the
 * browser host). Only the app's own files run; no inline script, no eval, no remote code; workers only from
 * the app; the page may talk only to its own origin (the browser host's bridge). Tests fail if it loosens.
 */
export const RENDERER_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

/** Headers every renderer file is served with. */
export const RENDERER_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': RENDERER_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};
