import { describe, expect, it } from 'vitest';
import { modus, diagnosticsOf, at } from '../../../test/modus/modus-documents.ts';
import { applyTextFixes } from '../../diagnostics/fix-application.ts';

describe('MSV009 result-unit-not-accepted', () => {
  const withUnit = (unit: string): string => modus(['<ValueUnit>percent<', `<ValueUnit>${unit}<`]);

  it('does not fire on the accepted units', () => {
    for (const unit of ['percent', 'ppm', 'meq/100 g', 'cmol/kg', 'lb/ac'])
      expect(diagnosticsOf(withUnit(unit), 'MSV009')).toEqual([]);
  });

  it('offers safe fixes for spellings with the same meaning, on the exact value', () => {
    for (const [unit, canonical] of [
      ['%', 'percent'],
      ['meq/100g', 'meq/100 g'],
      ['mg/kg', 'ppm'],
      ['cmol(+)/kg', 'cmol/kg'],
      ['PPM', 'ppm'],
    ] as const) {
      const xml = withUnit(unit);
      const [d] = diagnosticsOf(xml, 'MSV009');
      expect(d?.message).toBe(`Unit "${unit}" is written "${canonical}" by the service`);
      expect(d?.location.range?.start).toEqual(at(xml, `>${unit}<`, 0, 1));
      expect(applyTextFixes(xml, [d!]).text).toBe(withUnit(canonical));
    }
  });

  it('warns about unitless results and rejects other units', () => {
    expect(diagnosticsOf(withUnit('none'), 'MSV009')[0]).toMatchObject({
      severity: 'warning',
      messageId: 'unitless',
    });
    const [d] = diagnosticsOf(withUnit('dS/m'), 'MSV009');
    expect(d).toMatchObject({ severity: 'error', messageId: 'unknown' });
    expect(d?.fix).toBeUndefined();
  });
});
