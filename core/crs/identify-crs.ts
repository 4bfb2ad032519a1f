/**
 * Identify a coordinate reference system from what files carry: a .prj (ESRI WKT or OGC WKT 1, WKT 2), an
 * EPSG code ("EPSG:3006", "3006", "urn:ogc:def:crs:EPSG::3006", an opengis.net URL) or CRS84.
 *
 * Order of evidence: an authority code we know → a name we know whose parameters agree → parameters that
 * equal a catalog entry (an ESRI .prj with a nonstandard name) → parameters we can build a proj4 definition
 * from (a state plane or national grid on a supported datum). Anything else is unknown, with its name and
 * why, so the caller can report it instead of guessing.
 */

import {
  crsByCode,
  crsByName,
  crsCatalog,
  datumNames,
  datumProj4,
  normaliseCrsName,
  type CatalogEntry,
  type CrsDefinition,
  type DatumFamily,
} from './crs-catalog.ts';
import { childNode, childNodes, nodeName, numberArg, parseCrsWkt, type CrsWktNode } from './crs-wkt.ts';

type CrsMatch = 'code' | 'authority' | 'name' | 'parameters';

export type CrsIdentification =
  | {
      ok: true;
      crs: CrsDefinition;
      /** What identified it. */
      matchedBy: CrsMatch;
      /** The name the input used ("ETRS_1989_UTM_Zone_33N"), when it has one. */
      sourceName?: string;
    }
  | {
      ok: false;
      /** The CRS as the input names it ("DHDN_3_Degree_Gauss_Zone_3", "EPSG:31467", or the text itself). */
      name: string;
      /** Why it cannot be used: "the datum DHDN has no transformation to WGS 84 here". */
      reason: string;
    };

type Method = 'longlat' | 'tmerc' | 'aea' | 'lcc' | 'laea' | 'merc';

/** Parameters of a CRS, in degrees and metres, as both proj4 strings and WKT reduce to. */
interface CrsParameters {
  method: Method;
  datum: DatumFamily | undefined;
  datumName: string;
  lat0: number;
  lon0: number;
  lat1?: number;
  lat2?: number;
  k: number;
  /** False easting and northing in metres. */
  x0: number;
  y0: number;
  /** Metres per linear unit of the coordinates. */
  toMeter: number;
  unitName: string;
}

const CODE_FORMS: RegExp[] = [
  /^(EPSG|ESRI)\s*:{1,2}\s*(\d+)$/i,
  /^urn:ogc:def:crs:(EPSG|ESRI)::?(?:[\d.]*:)?(\d+)$/i,
  /^https?:\/\/www\.opengis\.net\/def\/crs\/(EPSG|ESRI)\/[^/]+\/(\d+)$/i,
];

function identifyCode(text: string): CrsIdentification | undefined {
  const t = text.trim();
  if (
    /^(?:urn:ogc:def:crs:OGC:(?:1\.3)?:CRS84|OGC:CRS84|CRS84|https?:\/\/www\.opengis\.net\/def\/crs\/OGC\/1\.3\/CRS84)$/i.test(
      t,
    )
  ) {
    return { ok: true, crs: strip(crsByCode('EPSG:4326') as CatalogEntry), matchedBy: 'code', sourceName: t };
  }
  let authority: string | undefined;
  let number: string | undefined;
  if (/^\d{4,6}$/.test(t)) {
    authority = 'EPSG';
    number = t;
  } else {
    for (const re of CODE_FORMS) {
      const m = re.exec(t);
      if (m) {
        authority = (m[1] ?? '').toUpperCase();
        number = m[2];
        break;
      }
    }
  }
  if (authority === undefined || number === undefined) return undefined;
  const code = `${authority}:${Number(number)}`;
  const found = crsByCode(code);
  if (found) return { ok: true, crs: strip(found), matchedBy: 'code', sourceName: t };
  return {
    ok: false,
    name: code,
    reason: `${code} is not among the coordinate systems Fieldgate can reproject`,
  };
}

