import { describe, expect, it } from 'vitest';
import { modus, diagnosticsOf, at, MINIMAL_RESULT } from '../../../test/modus/modus-documents.ts';

describe('MSE004 depth-range-inverted', () => {
  it('does not fire when StartingDepth < EndingDepth', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MSE004')).toEqual([]);
  });

  it('reports an upside-down interval at the DepthRef', () => {
    const xml = modus([
      '<StartingDepth>0</StartingDepth><EndingDepth>8</EndingDepth>',
      '<StartingDepth>8</StartingDepth><EndingDepth>0</EndingDepth>',
    ]);
    const [d] = diagnosticsOf(xml, 'MSE004');
    expect(d?.message).toBe('DepthRef 1: StartingDepth 8 is not less than EndingDepth 0');
    expect(d?.location.range?.start).toEqual(at(xml, '<DepthRef '));
    expect(diagnosticsOf(modus(['<EndingDepth>8<', '<EndingDepth>0<']), 'MSE004')).toHaveLength(1);
  });
});
