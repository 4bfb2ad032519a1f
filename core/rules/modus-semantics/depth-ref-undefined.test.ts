import { describe, expect, it } from 'vitest';
import { modus, diagnosticsOf, at, MINIMAL_RESULT } from '../../../test/modus/modus-documents.ts';

describe('MSE001 depth-ref-undefined', () => {
  it('does not fire when every Depth refers to a DepthRef', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MSE001')).toEqual([]);
  });

  it('reports a Depth whose DepthID is not defined, at the attribute', () => {
    const xml = modus(['<Depth DepthID="1">', '<Depth DepthID="2">']);
    const [d] = diagnosticsOf(xml, 'MSE001');
    expect(d?.message).toBe('Depth 2 refers to no DepthRef of this event (defined: 1)');
    expect(d?.location.range?.start).toEqual(at(xml, '2">'));
  });

  it('compares DepthIDs as numbers, and leaves absent DepthIDs to the schema', () => {
    expect(diagnosticsOf(modus(['<Depth DepthID="1">', '<Depth DepthID="01">']), 'MSE001')).toEqual([]);
    expect(diagnosticsOf(modus(['<Depth DepthID="1">', '<Depth>']), 'MSE001')).toEqual([]);
  });
});
