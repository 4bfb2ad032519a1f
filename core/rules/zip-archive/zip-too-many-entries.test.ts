import { describe, expect, it } from 'vitest';
import { brief, only } from '../../../test/rx/rule-helpers.ts';
import { rxZip } from '../../../test/rx/build-zip.ts';

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
