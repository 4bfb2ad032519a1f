import { describe, expect, it } from 'vitest';
import { modus, diagnosticsOf, at } from '../../../test/modus/modus-documents.ts';
import { applyTextFixes } from '../../diagnostics/fix-application.ts';

describe('MSV010 result-unit-variant', () => {
  const withUnit = (unit: string): string => modus(['<ValueUnit>percent<', `<ValueUnit>${unit}<`]);

  it('does not fire on lb/ac', () => {
    expect(diagnosticsOf(withUnit('lb/ac'), 'MSV010')).toEqual([]);
  });

  it('warns about the accepted pound-per-acre spellings, with a safe fix to lb/ac', () => {
    for (const unit of ['lbs/ac', 'lb/acre', 'lbs/acre', 'pounds/ac', 'pounds/acre']) {
      const xml = withUnit(unit);
      const [d] = diagnosticsOf(xml, 'MSV010');
      expect(d).toMatchObject({
        severity: 'warning',
        message: `Unit "${unit}" is accepted as "lb/ac", with a warning`,
      });
      expect(d?.location.range?.start).toEqual(at(xml, unit));
      expect(applyTextFixes(xml, [d!]).text).toBe(withUnit('lb/ac'));
    }
  });
});
