/**
 * The rules the shapefile reader (read-shp.ts, read-dbf.ts, read-shapefile.ts) reports, group shapefile:
 * the structure of .shp, .shx and .dbf, for prescriptions and boundary imports alike. Defined beside the
 * checks that report them; the registry (core/rules/registry.ts) gathers them. Codes are permanent.
 */

import { defineRule } from '../rules/rule.ts';

/** Reported by the shapefile reader (core/shapefile) for the 100-byte .shp/.shx headers. */
export const shpHeaderInvalid = defineRule({
  meta: {
    code: 'RXS001',
    name: 'shp-header-invalid',
    group: 'shapefile',
    decidedIn: 'core/shapefile/read-shp.ts',
    severity: 'error',
    messages: {
      tooShort: '{file} is {size} {size:byte|bytes} long, shorter than the 100-byte shapefile header',
      fileCode: '{file} starts with file code {value}, not 9994: it is not a shapefile',
      version: '{file} has version {value}, not 1000',
      length:
        '{file} declares a length of {declared} {declared:byte|bytes} but is {actual} {actual:byte|bytes} long',
      shapeType: '{file} declares the unknown shape type {value}',
      shxShapeType: 'The .shx declares shape type {shx}, the .shp {shp}',
    },
    docs: {
      what: 'Reports a .shp or .shx whose fixed header is short, does not start with the shapefile file code 9994 and version 1000, declares a file length other than the real one, or names an unknown shape type.',
      why: 'Readers trust the header: a wrong length cuts records off or reads past the end, and a file that is not a shapefile cannot be imported at all.',
      example: 'A .shp truncated during upload: the header says 106,224 bytes, the file has 65,536.',
      useInstead: 'Export the shapefile again from the GIS or the tool that made it.',
    },
  },
});

/** Reported by the shapefile reader when .shp, .shx and .dbf disagree on the number of records. */
export const recordCountMismatch = defineRule({
  meta: {
    code: 'RXS004',
    name: 'record-count-mismatch',
    group: 'shapefile',
    decidedIn: ['core/shapefile/read-shapefile.ts', 'core/shapefile/read-shp.ts'],
    severity: 'error',
    messages: {
      shx: 'The .shp has {shp} {shp:record|records}, the .shx indexes {shx}',
      dbf: 'The .shp has {shp} {shp:record|records}, the .dbf has {dbf}',
    },
    docs: {
      what: 'Reports a .shx or .dbf whose record count differs from the number of shapes in the .shp.',
      why: 'Shapes and attribute rows are matched by position. With different counts the attributes (a zone’s rate, a field’s name) land on the wrong shapes, or some shapes get none; it usually means the members come from different exports.',
      example: 'zones.shp with 12 shapes, zones.dbf with 11 rows (one zone deleted in one file only).',
      useInstead: 'Members written together by one export.',
    },
  },
});

/** Reported by the shapefile reader when a .shx entry does not point at its .shp record. */
export const shxIndexMismatch = defineRule({
  meta: {
    code: 'RXS005',
    name: 'shx-index-mismatch',
    group: 'shapefile',
    decidedIn: 'core/shapefile/read-shp.ts',
    severity: 'error',
    messages: {
      offset:
        'The .shx says record {record} is at byte {indexed} with {indexedLength} {indexedLength:byte|bytes}; in the .shp it is at byte {actual} with {actualLength} {actualLength:byte|bytes}',
      size: 'The .shx is {size} {size:byte|bytes} long: not a 100-byte header plus 8 bytes per record',
      more: '{count} more {count:record has|records have} the same .shx mismatch',
    },
    docs: {
      what: 'Reports .shx index entries whose offset or content length differ from where the record really is in the .shp, and a .shx whose size is not 100 + 8 × records.',
      why: 'Most readers (including GDAL, which the service is likely to use) find records through the .shx; a wrong offset reads garbage or the wrong shape.',
      example: 'A .shx left over from an earlier version of the .shp.',
      useInstead: 'The .shx written together with the .shp.',
    },
  },
});

