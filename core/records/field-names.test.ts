import { describe, expect, it } from 'vitest';
import { areaUnitOfName, foldName, namesInOtherLanguages } from './field-names.ts';

describe('areaUnitOfName', () => {
  it('names hectares and square metres where a column or attribute is an area in them', () => {
    for (const name of [
      'ha',
      'Hectares',
      'Area (ha)',
      'Fläche (ha)',
      'Fläche',
      'FLAECHE',
      'Schlagfläche',
      'Fläche in ha',
      'superficie totale',
      'Surface',
      'oppervlakte',
      'Size (ha)',
      'Área (ha)',
      'Areal',
      'Powierzchnia',
    ])
      expect(areaUnitOfName(name)?.name, name).toBe('hectares');
    for (const name of ['m²', 'Fläche (m²)', 'Area (square metres)', 'qm'])
      expect(areaUnitOfName(name)?.name, name).toBe('square metres');
  });

  it("is undefined for acres, for a US sheet's area, for rates per area and for other columns", () => {
    for (const name of [
      'Acres',
      'Area',
      'Area (ac)',
      'Field size',
      'acreage',
      'Yield (t/ha)',
      'N rate kg/ha',
      'Saatmenge pro ha',
      'kg N per ha',
      'Surface water',
      'Hab notes',
      'name',
      '',
    ])
      expect(areaUnitOfName(name), name).toBeUndefined();
  });
});

describe('names in other languages', () => {
  it('are compared with plain letters, so accents and umlauts may be written or not', () => {
    expect(foldName('Empfänger')).toBe(foldName('Empfaenger'));
    expect(foldName('Géométrie')).toBe(foldName('geometrie'));
    expect(foldName('Nom de l’exploitation')).toBe(foldName("nom de l'exploitation"));
    expect(namesInOtherLanguages('name')).toContain('parcelle');
    expect(namesInOtherLanguages('acres')).toEqual([]);
  });
});
