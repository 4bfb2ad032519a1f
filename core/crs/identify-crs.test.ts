import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { corpusPath } from '../../test/support/corpus.ts';
import { describeCrs, identifyCrs } from './identify-crs.ts';
import { reprojectPointToWgs84, reprojectToWgs84 } from './reproject.ts';

const convert = corpusPath('fiboa-cli-testdata/tests/data-files/convert');
const prjOf = (zip: string): string => {
  const entries = unzipSync(readFileSync(zip));
  const name = Object.keys(entries).find((n) => n.toLowerCase().endsWith('.prj'));
  return name ? strFromU8(entries[name] as Uint8Array) : '';
};

const ALBERS_USGS_ESRI =
  'PROJCS["USA_Contiguous_Albers_Equal_Area_Conic_USGS_version",GEOGCS["GCS_North_American_1983",DATUM["D_North_American_1983",SPHEROID["GRS_1980",6378137.0,298.257222101]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Albers"],PARAMETER["False_Easting",0.0],PARAMETER["False_Northing",0.0],PARAMETER["Central_Meridian",-96.0],PARAMETER["Standard_Parallel_1",29.5],PARAMETER["Standard_Parallel_2",45.5],PARAMETER["Latitude_Of_Origin",23.0],UNIT["Meter",1.0]]';
const IOWA_NORTH_FEET =
  'PROJCS["NAD_1983_StatePlane_Iowa_North_FIPS_1401_Feet",GEOGCS["GCS_North_American_1983",DATUM["D_North_American_1983",SPHEROID["GRS_1980",6378137.0,298.257222101]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Lambert_Conformal_Conic"],PARAMETER["False_Easting",4921250.0],PARAMETER["False_Northing",3280833.333333333],PARAMETER["Central_Meridian",-93.5],PARAMETER["Standard_Parallel_1",42.06666666666667],PARAMETER["Standard_Parallel_2",43.26666666666667],PARAMETER["Latitude_Of_Origin",41.5],UNIT["Foot_US",0.3048006096012192]]';

