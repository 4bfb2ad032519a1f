/**
 * Shared agronomic data (the planting, application and harvest files a grower shares, downloaded with
 * `fieldgate agronomic-data` or the app's Shared data screen) as detection sees it: a ZIP that holds a CSV of
 * points (latitude and longitude columns) and no shapefile. Its checks load only for a file read as one.
 */
import { zipMemberHead } from '../archive/zip-peek.ts';
import type { InputFile, KindInfo } from '../input/file-kind.ts';

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** Column names of a point's longitude and latitude. */
export const LONGITUDE_COLUMN = /^(lon|lng|long|longitude|x)$/i;
export const LATITUDE_COLUMN = /^(lat|latitude|y)$/i;

/** The delimiter of a header line: the one of , ; tab that splits it into the most cells. */
export function headerDelimiter(line: string): ',' | ';' | '\t' {
  const count = (d: string): number => line.split(d).length;
  return (['\t', ';', ','] as const).reduce((best, d) => (count(d) > count(best) ? d : best), ',' as const);
}

/** Whether a header line (first line of a CSV) names a longitude and a latitude column. */
function namesPointColumns(line: string): boolean {
  const cells = line.split(headerDelimiter(line)).map((c) => c.trim().replace(/^"|"$/g, '').trim());
  return cells.some((c) => LONGITUDE_COLUMN.test(c)) && cells.some((c) => LATITUDE_COLUMN.test(c));
}

/** Whether the ZIP's directory names a .shp (its end holds the names). */
function namesShapefile(bytes: Uint8Array): boolean {
  const tail = bytes.subarray(Math.max(0, bytes.length - 65536));
  return new TextDecoder('latin1').decode(tail).toLowerCase().includes('.shp');
}

export const agronomicKindInfo: KindInfo = {
  id: 'agronomic-data',
  title: 'Shared agronomic data (ZIP with a CSV of points: planting, application, harvest)',
  binary: true,
  can: { streams: false, text: false, fixes: false, fixesByStatement: false, records: false },
  detect(file: InputFile): number {
    if (!ZIP_MAGIC.every((b, i) => file.bytes[i] === b) || namesShapefile(file.bytes)) return 0;
    const head = zipMemberHead(file.bytes, (name) => name.toLowerCase().endsWith('.csv'), 4096);
    if (!head) return 0;
    const first =
      new TextDecoder()
        .decode(head)
        .replace(/^\uFEFF/, '')
        .split(/\r?\n/)[0] ?? '';
    // Above the prescription kind's 8 for a .zip: a ZIP of points and no shapefile is no prescription.
    return namesPointColumns(first) ? 9 : 0;
  },
};
