import { describe, expect, it } from 'vitest';
import { brief, only } from '../../../test/rx/rule-helpers.ts';
import { rxZip } from '../../../test/rx/build-zip.ts';

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
