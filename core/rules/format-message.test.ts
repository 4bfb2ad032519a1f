import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../test/support/seeded-random.ts';
import { allRules } from './registry.ts';
import { formatMessage } from './rule.ts';

/** The placeholders' meaning written as one regular-expression replacement: the reference. */
function reference(template: string, data: Record<string, string | number>): string {
  return template.replace(
    /\{(\w+)(?::([^{}|]*)\|([^{}]*))?\}/g,
    (whole, key: string, one?: string, other?: string) => {
      if (!Object.prototype.hasOwnProperty.call(data, key)) return whole;
      if (one === undefined) return String(data[key]);
      return Number(data[key]) === 1 ? one : (other ?? '');
    },
  );
}

describe('formatMessage', () => {
  it('fills every rule template as the reference does, with values, plurals and missing keys', () => {
    const random = seededRandom(11);
    const templates = allRules.flatMap((r) => Object.values(r.messages) as string[]);
    expect(templates.length).toBeGreaterThan(300);
    for (const template of templates) {
      const keys = [...template.matchAll(/\{(\w+)/g)].map((m) => m[1]!);
      for (let round = 0; round < 4; round++) {
        const data: Record<string, string | number> = {};
        for (const key of keys) {
          const pick = random();
          if (pick < 0.15) continue; // missing: the placeholder stays
          data[key] = pick < 0.4 ? 1 : pick < 0.6 ? Math.floor(random() * 1000) : `v{${key}}$&`;
        }
        expect(formatMessage(template, data), template).toBe(reference(template, data));
      }
    }
  });

  it('keeps text around and between placeholders, and braces that are not placeholders', () => {
    const data = { n: 1, name: 'North 40' };
    for (const template of [
      '{n} field{n:|s}',
      'no placeholders',
      '{name}{n}',
      '{ not one } {missing} {n:one|many}!',
    ])
      expect(formatMessage(template, data)).toBe(reference(template, data));
    expect(formatMessage('{n:1 row|{n} rows}', { n: 2 })).toBe(reference('{n:1 row|{n} rows}', { n: 2 }));
  });
});
