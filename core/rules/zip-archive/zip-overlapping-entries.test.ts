import { describe, expect, it } from 'vitest';
import { brief, only } from '../../../test/rx/rule-helpers.ts';
import { craftZip } from '../../../test/rx/build-zip.ts';

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
