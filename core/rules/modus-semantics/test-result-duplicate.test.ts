import { describe, expect, it } from 'vitest';
import { modus, diagnosticsOf, at } from '../../../test/modus/modus-documents.ts';

describe('MSE007 test-result-duplicate', () => {
  const result = (element: string, test: string): string =>
    `</NutrientResult><NutrientResult><Element>${element}</Element><Value>1</Value><ValueUnit>ppm</ValueUnit><ModusTestID>${test}</ModusTestID><ValueType>Measured</ValueType><ValueDesc xsi:nil="true"/></NutrientResult>`;

  it('does not fire on one Element measured by two methods (two ModusTestIDs)', () => {
    const xml = modus(['</NutrientResult>', result('P', 'S-P-B1-1:10.01.03') + result('P', 'S-P-M3.04')]);
    expect(diagnosticsOf(xml, 'MSE007')).toEqual([]);
  });

  it('reports a ModusTestID reported twice for one depth, at the second one', () => {
    const xml = modus(['</NutrientResult>', result('OM', 'S-SOM-LOI.15')]);
    const [d] = diagnosticsOf(xml, 'MSE007');
    expect(d?.message).toBe('ModusTestID "S-SOM-LOI.15" is reported twice for this depth (first on line 9)');
    expect(d?.location.range?.start).toEqual(at(xml, 'S-SOM-LOI.15', 1));
  });
});
