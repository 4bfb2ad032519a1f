import { describe, expect, it } from 'vitest';
import { brief, only } from '../../../test/rx/rule-helpers.ts';
import { rxZip } from '../../../test/rx/build-zip.ts';

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
