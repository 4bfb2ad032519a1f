import { describe, expect, it } from 'vitest';
import { describeLocation, formatPath } from './describe-location.ts';

describe('describeLocation', () => {
  it('names every known part, finest last', () => {
    expect(
      describeLocation(
        { file: 'a.zip', entry: 'zones.shp', record: 12, ring: 0, coordinate: 5, point: [1.5, 2] },
        { withFile: true },
      ),
    ).toBe('a.zip, entry zones.shp, record 12, ring 0, coordinate 5, at (1.5, 2)');
    expect(describeLocation({ path: ['fields', 3, 'boundary'] })).toBe('fields[3].boundary');
    expect(formatPath(['a', 0, 'b'])).toBe('a[0].b');
  });
});
