import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildShapefile, square } from '../../test/rx/build-shapefile.ts';
import { rxZip } from '../../test/rx/build-zip.ts';
import { brief, only } from '../../test/rx/rule-helpers.ts';
import { corpusPath } from '../../test/support/corpus.ts';
import { writeZip } from '../archive/zip-writer.ts';
import { validateRx } from './validate-rx.ts';

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

describe('RXA013 rx-member-duplicate', () => {
  it('accepts one of each member', () => {
    expect(only('RXA013', rxZip())).toEqual([]);
  });

  it('reports two shapefiles in one ZIP', () => {
    const zip = rxZip({
      extra: [
        { name: 'south.shp', bytes: new Uint8Array(100) },
        { name: 'south.dbf', bytes: new Uint8Array(40) },
      ],
    });
    const ds = only('RXA013', zip);
    expect(brief(ds)).toEqual([
      { messageId: 'duplicate', severity: 'error', location: { entry: 'south.shp' } },
    ]);
    expect(ds[0]?.message).toBe(
      'The archive has 2 .shp files (zones.shp, south.shp); a prescription holds exactly one',
    );
  });
});

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

describe('RXA017 rx-crs-not-wgs84', () => {
  const UTM33 =
    'PROJCS["ETRS_1989_UTM_Zone_33N",GEOGCS["GCS_ETRS_1989",DATUM["D_ETRS_1989",SPHEROID["GRS_1980",6378137.0,298.257222101]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Transverse_Mercator"],PARAMETER["False_Easting",500000.0],PARAMETER["False_Northing",0.0],PARAMETER["Central_Meridian",15.0],PARAMETER["Scale_Factor",0.9996],PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]';
  const files = buildShapefile({ records: [[square(400000, 5800000, 100)]] });

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

describe('RXA018 rx-extra-files', () => {
  it('lists nothing when the ZIP holds just the members (a .cpg included)', () => {
    expect(only('RXA018', rxZip({ cpg: 'UTF-8' }))).toEqual([]);
  });

  it('lists the other files, macOS resource forks included', () => {
    const ds = only(
      'RXA018',
      rxZip({
        extra: [
          { name: 'zones.shp.xml', bytes: new Uint8Array(3) },
          { name: '__MACOSX/._zones.shp', bytes: new Uint8Array(3) },
        ],
      }),
    );
    expect(brief(ds)).toEqual([{ messageId: 'extra', severity: 'info', location: {} }]);
    expect(ds[0]?.message).toBe(
      'The archive also holds 2 files the prescription does not use: zones.shp.xml, __MACOSX/._zones.shp',
    );
  });
});

describe('RXA019 rx-isoxml-taskdata', () => {
  const taskdata = (name = 'TASKDATA/TASKDATA.XML') =>
    writeZip([
      { name, bytes: new TextEncoder().encode('<ISO11783_TaskData VersionMajor="4"/>') },
      { name: 'TASKDATA/GRD00001.BIN', bytes: new Uint8Array(16) },
    ]);

  it('accepts a shapefile prescription, even one with a TASKDATA.XML beside it', () => {
    expect(only('RXA019', rxZip())).toEqual([]);
    const both = rxZip({ extra: [{ name: 'TASKDATA.XML', bytes: new Uint8Array(1) }] });
    expect(only('RXA019', both)).toEqual([]);
  });

  it('reports an ISOXML task set once, at its TASKDATA.XML, instead of three missing members', () => {
    const { diagnostics } = validateRx(taskdata());
    expect(diagnostics.map((d) => d.code)).toEqual(['RXA019']);
    expect(brief(diagnostics)).toEqual([
      { messageId: 'taskdata', severity: 'error', location: { entry: 'TASKDATA/TASKDATA.XML' } },
    ]);
    expect(diagnostics[0]?.message).toBe(
      'This is an ISOXML TASKDATA archive ("TASKDATA/TASKDATA.XML"), not a shapefile prescription: the service takes a zipped shapefile (.shp, .shx, .dbf)',
    );
  });

  it('knows the file name in any case and at the top level', () => {
    expect(brief(only('RXA019', taskdata('taskdata.xml')))).toEqual([
      { messageId: 'taskdata', severity: 'error', location: { entry: 'taskdata.xml' } },
    ]);
  });

  it('reports the real ISOXML export of the corpus (isoxml-js task_full.zip) with one error', () => {
    const zip = new Uint8Array(readFileSync(corpusPath('dev4Agriculture-isoxml-js/data/task_full.zip')));
    const { diagnostics } = validateRx(zip);
    expect(diagnostics.map((d) => [d.code, d.location.entry])).toEqual([['RXA019', 'TASKDATA/TASKDATA.XML']]);
  });

  it('falls back to the missing-member errors when the rule is ignored', () => {
    const { diagnostics } = validateRx(taskdata(), { selection: { ignore: ['RXA019'] } });
    expect(diagnostics.map((d) => d.code)).toEqual(['RXA012', 'RXA012', 'RXA012']);
  });
});
