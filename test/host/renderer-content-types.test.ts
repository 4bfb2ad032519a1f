/**
 * Every file the renderer build writes is served with its own media type by both hosts (they share
 * host/renderer-content-types.ts): a new kind of asset the table does not know would reach the page as bytes
 * (a module script refused, a font not used).
 */
import { existsSync, readdirSync } from 'node:fs';
import { extname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rendererContentType } from '../../host/renderer-content-types.ts';

const built = join(import.meta.dirname, '..', '..', 'dist', 'renderer');

describe('renderer content types', () => {
  it.skipIf(!existsSync(built))('knows every file type of the built renderer', () => {
    const files = readdirSync(built, { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
    expect(files.length).toBeGreaterThan(0);
    const unknown = files.filter((f) => rendererContentType(extname(f.name)) === 'application/octet-stream');
    expect(unknown.map((f) => f.name)).toEqual([]);
  });

  it('gives scripts a JavaScript type and anything else bytes', () => {
    expect(rendererContentType('.js')).toBe('text/javascript; charset=utf-8');
    expect(rendererContentType('.JS')).toBe('text/javascript; charset=utf-8');
    expect(rendererContentType('.exe')).toBe('application/octet-stream');
  });
});
