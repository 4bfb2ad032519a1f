/**
 * One entry point for boundary files: detect the format, import the features, and check each boundary
 * with the boundary pipeline, pointing diagnostics at the place in the source file (JSON coordinate,
 * KML tuple, shapefile record) rather than at the WKT made from it.
 */

import type { CrsDefinition } from '../crs/crs-catalog.ts';
import { describeCrs } from '../crs/identify-crs.ts';
import type { Location } from '../diagnostics/diagnostic.ts';
import { ACRES_PER_HECTARE } from '../geodesy/area.ts';
import type { LineIndex } from '../diagnostics/text-position.ts';
import { decodeTextFile, extensionOf, type InputFile } from '../input/file-kind.ts';
import type { DiagnosticCollector } from '../rules/reporter.ts';
import type { BoundaryFeature, BoundaryImport, SkippedFeature } from './boundary-feature.ts';
import type { GeoJsonFeature } from '../geojson/geojson.ts';
import { fieldFeature, keepBatchField } from '../records/field-features.ts';
import type { BatchGeometry } from '../input/batch-geometry.ts';
import type { FieldRecord, FieldRecordFormat, RecordValue } from '../records/field-record.ts';
import type { BoundaryCheckResult } from './check-boundary.ts';
import {
  acresOf,
  guessAcresAttribute,
  guessNameAttribute,
  type GuessedAttribute,
} from './field-attributes.ts';
import { importGeoJson, looksLikeGeoJson } from './import-geojson.ts';
import { importKml, looksLikeKml } from './import-kml.ts';
import { importShapefileZip, type ImportShapefileOptions } from './import-shapefile.ts';
import {
  checkRecordBoundary,
  type RecordBoundaryOptions,
  type RecordBoundaryResult,
} from './record-boundary.ts';

export type BoundaryFormat = 'geojson' | 'kml' | 'shapefile';

export const BOUNDARY_FORMATS: readonly BoundaryFormat[] = ['geojson', 'kml', 'shapefile'];

/** The format from the extension, then the content; undefined when it is none of them. */
export function detectBoundaryFormat(file: InputFile): BoundaryFormat | undefined {
  const ext = extensionOf(file.name);
  if (ext === 'geojson') return 'geojson';
  if (ext === 'kml') return 'kml';
  // Any ZIP given as a boundary file is read as zipped shapefiles; one without a .shp gets IMP004 with its entries.
  if (ext === 'zip' || (file.bytes[0] === 0x50 && file.bytes[1] === 0x4b)) return 'shapefile';
  const head = decodeTextFile(file.bytes.subarray(0, 4096));
  if (looksLikeGeoJson(head)) return 'geojson';
  if (looksLikeKml(head)) return 'kml';
  return undefined;
}

export interface ImportedBoundaries extends BoundaryImport {
  /** The text of text formats, for code frames. */
  text?: string;
  lines?: LineIndex;
}

export function importBoundaries(
  file: InputFile,
  format: BoundaryFormat,
  collector: DiagnosticCollector,
  options: ImportShapefileOptions = {},
): ImportedBoundaries {
  if (format === 'shapefile') return importShapefileZip(file.bytes, collector, options);
  const text = decodeTextFile(file.bytes);
  const imported = format === 'geojson' ? importGeoJson(text, collector) : importKml(text, collector);
  return { ...imported, text };
}

/** The attributes a boundary file's fields are named by, guessed once per file. */
interface FeatureAttributes {
  acres?: GuessedAttribute;
  clientName?: string;
  farmName?: string;
  name?: string;
}

function guessFeatureAttributes(attributes: readonly string[]): FeatureAttributes {
  const out: FeatureAttributes = {};
  const acres = guessAcresAttribute(attributes);
  if (acres) out.acres = acres;
  for (const target of ['clientName', 'farmName', 'name'] as const) {
    const found = guessNameAttribute(attributes, target);
    if (found !== undefined) out[target] = found;
  }
  return out;
}

/**
 * The field record of one imported feature: its geometry as the boundary, stated acres from the acres
 * attribute (as a number, at the attribute's place in the file), and the hierarchy names when attributes
 * give them. `feature` is its 0-based index in the report's features.
 */
