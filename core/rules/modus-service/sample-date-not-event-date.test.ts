import { describe, expect, it } from 'vitest';
import { diagnosticsOf, MINIMAL_RESULT } from '../../../test/modus/modus-documents.ts';

describe('MSV012 sample-date-not-event-date', () => {
  it('does not fire when sampleDate falls on EventDate, or when none is given', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MSV012', { sampleDate: '2021-09-24T00:00:00.000Z' })).toEqual([]);
    expect(diagnosticsOf(MINIMAL_RESULT, 'MSV012', { sampleDate: '2021-09-24T23:00:00.000Z' })).toEqual([]);
    expect(diagnosticsOf(MINIMAL_RESULT, 'MSV012')).toEqual([]);
  });

  it('warns when the sampleDate is another day, on the sampleDate', () => {
    const [d] = diagnosticsOf(MINIMAL_RESULT, 'MSV012', { sampleDate: '2021-10-01T00:00:00.000Z' });
    expect(d).toMatchObject({
      severity: 'warning',
      message: 'sampleDate 2021-10-01T00:00:00.000Z is not on the EventDate 2021-09-24',
      location: { field: 'sampleDate' },
    });
    expect(d?.hint).toContain('2021-09-24T00:00:00.000Z');
  });
});
