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

  it('calls a CSV or DBF column a column and a JSON key a property ("field" is a farm field)', () => {
    expect(describeLocation({ row: 3, field: 'clientName' })).toBe('row 3, column clientName');
    expect(describeLocation({ entry: 'z.dbf', record: 2, field: 'RATE' })).toBe(
      'entry z.dbf, record 2, column RATE',
    );
    expect(describeLocation({ path: ['features', 0, 'properties', 'name'], field: 'name' })).toBe(
      'property name',
    );
  });

  it("calls a value the upload's address carries a query parameter (a soil test's sampleDate)", () => {
    expect(describeLocation({ path: ['query', 'sampleDate'], field: 'sampleDate' })).toBe(
      'query parameter sampleDate',
    );
  });
});
