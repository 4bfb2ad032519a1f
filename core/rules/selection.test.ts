import { describe, expect, it } from 'vitest';
import { allRules } from './registry.ts';
import { createRuleFilter, unknownSelectors } from './selection.ts';

const codesSelectedBy = (...select: string[]): string[] =>
  allRules.filter(createRuleFilter({ select })).map((r) => r.code);

describe('rule selection', () => {
  it('selects by code, code prefix, group and rule name', () => {
    expect(codesSelectedBy('RXA004')).toEqual(['RXA004']);
    expect(codesSelectedBy('zip-bomb')).toEqual(['RXA004']);
    expect(codesSelectedBy('zip-archive')).toHaveLength(11);
    expect(codesSelectedBy('RXS').length).toBeGreaterThanOrEqual(13);
  });

  it('keeps the former group rx-archive selecting ZIP safety and prescription members, as before', () => {
    const codes = codesSelectedBy('rx-archive');
    const rxa = allRules.filter((r) => /^RXA0(0\d|1[0-8])$/.test(r.code)).map((r) => r.code);
    expect(rxa).toHaveLength(18);
    expect(codes).toEqual(expect.arrayContaining(rxa));
    expect(unknownSelectors({ select: ['rx-archive'] }, allRules)).toEqual([]);
  });

  it('keeps rx-shapefile selecting every RXS rule, the shapefile structure rules included', () => {
    const rxs = allRules.filter((r) => /^RXS0(0\d|1[0-3])$/.test(r.code)).map((r) => r.code);
    expect(rxs).toHaveLength(13);
    expect(codesSelectedBy('rx-shapefile').sort()).toEqual(rxs.sort());
    expect(codesSelectedBy('shapefile')).toHaveLength(10);
    expect(allRules.filter(createRuleFilter({ ignore: ['rx-shapefile'] })).map((r) => r.code)).not.toContain(
      'RXS001',
    );
  });

  it('files ZIP safety and shapefile structure outside the prescription groups', () => {
    for (const r of allRules) {
      if (r.name.startsWith('zip-')) expect(r.group, r.code).toBe('zip-archive');
      if (/^RXS0(0[145678]|1[0-3])$/.test(r.code)) expect(r.group, r.code).toBe('shapefile');
      // What a prescription needs of its shapefile (polygons, 2-D, no empty records) is a prescription rule.
      if (/^RXS00[239]$/.test(r.code)) expect(r.group, r.code).toBe('rx-shapefile');
    }
  });

  it('does not treat an object property name as an alias', () => {
    expect(codesSelectedBy('constructor')).toEqual([]);
    expect(unknownSelectors({ select: ['toString'] }, allRules)).toHaveLength(1);
  });
});
