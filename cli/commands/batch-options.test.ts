import { describe, expect, it } from 'vitest';
import { describeRowOutcomes } from './batch-options.ts';

describe('describeRowOutcomes', () => {
  it('groups the thousands of the row count as it does those of the outcomes', () => {
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      outcome: i < 2990 ? ('uploaded' as const) : ('skipped' as const),
    }));
    expect(describeRowOutcomes(rows)).toBe('3,000 rows: 2,990 uploaded, 10 skipped for errors');
    expect(describeRowOutcomes(rows.slice(0, 1))).toBe('1 row: 1 uploaded');
  });
});
