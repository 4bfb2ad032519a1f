/**
 * Parser safety: entity-expansion ("billion laughs") and external-entity (XXE) documents are rejected at
 * the DOCTYPE, before anything is expanded or fetched, and reading stops there, so neither time nor memory
 * depends on what the document asks for. (No timing is asserted: the work done is.)
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ModusValidator, validateModus } from '../../core/modus/validate-modus.ts';
import { at, MINIMAL_RESULT } from './modus-documents.ts';

const unsafe = resolve(fileURLToPath(new URL('../../core/modus/fixtures/unsafe', import.meta.url)));

/** A document whose body is `megabytes` of samples after the given prolog, fed in 64 KB chunks. */
function* hugeDocument(prolog: string, megabytes: number): Generator<Uint8Array> {
  const encoder = new TextEncoder();
  yield encoder.encode(prolog + '<ModusResult><Event>');
  const filler = encoder.encode('<Comments>'.concat('x'.repeat(65_000), '</Comments>'));
  for (let i = 0; i < (megabytes * 1_000_000) / filler.length; i++) yield filler;
  yield encoder.encode('</Event></ModusResult>');
}

describe('MOD002 parser safety', () => {
  it('rejects the billion-laughs file at its first entity declaration, expanding nothing', () => {
    const text = readFileSync(join(unsafe, 'billion-laughs.xml'), 'utf8');
    const result = validateModus(text);
    expect(result.wellFormed).toBe(false);
    expect(result.summary).toBeUndefined();
    expect(result.diagnostics.map((d) => d.code)).toEqual(['MOD002']);
    expect(result.diagnostics[0]?.location.range?.start).toEqual(at(text, '<!ENTITY lol '));
  });

  it('rejects external entities (file and parameter) without resolving them', () => {
    for (const name of ['external-entity.xml', 'parameter-entity.xml']) {
      const text = readFileSync(join(unsafe, name), 'utf8');
      const [d] = validateModus(text).diagnostics;
      expect(d).toMatchObject({ code: 'MOD002', severity: 'error', messageId: 'entities' });
      expect(d?.location.range?.start).toEqual(at(text, '<!ENTITY'));
    }
  });

  it('stops reading at the DOCTYPE: the rest of a 200 MB document is never looked at', () => {
    const lol = Array.from({ length: 9 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`).join('');
    const validator = new ModusValidator();
    let chunks = 0;
    const heapBefore = process.memoryUsage().heapUsed;
    for (const chunk of hugeDocument(`<!DOCTYPE ModusResult [<!ENTITY l0 "lol">${lol}]>\n`, 200)) {
      if (validator.done) break;
      validator.write(chunk);
      chunks++;
    }
    const result = validator.end();
    expect(chunks).toBeLessThanOrEqual(2);
    expect(result.diagnostics.map((d) => d.code)).toEqual(['MOD002']);
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(50_000_000);
  });

  it('keeps memory bounded while streaming a large document (no tree is built)', () => {
    const validator = new ModusValidator({ selection: { select: ['modus-schema'] } });
    (globalThis as { gc?: () => void }).gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    let peak = 0;
    let i = 0;
    for (const chunk of hugeDocument('', 100)) {
      validator.write(chunk);
      if (++i % 200 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed - heapBefore);
    }
    const result = validator.end();
    expect(result.wellFormed).toBe(true);
    expect(result.length).toBeGreaterThan(100_000_000);
    // 100 MB of text went through; the validator held a chunk at a time (the allowance is for garbage
    // not yet collected).
    expect(peak).toBeLessThan(64_000_000);
  });

  it('never expands entity references without a DOCTYPE either', () => {
    const text = MINIMAL_RESULT.replace('A &amp; L', '&lol9;');
    const [d] = validateModus(text).diagnostics;
    expect(d?.code).toBe('MOD001');
    expect(d?.message).toContain('the entity "&lol9;" is not defined');
  });
});
