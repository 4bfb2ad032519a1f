/**
 * One entry point for boundary files: detect the format, import the features, and check each boundary
 * with the boundary pipeline, pointing diagnostics at the place in the source file (JSON coordinate,
 * KML tuple, shapefile record) rather than at the WKT made from it.
 */

import type { Diagnostic, Location } from '../diagnostics/diagnostic.ts';
import type { LineIndex } from '../diagnostics/text-position.ts';
import { decodeUtf8, extensionOf, type InputFile } from '../formats/file-kind.ts';
import type { DiagnosticCollector } from '../rules/reporter.ts';
import type { BoundaryFeature, BoundaryImport } from './boundary-feature.ts';
import { checkBoundary, type BoundaryCheckResult, type CheckBoundaryOptions } from './check-boundary.ts';
import { acresOf, guessAcresAttribute } from './field-attributes.ts';
import { importGeoJson, looksLikeGeoJson } from './import-geojson.ts';
import { importKml, looksLikeKml } from './import-kml.ts';
import { importShapefileZip } from './import-shapefile.ts';
import { polygonsToWkt } from './write-wkt.ts';

export type BoundaryFormat = 'geojson' | 'kml' | 'shapefile';

export const BOUNDARY_FORMATS: readonly BoundaryFormat[] = ['geojson', 'kml', 'shapefile'];

/** The format from the extension, then the content; undefined when it is none of them. */
export function detectBoundaryFormat(file: InputFile): BoundaryFormat | undefined {
  const ext = extensionOf(file.name);
  if (ext === 'geojson') return 'geojson';
  if (ext === 'kml') return 'kml';
  // Any ZIP given as a boundary file is read as zipped shapefiles; one without a .shp gets IMP004 with its entries.
  if (ext === 'zip' || (file.bytes[0] === 0x50 && file.bytes[1] === 0x4b)) return 'shapefile';
  const head = decodeUtf8(file.bytes.subarray(0, 4096));
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
): ImportedBoundaries {
  if (format === 'shapefile') return importShapefileZip(file.bytes, collector);
  const text = decodeUtf8(file.bytes);
  const imported = format === 'geojson' ? importGeoJson(text, collector) : importKml(text, collector);
  return { ...imported, text };
}

/**
 * Check one imported feature's boundary. The WKT is generated, so diagnostics are re-pointed at the
 * feature in the source: coordinate-level ones at the coordinate when the format knows where it is.
 */
export function checkFeatureBoundary(
  feature: BoundaryFeature,
  wkt: string,
  statedAcres: { acres: number; attribute?: string } | undefined,
  acreageTolerance: number | undefined,
  collector: DiagnosticCollector,
): BoundaryCheckResult {
  const start = collector.diagnostics.length;
  const options: CheckBoundaryOptions = {};
  let acresLocation: Location | undefined;
  if (statedAcres) {
    options.statedAcres = statedAcres.acres;
    const attribute = statedAcres.attribute;
    acresLocation =
      attribute === undefined
        ? feature.location
        : (feature.attributeLocation?.(attribute) ?? { ...feature.location, field: attribute });
    options.acresLocation = acresLocation;
    // In a text format the stated acres can be rewritten in place (GeoJSON's property value).
    if (acresLocation.range)
      options.acresSpan = { start: acresLocation.range.start.offset, end: acresLocation.range.end.offset };
  }
  if (acreageTolerance !== undefined) options.acreageTolerance = acreageTolerance;
  const result = checkBoundary(wkt, options, collector, { location: feature.geometryLocation });
  for (let i = start; i < collector.diagnostics.length; i++) {
    const d = collector.diagnostics[i] as Diagnostic;
    // Acreage diagnostics already point at the stated acres in the source; everything else came from the WKT.
    const atAcres = d.group === 'acreage' && acresLocation !== undefined;
    const moved: Diagnostic = { ...d, location: atAcres ? d.location : relocate(feature, d.location) };
    if (d.related) moved.related = d.related.map((r) => ({ ...r, location: relocate(feature, r.location) }));
    if (d.fix?.edits && !atAcres) {
      // Edits on the generated WKT mean nothing in the source file; the fix stays as a description.
      const { edits: _edits, ...described } = d.fix;
      moved.fix = described;
    }
    collector.diagnostics[i] = moved;
  }
  return result;
}

/**
 * A location from the checks of the generated WKT, pointed back at the source: the coordinate's place in
 * the file when the format knows it, else the feature's geometry. Ranges within the WKT are dropped.
 */
function relocate(feature: BoundaryFeature, location: Location): Location {
  const { range: _wktRange, ...rest } = location;
  const { polygon, ring, coordinate } = location;
  const at =
    polygon !== undefined && ring !== undefined && coordinate !== undefined
      ? feature.coordinateLocation?.(polygon, ring, coordinate)
      : undefined;
  const out: Location = { ...rest, ...(at ?? {}) };
  if (!at?.range && feature.geometryLocation.range) out.range = feature.geometryLocation.range;
  return out;
}

/** Check every feature of an import (the file kinds' validate), with a guessed acres attribute as stated acres. */
export function checkImportedBoundaries(
  imported: BoundaryImport,
  collector: DiagnosticCollector,
  options: { acreageTolerance?: number } = {},
): { checked: number; acres: number; invalid: number } {
  const acresSource = guessAcresAttribute(imported.attributes);
  let acres = 0;
  let invalid = 0;
  for (const feature of imported.features) {
    const wkt = polygonsToWkt(feature.polygons, { multi: feature.multi });
    let stated: { acres: number; attribute: string } | undefined;
    if (acresSource) {
      const value = acresOf(feature, acresSource);
      if (value !== undefined) stated = { acres: value, attribute: acresSource.attribute };
    }
    const result = checkFeatureBoundary(feature, wkt, stated, options.acreageTolerance, collector);
    if (result.areaAcres !== undefined) acres += result.areaAcres;
    if (!result.valid) invalid++;
  }
  return { checked: imported.features.length, acres, invalid };
}
