import { describe, expect, it } from 'vitest';
import { modus, diagnosticsOf, at, MINIMAL_RESULT } from '../../../test/modus/modus-documents.ts';

describe('MOD002 xml-doctype', () => {
  it('does not fire without a DOCTYPE', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MOD002')).toEqual([]);
  });

  it('rejects a DOCTYPE that declares an entity, at the declaration', () => {
    const xml = modus(
      ['<ModusResult ', '<!DOCTYPE ModusResult [<!ENTITY lab "A &#38; L">]>\n<ModusResult '],
      ['A &amp; L Great Lakes Laboratories', '&lab;'],
    );
    const found = diagnosticsOf(xml, 'MOD002');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ severity: 'error', messageId: 'entities' });
    expect(found[0]?.location.range?.start).toEqual(at(xml, '<!ENTITY'));
    expect(found[0]?.message).toContain('an entity declaration');
  });

  it('rejects parameter entities too', () => {
    const xml = modus(['<ModusResult ', '<!DOCTYPE ModusResult [%pe;]>\n<ModusResult ']);
    expect(diagnosticsOf(xml, 'MOD002')[0]?.message).toContain('parameter-entity reference');
  });

  it('only warns about a DOCTYPE without entities, which is skipped', () => {
    const xml = modus([
      '<ModusResult ',
      '<!DOCTYPE ModusResult SYSTEM "http://example.com/modus.dtd">\n<ModusResult ',
    ]);
    const [d] = diagnosticsOf(xml, 'MOD002');
    expect(d).toMatchObject({ severity: 'warning', messageId: 'ignored' });
    expect(d?.message).toContain('external DTD is not fetched');
    expect(d?.location.range?.start).toEqual(at(xml, '<!DOCTYPE'));
  });
});
