import { describe, expect, it } from 'vitest';
import { modus, diagnosticsOf, at, MINIMAL_RESULT } from '../../../test/modus/modus-documents.ts';

describe('MSE010 depth-ref-unused', () => {
  it('does not fire when every DepthRef is used', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MSE010')).toEqual([]);
  });

  it('warns about a DepthRef no Depth refers to', () => {
    const xml = modus([
      '</DepthRef></DepthRefs>',
      '</DepthRef><DepthRef DepthID="2"><Name>8 - 24 in</Name></DepthRef></DepthRefs>',
    ]);
    const [d] = diagnosticsOf(xml, 'MSE010');
    expect(d).toMatchObject({
      severity: 'warning',
      message: 'DepthRef 2 ("8 - 24 in") is not used by any sample',
    });
    expect(d?.location.range?.start).toEqual(at(xml, '<DepthRef DepthID="2"'));
  });
});
