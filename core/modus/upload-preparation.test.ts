import { describe, expect, it } from 'vitest';
import type { ModusSummary } from './modus-summary.ts';
import { prepareModusUpload, sampleDateFromEventDate } from './upload-preparation.ts';

const summary = (eventDate?: string): ModusSummary => ({
  type: 'modus',
  document: 'ModusResult',
  eventCount: 1,
  sampleCount: 1,
  events: [
    { ...(eventDate !== undefined ? { eventDate } : {}), lab: {}, sampleCount: 1, depths: [], analytes: [] },
  ],
});
const now = new Date('2026-03-01T12:00:00.000Z');

describe('Modus upload preparation', () => {
  it('suggests midnight UTC of the EventDate, stating the assumption', () => {
    expect(sampleDateFromEventDate('2021-09-24')).toBe('2021-09-24T00:00:00.000Z');
    expect(sampleDateFromEventDate('2021-09-24Z')).toBeUndefined();
    const plan = prepareModusUpload(summary('2021-09-24'), { now });
    expect(plan).toEqual({
      source: 'event-date',
      sampleDate: '2021-09-24T00:00:00.000Z',
      suggested: '2021-09-24T00:00:00.000Z',
      assumption:
        'EventDate 2021-09-24 gives the day the samples were taken, not the time: midnight UTC is assumed.',
      diagnostics: [],
    });
  });

  it('checks a suggestion with the sample-date rules (a future EventDate)', () => {
    const plan = prepareModusUpload(summary('2076-09-24'), { now });
    expect(plan.diagnostics.map((d) => d.code)).toEqual(['SD004']);
  });

  it('prefers a given sampleDate and checks it', () => {
    const plan = prepareModusUpload(summary('2021-09-24'), { sampleDate: '2021-09-24', now });
    expect(plan.source).toBe('given');
    expect(plan.sampleDate).toBe('2021-09-24');
    expect(plan.diagnostics.map((d) => d.code)).toEqual(['SD002']);
  });

  it('has nothing to suggest without an EventDate', () => {
    expect(prepareModusUpload(summary(), { now })).toEqual({ source: 'none', diagnostics: [] });
    expect(prepareModusUpload(undefined)).toEqual({ source: 'none', diagnostics: [] });
  });
});
