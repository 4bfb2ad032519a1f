/**
 * File kinds for boundaries (`fieldgate validate`): .wkt text (one WKT per line, or one WKT), GeoJSON,
 * KML, and zipped boundary shapefiles. Setting `acreageTolerance` (fraction, default 0.02) tunes ACR001.
 */

import type { BoundaryFileSummary } from '../input/kind-summary.ts';
import type { Diagnostic, FixSafety } from '../diagnostics/diagnostic.ts';
import type { PolygonRings } from '../geometry/geometry.ts';
import type { FileKind, FileReport, FixResult, InputFile, KindInfo } from '../input/file-kind.ts';
import { describeCrs } from '../crs/identify-crs.ts';
import { DiagnosticCollector } from '../rules/reporter.ts';
import { checkImportedBoundaries, importBoundaries, type BoundaryFormat } from './import-boundaries.ts';
import { boundaryShapefileKindInfo, geojsonKindInfo, kmlKindInfo } from './boundary-kind-info.ts';
import { parseShapeArtifact, rebuildShapefileZip, type ShapeFixStore } from './shapefile-writer.ts';
import { textFix } from '../input/text-fixes.ts';
import { toleranceFrom, wktFileKind } from './wkt-file-kind.ts';

export { splitWktStatements } from './wkt-file.ts';
export { wktFileKind };

const round = (n: number, digits = 2): number => Number(n.toFixed(digits));

function importedKind(info: KindInfo, format: BoundaryFormat): FileKind {
  const id = info.id;
  const kind: FileKind = {
    ...info,
    async validate(file, options): Promise<FileReport> {
      const collector = new DiagnosticCollector(options.selection);
      const imported = importBoundaries(file, format, collector);
      const tolerance = toleranceFrom(options);
      const checked = checkImportedBoundaries(imported, collector, {
        ...(tolerance === undefined ? {} : { acreageTolerance: tolerance }),
        ...(options.batchGeometry ? { batchGeometry: options.batchGeometry } : {}),
      });
      const summary: BoundaryFileSummary = {
        type: 'boundaries',
        features: checked.checked,
        invalid: checked.invalid,
        acres: round(checked.acres),
        attributes: imported.attributes,
      };
      if (imported.reprojectedFrom) summary.reprojectedFrom = describeCrs(imported.reprojectedFrom);
      const report: FileReport = {
        file: file.name,
        kind: id,
        diagnostics: collector.diagnostics,
        summary,
        features: checked.features,
      };
      if (imported.text !== undefined) report.text = imported.text;
      return report;
    },
  };
  // Text formats: fixes whose edits point into the file itself (geometry, the stated acres of a feature);
  // shapefile ZIPs: record-level replacements, the archive rebuilt.
  kind.fix = format === 'shapefile' ? shapefileFix : textFix;
  return kind;
}

/**
 * Apply the chosen shape fixes of a boundary shapefile ZIP: the checks run again to recover each chosen
 * artifact's polygons, one fix per record per pass (the fix loop applies the rest), and the archive is
 * rebuilt with the new shapes.
 */
async function shapefileFix(
  file: InputFile,
  report: FileReport,
  allowed: readonly FixSafety[],
): Promise<FixResult | undefined> {
  const wanted = report.diagnostics.filter(
    (d) =>
      d.fix?.artifact !== undefined && allowed.includes(d.fix.safety) && parseShapeArtifact(d.fix.artifact),
  );
  if (wanted.length === 0) return undefined;
  const store: ShapeFixStore = new Map();
  const collector = new DiagnosticCollector();
  const imported = importBoundaries(file, 'shapefile', collector, { shapeFixes: store });
  checkImportedBoundaries(imported, collector);
  const replacements = new Map<string, Map<number, PolygonRings>>();
  const applied: Diagnostic[] = [];
  for (const d of wanted) {
    const artifact = d.fix?.artifact as string;
    const target = parseShapeArtifact(artifact);
    const polygons = store.get(artifact);
    if (!target || !polygons) continue;
    const records = replacements.get(target.entry) ?? new Map<number, PolygonRings>();
    replacements.set(target.entry, records);
    if (records.has(target.record)) continue;
    records.set(target.record, polygons);
    applied.push(d);
  }
  if (applied.length === 0) return undefined;
  const bytes = rebuildShapefileZip(file.bytes, replacements);
  return bytes ? { bytes, applied } : undefined;
}

export const geojsonFileKind: FileKind = importedKind(geojsonKindInfo, 'geojson');

export const kmlFileKind: FileKind = importedKind(kmlKindInfo, 'kml');

/** Scores low: the prescription ZIP kind owns .zip files; `--kind boundary-shapefile` picks this one. */
export const boundaryShapefileFileKind: FileKind = importedKind(boundaryShapefileKindInfo, 'shapefile');

export const boundaryFileKinds: readonly FileKind[] = [
  wktFileKind,
  geojsonFileKind,
  kmlFileKind,
  boundaryShapefileFileKind,
];
