import { describe, expect, it } from 'vitest';
import { buildShapefile, square } from '../../test/rx/build-shapefile.ts';
import { craftZip, rxZip, zeroBomb } from '../../test/rx/build-zip.ts';
import { brief, only } from '../../test/rx/rule-helpers.ts';
import type { ReportDescriptor } from '../rules/rule.ts';
import {
  zipBomb,
  zipDuplicateEntry,
  zipEntryCorrupt,
  zipEntryTooLarge,
  zipEntryUnsupported,
  zipNestedArchive,
  zipOverlappingEntries,
  zipSymlink,
  zipTooManyEntries,
  zipUnreadable,
  zipUnsafePath,
} from './zip-rules.ts';
import type { ZipEntry, ZipLimits, ZipStage } from './zip-stages.ts';

/** What a rule's visitor reports for one stage result, without a ZIP. */
function visit(
  rule: {
    meta: { code: string };
    check?(stage: ZipStage, context: { report(d: ReportDescriptor): void }): void;
  },
  stage: ZipStage,
) {
  const reports: ReportDescriptor[] = [];
  rule.check?.(stage, { report: (d) => reports.push(d) });
  return reports.map((d) => d.messageId);
}

const limits: ZipLimits = {
  maxEntries: 10,
  maxEntrySize: 1000,
  maxTotalSize: 2000,
  maxRatio: 10,
  ratioMinSize: 100,
};
const entry = (over: Partial<ZipEntry>): ZipEntry => ({
  index: 0,
  name: 'zones.shp',
  method: 8,
  flags: 0,
  crc32: 0,
  compressedSize: 10,
  uncompressedSize: 50,
  localHeaderOffset: 0,
  versionMadeBy: 20,
  externalAttributes: 0,
  dosTime: 0,
  dosDate: 0,
  isDirectory: false,
  isSymlink: false,
  encrypted: false,
  ...over,
});
const facts = {
  unsafePath: undefined,
  localHeader: 'ok',
  symlinkTarget: undefined,
  nestedArchive: false,
} as const;

describe("the zip-archive rules as visitors over the reader's stage results", () => {
  it('decide from the facts alone: RXA004 from the sizes, RXA008 from the header and the read', () => {
    const bomb = entry({ compressedSize: 20, uncompressedSize: 900 });
    expect(visit(zipBomb, { stage: 'entry', entry: bomb, facts, limits })).toEqual(['ratio']);
    // Over the per-entry limit it is RXA003's, not a bomb as well.
    expect(
      visit(zipBomb, { stage: 'entry', entry: entry({ uncompressedSize: 5000 }), facts, limits }),
    ).toEqual([]);
    expect(
      visit(zipBomb, { stage: 'read', entry: bomb, problem: { kind: 'overrun', cap: 900 }, limits }),
    ).toEqual(['overrun']);
    const noHeader = { ...facts, localHeader: 'wrongSignature' } as const;
    expect(visit(zipEntryCorrupt, { stage: 'entry', entry: entry({}), facts: noHeader, limits })).toEqual([
      'localHeader',
    ]);
    // An entry refused for its name is not reported again for its header.
    const unsafe = { ...noHeader, unsafePath: 'parent' } as const;
    expect(visit(zipEntryCorrupt, { stage: 'entry', entry: entry({}), facts: unsafe, limits })).toEqual([]);
    expect(
      visit(zipEntryCorrupt, {
        stage: 'read',
        entry: entry({}),
        problem: { kind: 'crc', actual: 1 },
        limits,
      }),
    ).toEqual(['crc']);
  });

  it('each report what its stage result shows, and nothing for a clean one', () => {
    const clean = entry({});
    const at = (e: ZipEntry, f: typeof facts | Record<string, unknown> = facts): ZipStage =>
      ({ stage: 'entry', entry: e, facts: { ...facts, ...f }, limits }) as ZipStage;
    const cases: [Parameters<typeof visit>[0], ZipStage, string[]][] = [
      [zipUnreadable, { stage: 'open', problem: { kind: 'split' } }, ['unsupported']],
      [zipUnreadable, { stage: 'open', problem: { kind: 'tooManyEntries', count: 11, limit: 10 } }, []],
      [
        zipTooManyEntries,
        { stage: 'open', problem: { kind: 'tooManyEntries', count: 11, limit: 10 } },
        ['tooMany'],
      ],
      [zipEntryTooLarge, at(entry({ uncompressedSize: 1001 })), ['entry']],
      [zipEntryTooLarge, { stage: 'total', declaredTotal: 2001, limits }, ['total']],
      [zipUnsafePath, at(clean, { unsafePath: 'absolute' }), ['absolute']],
      [zipSymlink, at(entry({ isSymlink: true }), { symlinkTarget: '/etc/passwd' }), ['symlink']],
      [zipNestedArchive, at(entry({ name: 'inner.zip' }), { nestedArchive: true }), ['nested']],
      [zipEntryUnsupported, at(entry({ method: 14 })), ['method']],
      [zipEntryUnsupported, at(entry({ encrypted: true, isDirectory: true })), []],
      [
        zipDuplicateEntry,
        { stage: 'listing', facts: { duplicates: [{ name: 'a', count: 2 }], overlaps: [] } },
        ['duplicate'],
      ],
    ];
    for (const [rule, stage, expected] of cases) expect(visit(rule, stage), rule.meta.code).toEqual(expected);
    for (const rule of [
      zipUnsafePath,
      zipSymlink,
      zipNestedArchive,
      zipEntryUnsupported,
      zipEntryTooLarge,
      zipBomb,
    ])
      expect(visit(rule, at(clean)), rule.meta.code).toEqual([]);
  });

  it('leave the stages that are not theirs alone', () => {
    const overlaps = [{ entry: entry({ name: 'b' }), other: entry({ name: 'a' }), refusedBefore: false }];
    expect(visit(zipOverlappingEntries, { stage: 'listing', facts: { duplicates: [], overlaps } })).toEqual([
      'overlap',
    ]);
    expect(visit(zipOverlappingEntries, { stage: 'total', declaredTotal: 5000, limits })).toEqual([]);
    expect(
      visit(zipOverlappingEntries, {
        stage: 'listing',
        facts: { duplicates: [], overlaps: [{ ...overlaps[0]!, refusedBefore: true }] },
      }),
    ).toEqual([]);
  });
});

