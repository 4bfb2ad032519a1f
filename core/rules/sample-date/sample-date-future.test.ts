import { describe, expect, it } from 'vitest';
import { checkSampleDate } from './check-sample-date.ts';

const now = new Date('2026-11-22T12:00:00.000Z');

describe('SD004 sample-date-future', () => {
  it('warns about a date after the injected clock', () => {
    const ds = checkSampleDate('2026-11-22T12:00:00.001Z', { now });
    expect(ds.map((d) => [d.code, d.severity])).toEqual([['SD004', 'warning']]);
    expect(ds[0]?.message).toBe(
      'sampleDate 2026-11-22T12:00:00.001Z is in the future (now is 2026-11-22T12:00:00.000Z)',
    );
  });

  it('does not warn about the present or the past, nor without a clock', () => {
    expect(checkSampleDate('2026-11-22T12:00:00.000Z', { now })).toEqual([]);
    expect(checkSampleDate('2021-09-24T00:00:00.000Z', { now })).toEqual([]);
    expect(checkSampleDate('2076-09-24T00:00:00.000Z')).toEqual([]);
  });

  it('compares instants, not text: an offset that puts the time in the past is not future', () => {
    const ds = checkSampleDate('2026-11-22T13:30:00.000+02:00', { now });
    expect(ds.map((d) => d.code)).toEqual(['SD002']);
  });
});