describe('identifyCrs', () => {
  it('identifies the corpus .prj files: SWEREF99 TM and ETRS89 / UTM 33N (ESRI WKT, by name)', () => {
    const se = identifyCrs(prjOf(resolve(convert, 'se/se2023.zip')));
    expect(se).toMatchObject({ ok: true, matchedBy: 'name', crs: { code: 'EPSG:3006' } });
    const de = identifyCrs(prjOf(resolve(convert, 'de_bb/antrag.zip')));
    expect(de).toMatchObject({ ok: true, matchedBy: 'name', crs: { code: 'EPSG:25833' } });
    const wgs = identifyCrs(prjOf(corpusPath('derived/isoxml_test_rx.zip')));
    expect(wgs).toMatchObject({ ok: true, crs: { code: 'EPSG:4326' } });
  });

  it('takes codes in every common spelling', () => {
    for (const code of [
      'EPSG:3006',
      'epsg:3006',
      '3006',
      'urn:ogc:def:crs:EPSG::3006',
      'http://www.opengis.net/def/crs/EPSG/0/3006',
    ]) {
      expect(identifyCrs(code)).toMatchObject({ ok: true, matchedBy: 'code', crs: { code: 'EPSG:3006' } });
    }
    expect(identifyCrs('urn:ogc:def:crs:OGC:1.3:CRS84')).toMatchObject({
      ok: true,
      crs: { code: 'EPSG:4326' },
    });
    for (const [code, name] of [
      ['EPSG:32615', 'WGS 84 / UTM zone 15N'],
      ['EPSG:32733', 'WGS 84 / UTM zone 33S'],
      ['EPSG:26914', 'NAD83 / UTM zone 14N'],
      ['EPSG:25832', 'ETRS89 / UTM zone 32N'],
      ['EPSG:5070', 'NAD83 / Conus Albers'],
      ['ESRI:102039', 'USA Contiguous Albers Equal Area Conic USGS version'],
    ]) {
      expect(identifyCrs(code as string)).toMatchObject({ ok: true, crs: { name } });
    }
  });

  it('prefers an AUTHORITY code in OGC WKT', () => {
    const wkt =
      'PROJCS["some local name",GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563]],PRIMEM["Greenwich",0],UNIT["degree",0.0174532925199433]],PROJECTION["Transverse_Mercator"],PARAMETER["latitude_of_origin",0],PARAMETER["central_meridian",-93],PARAMETER["scale_factor",0.9996],PARAMETER["false_easting",500000],PARAMETER["false_northing",0],UNIT["metre",1],AUTHORITY["EPSG","32615"]]';
    expect(identifyCrs(wkt)).toMatchObject({ ok: true, matchedBy: 'authority', crs: { code: 'EPSG:32615' } });
    // Without the authority, the parameters identify the same zone.
    expect(identifyCrs(wkt.replace(',AUTHORITY["EPSG","32615"]', ''))).toMatchObject({
      ok: true,
      matchedBy: 'parameters',
      crs: { code: 'EPSG:32615' },
    });
  });

  it('identifies the ESRI Albers USGS version used by the CSB and reprojects its origin', () => {
    const r = identifyCrs(ALBERS_USGS_ESRI);
    expect(r).toMatchObject({ ok: true, matchedBy: 'name', crs: { code: 'ESRI:102039' } });
    if (!r.ok) return;
    const [lon, lat] = reprojectPointToWgs84(0, 0, r.crs);
    expect(lon).toBeCloseTo(-96, 9);
    expect(lat).toBeCloseTo(23, 9);
  });

  it('builds a definition from parameters for a state plane in US feet', () => {
    const r = identifyCrs(IOWA_NORTH_FEET);
    expect(r).toMatchObject({ ok: true, matchedBy: 'parameters', crs: { datum: 'nad83' } });
    if (!r.ok) return;
    expect(r.crs.code).toBeUndefined();
    expect(describeCrs(r.crs)).toBe('NAD 1983 StatePlane Iowa North FIPS 1401 Feet');
    // The false origin (in feet) is the projection's origin.
    const [lon, lat] = reprojectPointToWgs84(4921250, 3280833.333333333, r.crs);
    expect(lon).toBeCloseTo(-93.5, 8);
    expect(lat).toBeCloseTo(41.5, 8);
  });

  it('says why a CRS is unknown: datum, projection, unreadable text, unknown code', () => {
    const dhdn = identifyCrs(
      'PROJCS["DHDN_3_Degree_Gauss_Zone_3",GEOGCS["GCS_Deutsches_Hauptdreiecksnetz",DATUM["D_Deutsches_Hauptdreiecksnetz",SPHEROID["Bessel_1841",6377397.155,299.1528128]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Gauss_Kruger"],PARAMETER["False_Easting",3500000.0],PARAMETER["False_Northing",0.0],PARAMETER["Central_Meridian",9.0],PARAMETER["Scale_Factor",1.0],PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]',
    );
    expect(dhdn).toEqual({
      ok: false,
      name: 'DHDN_3_Degree_Gauss_Zone_3',
      reason: 'its datum D_Deutsches_Hauptdreiecksnetz has no transformation to WGS 84 in Fieldgate',
    });
    const oblique = identifyCrs(
      'PROJCS["x",GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Hotine_Oblique_Mercator"],UNIT["Meter",1.0]]',
    );
    expect(oblique).toMatchObject({
      ok: false,
      reason: 'its projection Hotine_Oblique_Mercator is not one Fieldgate can compute',
    });
    expect(identifyCrs('EPSG:31467')).toMatchObject({ ok: false, name: 'EPSG:31467' });
    expect(identifyCrs('PROJCS["broken"')).toMatchObject({ ok: false });
    expect(identifyCrs('')).toMatchObject({ ok: false, name: '(empty)' });
  });

  it('reprojects interleaved arrays, WGS 84 unchanged, failures as NaN', () => {
    const se = identifyCrs('EPSG:3006');
    if (!se.ok) throw new Error('EPSG:3006 unknown');
    const out = reprojectToWgs84(Float64Array.from([374000, 6135000, NaN, 1]), se.crs);
    expect(out[0]).toBeCloseTo(13.01305, 4);
    expect(out[1]).toBeCloseTo(55.34517, 4);
    expect(Number.isNaN(out[2])).toBe(true);
    const wgs = identifyCrs('EPSG:4326');
    if (!wgs.ok) throw new Error('EPSG:4326 unknown');
    expect(Array.from(reprojectToWgs84([1.5, 2.5], wgs.crs))).toEqual([1.5, 2.5]);
  });
});
