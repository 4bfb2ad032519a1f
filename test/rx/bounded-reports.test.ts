/**
 * Reports stay bounded: per-record problems are reported up to 50 times per rule, then summed up with the
 * rule's "more" message, so a hostile file with thousands of bad records gives a short, complete report.
 */
import { describe, expect, it } from 'vitest';
import { DiagnosticCollector } from '../../core/rules/reporter.ts';
import { nullShape, zoneCount } from '../../core/rx/zone-rules.ts';
import { validateRx } from '../../core/rx/validate-rx.ts';
import { buildShapefile, square } from './build-shapefile.ts';
import { rxZip } from './build-zip.ts';

const grid = (n: number) =>
  Array.from({ length: n }, (_, i) => [
    square(10 + (i % 10) * 0.001, 50 + Math.floor(i / 10) * 0.001, 0.001),
  ]);

describe('bounded reports', () => {
  it('RXS009 and RXZ004: 50 reports, then "N more"', () => {
    const records = [...grid(40), ...Array.from({ length: 60 }, () => null)];
    const rows = records.map(() => [-1]);
    const ds = validateRx(rxZip({ shapefile: { records, rows } }), {
      selection: { select: ['RXS009', 'RXZ004'] },
    }).diagnostics;
    const nulls = ds.filter((d) => d.code === 'RXS009');
    expect(nulls).toHaveLength(51);
    expect(nulls[50]?.message).toBe('10 more records have no geometry');
    const rates = ds.filter((d) => d.code === 'RXZ004');
    expect(rates[50]).toMatchObject({ messageId: 'more', message: '50 more zones have an invalid rate' });
  });

  it('RXZ006: overlapping pairs beyond 50 are summed up', () => {
    const records = Array.from({ length: 60 }, (_, i) => [square(10 + i * 0.0001, 50, 0.001)]);
    const ds = validateRx(rxZip({ shapefile: { records } }), {
      selection: { select: ['RXZ006'] },
    }).diagnostics;
    expect(ds).toHaveLength(51);
    expect(ds[50]?.message).toMatch(/^\d+ more pairs of zones overlap$/);
  });

  it('RXS006, RXS007 and RXS008 sum up too', () => {
    const files = buildShapefile({ records: grid(60) });
    const shp = files.shp.slice();
    const view = new DataView(shp.buffer);
    for (let i = 0; i < 60; i++) {
      const content = 100 + i * 136 + 8;
      view.setFloat64(content + 4, 0, true); // xmin 0: a looser box (warning)
      view.setInt32(content - 8, 1000 + i, false); // record number off
      view.setInt32(content, 3, true); // PolyLine in a Polygon file
    }
    const ds = validateRx(rxZip({ files: { ...files, shp } }), {
      selection: { select: ['RXS006', 'RXS007', 'RXS008'] },
    }).diagnostics;
    const more = ds.filter((d) => d.messageId === 'more').map((d) => [d.code, d.message]);
    expect(more).toEqual([
      ['RXS007', '10 more records are malformed'],
      ['RXS008', '10 more records have a shape type other than the header’s'],
      ['RXS006', '10 more records have a wrong bounding box'],
    ]);
  });

  it('RXS005, RXS011, RXS012 and RXS013 sum up too', () => {
    const records = grid(60);
    const fields = [
      { name: 'RATE', type: 'N', length: 6 },
      { name: 'NAME', type: 'C', length: 4 },
    ] as const;
    const files = buildShapefile({ records, fields: [...fields], rows: records.map(() => ['x1', 'ab']) });
    const dbf = files.dbf.slice();
    const header = new DataView(dbf.buffer).getUint16(8, true);
    for (let i = 0; i < 60; i++) {
      dbf[header + i * 11] = 0x2a; // deleted
      dbf[header + i * 11 + 7] = 0xff; // not UTF-8
    }
    const shx = files.shx.slice();
    for (let i = 0; i < 60; i++) new DataView(shx.buffer).setInt32(100 + 8 * i, 4, false);
    const ds = validateRx(rxZip({ files: { ...files, dbf, shx }, cpg: 'UTF-8' }), {
      selection: { select: ['RXS005', 'RXS011', 'RXS012', 'RXS013'] },
    }).diagnostics;
    expect(ds.filter((d) => d.messageId === 'more').map((d) => d.message)).toEqual([
      '10 more records have the same .shx mismatch',
      '10 more records are marked as deleted',
      '10 more values do not fit their field type',
      '10 more values are not valid UTF-8',
    ]);
  });

  it('rules without a "more" message get the collector\'s note', () => {
    const c = new DiagnosticCollector();
    const capped = c.capped(2);
    for (let i = 0; i < 5; i++) capped.report(zoneCount, { messageId: 'none', location: { entry: 'z.shp' } });
    for (let i = 0; i < 5; i++)
      capped.report(nullShape, { messageId: 'empty', data: { record: i }, location: {} });
    capped.finish();
    expect(c.diagnostics.map((d) => `${d.code}:${d.messageId}`)).toEqual([
      'RXZ001:none',
      'RXZ001:none',
      'RXS009:empty',
      'RXS009:empty',
      'RXZ001:not-listed',
      'RXS009:more',
    ]);
    expect(c.diagnostics[4]).toMatchObject({
      severity: 'info',
      location: { entry: 'z.shp' },
      message:
        '3 more RXZ001 zone-count diagnostics like the ones above were counted but not listed (limit 2 per rule)',
    });
  });
});
