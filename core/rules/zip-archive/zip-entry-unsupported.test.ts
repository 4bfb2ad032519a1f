import { describe, expect, it } from 'vitest';
import { brief, only } from '../../../test/rx/rule-helpers.ts';
import { craftZip, rxZip } from '../../../test/rx/build-zip.ts';

describe('RXA009 zip-entry-unsupported', () => {
  it('accepts stored and deflated entries', () => {
    expect(
      only(
        'RXA009',
        craftZip([
          { name: 'a', data: new Uint8Array(5), method: 0 },
          { name: 'b', data: new Uint8Array(5) },
        ]),
      ),
    ).toEqual([]);
    expect(only('RXA009', rxZip())).toEqual([]);
  });

  it('reports encrypted entries and other methods', () => {
    const zip = craftZip([
      { name: 'a.dbf', data: new Uint8Array(5), flags: 1 },
      { name: 'b.dbf', raw: new Uint8Array(5), method: 12 },
    ]);
    const ds = only('RXA009', zip);
    expect(brief(ds)).toEqual([
      { messageId: 'encrypted', severity: 'error', location: { entry: 'a.dbf' } },
      { messageId: 'method', severity: 'error', location: { entry: 'b.dbf' } },
    ]);
    expect(ds[1]?.message).toBe(
      'Entry "b.dbf" uses compression method 12 (bzip2); only stored and deflated entries can be read',
    );
  });
});
