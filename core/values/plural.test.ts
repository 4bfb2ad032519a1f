import { describe, expect, it } from 'vitest';
import { plural } from './plural.ts';

describe('plural', () => {
  it('agrees the noun with the count, and groups the count in threes as the other counts a person reads', () => {
    expect(plural(1, 'row')).toBe('1 row');
    expect(plural(0, 'row')).toBe('0 rows');
    expect(plural(2, 'unsafe fix', 'unsafe fixes')).toBe('2 unsafe fixes');
    expect(plural(200_000, 'warning')).toBe('200,000 warnings');
    expect(plural(1_234_567, 'field')).toBe('1,234,567 fields');
  });
});
