import { describe, expect, it } from 'vitest';
import { applyTextFixes } from '../../diagnostics/fix-application.ts';
import { checkSampleDate } from './check-sample-date.ts';

const only = (value: string) => {
  const ds = checkSampleDate(value, { selection: { select: ['SD002'] } });
  return ds[0];
};

describe('SD002 sample-date-format', () => {
  it('accepts exactly YYYY-MM-DDThh:mm:ss.sssZ, including the leap day of 2024', () => {
    expect(checkSampleDate('2024-05-01T10:00:00.000Z')).toEqual([]);
    expect(checkSampleDate('2024-02-29T23:59:59.999Z')).toEqual([]);
  });

  it('offers a safe fix when only the fraction digits are missing', () => {
    const d = only('2024-05-01T10:00:00Z');
    expect(d?.code).toBe('SD002');
    expect(d?.message).toContain('the three fraction digits (.sss) are missing');
    expect(d?.fix).toMatchObject({ safety: 'safe', after: '2024-05-01T10:00:00.000Z' });
  });

  it.each([
    ['2024-05-01T10:00:00.5Z', '2024-05-01T10:00:00.500Z', 'it has 1 fraction digits, not 3'],
    ['2024-05-01 10:00:00.000Z', '2024-05-01T10:00:00.000Z', 'uppercase T'],
    ['2024-05-01t10:00:00.000z', '2024-05-01T10:00:00.000Z', 'uppercase T'],
    ['2024-05-01T10:00Z', '2024-05-01T10:00:00.000Z', 'seconds are missing'],
    ['2024-05-01T12:30:00.000+02:00', '2024-05-01T10:30:00.000Z', 'not as an offset'],
    ['2024-05-01T10:00:00.000+00:00', '2024-05-01T10:00:00.000Z', 'uppercase Z'],
    ['2024-05-01T10:00:00.123000Z', '2024-05-01T10:00:00.123Z', '6 fraction digits'],
    ['2024-12-31T23:30:00.000-01:00', '2025-01-01T00:30:00.000Z', 'offset'],
  ])('%s gets a safe fix to %s', (input, fixed, problem) => {
    const d = only(input);
    expect(d?.message).toContain(problem);
    expect(d?.fix).toMatchObject({ safety: 'safe', after: fixed, before: input });
    expect(applyTextFixes(input, [d!]).text).toBe(fixed);
  });

  it('states its assumption in an unsafe fix for date-only and zone-less values', () => {
    const dateOnly = only('2024-05-01');
    expect(dateOnly?.fix?.safety).toBe('unsafe');
    expect(dateOnly?.fix?.title).toBe(
      'Assume the samples were taken at midnight UTC: 2024-05-01T00:00:00.000Z',
    );
    const zoneless = only('2024-05-01T10:00:00.000');
    expect(zoneless?.fix?.safety).toBe('unsafe');
    expect(zoneless?.fix?.title).toContain('Assume the time is UTC');
    // Shortening 4+ non-zero fraction digits loses precision: a person decides.
    expect(only('2024-05-01T10:00:00.1234Z')?.fix?.safety).toBe('unsafe');
  });

  it('reports unrecognisable values without a fix, naming both readings of an ambiguous day/month form', () => {
    const d = only('05/01/2024');
    expect(d?.messageId).toBe('unrecognised');
    expect(d?.fix).toBeUndefined();
    expect(d?.hint).toBe(
      'It could be 1 May 2024 or 5 January 2024: write the one meant as 2024-05-01T00:00:00.000Z or 2024-01-05T00:00:00.000Z, with the time the samples were taken, in UTC.',
    );
    expect(only('05/01/24')?.hint).toContain('The year has two digits');
    expect(only('yesterday')?.messageId).toBe('unrecognised');
  });

  it.each([
    [
      '15.04.2026',
      'day.month.year',
      '2026-04-15T00:00:00.000Z',
      'Assume the samples were taken at midnight UTC',
    ],
    [
      '1.4.2026',
      'day.month.year',
      '2026-04-01T00:00:00.000Z',
      'Assume the samples were taken at midnight UTC',
    ],
    [
      '15/04/2026',
      'day/month/year',
      '2026-04-15T00:00:00.000Z',
      'Assume the samples were taken at midnight UTC',
    ],
    [
      '4/15/2026',
      'month/day/year',
      '2026-04-15T00:00:00.000Z',
      'Assume the samples were taken at midnight UTC',
    ],
    ['15.04.2026 10:30', 'day.month.year', '2026-04-15T10:30:00.000Z', 'Assume the time is UTC'],
  ])(
    'reads %s, written %s as a spreadsheet writes it, with an unsafe fix to %s',
    (input, order, fixed, title) => {
      const d = only(input);
      expect(d?.messageId).toBe('format');
      expect(d?.message).toContain(`: it is written ${order}; `);
      expect(d?.fix).toMatchObject({ safety: 'unsafe', before: input, after: fixed });
      expect(d?.fix?.title).toBe(`${title}: ${fixed}`);
      expect(applyTextFixes(input, [d!], ['unsafe']).text).toBe(fixed);
    },
  );

  it('leaves a day that does not exist, written day first, to SD003', () => {
    const ds = checkSampleDate('31.02.2026');
    expect(ds.map((d) => d.code)).toContain('SD003');
    expect(ds.find((d) => d.code === 'SD002')).toBeUndefined();
  });

  it('edits the value where it sits in its document', () => {
    const doc = 'sampleDate=2024-05-01T10:00:00Z&x=1';
    const [d] = checkSampleDate('2024-05-01T10:00:00Z', { valueRange: { start: 11, end: 31 } });
    expect(applyTextFixes(doc, [d!]).text).toBe('sampleDate=2024-05-01T10:00:00.000Z&x=1');
  });
});