/** Reported by the shapefile reader when stored bounding boxes do not match the coordinates. */
export const bboxMismatch = defineRule({
  meta: {
    code: 'RXS006',
    name: 'bbox-mismatch',
    group: 'shapefile',
    decidedIn: 'core/shapefile/read-shp.ts',
    severity: 'error',
    messages: {
      record: 'Record {record}: its bounding box {stored} does not contain all its points ({actual})',
      recordLoose: 'Record {record}: its bounding box {stored} is larger than its points ({actual})',
      header: 'The {file} header’s bounding box {stored} does not contain all records ({actual})',
      headerLoose: 'The {file} header’s bounding box {stored} is larger than the records ({actual})',
      more: '{count} more {count:record has|records have} a wrong bounding box',
    },
    docs: {
      what: 'Reports record and header bounding boxes that are not the extent of the coordinates: an error when points lie outside the box, a warning when the box is merely larger.',
      why: 'Readers use the boxes to skip records and to zoom: a box that misses points hides shapes from spatial queries and map previews.',
      example: 'A .shp whose coordinates were edited by a script that did not update the boxes.',
      useInstead: 'Boxes recomputed by the writer (export the shapefile again).',
    },
  },
});

/** Reported by the shapefile reader for records it cannot decode or that break the format's rules. */
export const shpRecordMalformed = defineRule({
  meta: {
    code: 'RXS007',
    name: 'shp-record-malformed',
    group: 'shapefile',
    decidedIn: 'core/shapefile/read-shp.ts',
    severity: 'error',
    messages: {
      truncated:
        'Record {record} runs past the end of the .shp (it needs {needed} {needed:byte|bytes}, {available} {available:is|are} left)',
      content: 'Record {record}: {detail}',
      number: 'Record {record} is numbered {value} in its header',
      more: '{count} more {count:record is|records are} malformed',
    },
    docs: {
      what: 'Reports .shp records that run past the end of the file, whose content length does not fit their parts and points, whose part indexes are out of order or out of range, or whose record number is not its position.',
      why: 'A malformed record is read as garbage or stops the import; the record number tells which zone or field to fix.',
      example: 'A polygon record declaring 1,000,000 points in 200 bytes.',
      useInstead: 'Export the shapefile again.',
    },
  },
});

/** Reported by the shapefile reader for records whose shape type differs from the header's. */
export const recordShapeTypeMismatch = defineRule({
  meta: {
    code: 'RXS008',
    name: 'record-shape-type-mismatch',
    group: 'shapefile',
    decidedIn: 'core/shapefile/read-shp.ts',
    severity: 'error',
    messages: {
      mismatch: 'Record {record} is a {type}, but the file header declares {header}',
      more: '{count} more {count:record has|records have} a shape type other than the header’s',
    },
    docs: {
      what: 'Reports records whose shape type is neither the header’s type nor Null.',
      why: 'A shapefile holds one geometry type; readers decode every record with the header’s type, so a mixed record is read as garbage.',
      example: 'A Polygon shapefile with a Point record.',
      useInstead: 'One geometry type per shapefile.',
    },
  },
});

/** Reported by the DBF reader (core/shapefile/read-dbf.ts). */
export const dbfHeaderInvalid = defineRule({
  meta: {
    code: 'RXS010',
    name: 'dbf-header-invalid',
    group: 'shapefile',
    decidedIn: 'core/shapefile/read-dbf.ts',
    severity: 'error',
    messages: {
      tooShort: 'The .dbf is {size} {size:byte|bytes} long, shorter than its header',
      layout: 'The .dbf header is inconsistent: {detail}',
      truncated: 'The .dbf declares {declared} {declared:record|records} but holds only {actual}',
      duplicateField: 'The .dbf has two fields named "{field}"',
    },
    docs: {
      what: 'Reports a .dbf whose header is cut short, whose header or record length disagrees with its field descriptors, which holds fewer records than it declares, or which repeats a field name.',
      why: 'The attribute table carries the rates of a prescription and the names of fields: if it cannot be read reliably, every value is in doubt.',
      example: 'A .dbf declaring 120-byte records whose fields add up to 100 bytes.',
      useInstead: 'Export the shapefile again.',
    },
  },
});

