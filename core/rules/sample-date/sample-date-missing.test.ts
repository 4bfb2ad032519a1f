import { describe, expect, it } from 'vitest';
import { checkSampleDate } from './check-sample-date.ts';

describe('SD001 sample-date-missing', () => {
  it('fires on an absent or blank value, at the given location', () => {
    const absent = checkSampleDate(undefined, {
      location: { field: 'sampleDate', path: ['query', 'sampleDate'] },
    });
    expect(absent.map((d) => [d.code, d.message])).toEqual([
      ['SD001', 'sampleDate is required for a soil test upload but is absent'],
    ]);
    expect(absent[0]?.location.path).toEqual(['query', 'sampleDate']);
    expect(checkSampleDate('  ').map((d) => d.code)).toEqual(['SD001']);
  });

  it('does not fire on a present value', () => {
    expect(checkSampleDate('2024-05-01T10:00:00.000Z').map((d) => d.code)).not.toContain('SD001');
  });
});
