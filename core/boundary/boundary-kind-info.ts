/**
 * The boundary kinds as detection sees them (WKT text, GeoJSON, KML, zipped shapefiles): names and cheap
 * sniffs of a file's head, without the importers and checks, which load only for a file read as one.
 */
import {
  decodeTextFile,
  extensionOf,
  firstSignificantChar,
  type InputFile,
  type KindInfo,
} from '../input/file-kind.ts';

/** A .txt file (or one without an extension) whose head starts with a geometry keyword. */
const WKT_HEAD = /^\s*(SRID\s*=\s*\d+\s*;\s*)?(MULTI)?(POLYGON|POINT|LINESTRING|GEOMETRYCOLLECTION)\b/i;

/** Cheap sniff for file detection: does this text look like GeoJSON (without parsing it all)? */
export function looksLikeGeoJson(head: string): boolean {
  return /"type"\s*:\s*"(FeatureCollection|Feature|Polygon|MultiPolygon|GeometryCollection)"/.test(head);
}

/** Cheap sniff for file detection. */
export function looksLikeKml(head: string): boolean {
  return /<(\w+:)?kml[\s>]/.test(head);
}

/** Cheap sniff: a ZIP whose central directory names a .shp (reads only the directory). */
function zipHasShapefile(bytes: Uint8Array): boolean {
  if (bytes[0] !== 0x50 || bytes[1] !== 0x4b) return false;
  // Entry names are in the central directory at the end; a plain byte search there is enough for a score.
  const tail = bytes.subarray(Math.max(0, bytes.length - 65536));
  const text = new TextDecoder('latin1').decode(tail).toLowerCase();
  return text.includes('.shp');
}

/** Boundary files other than .wkt are read whole (a whole geometry file) and fixed whole. */
const FIXES_WHOLE: KindInfo['can'] = {
  streams: false,
  text: false,
  fixes: true,
  fixesByStatement: false,
  records: false,
};

export const wktKindInfo: KindInfo = {
  id: 'wkt',
  title: 'WKT field boundaries (.wkt: one WKT per line, or one WKT)',
  can: { streams: true, text: true, fixes: true, fixesByStatement: true, records: false },
  detect(file: InputFile): number {
    const ext = extensionOf(file.name);
    if (ext === 'wkt') return 10;
    if (ext === 'txt' || ext === '') {
      const head = decodeTextFile(file.bytes.subarray(0, 256));
      return WKT_HEAD.test(head) ? 6 : 0;
    }
    return 0;
  },
};

export const geojsonKindInfo: KindInfo = {
  id: 'geojson',
  title: 'GeoJSON field boundaries (FeatureCollection of polygons)',
  can: FIXES_WHOLE,
  detect(file: InputFile): number {
    const ext = extensionOf(file.name);
    if (ext === 'geojson') return 10;
    if (ext !== 'json' && firstSignificantChar(file.bytes) !== '{') return 0;
    // Above the generic JSON kind (5 for .json) only when the content is GeoJSON.
    const head = decodeTextFile(file.bytes.subarray(0, 4096));
    return looksLikeGeoJson(head) ? (ext === 'json' ? 8 : 4) : 0;
  },
};

export const kmlKindInfo: KindInfo = {
  id: 'kml',
  title: 'KML field boundaries (Placemark polygons)',
  can: FIXES_WHOLE,
  detect(file: InputFile): number {
    const ext = extensionOf(file.name);
    if (ext === 'kml') return 10;
    if (firstSignificantChar(file.bytes) !== '<') return 0;
    return looksLikeKml(decodeTextFile(file.bytes.subarray(0, 4096))) ? 6 : 0;
  },
};

/** Scores low: the prescription ZIP kind owns .zip files; `--kind boundary-shapefile` picks this one. */
export const boundaryShapefileKindInfo: KindInfo = {
  id: 'boundary-shapefile',
  title: 'Field boundary shapefile (ZIP with .shp, .dbf, .prj)',
  binary: true,
  can: FIXES_WHOLE,
  detect: (file: InputFile) => (zipHasShapefile(file.bytes) ? 3 : 0),
};

/** In the order detection asks them (ties go to the earlier one). */
export const boundaryKindInfos: readonly KindInfo[] = [
  wktKindInfo,
  geojsonKindInfo,
  kmlKindInfo,
  boundaryShapefileKindInfo,
];
