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

  it('reads a comma as thousands only in groups of three: "227,28" and "227,4" are decimal commas', () => {
    const fixOf = (acres: string) => check('FU003', { fields: [field({ acres })] })[0]?.fix;
    expect(fixOf('227,28')).toMatchObject({
      safety: 'unsafe',
      title: 'Read "227,28" with decimal comma: 227.28',
      after: '227.28',
    });
    expect(fixOf('227,4')?.after).toBe('227.4');
    expect(fixOf('1,234,567')?.after).toBe('1234567');
    expect(fixOf('1,234')).toMatchObject({
      after: '1234',
      title: 'Read "1,234" with "," as thousands separator: 1234 (with decimal comma it would be 1.234)',
    });
  });

  it('reports text and other types without a fix', () => {
    const ds = check('FU003', { fields: [field({ acres: 'about 80' }), field({ acres: null })] });
    expect(ds.map((d) => d.message)).toEqual([
      'Field 1: acres must be a number, but this is the text "about 80"',
      'Field 2: acres must be a number, but this is a null',
    ]);
  });
});
