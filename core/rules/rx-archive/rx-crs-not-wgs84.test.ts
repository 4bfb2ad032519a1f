import { describe, expect, it } from 'vitest';
import { brief, only } from '../../../test/rx/rule-helpers.ts';
import { rxZip } from '../../../test/rx/build-zip.ts';
import { buildShapefile, square } from '../../../test/rx/build-shapefile.ts';

const UTM33 =
  'PROJCS["ETRS_1989_UTM_Zone_33N",GEOGCS["GCS_ETRS_1989",DATUM["D_ETRS_1989",SPHEROID["GRS_1980",6378137.0,298.257222101]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Transverse_Mercator"],PARAMETER["False_Easting",500000.0],PARAMETER["False_Northing",0.0],PARAMETER["Central_Meridian",15.0],PARAMETER["Scale_Factor",0.9996],PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]';
const files = buildShapefile({ records: [[square(400000, 5800000, 100)]] });

describe('RXA017 rx-crs-not-wgs84', () => {
  it('accepts a WGS 84 .prj', () => {
    expect(only('RXA017', rxZip())).toEqual([]);
  });

  it('reports a projected CRS by name, with an unsafe reprojection fix', () => {
    const ds = only('RXA017', rxZip({ files, prj: UTM33 }));
    expect(brief(ds)).toEqual([{ messageId: 'other', severity: 'error', location: { entry: 'zones.prj' } }]);
    expect(ds[0]?.message).toBe(
      'The .prj describes ETRS89 / UTM zone 33N (EPSG:25833), not WGS 84 (EPSG:4326)',
    );
    expect(ds[0]?.fix).toMatchObject({ safety: 'unsafe', artifact: 'rx-zip/reproject-wgs84' });
  });

  it('reports a .prj that is not a coordinate system, without a fix', () => {
    const ds = only('RXA017', rxZip({ prj: 'hello' }));
    expect(brief(ds)).toEqual([
      { messageId: 'unreadable', severity: 'error', location: { entry: 'zones.prj' } },
    ]);
    expect(ds[0]?.fix).toBeUndefined();
  });
});
