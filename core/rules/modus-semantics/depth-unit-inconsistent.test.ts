import { describe, expect, it } from 'vitest';
import { modus, diagnosticsOf, at } from '../../../test/modus/modus-documents.ts';

describe('MSE006 depth-unit-inconsistent', () => {
  const second = (unit: string): string =>
    `</DepthRef><DepthRef DepthID="2"><Name>8 - 24</Name><StartingDepth>8</StartingDepth><EndingDepth>24</EndingDepth>${unit}</DepthRef></DepthRefs>`;

  it('does not fire when all DepthRefs use one unit', () => {
    expect(
      diagnosticsOf(modus(['</DepthRef></DepthRefs>', second('<DepthUnit>inches</DepthUnit>')]), 'MSE006'),
    ).toEqual([]);
  });

  it('reports the first DepthRef that differs', () => {
    const xml = modus(['</DepthRef></DepthRefs>', second('<DepthUnit>cm</DepthUnit>')]);
    const [d] = diagnosticsOf(xml, 'MSE006');
    expect(d?.message).toBe('DepthRef 2 uses DepthUnit "cm", but DepthRef 1 uses "inches"');
    expect(d?.location.range?.start).toEqual(at(xml, '<DepthRef DepthID="2"'));
    expect(diagnosticsOf(modus(['</DepthRef></DepthRefs>', second('')]), 'MSE006')[0]?.message).toContain(
      '"(none)"',
    );
  });
});
