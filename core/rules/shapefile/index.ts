import { bboxMismatch } from './bbox-mismatch.ts';
import { dbfDeletedRecord } from './dbf-deleted-record.ts';
import { dbfHeaderInvalid } from './dbf-header-invalid.ts';
import { dbfTextEncoding } from './dbf-text-encoding.ts';
import { dbfValueInvalid } from './dbf-value-invalid.ts';
import { nullShape } from './null-shape.ts';
import { recordCountMismatch } from './record-count-mismatch.ts';
import { recordShapeTypeMismatch } from './record-shape-type-mismatch.ts';
import { shapeTypeNotPolygon } from './shape-type-not-polygon.ts';
import { shapeTypeZM } from './shape-type-z-m.ts';
import { shpHeaderInvalid } from './shp-header-invalid.ts';
import { shpRecordMalformed } from './shp-record-malformed.ts';
import { shxIndexMismatch } from './shx-index-mismatch.ts';

/**
 * Shapefile structure, reported by the shapefile reader for prescriptions and boundary imports alike: .shp/.shx/.dbf headers, records, counts, boxes, attribute table
 * (RXS001–RXS013; the codes keep their RXS prefix: codes are permanent).
 */
export const shapefileRules = [
  shpHeaderInvalid,
  shapeTypeNotPolygon,
  shapeTypeZM,
  recordCountMismatch,
  shxIndexMismatch,
  bboxMismatch,
  shpRecordMalformed,
  recordShapeTypeMismatch,
  nullShape,
  dbfHeaderInvalid,
  dbfValueInvalid,
  dbfDeletedRecord,
  dbfTextEncoding,
] as const;
