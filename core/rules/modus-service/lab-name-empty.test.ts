import { describe, expect, it } from 'vitest';
import { modus, diagnosticsOf, at, MINIMAL_RESULT } from '../../../test/modus/modus-documents.ts';

describe('MSV005 lab-name-empty', () => {
  it('does not fire on a lab name', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MSV005')).toEqual([]);
  });

  it('reports an empty or blank LabName', () => {
    const xml = modus(['<LabName>A &amp; L Great Lakes Laboratories</LabName>', '<LabName>  </LabName>']);
    const [d] = diagnosticsOf(xml, 'MSV005');
    expect(d?.location.range?.start).toEqual(at(xml, '  </LabName>'));
    expect(
      diagnosticsOf(modus(['<LabName>A &amp; L Great Lakes Laboratories</LabName>', '<LabName/>']), 'MSV005'),
    ).toHaveLength(1);
  });
});