function featureRecord(
  feature: BoundaryFeature,
  format: FieldRecordFormat,
  position: number,
  attributes: FeatureAttributes,
  statedAcres?: { acres: number; attribute?: string },
  reprojectedFrom?: CrsDefinition,
): FieldRecord {
  const record: FieldRecord = {
    format,
    row: feature.index,
    feature: position,
    location: { ...feature.location, feature: position },
    label: feature.label,
    boundary: {
      kind: 'object',
      location: { ...feature.geometryLocation, feature: position },
      geometry: {
        polygons: feature.polygons,
        multi: feature.multi,
        ...(feature.coordinateLocation ? { coordinateLocation: feature.coordinateLocation } : {}),
        ...(feature.writer && !reprojectedFrom ? { writer: feature.writer } : {}),
        ...(reprojectedFrom
          ? {
              noWriterReason: `the file's coordinates are in ${describeCrs(reprojectedFrom)}; Fieldgate checks them reprojected to WGS 84 and does not write WGS 84 back into the file`,
            }
          : {}),
      },
    },
  };
  const attributeValue = (attribute: string): RecordValue | undefined => {
    const value = feature.properties[attribute];
    if (value === undefined) return undefined;
    const location: Location = {
      ...(feature.attributeLocation?.(attribute) ?? { ...feature.location, field: attribute }),
      feature: position,
    };
    const out: RecordValue = {
      kind: value === null ? 'null' : (typeof value as 'string' | 'number' | 'boolean'),
      location,
    };
    if (value !== null) out.value = value;
    return out;
  };
  for (const target of ['clientName', 'farmName', 'name'] as const) {
    const attribute = attributes[target];
    const value = attribute === undefined ? undefined : attributeValue(attribute);
    if (value) record[target] = value;
  }
  let stated = statedAcres;
  if (!stated && attributes.acres) {
    const acres = acresOf(feature, attributes.acres);
    if (acres !== undefined) stated = { acres, attribute: attributes.acres.attribute };
  }
  if (stated) {
    const attribute = stated.attribute;
    const location =
      attribute === undefined
        ? feature.location
        : (feature.attributeLocation?.(attribute) ?? { ...feature.location, field: attribute });
    const acres: RecordValue = {
      kind: 'number',
      value: stated.acres,
      location: { ...location, feature: position },
    };
    // Converted from hectares: said both ways in messages, and a fix writes hectares back.
    const hectares = attributes.acres?.attribute === attribute && attributes.acres?.hectares === true;
    if (hectares && attribute !== undefined) {
      acres.unit = { name: 'hectares', symbol: 'ha', acresPer: ACRES_PER_HECTARE };
      acres.raw = String(feature.properties[attribute]);
    }
    // In a text format the stated area can be rewritten in place (GeoJSON's property value).
    if (location.range) acres.span = { start: location.range.start.offset, end: location.range.end.offset };
    record.acres = acres;
  }
  return record;
}

/**
 * Check one imported feature's boundary (convert uses this on the WKT it writes). The WKT is generated, so
 * diagnostics are re-pointed at the feature in the source.
 */
export function checkFeatureBoundary(
  feature: BoundaryFeature,
  wkt: string,
  statedAcres: { acres: number; attribute?: string } | undefined,
  acreageTolerance: number | undefined,
  collector: DiagnosticCollector,
  format: FieldRecordFormat = 'geojson',
  position = feature.index - 1,
): BoundaryCheckResult {
  const record = featureRecord(feature, format, position, {}, statedAcres);
  // Convert writes the upload from the features; fixes to the source file are not what it offers.
  if (record.boundary?.geometry) {
    delete record.boundary.geometry.writer;
    record.boundary.geometry.noWriterReason =
      'convert writes the boundary as it is; run `fieldgate fix` on the written upload';
  }
  const options: RecordBoundaryOptions = { wkt };
  if (acreageTolerance !== undefined) options.acreageTolerance = acreageTolerance;
  return checkRecordBoundary(record, collector, options) as BoundaryCheckResult;
}

export interface CheckedImport {
  checked: number;
  acres: number;
  invalid: number;
  /** One per readable feature, in order: the record and what its boundary check found. */
  fields: Array<{ record: FieldRecord; boundary: RecordBoundaryResult }>;
  /** Every feature of the file in file order, unreadable ones with no geometry: `Location.feature` indexes it. */
  features: GeoJsonFeature[];
}

/**
 * Check every feature of an import (the file kinds' validate), with a guessed acres attribute as stated
 * acres. Features are numbered in file order, the unreadable ones included, and every diagnostic about a
 * feature (its import problems too) carries its number.
 */
export function checkImportedBoundaries(
  imported: BoundaryImport,
  collector: DiagnosticCollector,
  options: { acreageTolerance?: number; batchGeometry?: BatchGeometry } = {},
): CheckedImport {
  const attributes = guessFeatureAttributes(imported.attributes);
  const skipped = [...(imported.skipped ?? [])].sort((a, b) => a.after - b.after);
  const name = attributes.name;
  let acres = 0;
  let invalid = 0;
  const fields: CheckedImport['fields'] = [];
  const features: GeoJsonFeature[] = [];
  let next = 0;
  const addSkipped = (upTo: number): void => {
    while (next < skipped.length && (skipped[next] as SkippedFeature).after <= upTo) {
      const s = skipped[next++] as SkippedFeature;
      const id = features.length;
      for (let i = s.diagnostics[0]; i < s.diagnostics[1]; i++) {
        const d = collector.diagnostics[i];
        if (d) collector.diagnostics[i] = { ...d, location: { ...d.location, feature: id } };
      }
      features.push({
        type: 'Feature',
        id,
        geometry: null,
        properties: {
          label: s.label,
          ...(name !== undefined && s.properties[name] !== undefined ? { name: s.properties[name] } : {}),
          valid: false,
        },
      });
    }
  };
  imported.features.forEach((feature, i) => {
    addSkipped(i);
    const position = features.length;
    const record = featureRecord(
      feature,
      imported.format,
      position,
      attributes,
      undefined,
      imported.reprojectedFrom,
    );
    const result = checkRecordBoundary(record, collector, options) as RecordBoundaryResult;
    if (result.areaAcres !== undefined) acres += result.areaAcres;
    if (!result.valid) invalid++;
    fields.push({ record, boundary: result });
    features.push(fieldFeature(record, result));
    keepBatchField(options.batchGeometry, record, result);
  });
  addSkipped(Infinity);
  return { checked: imported.features.length, acres, invalid, fields, features };
}
