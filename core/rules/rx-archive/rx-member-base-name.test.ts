import { describe, expect, it } from 'vitest';
import { brief, only } from '../../../test/rx/rule-helpers.ts';
import { rxZip } from '../../../test/rx/build-zip.ts';

describe('RXA014 rx-member-base-name', () => {
  it('accepts members sharing the base name', () => {
    expect(only('RXA014', rxZip({ base: 'North 40' }))).toEqual([]);
  });

  it('reports members named differently, with a safe rename fix', () => {
    const ds = only('RXA014', rxZip({ names: { dbf: 'Rates.dbf', shx: 'ZONES.shx' } }));
    expect(brief(ds)).toEqual([
      { messageId: 'mismatch', severity: 'error', location: { entry: 'ZONES.shx' } },
      { messageId: 'mismatch', severity: 'error', location: { entry: 'Rates.dbf' } },
    ]);
    expect(ds[1]?.message).toBe('Member "Rates.dbf" has the base name "Rates", but the .shp is "zones"');
    expect(ds[1]?.fix).toEqual({
      safety: 'safe',
      title: 'Rename the members to zones.*',
      before: 'Rates.dbf',
      after: 'zones.dbf',
      artifact: 'rx-zip/rename-members',
    });
  });
});
