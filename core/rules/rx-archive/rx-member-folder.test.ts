import { describe, expect, it } from 'vitest';
import { writeZip } from '../../archive/zip-writer.ts';
import { brief, only } from '../../../test/rx/rule-helpers.ts';
import { rxZip } from '../../../test/rx/build-zip.ts';
import { buildShapefile, square } from '../../../test/rx/build-shapefile.ts';

describe('RXA015 rx-member-folder', () => {
  it('accepts members at the top level', () => {
    expect(only('RXA015', rxZip())).toEqual([]);
  });

  it('warns about one folder and fails deeper folders, with a safe lift fix', () => {
    const one = only('RXA015', rxZip({ folder: 'rx' }));
    expect(brief(one)).toEqual([
      { messageId: 'folder', severity: 'warning', location: { entry: 'rx/zones.shp' } },
    ]);
    expect(one[0]?.fix).toMatchObject({
      safety: 'safe',
      artifact: 'rx-zip/lift-members',
      after: 'zones.shp',
    });
    const deep = only('RXA015', rxZip({ folder: 'a/b/c' }));
    expect(brief(deep)).toEqual([
      { messageId: 'deep', severity: 'error', location: { entry: 'a/b/c/zones.shp' } },
    ]);
    expect(deep[0]?.message).toBe(
      'The shapefile is 3 folders deep ("a/b/c"); the service looks at the top level or one folder at most',
    );
  });

  it('fails members spread over folders', () => {
    const f = buildShapefile({ records: [[square(0, 0, 0.001)]] });
    const zip = writeZip([
      { name: 'zones.shp', bytes: f.shp },
      { name: 'zones.shx', bytes: f.shx },
      { name: 'attributes/zones.dbf', bytes: f.dbf },
    ]);
    const ds = only('RXA015', zip);
    expect(brief(ds)).toEqual([{ messageId: 'split', severity: 'error', location: { entry: 'zones.shp' } }]);
    expect(ds[0]?.message).toBe('The shapefile members are in different folders ((top level), "attributes")');
  });
});
