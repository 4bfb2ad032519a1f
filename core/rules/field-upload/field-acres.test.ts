import { describe, expect, it } from 'vitest';
import { applyTextFixes } from '../../diagnostics/fix-application.ts';
import { check, field } from './test-helpers.ts';

describe('FU003 field-acres-invalid', () => {
  it('accepts a number, zero, and no acres', () => {
    expect(check('FU003', { fields: [field({ acres: 80.5 }), field({ acres: 0 }), field()] })).toEqual([]);
  });

  it('reports a negative number', () => {
    expect(check('FU003', { fields: [field({ acres: -3 })] })[0]?.message).toBe(
      'Field 1: acres -3 is negative',
    );
  });

  it('fixes a numeric string safely, and one with a thousands separator only unsafely', () => {
    const text = JSON.stringify({ fields: [field({ acres: '80.5' })] });
    const [d] = check('FU003', text);
    expect(d?.fix?.safety).toBe('safe');
    expect(JSON.parse(applyTextFixes(text, [d!]).text).fields[0].acres).toBe(80.5);
    expect(check('FU003', { fields: [field({ acres: '1,200' })] })[0]?.fix?.safety).toBe('unsafe');
  });

  it('reports text and other types without a fix', () => {
    const ds = check('FU003', { fields: [field({ acres: 'about 80' }), field({ acres: null })] });
    expect(ds.map((d) => d.message)).toEqual([
      'Field 1: acres must be a number, but this is the text "about 80"',
      'Field 2: acres must be a number, but this is a null',
    ]);
  });
});
