import { describe, expect, it } from 'vitest';
import {
  checkSimpleValue,
  isXsdBase64,
  isXsdDate,
  keyValue,
  parseXsdFloat,
  parseXsdNumber,
  simpleType,
} from './xsd-values.ts';

describe('parseXsdNumber', () => {
  it('gives exactly what Number gives for every decimal it accepts, short or long', () => {
    // A seeded generator: the same strings every run.
    let seed = 7;
    const next = (): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const digits = (count: number): string =>
      Array.from({ length: count }, () => String(Math.floor(next() * 10))).join('');
    const cases = [
      '0',
      '-0',
      '+0.0',
      '.5',
      '5.',
      '-.125',
      '0.1',
      '0.3',
      '9007199254740993',
      '123456789012345.6',
    ];
    for (let k = 0; k < 20000; k++) {
      const whole = digits(Math.floor(next() * 10));
      const fraction = digits(Math.floor(next() * 12));
      const sign = next() < 0.3 ? '-' : next() < 0.1 ? '+' : '';
      if (whole === '' && fraction === '') continue;
      cases.push(`${sign}${whole}${fraction === '' && next() < 0.5 ? '' : '.'}${fraction}`);
    }
    for (const s of cases) expect(Object.is(parseXsdNumber(s), Number(s)), s).toBe(true);
  });
});

// Each expectation below was checked against xmllint (libxml2 2.9.14) with the Modus XSDs.
describe('XSD simple values, as libxml2 checks them', () => {
  it('xs:float, quirks included', () => {
    for (const ok of ['7.0', '+7', '-0', '.5', '5.', '1E+2', '1.5e', '1e+', 'NaN', 'INF', '-INF', '1e39']) {
      expect(parseXsdFloat(ok), ok).toBeDefined();
    }
    for (const bad of ['', 'e5', '1,5', '0x1', '+INF', '-NaN', 'nan', 'Infinity', '.', '1d'])
      expect(parseXsdFloat(bad), bad).toBeUndefined();
    const nonNegative = simpleType('float', { minInclusive: 0 });
    expect(checkSimpleValue(nonNegative, ' 7 ')).toBeUndefined();
    expect(checkSimpleValue(nonNegative, 'NaN')).toBeUndefined();
    expect(checkSimpleValue(nonNegative, '-1')).toMatchObject({ kind: 'range' });
    expect(checkSimpleValue(nonNegative, '-INF')).toMatchObject({ kind: 'range' });
  });

  it('xs:date and xs:dateTime, without trimming spaces', () => {
    for (const ok of [
      '2021-09-24',
      '2021-09-24Z',
      '2021-09-24+14:00',
      '2021-09-24-12:00',
      '2020-02-29',
      '-0001-01-01',
      '10000-01-01',
      '2000-02-29',
    ]) {
      expect(isXsdDate(ok, false), ok).toBe(true);
    }
    for (const bad of [
      ' 2021-09-24',
      '2021-09-24\n',
      '2021-09-24+14:01',
      '2021-02-29',
      '2021-13-01',
      '2021-9-24',
      '0000-01-01',
      '010000-01-01',
      '2021-09-24T00:00:00',
      '1900-02-29',
      '2021-04-31',
    ]) {
      expect(isXsdDate(bad, false), bad).toBe(false);
    }
    for (const ok of [
      '2021-09-28T12:00:00',
      '2021-09-28T12:00:00.000',
      '2021-09-28T24:00:00',
      '2021-09-28T12:00:00.5+01:00',
    ])
      expect(isXsdDate(ok, true), ok).toBe(true);
    for (const bad of [
      '2021-09-28T12:00:00.Z',
      '2021-09-28T24:00:01',
      '2021-09-28T23:59:60',
      '2021-09-28T12:00',
      '2021-09-28t12:00:00',
      '2021-09-28',
    ])
      expect(isXsdDate(bad, true), bad).toBe(false);
  });

  it('integers: sign, leading zeros, 24 significant digits, ranges', () => {
    const pos = simpleType('positiveInteger');
    const nonNeg = simpleType('nonNegativeInteger');
    const int = simpleType('int');
    expect(checkSimpleValue(pos, ' +01 ')).toBeUndefined();
    expect(checkSimpleValue(pos, '0')).toMatchObject({ kind: 'range' });
    expect(checkSimpleValue(pos, '123456789012345678901234')).toBeUndefined();
    expect(checkSimpleValue(pos, '1234567890123456789012345')).toMatchObject({ kind: 'lexical' });
    expect(checkSimpleValue(nonNeg, '-0')).toBeUndefined();
    expect(checkSimpleValue(nonNeg, '-1')).toMatchObject({ kind: 'range' });
    expect(checkSimpleValue(int, '-2147483648')).toBeUndefined();
    expect(checkSimpleValue(int, '2147483648')).toMatchObject({ kind: 'range' });
    expect(checkSimpleValue(int, '1.0')).toMatchObject({ kind: 'lexical' });
    expect(keyValue(pos, '007')).toBe('7');
  });

  it('booleans, base64, strings', () => {
    const bool = simpleType('boolean');
    expect(checkSimpleValue(bool, ' true ')).toBeUndefined();
    expect(checkSimpleValue(bool, 'TRUE')).toBeDefined();
    expect(checkSimpleValue(bool, ' ')).toBeDefined();
    for (const ok of ['QUJD', ' QUJD ', 'QU JD', 'QUI=', 'QQ==', '', '!!!!', 'QQ= ='])
      expect(isXsdBase64(ok), ok).toBe(true);
    for (const bad of ['QUJ', 'Q===', 'QR==']) expect(isXsdBase64(bad), bad).toBe(false);
    const listed = simpleType('string', { minLength: 1, enumeration: ['Low'] });
    expect(checkSimpleValue(listed, ' Low')).toMatchObject({ kind: 'enumeration' });
    expect(checkSimpleValue(simpleType('string', { maxLength: 2 }), '𝄞𝄞')).toBeUndefined();
    expect(checkSimpleValue(simpleType('string', { maxLength: 2 }), '𝄞𝄞𝄞')).toMatchObject({ kind: 'range' });
  });
});
