import { describe, expect, it } from 'vitest';
import { DiagnosticCollector, TRUNCATED_MESSAGE_ID } from './reporter.ts';
import { nullShape, zoneCount } from '../rx/zone-rules.ts';

const empty = (record: number, entry = 'z.shp') =>
  ({ messageId: 'empty', data: { record }, location: { entry, record } }) as const;

describe('DiagnosticCollector per-rule cap', () => {
  it('keeps everything by default', () => {
    const c = new DiagnosticCollector();
    for (let i = 1; i <= 100; i++) c.report(nullShape, empty(i));
    c.finish();
    expect(c.diagnostics).toHaveLength(100);
  });

  it('sums up a rule with a "more" template with the first dropped report\'s data, at its entry', () => {
    const c = new DiagnosticCollector({}, { maxPerRule: 3 });
    for (let i = 1; i <= 3; i++) c.report(nullShape, empty(i));
    c.report(nullShape, empty(4, 'other.shp'));
    c.report(nullShape, empty(5));
    expect(c.diagnostics).toHaveLength(3);
    c.finish();
    expect(c.diagnostics).toHaveLength(4);
    expect(c.diagnostics[3]).toEqual({
      code: 'RXS009',
      rule: 'null-shape',
      group: 'rx-shapefile',
      severity: nullShape.meta.severity,
      messageId: 'more',
      message: '2 more records have no geometry',
      location: { entry: 'other.shp' },
    });
  });

  it("sums up a rule without one in the collector's note, at the last kept diagnostic", () => {
    const c = new DiagnosticCollector({}, { maxPerRule: 2 });
    for (let i = 1; i <= 7; i++)
      c.report(zoneCount, { messageId: 'tooMany', data: { count: i, limit: 1 }, location: { row: i } });
    c.finish();
    expect(c.diagnostics.map((d) => d.messageId)).toEqual(['tooMany', 'tooMany', TRUNCATED_MESSAGE_ID]);
    expect(c.diagnostics[2]).toEqual({
      code: 'RXZ001',
      rule: 'zone-count',
      group: 'rx-zones',
      severity: 'info',
      messageId: TRUNCATED_MESSAGE_ID,
      message:
        '5 more RXZ001 zone-count diagnostics like the ones above were counted but not listed (limit 2 per rule)',
      location: { row: 2 },
      hint: 'Fix the ones listed (`fieldgate fix` applies every safe fix, listed or not) and check again.',
    });
  });

  it('wants() turns reports away past the cap and counts them', () => {
    const c = new DiagnosticCollector({}, { maxPerRule: 2 });
    let built = 0;
    for (let i = 1; i <= 5; i++) {
      if (!c.wants(nullShape)) continue;
      built++;
      c.report(nullShape, empty(i));
    }
    c.finish();
    expect(built).toBe(2);
    expect(c.diagnostics.map((d) => d.message)).toEqual([
      'Record 1 has no geometry (Null shape or no points)',
      'Record 2 has no geometry (Null shape or no points)',
      '3 more records have no geometry',
    ]);
    expect(c.diagnostics[2]?.location).toEqual({ entry: 'z.shp' });
  });

  it('does not count rules that are not selected', () => {
    const c = new DiagnosticCollector({ ignore: ['RXS009'] }, { maxPerRule: 1 });
    for (let i = 1; i <= 5; i++) c.report(nullShape, empty(i));
    expect(c.wants(nullShape)).toBe(false);
    c.finish();
    expect(c.diagnostics).toEqual([]);
  });

  it('a capped view reports into its collector, with its selection and its own cap', () => {
    const c = new DiagnosticCollector({ select: ['RXS'] });
    const view = c.capped(2);
    for (let i = 1; i <= 4; i++) {
      view.report(nullShape, empty(i));
      view.report(zoneCount, { messageId: 'none', location: {} });
      c.report(nullShape, empty(10 + i));
    }
    expect(view.diagnostics).toBe(c.diagnostics);
    expect(c.diagnostics).toHaveLength(6);
    view.finish();
    expect(c.diagnostics.at(-1)?.message).toBe('2 more records have no geometry');
    expect(c.diagnostics.filter((d) => d.code === 'RXZ001')).toEqual([]);
    // Each finish reports what was dropped since the last one.
    view.finish();
    expect(c.diagnostics).toHaveLength(7);
  });
});
