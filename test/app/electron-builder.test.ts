/**
 * electron-builder.yml is valid for electron-builder (its own JSON schema, kept in fixtures/) and flips every
 * security fuse the right way: a weakened fuse fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = join(import.meta.dirname, '..', '..');
const schema = JSON.parse(
  readFileSync(join(import.meta.dirname, 'fixtures', 'electron-builder-scheme.json'), 'utf8'),
);
const config = parse(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as Record<string, unknown>;

function validator() {
  const ajv = new Ajv({ strict: false, allErrors: true });
  return ajv.compile(schema);
}

/** The fuses and the values the Electron security guidance asks for. */
const SECURE_FUSES = {
  runAsNode: false,
  enableCookieEncryption: true,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  enableEmbeddedAsarIntegrityValidation: true,
  onlyLoadAppFromAsar: true,
  grantFileProtocolExtraPrivileges: false,
};

describe('electron-builder.yml', () => {
  it("validates against electron-builder's configuration schema", () => {
    const validate = validator();
    expect(validate(config), JSON.stringify(validate.errors, null, 2)).toBe(true);
  });

  it('is checked for real: a misspelt or mistyped key is refused by the same schema', () => {
    const validate = validator();
    expect(validate({ ...config, electronFuse: { runAsNode: false } })).toBe(false);
    expect(validate({ ...config, electronFuses: { runAsNode: 'no' } })).toBe(false);
  });

  it('sets every security fuse the secure way', () => {
    expect(config.electronFuses).toMatchObject(SECURE_FUSES);
  });

  it('packs the built main (ESM), preload and screens, in an asar archive, and no source maps', () => {
    expect((config.extraMetadata as Record<string, unknown>).main).toBe('dist/app/main.mjs');
    expect(config.asar).toBe(true);
    expect(config.files).toEqual(expect.arrayContaining(['dist/app/**', 'dist/renderer/**', '!**/*.map']));
  });
});
