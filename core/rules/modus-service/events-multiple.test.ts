import { describe, expect, it } from 'vitest';
import { modus, diagnosticsOf, MINIMAL_RESULT } from '../../../test/modus/modus-documents.ts';

describe('MSV013 events-multiple', () => {
  const event = MINIMAL_RESULT.slice(
    MINIMAL_RESULT.indexOf('<Event>'),
    MINIMAL_RESULT.indexOf('</Event>') + 8,
  );

  it('does not fire on one event, or events of one date', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MSV013')).toEqual([]);
    expect(diagnosticsOf(modus(['</Event>', '</Event>' + event]), 'MSV013')).toEqual([]);
  });

  it('warns about events with different dates', () => {
    const xml = modus(['</Event>', '</Event>' + event.replace('2021-09-24', '2021-10-02')]);
    const [d] = diagnosticsOf(xml, 'MSV013');
    expect(d?.message).toBe(
      'The file holds 2 events with different EventDates (2021-09-24, 2021-10-02); one upload takes one sampleDate',
    );
  });
});
