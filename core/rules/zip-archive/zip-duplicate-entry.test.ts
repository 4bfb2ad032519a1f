import { describe, expect, it } from 'vitest';
import { brief, only } from '../../../test/rx/rule-helpers.ts';
import { rxZip } from '../../../test/rx/build-zip.ts';

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
