/**
 * Every rule message that states a count agrees with it: "1 more record has", "2 more records have", never
 * "1 more records" or "file(s)". Each template is rendered with its counts at 1 and at 2, other placeholders
 * filled with a neutral word.
 */
import { describe, expect, it } from 'vitest';
import { allRules } from '../../core/rules/registry.ts';
import { formatMessage } from '../../core/rules/rule.ts';
import { DiagnosticCollector } from '../../core/rules/reporter.ts';
import type { RuleMeta } from '../../core/rules/rule.ts';

/** Placeholders that hold a number of things (the word after them is a noun to agree with). */
const COUNTS = new Set([
  'count',
  'total',
  'listed',
  'limit',
  'samples',
  'bytes',
  'size',
  'compressed',
  'declared',
  'actual',
  'needed',
  'available',
  'indexedLength',
  'actualLength',
  'depth',
  'found',
  'expected',
  'errors',
  'shp',
  'shx',
  'dbf',
  'groups',
  'max',
]);

function placeholders(template: string): string[] {
  return [...template.matchAll(/\{(\w+)(?::[^{}]*)?\}/g)].map((m) => m[1] ?? '');
}

function render(template: string, n: number): string {
  const data: Record<string, string | number> = {};
  for (const key of placeholders(template)) data[key] = COUNTS.has(key) ? n : 'X';
  return formatMessage(template, data);
}

/**
 * A count of 1 or 2, up to three words (letters only: a comma or a digit ends the phrase), the first noun that
 * follows, and the verb right after it if there is one: "1 more pair of zones overlaps".
 */
const COUNTED = new RegExp(
  String.raw`\b([12]) (?:[A-Za-z.’-]+ ){0,3}?` +
    String.raw`(points?|times?|boundar(?:y|ies)|records?|values?|zones?|pairs?|samples?|DepthRefs?|depths?|events?|` +
    String.raw`entr(?:y|ies)|bytes?|files?|folders?|columns?|cells?|errors?|fields?|groups?|diagnostics?|ones?|acres?)\b` +
    String.raw`(?: (?:of [a-z]+ )?(has|have|is|are|does|do|was|were|overlaps|overlap)\b)?`,
  'g',
);
const SINGULAR_VERBS = new Set(['has', 'is', 'does', 'was', 'overlaps']);

/** The phrases of a rendered message whose noun or verb does not agree with its count. */
function disagreements(message: string): string[] {
  const wrong = [...message.matchAll(COUNTED)].filter(([, n, noun = '', verb]) => {
    const one = n === '1';
    if (noun.endsWith('s') === one) return true;
    return verb !== undefined && SINGULAR_VERBS.has(verb) !== one;
  });
  const phrases = wrong.map((m) => m[0]);
  return message.includes('(s)') ? [...phrases, '(s)'] : phrases;
}

function templates(): Array<[where: string, template: string]> {
  const rules: RuleMeta[] = [...allRules];
  return rules.flatMap((r) =>
    Object.entries(r.messages).map(([id, t]): [string, string] => [`${r.code}:${id}`, t]),
  );
}

describe('count words in rule messages', () => {
  it('formatMessage picks the singular form for one and the plural otherwise', () => {
    const t = '{count} more {count:record has|records have} no rate';
    expect(formatMessage(t, { count: 1 })).toBe('1 more record has no rate');
    expect(formatMessage(t, { count: 2 })).toBe('2 more records have no rate');
    expect(formatMessage(t, { count: 0 })).toBe('0 more records have no rate');
    expect(formatMessage(t, { count: '1' })).toBe('1 more record has no rate');
    // A count missing from the data leaves the placeholder, as for plain placeholders.
    expect(formatMessage(t, {})).toBe('{count} more {count:record has|records have} no rate');
    expect(formatMessage('{n:one|} left', { n: 2 })).toBe(' left');
  });

  it('finds the phrases that disagree with their count', () => {
    expect(disagreements('1 more records have no rate; 2 more zone has')).toEqual([
      '1 more records have',
      '2 more zone has',
    ]);
    expect(disagreements('1 more pair of zones overlap')).toEqual(['1 more pair of zones overlap']);
    expect(disagreements('1 of 1 points, 2 entries; at most 2 are read, 2 bytes per entry')).toEqual([
      '1 points',
    ]);
    expect(disagreements('2 file(s)')).toEqual(['2 file', '(s)']);
    expect(disagreements('1 more pair of zones overlaps, 2 boundaries, 1 entry is')).toEqual([]);
  });

  it('checks many messages with counts', () => {
    const counted = templates().filter(([, t]) => placeholders(t).some((k) => COUNTS.has(k)));
    expect(counted.length).toBeGreaterThan(40);
  });

  it('renders no rule message with a wrong plural for a count of 1 or 2', () => {
    const wrong: string[] = [];
    for (const [where, template] of templates()) {
      for (const n of [1, 2]) {
        const message = render(template, n);
        if (disagreements(message).length > 0) wrong.push(`${where}: ${message}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('words the collector’s note on unlisted diagnostics for one and for more', () => {
    const rule = allRules.find((r) => !('more' in r.messages) && r.severity === 'error');
    if (!rule) throw new Error('no rule without a "more" message');
    const messageId = Object.keys(rule.messages)[0] ?? '';
    const note = (reports: number): string => {
      const collector = new DiagnosticCollector({}, { maxPerRule: 1 });
      for (let i = 0; i < reports; i++)
        collector.report({ meta: rule }, { messageId, data: {}, location: {} });
      collector.finish();
      return collector.diagnostics.at(-1)?.message ?? '';
    };
    expect(note(2)).toMatch(/^1 more \S+ \S+ diagnostic like the one above was counted but not listed/);
    expect(note(3)).toMatch(/^2 more \S+ \S+ diagnostics like the ones above were counted but not listed/);
  });
});
