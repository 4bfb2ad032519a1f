import { describe, expect, it } from 'vitest';
import { modus, diagnosticsOf, at, MINIMAL_RESULT } from '../../../test/modus/modus-documents.ts';

describe('MSE012 event-type-mismatch', () => {
  it('does not fire when EventType and samples agree', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MSE012')).toEqual([]);
  });

  it('reports an EventType that disagrees with the samples', () => {
    const xml = modus(['<EventType><Soil/></EventType>', '<EventType><Nematode/></EventType>']);
    const [d] = diagnosticsOf(xml, 'MSE012');
    expect(d?.message).toBe('EventType says Nematode, but EventSamples holds Soil samples');
    expect(d?.location.range?.start).toEqual(at(xml, '<Soil>'));
  });
});
