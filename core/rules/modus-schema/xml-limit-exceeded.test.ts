import { describe, expect, it } from 'vitest';
import { modus, diagnosticsOf, at, MINIMAL_RESULT } from '../../../test/modus/modus-documents.ts';

describe('MOD003 xml-limit-exceeded', () => {
  it('does not fire within the limits', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MOD003')).toEqual([]);
  });

  it('stops at the element that nests too deep', () => {
    const [d] = diagnosticsOf(MINIMAL_RESULT, 'MOD003', { limits: { maxDepth: 5 } });
    expect(d?.message).toContain('nested more than 5 deep');
    expect(d?.location.range?.start).toEqual(at(MINIMAL_RESULT, '<DepthRef '));
  });

  it('stops a document longer than the size limit', () => {
    const [d] = diagnosticsOf(MINIMAL_RESULT, 'MOD003', { limits: { maxDocumentLength: 200 } });
    expect(d?.message).toContain('longer than 200 characters');
    expect(d?.location.range?.start.offset).toBe(200);
  });

  it('stops a tag longer than the token limit', () => {
    const xml = modus([
      '<LabName>',
      `<LabName${Array.from({ length: 50 }, (_, i) => ` a${i}="1"`).join('')}>`,
    ]);
    expect(diagnosticsOf(xml, 'MOD003', { limits: { maxAttributes: 10 } })[0]?.message).toContain(
      'more than 10 attributes',
    );
  });
});
