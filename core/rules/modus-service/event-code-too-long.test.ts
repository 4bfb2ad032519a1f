import { describe, expect, it } from 'vitest';
import { modus, diagnosticsOf, at } from '../../../test/modus/modus-documents.ts';

describe('MSV001 event-code-too-long', () => {
  it('does not fire on 64 bytes', () => {
    expect(diagnosticsOf(modus(['<EventCode>E1<', `<EventCode>${'x'.repeat(64)}<`]), 'MSV001')).toEqual([]);
  });

  it('counts UTF-8 bytes, not characters', () => {
    const xml = modus(['<EventCode>E1<', `<EventCode>${'é'.repeat(33)}<`]);
    const [d] = diagnosticsOf(xml, 'MSV001');
    expect(d?.message).toBe('EventCode is 66 bytes long; the service accepts at most 64 bytes');
    expect(d?.location.range?.start).toEqual(at(xml, 'é'));
  });
});
