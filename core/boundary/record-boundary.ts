/**
 * The boundary pipeline (check-boundary.ts) for one field record, whatever its source: a WKT string in a
 * document (a JSON upload's boundary, a CSV cell, a .wkt line) is checked in place, so ranges and fix edits
 * land on the document's characters; a boundary read as geometry (GeoJSON, KML, shapefile) is written as
 * WKT, checked, and its diagnostics pointed back at the feature in the source (coordinate-level ones at the
 * coordinate when the format knows where it is). Stated acres are the record's `acres` when it is a number.
 */

import type { Diagnostic, Location } from '../diagnostics/diagnostic.ts';
import { atRecord, type FieldRecord, type RecordGeometry } from '../records/field-record.ts';
import type { SweepBuffers } from '../geometry/segment-index.ts';
import type { DiagnosticCollector } from '../rules/reporter.ts';
import { checkBoundary, type BoundaryCheckResult, type CheckBoundaryOptions } from './check-boundary.ts';
import { polygonsToWkt } from './write-wkt.ts';

export interface RecordBoundaryOptions {
  /** Relative acreage tolerance (fraction, default 0.02). */
  acreageTolerance?: number;
  /**
   * For a boundary given as geometry: the WKT to check instead of the one written from it (convert checks
   * the WKT it writes, rounded).
   */
  wkt?: string;
  /** Writes a number as the source writes numbers (the acreage fix's text); default String(n). */
  writeNumber?: (n: number) => string;
  /** The validity check's arrays, reused from record to record by a caller checking many (see SweepBuffers). */
  buffers?: SweepBuffers;
}

export interface RecordBoundaryResult extends BoundaryCheckResult {
  /** The WKT that was checked (the record's own text, or the one written from its geometry). */
  wkt: string;
}

function withoutRange(location: Location): Location {
  const { range: _range, ...rest } = location;
  return rest;
}

const PLAIN_NUMBER = /^-?(\d+(\.\d*)?|\.\d+)$/;

/** The stated acres of a record as the acreage check takes them: value, place, tolerance, number writer. */
export function statedAcresOptions(
  record: FieldRecord,
  options: RecordBoundaryOptions,
): CheckBoundaryOptions {
  const out: CheckBoundaryOptions = {};
  const acres = record.acres;
  // A number, or a plain number written as text ("25.6", which FU003 safely makes a number): compared with
  // the area either way, so making it a number reveals no new problem.
  const stated =
    acres?.kind === 'number' && typeof acres.value === 'number'
      ? acres.value
      : acres?.kind === 'string' && typeof acres.value === 'string' && PLAIN_NUMBER.test(acres.value.trim())
        ? Number(acres.value.trim())
        : undefined;
  if (acres && stated !== undefined) {
    out.statedAcres = stated;
    out.acresLocation = atRecord(record, acres.location);
    if (acres.span) out.acresSpan = acres.span;
    if (acres.raw !== undefined) out.statedText = acres.raw;
    if (acres.unit) out.statedUnit = acres.unit;
  }
  if (options.acreageTolerance !== undefined) out.acreageTolerance = options.acreageTolerance;
  if (options.writeNumber) out.writeNumber = options.writeNumber;
  if (options.buffers) out.buffers = options.buffers;
  return out;
}

/** Check the record's boundary; undefined when it has none to check (missing, blank or not a string). */
export function checkRecordBoundary(
  record: FieldRecord,
  collector: DiagnosticCollector,
  options: RecordBoundaryOptions = {},
): RecordBoundaryResult | undefined {
  const boundary = record.boundary;
  if (!boundary) return undefined;
  if (boundary.geometry) return checkGeometryBoundary(record, boundary.geometry, collector, options);
  if (boundary.kind !== 'string' || typeof boundary.value !== 'string' || boundary.value.trim() === '')
    return undefined;
  const wkt = boundary.value;
  const location = atRecord(record, withoutRange(boundary.location));
  const base =
    record.lines && boundary.mapOffset
      ? { lines: record.lines, mapOffset: boundary.mapOffset, location }
      : { location };
  return { ...checkBoundary(wkt, statedAcresOptions(record, options), collector, base), wkt };
}

/**
 * A boundary that came as geometry: the WKT is generated, so diagnostics are re-pointed at the feature in
 * the source; geometry fixes come out as the source writer's edits (boundary-fixes.ts), or not at all.
 */
function checkGeometryBoundary(
  record: FieldRecord,
  geometry: RecordGeometry,
  collector: DiagnosticCollector,
  options: RecordBoundaryOptions,
): RecordBoundaryResult {
  const boundary = record.boundary!;
  const start = collector.diagnostics.length;
  const acreage = statedAcresOptions(record, options);
  // Geometry fixes are written back by the source's writer (reviewed in check-boundary.ts).
  if (geometry.writer) acreage.geometryWriter = geometry.writer;
  else
    acreage.noWriterReason =
      geometry.noWriterReason ?? `Fieldgate cannot write a fixed geometry back into ${record.format} files`;
  const wkt = options.wkt ?? polygonsToWkt(geometry.polygons, { multi: geometry.multi });
  const geometryLocation = atRecord(record, boundary.location);
  const result = checkBoundary(wkt, acreage, collector, { location: geometryLocation });
  for (let i = start; i < collector.diagnostics.length; i++) {
    const d = collector.diagnostics[i] as Diagnostic;
    // Acreage diagnostics already point at the stated acres in the source; everything else came from the WKT.
    const atAcres = d.group === 'acreage' && acreage.acresLocation !== undefined;
    const moved: Diagnostic = {
      ...d,
      location: atAcres ? d.location : relocate(geometry, geometryLocation, d.location),
    };
    if (d.related)
      moved.related = d.related.map((r) => ({
        ...r,
        location: relocate(geometry, geometryLocation, r.location),
      }));
    collector.diagnostics[i] = moved;
  }
  return { ...result, wkt };
}

/**
 * A location from the checks of the generated WKT, pointed back at the source: the coordinate's place in
 * the file when the format knows it, else the feature's geometry. Ranges within the WKT are dropped.
 */
function relocate(geometry: RecordGeometry, geometryLocation: Location, location: Location): Location {
  const { range: _wktRange, ...rest } = location;
  const { polygon, ring, coordinate } = location;
  const at =
    polygon !== undefined && ring !== undefined && coordinate !== undefined
      ? geometry.coordinateLocation?.(polygon, ring, coordinate)
      : undefined;
  const out: Location = { ...rest, ...(at ?? {}) };
  if (!at?.range && geometryLocation.range) out.range = geometryLocation.range;
  if (geometryLocation.feature !== undefined) out.feature = geometryLocation.feature;
  return out;
}
