/**
 * The coordinate reference systems Fieldgate reprojects from, with proj4 definitions equal to the EPSG
 * (or ESRI) definitions. Kept deliberately small: the CRSs field-boundary files actually come in (UTM zones
 * on WGS 84, ETRS89, NAD83 and GDA, US Albers, national grids of the corpus), plus the geographic CRSs
 * that are WGS 84 to within a metre or two. A projected CRS outside this list is still understood when
 * its .prj spells out a projection, datum and unit we know (see identify-crs.ts).
 */

/** Datums we can carry to WGS 84 (all but OSGB 36 within about 2 m, by a null transformation as GDAL/PROJ do). */
export type DatumFamily = 'wgs84' | 'etrs89' | 'nad83' | 'gda94' | 'gda2020' | 'osgb36';

export interface CrsDefinition {
  /** Authority code: "EPSG:3006", "ESRI:102039"; absent for a CRS built from a .prj's parameters. */
  code?: string;
  /** Human name: "SWEREF99 TM". */
  name: string;
  /** proj4 definition string. */
  proj4: string;
  geographic: boolean;
  datum: DatumFamily;
}

export interface CatalogEntry extends CrsDefinition {
  code: string;
  /** Names as they appear in .prj files (OGC and ESRI spellings), normalised by `normaliseCrsName`. */
  aliases: string[];
}

/** Lower case, letters and digits only: "ETRS_1989_UTM_Zone_33N" → "etrs1989utmzone33n". */
export function normaliseCrsName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

export const datumProj4: Record<DatumFamily, string> = {
  wgs84: '+datum=WGS84',
  etrs89: '+ellps=GRS80 +towgs84=0,0,0,0,0,0,0',
  nad83: '+datum=NAD83',
  gda94: '+ellps=GRS80 +towgs84=0,0,0,0,0,0,0',
  gda2020: '+ellps=GRS80 +towgs84=0,0,0,0,0,0,0',
  osgb36: '+ellps=airy +towgs84=446.448,-125.157,542.06,0.15,0.247,0.842,-20.489',
};

export const datumNames: Record<DatumFamily, string> = {
  wgs84: 'WGS 84',
  etrs89: 'ETRS89',
  nad83: 'NAD83',
  gda94: 'GDA94',
  gda2020: 'GDA2020',
  osgb36: 'OSGB 1936',
};

function entry(
  code: string,
  name: string,
  proj4: string,
  datum: DatumFamily,
  aliases: string[],
  geographic = false,
): CatalogEntry {
  return {
    code,
    name,
    proj4,
    geographic,
    datum,
    aliases: [...new Set([normaliseCrsName(name), ...aliases.map(normaliseCrsName)])],
  };
}

function utmZones(): CatalogEntry[] {
  const out: CatalogEntry[] = [];
  for (let zone = 1; zone <= 60; zone++) {
    for (const south of [false, true]) {
      const h = south ? 'S' : 'N';
      const code = `EPSG:${(south ? 32700 : 32600) + zone}`;
      const proj = `+proj=utm +zone=${zone}${south ? ' +south' : ''} +datum=WGS84 +units=m +no_defs`;
      out.push(
        entry(code, `WGS 84 / UTM zone ${zone}${h}`, proj, 'wgs84', [
          `WGS_1984_UTM_Zone_${zone}${h}`,
          `WGS84 UTM ${zone}${h}`,
        ]),
      );
    }
  }
  // ETRS89 / UTM zones 28N–38N: EPSG:25828–25838.
  for (let zone = 28; zone <= 38; zone++) {
    out.push(
      entry(
        `EPSG:${25800 + zone}`,
        `ETRS89 / UTM zone ${zone}N`,
        `+proj=utm +zone=${zone} ${datumProj4.etrs89} +units=m +no_defs`,
        'etrs89',
        [`ETRS_1989_UTM_Zone_${zone}N`, `ETRS89 UTM ${zone}N`, `ETRS89_UTM_zone_${zone}N`],
      ),
    );
  }
  // NAD83 / UTM zones 1N–23N: EPSG:26901–26923.
  for (let zone = 1; zone <= 23; zone++) {
    out.push(
      entry(
        `EPSG:${26900 + zone}`,
        `NAD83 / UTM zone ${zone}N`,
        `+proj=utm +zone=${zone} +datum=NAD83 +units=m +no_defs`,
        'nad83',
        [`NAD_1983_UTM_Zone_${zone}N`],
      ),
    );
  }
  // GDA94 / MGA zones 48–58 (EPSG:28348–28358) and GDA2020 / MGA zones 46–59 (EPSG:7846–7859).
  for (let zone = 48; zone <= 58; zone++) {
    out.push(
      entry(
        `EPSG:${28300 + zone}`,
        `GDA94 / MGA zone ${zone}`,
        `+proj=utm +zone=${zone} +south ${datumProj4.gda94} +units=m +no_defs`,
        'gda94',
        [`GDA_1994_MGA_Zone_${zone}`],
      ),
    );
  }
  for (let zone = 46; zone <= 59; zone++) {
    out.push(
      entry(
        `EPSG:${7800 + zone}`,
        `GDA2020 / MGA zone ${zone}`,
        `+proj=utm +zone=${zone} +south ${datumProj4.gda2020} +units=m +no_defs`,
        'gda2020',
        [`GDA2020_MGA_Zone_${zone}`],
      ),
    );
  }
  return out;
}

