import { describe, expect, it } from 'vitest';
import { modus, diagnosticsOf, at, MINIMAL_RESULT } from '../../../test/modus/modus-documents.ts';

describe('MOD005 modus-root-element', () => {
  it('does not fire on ModusResult or ModusSubmit', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MOD005')).toEqual([]);
  });

  it('reports another root element', () => {
    const xml = '<?xml version="1.0"?>\n<kml><Document/></kml>\n';
    const [d] = diagnosticsOf(xml, 'MOD005');
    expect(d?.message).toBe('The root element is <kml>, not <ModusResult> or <ModusSubmit>');
    expect(d?.location.range?.start).toEqual(at(xml, '<kml>'));
  });

  it('reports a Modus root in a namespace', () => {
    const xml = modus(['<ModusResult Version', '<ModusResult xmlns="urn:modus" Version']);
    const [d] = diagnosticsOf(xml, 'MOD005');
    expect(d?.messageId).toBe('namespaced');
    expect(d?.location.range?.start).toEqual(at(xml, '<ModusResult'));
  });
});