function strip(e: CatalogEntry): CrsDefinition {
  return { code: e.code, name: e.name, proj4: e.proj4, geographic: e.geographic, datum: e.datum };
}

// ---------------------------------------------------------------------------------------------------------
// Datum names as .prj files spell them.

const DATUM_ALIASES: Array<[DatumFamily, string[]]> = [
  ['wgs84', ['WGS_1984', 'World Geodetic System 1984', 'WGS84', 'World Geodetic System 1984 ensemble']],
  [
    'etrs89',
    [
      'ETRS_1989',
      'European_Terrestrial_Reference_System_1989',
      'ETRS89',
      'European Terrestrial Reference System 1989 ensemble',
      'SWEREF99',
      'SWEREF 99',
      'RGF_1993',
      'Reseau_Geodesique_Francais_1993',
      'Reseau Geodesique Francais 1993 v1',
      'RGF93',
      'RGF93 v1',
    ],
  ],
  [
    'nad83',
    [
      'North_American_1983',
      'North_American_Datum_1983',
      'NAD83',
      'NAD_1983',
      'NAD_1983_HARN',
      'NAD83_High_Accuracy_Reference_Network',
      'NAD_1983_2011',
      'NAD83_National_Spatial_Reference_System_2011',
      'NAD_1983_CSRS',
      'NAD83_Canadian_Spatial_Reference_System',
    ],
  ],
  ['gda94', ['GDA_1994', 'Geocentric_Datum_of_Australia_1994', 'GDA94']],
  ['gda2020', ['GDA2020', 'Geocentric_Datum_of_Australia_2020']],
  ['osgb36', ['OSGB_1936', 'OSGB 1936', 'OSGB36']],
];

const datumByName = new Map<string, DatumFamily>();
for (const [family, names] of DATUM_ALIASES)
  for (const n of names) datumByName.set(normaliseCrsName(n), family);

function datumFamily(name: string): DatumFamily | undefined {
  const stripped = name.replace(/^D_/i, '');
  return datumByName.get(normaliseCrsName(stripped));
}

// ---------------------------------------------------------------------------------------------------------
// Parameters from proj4 strings (for the catalog) and from WKT.

function utmParameters(
  zone: number,
  south: boolean,
): Pick<CrsParameters, 'method' | 'lat0' | 'lon0' | 'k' | 'x0' | 'y0'> {
  return { method: 'tmerc', lat0: 0, lon0: zone * 6 - 183, k: 0.9996, x0: 500000, y0: south ? 10000000 : 0 };
}

function parametersOfProj4(def: string, datum: DatumFamily): CrsParameters {
  const tokens = new Map<string, string>();
  for (const t of def.split(/\s+/)) {
    const m = /^\+([a-z_0-9]+)(?:=(.*))?$/.exec(t);
    if (m) tokens.set(m[1] ?? '', m[2] ?? '');
  }
  const num = (key: string, dflt: number): number => (tokens.has(key) ? Number(tokens.get(key)) : dflt);
  const proj = tokens.get('proj') ?? '';
  const base = {
    datum,
    datumName: datumNames[datum],
    toMeter: num('to_meter', 1),
    unitName: 'metre',
  };
  if (proj === 'utm') return { ...base, ...utmParameters(num('zone', 0), tokens.has('south')) };
  const method: Method = proj === 'longlat' ? 'longlat' : (proj as Method);
  const params: CrsParameters = {
    ...base,
    method,
    lat0: num('lat_0', 0),
    lon0: num('lon_0', 0),
    k: num('k', num('k_0', 1)),
    x0: num('x_0', 0),
    y0: num('y_0', 0),
  };
  if (tokens.has('lat_1')) params.lat1 = num('lat_1', 0);
  if (tokens.has('lat_2')) params.lat2 = num('lat_2', 0);
  if (method === 'longlat') params.unitName = 'degree';
  return params;
}

