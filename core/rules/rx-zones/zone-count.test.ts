import { describe, expect, it } from 'vitest';
import { brief, only } from '../../../test/rx/rule-helpers.ts';
import { rxZip } from '../../../test/rx/build-zip.ts';
import { square } from '../../../test/rx/build-shapefile.ts';

const grid = (n: number) =>
  Array.from({ length: n }, (_, i) => [
    square(10 + (i % 10) * 0.001, 50 + Math.floor(i / 10) * 0.001, 0.001),
  ]);

describe('RXZ001 zone-count', () => {
  it('accepts 100 zones', () => {
    expect(only('RXZ001', rxZip({ shapefile: { records: grid(100) } }))).toEqual([]);
  });

  it('reports 101 zones and an empty prescription', () => {
    const many = only('RXZ001', rxZip({ shapefile: { records: grid(101) } }));
    expect(brief(many)).toEqual([
      { messageId: 'tooMany', severity: 'error', location: { entry: 'zones.shp' } },
    ]);
    expect(many[0]?.message).toBe('The prescription has 101 zones; the service accepts at most 100');
    expect(brief(only('RXZ001', rxZip({ shapefile: { records: [] } })))).toEqual([
      { messageId: 'none', severity: 'error', location: { entry: 'zones.shp' } },
    ]);
  });
});
