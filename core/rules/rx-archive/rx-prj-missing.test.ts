import { describe, expect, it } from 'vitest';
import { brief, only } from '../../../test/rx/rule-helpers.ts';
import { rxZip } from '../../../test/rx/build-zip.ts';

describe('RXA016 rx-prj-missing', () => {
  it('accepts a ZIP with a .prj', () => {
    expect(only('RXA016', rxZip())).toEqual([]);
  });

  it('warns when the .prj is missing, with the WGS 84 .prj in the hint', () => {
    const ds = only('RXA016', rxZip({ prj: null }));
    expect(brief(ds)).toEqual([{ messageId: 'missing', severity: 'warning', location: {} }]);
    expect(ds[0]?.hint).toMatch(
      /^If the coordinates are WGS 84 longitude\/latitude, add zones\.prj containing GEOGCS\["GCS_WGS_1984"/,
    );
  });
});