const PROJECTION_METHODS: Array<[Method, string[]]> = [
  ['tmerc', ['Transverse_Mercator', 'Transverse Mercator', 'Gauss_Kruger']],
  ['aea', ['Albers_Conic_Equal_Area', 'Albers', 'Albers Equal Area', 'Albers_Equal_Area']],
  [
    'lcc',
    [
      'Lambert_Conformal_Conic',
      'Lambert_Conformal_Conic_2SP',
      'Lambert_Conformal_Conic_1SP',
      'Lambert Conic Conformal (2SP)',
      'Lambert Conic Conformal (1SP)',
    ],
  ],
  ['laea', ['Lambert_Azimuthal_Equal_Area', 'Lambert Azimuthal Equal Area']],
  [
    'merc',
    ['Mercator', 'Mercator_1SP', 'Mercator_Auxiliary_Sphere', 'Popular Visualisation Pseudo Mercator'],
  ],
];
const methodByName = new Map<string, Method>();
for (const [m, names] of PROJECTION_METHODS) for (const n of names) methodByName.set(normaliseCrsName(n), m);

type ParamKey = 'lat0' | 'lon0' | 'lat1' | 'lat2' | 'k' | 'x0' | 'y0';
const PARAMETER_KEYS: Array<[ParamKey, string[]]> = [
  ['x0', ['False_Easting', 'Easting at false origin', 'Easting at projection centre']],
  ['y0', ['False_Northing', 'Northing at false origin', 'Northing at projection centre']],
  [
    'lon0',
    [
      'Central_Meridian',
      'Longitude_Of_Center',
      'Longitude_Of_Origin',
      'Longitude of natural origin',
      'Longitude of false origin',
      'Longitude of origin',
    ],
  ],
  [
    'lat0',
    [
      'Latitude_Of_Origin',
      'Latitude_Of_Center',
      'Latitude of natural origin',
      'Latitude of false origin',
      'Latitude of origin',
    ],
  ],
  ['lat1', ['Standard_Parallel_1', 'Latitude of 1st standard parallel']],
  ['lat2', ['Standard_Parallel_2', 'Latitude of 2nd standard parallel']],
  ['k', ['Scale_Factor', 'Scale factor at natural origin', 'Scale factor on initial line']],
];
const paramKeyByName = new Map<string, ParamKey>();
for (const [k, names] of PARAMETER_KEYS) for (const n of names) paramKeyByName.set(normaliseCrsName(n), k);

interface WktReading {
  name: string;
  authority?: string;
  params?: CrsParameters;
  /** Why parameters could not be read, when they could not. */
  problem?: string;
}

function authorityOf(node: CrsWktNode): string | undefined {
  const auth = childNodes(node, 'AUTHORITY', 'ID').at(-1);
  if (!auth) return undefined;
  const org = auth.args[0];
  const code = auth.args[1];
  if (typeof org !== 'string' || (typeof code !== 'string' && typeof code !== 'number')) return undefined;
  return `${org.toUpperCase()}:${Number(code)}`;
}

function unitFactor(node: CrsWktNode | undefined): number | undefined {
  return numberArg(node, 1);
}

