import { describe, expect, it } from 'vitest';
import { brief, only } from '../../../test/rx/rule-helpers.ts';
import { craftZip, rxZip } from '../../../test/rx/build-zip.ts';
import { buildShapefile, square } from '../../../test/rx/build-shapefile.ts';

const files = buildShapefile({ records: [[square(0, 0, 0.001)]] });
const withDbf = (dbf: Parameters<typeof craftZip>[0][number]) =>
  craftZip([{ name: 'zones.shp', data: files.shp }, { name: 'zones.shx', data: files.shx }, dbf]);

describe('RXA008 zip-entry-corrupt', () => {
  it('accepts intact entries', () => {
    expect(only('RXA008', rxZip())).toEqual([]);
  });

  it('reports a checksum mismatch', () => {
    const ds = only('RXA008', withDbf({ name: 'zones.dbf', data: files.dbf, crc: 1 }));
    expect(brief(ds)).toEqual([{ messageId: 'crc', severity: 'error', location: { entry: 'zones.dbf' } }]);
    expect(ds[0]?.message).toMatch(
      /^Entry "zones.dbf" fails its checksum \(CRC-32 [0-9a-f]{8}, expected 00000001\)/,
    );
  });

  it('reports broken deflate data and a stored entry of the wrong size', () => {
    expect(
      brief(
        only('RXA008', withDbf({ name: 'zones.dbf', raw: Uint8Array.of(0xfe, 0xff), uncompressedSize: 10 })),
      ),
    ).toEqual([{ messageId: 'inflate', severity: 'error', location: { entry: 'zones.dbf' } }]);
    const short = only(
      'RXA008',
      withDbf({ name: 'zones.dbf', data: files.dbf, method: 0, uncompressedSize: 5 }),
    );
    expect(short[0]?.message).toBe(
      `Entry "zones.dbf" unpacks to ${files.dbf.length} bytes, but its header declares 5`,
    );
  });

  it('reports a directory record pointing past the end of the file', () => {
    const zip = withDbf({ name: 'zones.dbf', data: files.dbf }).slice();
    const view = new DataView(zip.buffer);
    const directory = view.getUint32(zip.length - 6, true);
    // Third directory record: skip the first two (46 + name length each).
    let p = directory;
    for (let i = 0; i < 2; i++) p += 46 + view.getUint16(p + 28, true);
    view.setUint32(p + 42, 0x7fffffff, true);
    expect(brief(only('RXA008', zip))).toEqual([
      { messageId: 'outOfBounds', severity: 'error', location: { entry: 'zones.dbf' } },
    ]);
  });

  it('reports a local header that is not where the directory says', () => {
    const zip = withDbf({ name: 'zones.dbf', data: files.dbf }).slice();
    zip[0] = 0; // the first local header's signature
    expect(brief(only('RXA008', zip))).toEqual([
      { messageId: 'localHeader', severity: 'error', location: { entry: 'zones.shp' } },
    ]);
  });
});
