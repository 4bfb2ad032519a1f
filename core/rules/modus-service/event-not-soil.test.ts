import { describe, expect, it } from 'vitest';
import {
  modus,
  diagnosticsOf,
  MINIMAL_RESULT,
  AL_SUBMIT,
  AL_PLANT_RESULT,
} from '../../../test/modus/modus-documents.ts';
import { readFileSync } from 'node:fs';

describe('MSV011 event-not-soil', () => {
  it('does not fire on a soil result', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MSV011')).toEqual([]);
  });

  it('reports a ModusSubmit document at its root', () => {
    const [d] = diagnosticsOf(readFileSync(AL_SUBMIT), 'MSV011');
    expect(d?.messageId).toBe('submit');
    expect(d?.location.range?.start).toMatchObject({ line: 1, column: 1 });
  });

  it('reports plant samples and an event without samples', () => {
    const [plant] = diagnosticsOf(readFileSync(AL_PLANT_RESULT), 'MSV011');
    expect(plant?.message).toBe('The event holds plant samples; the service takes soil test results only');
    const start = MINIMAL_RESULT.indexOf('<EventSamples>');
    const end = MINIMAL_RESULT.indexOf('</EventSamples>') + 15;
    const empty = modus([MINIMAL_RESULT.slice(start, end), '<EventSamples/>']);
    expect(diagnosticsOf(empty, 'MSV011')[0]?.message).toBe('The event has no soil samples');
  });
});
