import { describe, expect, it } from 'vitest';
import { modus, diagnosticsOf, at, MINIMAL_RESULT } from '../../../test/modus/modus-documents.ts';

describe('MSE003 depth-repeated', () => {
  it('does not fire when each depth is listed once', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MSE003')).toEqual([]);
  });

  it('reports a depth listed twice in one sample', () => {
    const xml = modus(['</Depth></Depths>', '</Depth><Depth DepthID="1"/></Depths>']);
    const [d] = diagnosticsOf(xml, 'MSE003');
    expect(d?.message).toBe('Depth 1 is listed twice in this sample (first on line 8)');
    expect(d?.location.range?.start).toEqual(at(xml, 'DepthID="1"/>', 0, 9));
  });
});
