import { describe, expect, it } from 'vitest';
import { classifyDepthUnit, classifyUnit } from './service-units.ts';

describe('service units', () => {
  it('accepts the published units exactly', () => {
    for (const u of ['percent', 'ppm', 'meq/100 g', 'cmol/kg', 'lb/ac'])
      expect(classifyUnit(u)).toEqual({ kind: 'accepted' });
  });

  it('warns about the accepted pound-per-acre spellings', () => {
    for (const u of ['lbs/ac', 'lb/acre', 'lbs/acre', 'pounds/ac', 'pounds/acre'])
      expect(classifyUnit(u)).toEqual({ kind: 'warned' });
  });

  it('maps same-meaning spellings to the published unit', () => {
    expect(classifyUnit('%')).toEqual({ kind: 'spelling', canonical: 'percent' });
    expect(classifyUnit('meq/100g')).toEqual({ kind: 'spelling', canonical: 'meq/100 g' });
    expect(classifyUnit('MEQ/100 G')).toEqual({ kind: 'spelling', canonical: 'meq/100 g' });
    expect(classifyUnit('mg/kg')).toEqual({ kind: 'spelling', canonical: 'ppm' });
    expect(classifyUnit('cmol(+)/kg')).toEqual({ kind: 'spelling', canonical: 'cmol/kg' });
    expect(classifyUnit('LBS/AC')).toEqual({ kind: 'spelling', canonical: 'lb/ac' });
  });

  it('tells unitless from unknown units', () => {
    expect(classifyUnit('none')).toEqual({ kind: 'unitless' });
    expect(classifyUnit('NONE')).toEqual({ kind: 'unitless' });
    expect(classifyUnit('dS/m')).toEqual({ kind: 'unknown' });
    expect(classifyUnit('tons/ac')).toEqual({ kind: 'unknown' });
  });

  it('classifies depth units', () => {
    expect(classifyDepthUnit('inches')).toBe('inches');
    expect(classifyDepthUnit('in')).toBe('spelling');
    expect(classifyDepthUnit(' Inches ')).toBe('spelling');
    expect(classifyDepthUnit('cm')).toBe('other');
  });
});
