import { describe, expect, it } from 'vitest';
import { brief, only } from '../../../test/rx/rule-helpers.ts';
import { craftZip, rxZip } from '../../../test/rx/build-zip.ts';

describe('RXA003 zip-entry-too-large', () => {
  it('accepts entries within the limits', () => {
    expect(only('RXA003', rxZip())).toEqual([]);
  });

  it('reports an entry declaring more than the per-entry limit, before unpacking it', () => {
    const zip = craftZip([
      { name: 'huge.dbf', data: new Uint8Array(10), uncompressedSize: 300 * 1024 * 1024 },
    ]);
    const ds = only('RXA003', zip);
    expect(brief(ds)).toEqual([{ messageId: 'entry', severity: 'error', location: { entry: 'huge.dbf' } }]);
    expect(ds[0]?.message).toBe(
      'Entry "huge.dbf" unpacks to 314,572,800 bytes, over the limit of 104,857,600 bytes per entry',
    );
  });

  it('reports an archive whose entries together exceed the total limit', () => {
    const ds = only('RXA003', rxZip(), { limits: { maxTotalSize: 500 } });
    expect(brief(ds)).toEqual([{ messageId: 'total', severity: 'error', location: {} }]);
    expect(ds[0]?.message).toMatch(
      /^The entries unpack to [\d,]+ bytes in total, over the limit of 500 bytes$/,
    );
  });
});
