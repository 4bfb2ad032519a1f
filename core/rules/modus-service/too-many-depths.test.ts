import { describe, expect, it } from 'vitest';
import { modus, diagnosticsOf, at } from '../../../test/modus/modus-documents.ts';

describe('MSV004 too-many-depths', () => {
  const refs = (n: number): string =>
    Array.from(
      { length: n },
      (_, i) => `<DepthRef DepthID="${i + 1}"><Name>d${i + 1}</Name><DepthUnit>inches</DepthUnit></DepthRef>`,
    ).join('');
  const depths = (n: number): string =>
    Array.from({ length: n }, (_, i) => `<Depth DepthID="${i + 1}"/>`).join('');

  it('does not fire on 50 depths', () => {
    const xml = modus(
      ['</DepthRef></DepthRefs>', `</DepthRef>${refs(50).slice(refs(1).length)}</DepthRefs>`],
      ['</Depth></Depths>', `</Depth>${depths(50).slice(depths(1).length)}</Depths>`],
    );
    expect(diagnosticsOf(xml, 'MSV004')).toEqual([]);
  });

  it('reports the 51st DepthRef and a sample with 51 depths', () => {
    const xml = modus(
      ['</DepthRef></DepthRefs>', `</DepthRef>${refs(51).slice(refs(1).length)}</DepthRefs>`],
      ['</Depth></Depths>', `</Depth>${depths(51).slice(depths(1).length)}</Depths>`],
    );
    const found = diagnosticsOf(xml, 'MSV004');
    expect(found.map((d) => d.messageId).sort()).toEqual(['refs', 'sample']);
    expect(found.find((d) => d.messageId === 'refs')?.location.range?.start).toEqual(
      at(xml, '<DepthRef DepthID="51"'),
    );
    expect(found.find((d) => d.messageId === 'sample')?.message).toBe(
      'Sample "1" has 51 depths; the service accepts at most 50',
    );
  });
});
