import { describe, expect, it } from 'vitest';
import { modus, diagnosticsOf, at, MINIMAL_RESULT } from '../../../test/modus/modus-documents.ts';
import { ModusValidator } from '../../modus/validate-modus.ts';

describe('MOD001 xml-malformed', () => {
  it('does not fire on a well-formed document', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MOD001')).toEqual([]);
  });

  it('reports a bare ampersand at its line and column, and stops there', () => {
    const xml = modus(['A &amp; L', 'A & L']);
    const found = diagnosticsOf(xml, 'MOD001');
    expect(found).toHaveLength(1);
    expect(found[0]?.location.range?.start).toEqual(at(xml, '& L'));
    expect(found[0]?.message).toContain('"&" is not followed by an entity name');
    expect(found[0]?.hint).toContain('&amp;');
  });

  it('reports a mismatched end tag at the end tag', () => {
    const xml = modus(['</LabName>', '</Labname>']);
    const [d] = diagnosticsOf(xml, 'MOD001');
    expect(d?.location.range?.start).toEqual(at(xml, '</Labname>'));
    expect(d?.location.range?.start.line).toBe(5);
    expect(d?.message).toContain('</Labname> does not match the open element <LabName>');
  });

  it('reports an undefined entity, an undeclared prefix and a forbidden character', () => {
    const entity = modus(['A &amp; L', 'A &nbsp; L']);
    expect(diagnosticsOf(entity, 'MOD001')[0]?.message).toContain('the entity "&nbsp;" is not defined');
    expect(diagnosticsOf(entity, 'MOD001')[0]?.location.range?.start).toEqual(at(entity, '&nbsp;'));
    const prefix = modus([' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"', '']);
    const [p] = diagnosticsOf(prefix, 'MOD001');
    expect(p?.message).toContain('the namespace prefix "xsi" of attribute xsi:nil is not declared');
    expect(p?.location.range?.start).toEqual(at(prefix, 'xsi:nil'));
    const control = modus(['<EventCode>E1', '<EventCode>E\u00011']);
    const [c] = diagnosticsOf(control, 'MOD001');
    expect(c?.message).toContain('U+0001');
    expect(c?.location.range?.start).toEqual(at(control, '\u0001'));
  });

  it('reports unclosed elements at the end of the input and text after the root', () => {
    const unclosed = MINIMAL_RESULT.replace('</ModusResult>\n', '');
    const [u] = diagnosticsOf(unclosed, 'MOD001');
    expect(u?.message).toContain('ends before <ModusResult> is closed');
    expect(u?.location.range?.start.offset).toBe(unclosed.length);
    const trailing = MINIMAL_RESULT + 'junk';
    expect(diagnosticsOf(trailing, 'MOD001')[0]?.location.range?.start).toEqual(at(trailing, 'junk'));
  });

  it('finds the same error whatever the chunking of the bytes', () => {
    const xml = modus(['<Value>2.4</Value>', '<Value>2.4</Valu>']);
    const whole = diagnosticsOf(new TextEncoder().encode(xml), 'MOD001');
    const validator = new ModusValidator({ selection: { select: ['MOD001'] } });
    const bytes = new TextEncoder().encode(xml);
    for (let i = 0; i < bytes.length; i += 7) validator.write(bytes.subarray(i, i + 7));
    expect(validator.end().diagnostics).toEqual(whole);
    expect(whole[0]?.location.range?.start).toEqual(at(xml, '</Valu>'));
  });
});
