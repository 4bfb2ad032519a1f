/** The prescription ZIP kind as detection sees it (the checks load only for a file read as one). */
import { extensionOf, type InputFile, type KindInfo } from '../input/file-kind.ts';

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

export const rxKindInfo: KindInfo = {
  id: 'rx-zip',
  title: 'Prescription ZIP (zone shapefile, POST /v2/rx)',
  detect(file: InputFile): number {
    if (extensionOf(file.name) === 'zip') return 8;
    // Any ZIP is read as a prescription first, above the boundary shapefile kind (3), so a ZIP gives the
    // same kind from stdin as by its .zip path; `--kind boundary-shapefile` reads it as boundaries.
    const magic = ZIP_MAGIC.every((b, i) => file.bytes[i] === b);
    return magic ? 4 : 0;
  },
};