/** Reported by the DBF reader for values that do not fit their field type. */
export const dbfValueInvalid = defineRule({
  meta: {
    code: 'RXS011',
    name: 'dbf-value-invalid',
    group: 'shapefile',
    decidedIn: 'core/shapefile/read-dbf.ts',
    severity: 'warning',
    messages: {
      number: 'Record {record}, field {field}: "{value}" is not a number',
      date: 'Record {record}, field {field}: "{value}" is not a date (YYYYMMDD)',
      logical: 'Record {record}, field {field}: "{value}" is not a logical value (T/F/Y/N/?)',
      more: '{count} more {count:value does|values do} not fit their field type',
    },
    docs: {
      what: 'Reports DBF values that do not match their field type: numeric fields with text, dates that are not YYYYMMDD, logical fields with other letters. They are read as empty.',
      why: 'Other readers read such values as empty or zero; in a prescription’s rate column that silently changes the rate.',
      example: 'RATE (N 10.2) holding "12,5" with a decimal comma.',
      useInstead: '12.5',
    },
  },
});

/** Reported by the DBF reader for rows flagged as deleted. */
export const dbfDeletedRecord = defineRule({
  meta: {
    code: 'RXS012',
    name: 'dbf-deleted-record',
    group: 'shapefile',
    decidedIn: 'core/shapefile/read-dbf.ts',
    severity: 'warning',
    messages: {
      deleted: 'Record {record} is marked as deleted in the .dbf, but its shape is still in the .shp',
      flag: 'Record {record} has the unknown deletion flag 0x{value}',
      more: '{count} more {count:record is|records are} marked as deleted',
    },
    docs: {
      what: 'Reports DBF rows flagged as deleted (“*”) while their shapes remain, and rows whose flag byte is neither a space nor “*”.',
      why: 'Readers disagree on deleted rows: some skip them (shifting every following row onto the wrong shape), others read them. The record’s fate at the service is unknown.',
      example: 'A zone deleted in an old dBASE tool without packing the table.',
      useInstead: 'Delete the feature in a GIS, which removes the shape and the row together.',
    },
  },
});

/** Reported by the DBF reader about the encoding of text fields. */
export const dbfTextEncoding = defineRule({
  meta: {
    code: 'RXS013',
    name: 'dbf-text-encoding',
    group: 'shapefile',
    decidedIn: 'core/shapefile/read-dbf.ts',
    severity: 'warning',
    messages: {
      unknownCpg: 'The .cpg names the encoding "{value}", which is not known; text is read as {fallback}',
      invalid: 'Record {record}, field {field}: the text is not valid {encoding}',
      undeclared:
        'Text fields hold non-ASCII characters but no .cpg states their encoding; they were read as {encoding}',
      more: '{count} more {count:value is|values are} not valid {encoding}',
    },
    docs: {
      what: 'Reports a .cpg naming an unknown encoding, text that is not valid in the declared encoding, and non-ASCII text without a .cpg. The .cpg, when present, decides how DBF text is decoded; otherwise the DBF’s language driver byte, else ISO-8859-1.',
      why: 'Zone, product and field names with accents turn into mojibake when the reader guesses another encoding.',
      example: 'UTF-8 names (“Düngung”) without a .cpg, read as ISO-8859-1: “DÃ¼ngung”.',
      useInstead: 'Add zones.cpg containing UTF-8.',
    },
  },
});

/** Shapefile structure: headers, records, counts, boxes, attribute table. */
export const shapefileRules = [
  shpHeaderInvalid,
  recordCountMismatch,
  shxIndexMismatch,
  bboxMismatch,
  shpRecordMalformed,
  recordShapeTypeMismatch,
  dbfHeaderInvalid,
  dbfValueInvalid,
  dbfDeletedRecord,
  dbfTextEncoding,
] as const;