function readWkt(root: CrsWktNode): WktReading {
  const name = nodeName(root) ?? root.keyword;
  const reading: WktReading = { name };
  const authority = authorityOf(root);
  if (authority !== undefined) reading.authority = authority;

  const projected = ['PROJCS', 'PROJCRS', 'PROJECTEDCRS'].includes(root.keyword);
  const geographic = ['GEOGCS', 'GEOGCRS', 'GEOGRAPHICCRS', 'GEODCRS', 'GEODETICCRS'].includes(root.keyword);
  if (!projected && !geographic) {
    reading.problem = `${root.keyword} is not a projected or geographic coordinate system`;
    return reading;
  }
  const geog = projected ? childNode(root, 'GEOGCS', 'BASEGEOGCRS', 'BASEGEODCRS', 'GEOGCRS') : root;
  if (!geog) {
    reading.problem = 'it names no geographic base (GEOGCS)';
    return reading;
  }
  const datumNode = childNode(geog, 'DATUM', 'TRF', 'GEODETICDATUM', 'ENSEMBLE');
  const datumName = nodeName(datumNode) ?? '(no datum)';
  const datum = datumFamily(datumName);
  const primem = childNode(geog, 'PRIMEM', 'PRIMEMERIDIAN');
  if (primem && (numberArg(primem, 1) ?? 0) !== 0) {
    reading.problem = `its prime meridian ${nodeName(primem) ?? ''} is not Greenwich`;
    return reading;
  }
  if (!projected) {
    reading.params = {
      method: 'longlat',
      datum,
      datumName,
      lat0: 0,
      lon0: 0,
      k: 1,
      x0: 0,
      y0: 0,
      toMeter: 1,
      unitName: 'degree',
    };
    return reading;
  }

  // WKT 1: PROJECTION + PARAMETER children of PROJCS; WKT 2: CONVERSION[METHOD, PARAMETER...].
  const conversion = childNode(root, 'CONVERSION') ?? root;
  const methodNode = childNode(conversion, 'PROJECTION', 'METHOD');
  const methodName = nodeName(methodNode) ?? '(no projection)';
  const method = methodByName.get(normaliseCrsName(methodName));
  const linearUnit = childNode(root, 'UNIT', 'LENGTHUNIT');
  const toMeter = unitFactor(linearUnit) ?? 1;
  const values: Partial<Record<ParamKey, number>> = {};
  for (const p of childNodes(conversion, 'PARAMETER')) {
    const key = paramKeyByName.get(normaliseCrsName(nodeName(p) ?? ''));
    const value = numberArg(p, 1);
    if (key === undefined || value === undefined) continue;
    // WKT 2 gives each parameter its own unit; WKT 1 uses the CRS's linear unit for false easting/northing.
    const ownUnit = childNode(p, 'LENGTHUNIT', 'UNIT');
    const isLinear = key === 'x0' || key === 'y0';
    values[key] = isLinear ? value * (unitFactor(ownUnit) ?? toMeter) : value;
  }
  if (method === undefined) {
    reading.problem = `its projection ${methodName} is not one Fieldgate can compute`;
    return reading;
  }
  const params: CrsParameters = {
    method,
    datum,
    datumName,
    lat0: values.lat0 ?? 0,
    lon0: values.lon0 ?? 0,
    k: values.k ?? 1,
    x0: values.x0 ?? 0,
    y0: values.y0 ?? 0,
    toMeter,
    unitName: nodeName(linearUnit) ?? 'metre',
  };
  if (values.lat1 !== undefined) params.lat1 = values.lat1;
  if (values.lat2 !== undefined) params.lat2 = values.lat2;
  // LCC 1SP and Mercator 1SP: the origin latitude is the standard parallel.
  if (method === 'lcc' && params.lat1 === undefined) params.lat1 = params.lat0;
  reading.params = params;
  return reading;
}

const close = (a: number | undefined, b: number | undefined, tol: number): boolean =>
  a === undefined || b === undefined ? a === b : Math.abs(a - b) <= tol;

function sameParameters(a: CrsParameters, b: CrsParameters): boolean {
  if (a.method !== b.method || a.datum !== b.datum || a.datum === undefined) return false;
  if (!close(a.toMeter, b.toMeter, 1e-9)) return false;
  if (a.method === 'longlat') return true;
  const lat2a = a.lat2 ?? a.lat1;
  const lat2b = b.lat2 ?? b.lat1;
  return (
    close(a.lat0, b.lat0, 1e-7) &&
    close(a.lon0, b.lon0, 1e-7) &&
    close(a.k, b.k, 1e-10) &&
    close(a.x0, b.x0, 1e-3) &&
    close(a.y0, b.y0, 1e-3) &&
    close(a.lat1 ?? 0, b.lat1 ?? 0, 1e-7) &&
    close(lat2a ?? 0, lat2b ?? 0, 1e-7)
  );
}

let catalogParameters: Array<[CatalogEntry, CrsParameters]> | undefined;
function catalogWithParameters(): Array<[CatalogEntry, CrsParameters]> {
  catalogParameters ??= crsCatalog.map((e) => [e, parametersOfProj4(e.proj4, e.datum)]);
  return catalogParameters;
}