describe('RXA001 zip-unreadable', () => {
  it('accepts a readable ZIP', () => {
    expect(only('RXA001', rxZip())).toEqual([]);
  });

  it('reports an empty file, a file that is not a ZIP and a truncated ZIP', () => {
    expect(brief(only('RXA001', new Uint8Array(0)))).toEqual([
      { messageId: 'empty', severity: 'error', location: {} },
    ]);
    const text = only('RXA001', new TextEncoder().encode('%PDF-1.7 not a zip'));
    expect(text[0]?.message).toBe(
      'The file is not a ZIP archive: no ZIP end-of-directory record was found (the file starts with 25 50 44 46)',
    );
    const zip = rxZip();
    const cut = only('RXA001', zip.subarray(0, 40));
    expect(cut[0]?.message).toBe('The archive is truncated: the file ends inside entry "zones.shp"');
  });

  it('reports a damaged central directory', () => {
    const zip = rxZip().slice();
    const view = new DataView(zip.buffer);
    const directoryOffset = view.getUint32(zip.length - 6, true);
    zip[directoryOffset] = 0; // break the first directory record's signature
    expect(only('RXA001', zip)[0]?.message).toBe(
      'The archive directory is damaged: entry 1 of 4 is missing or damaged',
    );
  });

  it('reports one part of a split (multi-volume) archive', () => {
    const zip = rxZip().slice();
    new DataView(zip.buffer).setUint16(zip.length - 22 + 4, 1, true); // "this is disk 1"
    expect(brief(only('RXA001', zip))).toEqual([
      { messageId: 'unsupported', severity: 'error', location: {} },
    ]);
  });
});

describe('RXA002 zip-too-many-entries', () => {
  it('accepts an archive within the limit', () => {
    expect(only('RXA002', rxZip(), { limits: { maxEntries: 4 } })).toEqual([]);
  });

  it('reports an archive over the limit and does not open it', () => {
    const ds = only('RXA002', rxZip(), { limits: { maxEntries: 3 } });
    expect(brief(ds)).toEqual([{ messageId: 'tooMany', severity: 'error', location: {} }]);
    expect(ds[0]?.message).toBe('The archive declares 4 entries; at most 3 are read, so it was not opened');
  });
});

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

describe('RXA004 zip-bomb', () => {
  it('accepts real shapefile members, which compress far less', () => {
    expect(only('RXA004', rxZip())).toEqual([]);
  });

  it('reports an entry compressed over the ratio limit, from its header', () => {
    const zip = craftZip([{ name: 'a.dbf', raw: zeroBomb(8), uncompressedSize: 8 * 1024 * 1024 }]);
    const ds = only('RXA004', zip);
    expect(brief(ds)).toEqual([{ messageId: 'ratio', severity: 'error', location: { entry: 'a.dbf' } }]);
  });

  it('stops an entry that unpacks beyond its declared size at that size', () => {
    const zip = craftZip([
      { name: 'zones.shp', raw: zeroBomb(16), uncompressedSize: 100 },
      { name: 'zones.shx', data: new Uint8Array(100) },
      { name: 'zones.dbf', data: new Uint8Array(100) },
    ]);
    const ds = only('RXA004', zip);
    expect(brief(ds)).toEqual([
      { messageId: 'overrun', severity: 'error', location: { entry: 'zones.shp' } },
    ]);
    expect(ds[0]?.message).toBe(
      'Entry "zones.shp" unpacks to more than the 100 bytes its header declares; unpacking was stopped at 100 bytes',
    );
  });
});

