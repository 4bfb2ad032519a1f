/**
 * The media type of each file of the built renderer, one table for both hosts that serve it (Electron's
 * app:// handler and the browser host): a file type one of them did not know would be served as bytes.
 */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.pbf': 'application/x-protobuf',
};

/** The Content-Type of a renderer file by its extension (`.js`); bytes for anything else. */
export function rendererContentType(extension: string): string {
  return CONTENT_TYPES[extension.toLowerCase()] ?? 'application/octet-stream';
}
