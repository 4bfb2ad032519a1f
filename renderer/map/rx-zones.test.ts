import { describe, expect, it } from 'vitest';
import type { GeoJsonFeature } from '../../core/index.ts';
import { rateUnitOf, zoneRows } from './rx-zones.ts';

const zone = (id: number, properties: GeoJsonFeature['properties']): GeoJsonFeature => ({
  type: 'Feature',
  id,
  geometry: null,
  properties,
});

describe('Rx zones on the map', () => {
  it('lists each zone with its rate and acres', () => {
    const rows = zoneRows([
      zone(0, { record: 1, rate: 120, acres: 40.5 }),
      zone(1, { record: 2, acres: 12 }),
    ]);
    expect(rows).toEqual([
      { feature: 0, zone: 1, rate: 120, acres: 40.5 },
      { feature: 1, zone: 2, acres: 12 },
    ]);
  });

  it('takes the unit from a unit column that names the same unit on every zone', () => {
    expect(rateUnitOf([zone(0, { rate: 1, UNIT: 'lbs/ac' }), zone(1, { rate: 2, UNIT: 'lbs/ac ' })])).toBe(
      'lbs/ac',
    );
    expect(rateUnitOf([zone(0, { rate: 1, Rate_Uom: 'gal/ac' })])).toBe('gal/ac');
  });

  it('gives no unit when the file names none, or zones disagree', () => {
    expect(rateUnitOf([zone(0, { rate: 1, DOSE: 1 })])).toBeUndefined();
    expect(rateUnitOf([zone(0, { UNIT: 'lbs/ac' }), zone(1, { UNIT: 'kg/ha' })])).toBeUndefined();
    expect(rateUnitOf([zone(0, { UNIT: 'lbs/ac' }), zone(1, { UNIT: '' })])).toBeUndefined();
  });
});