const ALBERS_CONUS_USGS =
  '+proj=aea +lat_0=23 +lon_0=-96 +lat_1=29.5 +lat_2=45.5 +x_0=0 +y_0=0 +datum=NAD83 +units=m +no_defs';

export const crsCatalog: readonly CatalogEntry[] = [
  entry(
    'EPSG:4326',
    'WGS 84',
    '+proj=longlat +datum=WGS84 +no_defs',
    'wgs84',
    ['GCS_WGS_1984', 'WGS_1984', 'WGS84', 'CRS84', 'OGC:CRS84'],
    true,
  ),
  entry(
    'EPSG:4258',
    'ETRS89',
    `+proj=longlat ${datumProj4.etrs89} +no_defs`,
    'etrs89',
    ['GCS_ETRS_1989', 'ETRS_1989'],
    true,
  ),
  entry(
    'EPSG:4619',
    'SWEREF99',
    `+proj=longlat ${datumProj4.etrs89} +no_defs`,
    'etrs89',
    ['GCS_SWEREF99'],
    true,
  ),
  entry(
    'EPSG:4269',
    'NAD83',
    '+proj=longlat +datum=NAD83 +no_defs',
    'nad83',
    ['GCS_North_American_1983', 'NAD_1983'],
    true,
  ),
  entry('EPSG:4283', 'GDA94', `+proj=longlat ${datumProj4.gda94} +no_defs`, 'gda94', ['GCS_GDA_1994'], true),
  entry(
    'EPSG:7844',
    'GDA2020',
    `+proj=longlat ${datumProj4.gda2020} +no_defs`,
    'gda2020',
    ['GCS_GDA2020'],
    true,
  ),
  ...utmZones(),
  entry('EPSG:3006', 'SWEREF99 TM', `+proj=utm +zone=33 ${datumProj4.etrs89} +units=m +no_defs`, 'etrs89', [
    'SWEREF99_TM',
  ]),
  entry('EPSG:5070', 'NAD83 / Conus Albers', ALBERS_CONUS_USGS, 'nad83', [
    'NAD_1983_Contiguous_USA_Albers',
    'NAD83_Conus_Albers',
  ]),
  entry('ESRI:102039', 'USA Contiguous Albers Equal Area Conic USGS version', ALBERS_CONUS_USGS, 'nad83', [
    'USA_Contiguous_Albers_Equal_Area_Conic_USGS_version',
  ]),
  entry(
    'ESRI:102003',
    'USA Contiguous Albers Equal Area Conic',
    '+proj=aea +lat_0=37.5 +lon_0=-96 +lat_1=29.5 +lat_2=45.5 +x_0=0 +y_0=0 +datum=NAD83 +units=m +no_defs',
    'nad83',
    ['USA_Contiguous_Albers_Equal_Area_Conic'],
  ),
  entry(
    'EPSG:27700',
    'OSGB 1936 / British National Grid',
    `+proj=tmerc +lat_0=49 +lon_0=-2 +k=0.9996012717 +x_0=400000 +y_0=-100000 ${datumProj4.osgb36} +units=m +no_defs`,
    'osgb36',
    ['British_National_Grid', 'OSGB_1936_British_National_Grid', 'OSGB36 / British National Grid'],
  ),
  entry(
    'EPSG:3035',
    'ETRS89-extended / LAEA Europe',
    `+proj=laea +lat_0=52 +lon_0=10 +x_0=4321000 +y_0=3210000 ${datumProj4.etrs89} +units=m +no_defs`,
    'etrs89',
    ['ETRS89 / LAEA Europe', 'ETRS_1989_LAEA', 'ETRS_1989_LAEA_Europe'],
  ),
  entry(
    'EPSG:2154',
    'RGF93 v1 / Lambert-93',
    `+proj=lcc +lat_0=46.5 +lon_0=3 +lat_1=49 +lat_2=44 +x_0=700000 +y_0=6600000 ${datumProj4.etrs89} +units=m +no_defs`,
    'etrs89',
    ['RGF93 / Lambert-93', 'RGF_1993_Lambert_93', 'RGF93_Lambert_93'],
  ),
  entry(
    'EPSG:3857',
    'WGS 84 / Pseudo-Mercator',
    '+proj=merc +a=6378137 +b=6378137 +lat_ts=0 +lon_0=0 +x_0=0 +y_0=0 +k=1 +units=m +nadgrids=@null +no_defs',
    'wgs84',
    [
      'WGS_1984_Web_Mercator_Auxiliary_Sphere',
      'WGS_84_Pseudo_Mercator',
      'Popular Visualisation CRS / Mercator',
    ],
  ),
];

const byCode = new Map<string, CatalogEntry>();
const byName = new Map<string, CatalogEntry>();
for (const e of crsCatalog) {
  byCode.set(e.code, e);
  for (const alias of e.aliases) if (!byName.has(alias)) byName.set(alias, e);
}

/** "EPSG:3006" (any case), "ESRI:102039" → the catalog entry. */
export function crsByCode(code: string): CatalogEntry | undefined {
  return byCode.get(code.trim().toUpperCase());
}

export function crsByName(name: string): CatalogEntry | undefined {
  return byName.get(normaliseCrsName(name));
}
