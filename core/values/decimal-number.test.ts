import { describe, expect, it } from 'vitest';
import { describeReading, readDecimal, writeDecimal, type DecimalMark } from './decimal-number.ts';

const read = (text: string, convention: DecimalMark) => {
  const r = readDecimal(text, convention);
  return r && [r.reading.value, r.alternative?.value];
};

describe('readDecimal', () => {
  it('reads a decimal comma where the file has one, and never groups in twos or ones', () => {
    expect(read('227,28', ',')).toEqual([227.28, undefined]);
    expect(read('227,4', ',')).toEqual([227.4, undefined]);
    expect(read('1.234,5', ',')).toEqual([1234.5, undefined]);
    expect(read('1 234,5', ',')).toEqual([1234.5, undefined]);
    expect(read('1\u202f234\u202f567,25', ',')).toEqual([1234567.25, undefined]);
    expect(read('1.234.567', ',')).toEqual([1234567, undefined]);
    // A point that cannot separate thousands is a decimal point, whatever the file's convention.
    expect(read('227.28', ',')).toEqual([227.28, undefined]);
    expect(read('0.123', ',')).toEqual([0.123, undefined]);
    // In a decimal-comma file "1,234" is 1.234: the convention's mark never separates thousands alone.
    expect(read('1,234', ',')).toEqual([1.234, undefined]);
    expect(read('1,234,567', ',')).toEqual([1234567, undefined]);
  });

  it('reads a decimal point by default, and a comma that cannot group as a decimal comma', () => {
    expect(read('227.28', '.')).toEqual([227.28, undefined]);
    expect(read('227,28', '.')).toEqual([227.28, undefined]);
    expect(read('227,4', '.')).toEqual([227.4, undefined]);
    expect(read('1,234,567.5', '.')).toEqual([1234567.5, undefined]);
    expect(read("1'234.5", '.')).toEqual([1234.5, undefined]);
    expect(read('1.234,5', '.')).toEqual([1234.5, undefined]);
    expect(read('-3', '.')).toEqual([-3, undefined]);
    expect(read(' .5 ', '.')).toEqual([0.5, undefined]);
    expect(read('1.5e3', '.')).toEqual([1500, undefined]);
  });

  it('gives both readings where both fit, the convention first', () => {
    expect(read('1.234', ',')).toEqual([1234, 1.234]);
    expect(read('1,234', '.')).toEqual([1234, 1.234]);
    expect(read('12,500', '.')).toEqual([12500, 12.5]);
    const r = readDecimal('1.234', ',')!;
    expect(describeReading(r.reading)).toBe('"." as thousands separator');
    expect(describeReading(r.alternative!)).toBe('decimal point');
    expect(describeReading(readDecimal('1 234,5', ',')!.reading)).toBe(
      'space as thousands separator, decimal comma',
    );
  });

  it('is no number for text, odd groups, or mixed separators', () => {
    for (const text of ['', 'lots', '12 ac', '1,23,456', '1.2.3', '0,123,456', '1,234 567', '--1', '1e', ','])
      expect(readDecimal(text, '.'), text).toBeUndefined();
  });

  it('writes a number back so that it reads one way in the convention', () => {
    expect(writeDecimal(1.234, ',')).toBe('1,234');
    expect(readDecimal(writeDecimal(1.234, ','), ',')).toEqual({ reading: { value: 1.234, decimal: ',' } });
    expect(writeDecimal(1234, ',')).toBe('1234');
    expect(writeDecimal(227.28, '.')).toBe('227.28');
  });
});
