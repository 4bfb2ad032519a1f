import { describe, expect, it } from 'vitest';
import { brief, only } from '../../../test/rx/rule-helpers.ts';
import { rxZip } from '../../../test/rx/build-zip.ts';

describe('RXA012 rx-member-missing', () => {
  it('accepts .shp, .shx and .dbf together', () => {
    expect(only('RXA012', rxZip())).toEqual([]);
  });

  it('reports each missing member', () => {
    const ds = only('RXA012', rxZip({ omit: ['shx', 'dbf'] }));
    expect(brief(ds)).toEqual([
      { messageId: 'missing', severity: 'error', location: {} },
      { messageId: 'missing', severity: 'error', location: {} },
    ]);
    expect(ds.map((d) => d.message)).toEqual([
      'The archive has no .shx file',
      'The archive has no .dbf file',
    ]);
    expect(only('RXA012', rxZip({ omit: ['shp'] }))[0]?.message).toBe('The archive has no .shp file');
  });
});