describe('RXA005 zip-unsafe-path', () => {
  it('accepts plain relative names, dots inside names included', () => {
    expect(
      only('RXA005', rxZip({ folder: 'rx..2024', extra: [{ name: 'a..b.txt', bytes: new Uint8Array(1) }] })),
    ).toEqual([]);
  });

  it('reports "..", absolute and control-character names', () => {
    const zip = craftZip([
      { name: 'rx/../../x.shp', data: new Uint8Array(1) },
      { name: '/abs.shp', data: new Uint8Array(1) },
      { name: '\\\\server\\share.shp', data: new Uint8Array(1) },
      { name: 'bell\u0007.shp', data: new Uint8Array(1) },
    ]);
    expect(brief(only('RXA005', zip))).toEqual([
      { messageId: 'parent', severity: 'error', location: { entry: 'rx/../../x.shp' } },
      { messageId: 'absolute', severity: 'error', location: { entry: '/abs.shp' } },
      { messageId: 'absolute', severity: 'error', location: { entry: '\\\\server\\share.shp' } },
      { messageId: 'control', severity: 'error', location: { entry: 'bell\u0007.shp' } },
    ]);
  });
});

describe('RXA006 zip-symlink', () => {
  it('accepts regular files with a Unix mode', () => {
    expect(
      only('RXA006', craftZip([{ name: 'a.txt', data: new Uint8Array(3), unixMode: 0o100644 }])),
    ).toEqual([]);
  });

  it('reports a symbolic link with its target', () => {
    const zip = craftZip([
      { name: 'zones.dbf', data: new TextEncoder().encode('../../secret'), method: 0, unixMode: 0o120777 },
    ]);
    const ds = only('RXA006', zip);
    expect(brief(ds)).toEqual([
      { messageId: 'symlink', severity: 'error', location: { entry: 'zones.dbf' } },
    ]);
    expect(ds[0]?.message).toBe(
      'Entry "zones.dbf" is a symbolic link to "../../secret"; links are not followed',
    );
  });
});

describe('RXA007 zip-nested-archive', () => {
  it('accepts an archive without archives inside', () => {
    expect(only('RXA007', rxZip())).toEqual([]);
  });

  it('reports archives inside the archive', () => {
    const zip = rxZip({
      extra: [
        { name: 'backup/zones.zip', bytes: rxZip() },
        { name: 'zones.tar.gz', bytes: new Uint8Array(4) },
      ],
    });
    expect(brief(only('RXA007', zip))).toEqual([
      { messageId: 'nested', severity: 'warning', location: { entry: 'backup/zones.zip' } },
      { messageId: 'nested', severity: 'warning', location: { entry: 'zones.tar.gz' } },
    ]);
  });
});

describe('RXA008 zip-entry-corrupt', () => {
  const files = buildShapefile({ records: [[square(0, 0, 0.001)]] });
  const withDbf = (dbf: Parameters<typeof craftZip>[0][number]) =>
    craftZip([{ name: 'zones.shp', data: files.shp }, { name: 'zones.shx', data: files.shx }, dbf]);

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

describe('RXA010 zip-duplicate-entry', () => {
  it('accepts unique names', () => {
    expect(only('RXA010', rxZip())).toEqual([]);
  });

  it('reports a name stored twice', () => {
    const ds = only('RXA010', rxZip({ extra: [{ name: 'zones.dbf', bytes: new Uint8Array(3) }] }));
    expect(brief(ds)).toEqual([
      { messageId: 'duplicate', severity: 'error', location: { entry: 'zones.dbf' } },
    ]);
    expect(ds[0]?.message).toBe('Entry "zones.dbf" appears 2 times in the archive');
  });
});

describe('RXA011 zip-overlapping-entries', () => {
  it('accepts entries with their own data', () => {
    expect(
      only(
        'RXA011',
        craftZip([
          { name: 'a', data: new Uint8Array(9) },
          { name: 'b', data: new Uint8Array(9) },
        ]),
      ),
    ).toEqual([]);
  });

  it('reports entries that point at another entry’s data', () => {
    const zip = craftZip([
      { name: 'kernel', data: new Uint8Array(1000) },
      { name: 'copy1', data: new Uint8Array(1000), shareDataWith: 0 },
      { name: 'copy2', data: new Uint8Array(1000), shareDataWith: 0 },
    ]);
    expect(brief(only('RXA011', zip))).toEqual([
      { messageId: 'overlap', severity: 'error', location: { entry: 'copy1' } },
      { messageId: 'overlap', severity: 'error', location: { entry: 'copy2' } },
    ]);
  });
});
