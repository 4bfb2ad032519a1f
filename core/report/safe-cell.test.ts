import { describe, expect, it } from 'vitest';
import { csvSafeCell, defuseFormula } from './safe-cell.ts';

describe('spreadsheet-safe cells', () => {
  it('defuses every formula start and leaves other text alone', () => {
    for (const s of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) expect(defuseFormula(s)).toBe(`'${s}`);
    expect(defuseFormula('North 40')).toBe('North 40');
    expect(defuseFormula('')).toBe('');
  });
  it('quotes cells with the delimiter, quotes or line breaks, after defusing', () => {
    expect(csvSafeCell('a,b')).toBe('"a,b"');
    expect(csvSafeCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvSafeCell('=A1,B1')).toBe(`"'=A1,B1"`);
    expect(csvSafeCell('a;b', ';')).toBe('"a;b"');
  });
});
