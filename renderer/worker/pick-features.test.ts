import { describe, expect, it } from 'vitest';
import type { Diagnostic, GeoJsonFeature } from '../../core/index.ts';
import { pickFeatures } from './pick-features.ts';

const feature = (id: number): GeoJsonFeature => ({
  type: 'Feature',
  id,
  geometry: { type: 'Point', coordinates: [id / 1000, 0] },
  properties: { row: id + 1 },
});

const diagnostic = (location: Diagnostic['location'], related: Diagnostic['related'] = []): Diagnostic =>
  ({ code: 'CSV010', severity: 'warning', message: 'overlap', location, related }) as Diagnostic;

describe('pickFeatures', () => {
  const features = Array.from({ length: 100 }, (_, i) => feature(i));

  it('sends both fields of an overlap or a repeated field, the earlier one named only in related', () => {
    const picked = pickFeatures(
      features,
      [
        diagnostic({ row: 91, feature: 90 }, [{ message: 'the first', location: { row: 81, feature: 80 } }]),
        // In another file: not a feature of this one.
        diagnostic({ row: 96, feature: 95 }, [
          { message: 'there', location: { file: 'rx.zip', feature: 70 } },
        ]),
      ],
      10,
    );
    expect(picked.map((f) => f.id)).toEqual([0, 1, 2, 3, 4, 5, 6, 80, 90, 95]);
  });

  it('sends a small file whole', () => {
    expect(pickFeatures(features.slice(0, 5), [], 10)).toHaveLength(5);
  });
});
