/**
 * Streaming: the verdict, every diagnostic (with its position) and the summary are the same whatever the
 * size of the chunks the bytes arrive in, and the same for bytes and for the decoded string.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ModusValidator,
  validateModus,
  type ModusValidationResult,
} from '../../core/modus/validate-modus.ts';
import { CORPUS_MODUS_FILES, MINIMAL_RESULT } from './modus-documents.ts';

function inChunks(bytes: Uint8Array, size: number): ModusValidationResult {
  const v = new ModusValidator();
  for (let i = 0; i < bytes.length; i += size) v.write(bytes.subarray(i, i + size));
  return v.end();
}

describe('streaming Modus validation', () => {
  it('gives the same result for any chunk size, on every corpus file', () => {
    for (const path of CORPUS_MODUS_FILES) {
      const bytes = new Uint8Array(readFileSync(path));
      const whole = validateModus(bytes);
      for (const size of [1, 3, 7, 61, 4096]) {
        const chunked = inChunks(bytes, size);
        expect(chunked.diagnostics, `${path} in ${size}-byte chunks`).toEqual(whole.diagnostics);
        expect(chunked.summary).toEqual(whole.summary);
      }
    }
  });

  it('gives the same offsets for bytes and for the decoded string, multi-byte characters included', () => {
    const xml = MINIMAL_RESULT.replace(
      'A &amp; L Great Lakes Laboratories',
      'Laboratoire Agro-Québec 𝄞',
    ).replace('<ValueUnit>percent<', '<ValueUnit>%<');
    const fromBytes = validateModus(new TextEncoder().encode(xml));
    const fromString = validateModus(xml);
    expect(fromBytes.diagnostics).toEqual(fromString.diagnostics);
    const unit = fromString.diagnostics.find((d) => d.code === 'MSV009');
    expect(unit?.location.range?.start.offset).toBe(xml.indexOf('%<'));
    for (const size of [1, 2, 5])
      expect(inChunks(new TextEncoder().encode(xml), size).diagnostics).toEqual(fromString.diagnostics);
  });

  it('finds an invalid byte at the same place whatever the chunks (unfinished tokens are decoded again)', () => {
    const xml = MINIMAL_RESULT.replace('A &amp; L Great Lakes Laboratories', 'Agro-Québec 𝄞 Lab');
    const good = new TextEncoder().encode(xml);
    const at = good.indexOf(0x4c /* L of Lab */, xml.indexOf('𝄞'));
    const bytes = Uint8Array.from(good);
    bytes[at] = 0xff;
    const whole = validateModus(bytes);
    const d = whole.diagnostics.find((x) => /not valid UTF-8/.test(x.message));
    expect(d?.message).toContain('byte 0xFF is not valid UTF-8 (byte ' + at + ')');
    for (const size of [1, 2, 3, 7, 61, 4096])
      expect(inChunks(bytes, size).diagnostics, `${size}-byte chunks`).toEqual(whole.diagnostics);
    // Text after the chunk that is still being read: one big chunk, then the rest byte by byte.
    const v = new ModusValidator();
    v.write(good.subarray(0, at - 5));
    for (let i = at - 5; i < good.length; i++) v.write(good.subarray(i, i + 1));
    expect(v.end().diagnostics).toEqual(validateModus(good).diagnostics);
  });

  it('reports the byte order mark as nothing: offsets count from after it', () => {
    const bytes = new TextEncoder().encode(
      '\ufeff' + MINIMAL_RESULT.replace('<ValueUnit>percent<', '<ValueUnit>%<'),
    );
    const r = validateModus(bytes);
    expect(r.hadBom).toBe(true);
    const d = r.diagnostics.find((x) => x.code === 'MSV009');
    expect(d?.location.range?.start.offset).toBe(MINIMAL_RESULT.indexOf('percent<'));
  });
});
