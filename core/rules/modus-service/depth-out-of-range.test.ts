import { describe, expect, it } from 'vitest';
import { modus, diagnosticsOf, at } from '../../../test/modus/modus-documents.ts';

describe('MSV006 depth-out-of-range', () => {
  it('does not fire on 0–36 inches', () => {
    expect(
      diagnosticsOf(
        modus(['<EndingDepth>8<', '<EndingDepth>36<'], ['<ColumnDepth>8<', '<ColumnDepth>36<']),
        'MSV006',
      ),
    ).toEqual([]);
  });

  it('reports a StartingDepth over 36 and an EndingDepth of 0 or over 36', () => {
    const xml = modus(['<StartingDepth>0<', '<StartingDepth>40<'], ['<EndingDepth>8<', '<EndingDepth>48<']);
    const found = diagnosticsOf(xml, 'MSV006');
    expect(found.map((d) => d.message)).toEqual([
      "StartingDepth 40 is outside the service's range of 0 to 36 inches",
      "EndingDepth 48 is outside the service's range of 1 to 36 inches",
    ]);
    expect(found[0]?.location.range?.start).toEqual(at(xml, '40<'));
    expect(diagnosticsOf(modus(['<EndingDepth>8<', '<EndingDepth>0<']), 'MSV006')).toHaveLength(1);
  });
});
