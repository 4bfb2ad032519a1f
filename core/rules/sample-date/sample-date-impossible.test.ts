import { describe, expect, it } from 'vitest';
import { checkSampleDate } from './check-sample-date.ts';

const codes = (v: string) => checkSampleDate(v).map((d) => d.code);

describe('SD003 sample-date-impossible', () => {
  it('accepts the leap day of a leap year and the last instant of a day', () => {
    expect(codes('2024-02-29T00:00:00.000Z')).toEqual([]);
    expect(codes('2000-02-29T23:59:59.999Z')).toEqual([]);
  });

  it.each([
    ['2023-02-29T10:00:00.000Z', 'February 2023 has 28 days, not 29'],
    ['1900-02-29T10:00:00.000Z', 'February 1900 has 28 days, not 29'],
    ['2024-02-30T10:00:00.000Z', 'February 2024 has 29 days, not 30'],
    ['2024-04-31T10:00:00.000Z', 'April 2024 has 30 days, not 31'],
    ['2024-13-01T10:00:00.000Z', 'month 13 does not exist'],
    ['2024-05-01T24:00:00.000Z', 'hour 24 does not exist'],
    ['2024-05-01T10:60:00.000Z', 'minute 60 does not exist'],
    ['2024-05-01T10:00:60.000Z', 'second 60 does not exist'],
  ])('%s is not a real instant', (value, reason) => {
    const ds = checkSampleDate(value);
    expect(ds.map((d) => d.code)).toEqual(['SD003']);
    expect(ds[0]?.message).toContain(reason);
  });

  it('reports an impossible date in a loose shape once, as SD003, with no fix guessing a date', () => {
    const ds = checkSampleDate('2023-02-29');
    expect(ds.map((d) => d.code)).toEqual(['SD003']);
    expect(ds[0]?.fix).toBeUndefined();
  });
});