/** A proj4 definition from parameters we understand, for CRSs outside the catalog (state plane, ...). */
function buildDefinition(name: string, p: CrsParameters): CrsDefinition | undefined {
  if (p.datum === undefined) return undefined;
  const parts = [`+proj=${p.method}`];
  if (p.method !== 'longlat') {
    parts.push(`+lat_0=${p.lat0}`, `+lon_0=${p.lon0}`);
    if (p.lat1 !== undefined) parts.push(`+lat_1=${p.lat1}`);
    if (p.lat2 !== undefined) parts.push(`+lat_2=${p.lat2}`);
    if (p.method === 'tmerc' || p.method === 'merc' || (p.method === 'lcc' && p.lat2 === undefined))
      parts.push(`+k_0=${p.k}`);
    parts.push(`+x_0=${p.x0}`, `+y_0=${p.y0}`);
  }
  parts.push(datumProj4[p.datum]);
  if (p.method !== 'longlat') parts.push(p.toMeter === 1 ? '+units=m' : `+to_meter=${p.toMeter}`);
  parts.push('+no_defs');
  return { name, proj4: parts.join(' '), geographic: p.method === 'longlat', datum: p.datum };
}

/** The text of a .prj file: UTF-8 without a BOM, and without the NUL padding some writers leave. */
export function decodePrj(bytes: Uint8Array): string {
  return new TextDecoder('utf-8', { fatal: false })
    .decode(bytes)
    .replace(/^\ufeff/, '')
    .replace(/\0+$/, '');
}

/**
 * Identify the CRS a .prj text, a WKT string or an authority code describes. Never throws on bad input:
 * an unreadable or unsupported CRS comes back as `{ ok: false, name, reason }`.
 */
export function identifyCrs(text: string): CrsIdentification {
  const trimmed = text.replace(/^\ufeff/, '').trim();
  if (trimmed === '') return { ok: false, name: '(empty)', reason: 'the coordinate system text is empty' };
  const byCode = identifyCode(trimmed);
  if (byCode) return byCode;

  const parsed = parseCrsWkt(trimmed);
  if (!parsed.ok) {
    const alias = crsByName(trimmed);
    if (alias) return { ok: true, crs: strip(alias), matchedBy: 'name', sourceName: trimmed };
    const shown = trimmed.length > 60 ? `${trimmed.slice(0, 57)}...` : trimmed;
    return {
      ok: false,
      name: shown,
      reason: `it is neither an EPSG code nor readable WKT (${parsed.message} at character ${parsed.offset + 1})`,
    };
  }
  const reading = readWkt(parsed.root);
  const sourceName = reading.name;

  if (reading.authority !== undefined) {
    const found = crsByCode(reading.authority);
    if (found) return { ok: true, crs: strip(found), matchedBy: 'authority', sourceName };
  }
  const named = crsByName(reading.name);
  if (
    named &&
    (!reading.params || sameParameters(reading.params, parametersOfProj4(named.proj4, named.datum)))
  ) {
    return { ok: true, crs: strip(named), matchedBy: 'name', sourceName };
  }
  if (reading.params) {
    const params = reading.params;
    const match = catalogWithParameters().find(([, p]) => sameParameters(p, params));
    if (match) return { ok: true, crs: strip(match[0]), matchedBy: 'parameters', sourceName };
    if (params.datum === undefined) {
      return {
        ok: false,
        name: reading.name,
        reason: `its datum ${params.datumName} has no transformation to WGS 84 in Fieldgate`,
      };
    }
    const built = buildDefinition(reading.name.replace(/_/g, ' '), params);
    if (built) return { ok: true, crs: built, matchedBy: 'parameters', sourceName };
  }
  return {
    ok: false,
    name: reading.authority ? `${reading.name} (${reading.authority})` : reading.name,
    reason: reading.problem ?? 'it is not among the coordinate systems Fieldgate can reproject',
  };
}

/** "SWEREF99 TM (EPSG:3006)" for messages. */
export function describeCrs(crs: CrsDefinition): string {
  return crs.code ? `${crs.name} (${crs.code})` : crs.name;
}
