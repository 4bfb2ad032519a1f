/** The prescription ZIP kind as detection sees it (the checks load only for a file read as one). */
import { zipMemberHead } from '../archive/zip-peek.ts';
import { officeDocumentOf } from '../archive/office-document.ts';
import { extensionOf, type InputFile, type KindInfo } from '../input/file-kind.ts';
import { DBF_HEADER_MAX, dbfColumnNames } from '../shapefile/dbf-columns.ts';

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/**
 * A column name that says "rate": every name of RATE_COLUMN_NAMES, and the vendors' variants around them
 * (SEED_RATE, N_Rate, Tgt_Rate_1, RxDose).
 */
export const RATE_LIKE_COLUMN = /rate|dose|rx|target|tgt/i;

/**
 * Whether a ZIP's shapefile table has no rate column at all (it holds field boundaries, sample points or
 * other features, not zones), read from the first .dbf's header; false when there is no table to read.
 */
function zipTableHasNoRate(bytes: Uint8Array): boolean {
  const head = zipMemberHead(bytes, (name) => name.toLowerCase().endsWith('.dbf'), DBF_HEADER_MAX);
  const columns = head && dbfColumnNames(head);
  return columns !== undefined && !columns.some((c) => RATE_LIKE_COLUMN.test(c));
}

export const rxKindInfo: KindInfo = {
  id: 'rx-zip',
  title: 'Prescription ZIP (zone shapefile, POST /v2/rx)',
  binary: true,
  can: { streams: false, text: false, fixes: true, fixesByStatement: false, records: true },
  detect(file: InputFile): number {
    const magic = ZIP_MAGIC.every((b, i) => file.bytes[i] === b);
    // A workbook is a ZIP too: said to be one (engine.ts), not read as a prescription without a shapefile.
    if (magic && officeDocumentOf(file.bytes, file.name)) return 0;
    // A shapefile whose table has no rate is not a prescription: it scores below the boundary shapefile
    // kind (3), which reads it as boundaries; `--kind rx-zip` still reads it as one.
    if ((magic || extensionOf(file.name) === 'zip') && zipTableHasNoRate(file.bytes)) return 2;
    if (extensionOf(file.name) === 'zip') return 8;
    // Any other ZIP is read as a prescription first, above the boundary shapefile kind (3), so a ZIP gives
    // the same kind from stdin as by its .zip path; `--kind boundary-shapefile` reads it as boundaries.
    return magic ? 4 : 0;
  },
};
