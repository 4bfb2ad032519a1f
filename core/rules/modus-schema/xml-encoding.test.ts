import { describe, expect, it } from 'vitest';
import { modus, diagnosticsOf, at } from '../../../test/modus/modus-documents.ts';
import { validateModus } from '../../modus/validate-modus.ts';

describe('MOD004 xml-encoding', () => {
  const bytesWith = (xml: string, marker: string, replacement: number[]): Uint8Array => {
    const [head, tail] = xml.split(marker) as [string, string];
    const a = new TextEncoder().encode(head);
    const b = new TextEncoder().encode(tail);
    const out = new Uint8Array(a.length + replacement.length + b.length);
    out.set(a, 0);
    out.set(replacement, a.length);
    out.set(b, a.length + replacement.length);
    return out;
  };

  it('does not fire on UTF-8, nor on Latin-1 that says so', () => {
    expect(
      diagnosticsOf(new TextEncoder().encode(modus(['Laboratories', 'Laboratoriés'])), 'MOD004'),
    ).toEqual([]);
    const latin = bytesWith(
      modus(['encoding="UTF-8"', 'encoding="ISO-8859-1"'], ['Laboratories', 'Laboratori@s']),
      '@',
      [0xe9],
    );
    expect(validateModus(latin).diagnostics).toEqual([]);
  });

  it('reports the first invalid UTF-8 byte with its byte offset and its position', () => {
    const xml = modus(['Laboratories', 'Laboratori@s']);
    const bytes = bytesWith(xml, '@', [0xe9]);
    const [d] = diagnosticsOf(bytes, 'MOD004');
    expect(d?.messageId).toBe('invalidBytes');
    expect(d?.message).toContain(`byte 0xE9 is not valid UTF-8 (byte ${xml.indexOf('@')})`);
    expect(d?.location.range?.start).toEqual(at(xml, '@'));
  });

  it('reports an encoding that cannot be read', () => {
    const [d] = diagnosticsOf(
      new TextEncoder().encode(modus(['encoding="UTF-8"', 'encoding="X-NOPE"'])),
      'MOD004',
    );
    expect(d?.messageId).toBe('unsupported');
    expect(d?.location.range?.start.offset).toBe(0);
  });
});
