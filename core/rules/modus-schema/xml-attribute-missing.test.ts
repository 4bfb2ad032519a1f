import { describe, expect, it } from 'vitest';
import { modus, diagnosticsOf, at, MINIMAL_RESULT } from '../../../test/modus/modus-documents.ts';

describe('MOD009 xml-attribute-missing', () => {
  it('does not fire when required attributes are there', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MOD009')).toEqual([]);
  });

  it('reports a Depth without DepthID at its start tag', () => {
    const xml = modus(['<Depth DepthID="1">', '<Depth>']);
    const [d] = diagnosticsOf(xml, 'MOD009');
    expect(d?.message).toBe('<Depth> is missing the required attribute DepthID');
    expect(d?.location.range?.start).toEqual(at(xml, '<Depth>'));
    expect(d?.location.range?.end).toEqual(at(xml, '<Depth>', 0, 7));
  });
});
