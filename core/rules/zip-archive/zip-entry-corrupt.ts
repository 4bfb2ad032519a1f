import { defineRule } from '../rule.ts';

/** Reported by the ZIP reader when an entry's data cannot be unpacked or does not match its checksum. */
export const zipEntryCorrupt = defineRule({
  meta: {
    code: 'RXA008',
    name: 'zip-entry-corrupt',
    group: 'zip-archive',
    severity: 'error',
    messages: {
      localHeader: 'Entry "{entry}": {detail}',
      outOfBounds: 'Entry "{entry}" runs past the end of the file: the archive is truncated or damaged',
      inflate: 'Entry "{entry}" cannot be unpacked: {detail}',
      size: 'Entry "{entry}" unpacks to {actual} bytes, but its header declares {declared}',
      crc: 'Entry "{entry}" fails its checksum (CRC-32 {actual}, expected {expected}): the data is damaged',
    },
    docs: {
      what: 'Reports an entry whose local header is missing or disagrees with the directory, whose data runs past the end of the file, whose compressed stream is broken, or whose unpacked bytes do not match the declared size or CRC-32.',
      why: 'The service refuses a damaged archive, or worse reads a damaged shapefile; the entry is named so you know which file to zip again.',
      example: 'A ZIP whose zones.dbf was damaged in transfer.',
      useInstead: 'Zip the original files again.',
    },
  },
});
