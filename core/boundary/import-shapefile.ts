/**
 * Zipped shapefile(s) → boundary features, one per polygon record, with the DBF row as attributes and
 * the .prj's CRS reprojected to WGS 84. The ZIP is opened with the safe reader (core/archive: size and
 * ratio caps, no path tricks) and the members are read by core/shapefile, whose structural findings
 * (RXA/RXS codes) are kept. Every .shp in the archive is imported, in archive order.
 */

import { isArchiveJunk } from '../archive/archive-junk.ts';
import { openZip, type ZipArchive, type ZipEntry } from '../archive/zip-reader.ts';
import { decodePrj } from '../crs/identify-crs.ts';
import type { Location } from '../diagnostics/diagnostic.ts';
import { extensionOf } from '../input/file-kind.ts';
import { featureNotPolygon, noBoundaries } from './import-rules.ts';
import type { DiagnosticCollector } from '../rules/reporter.ts';
import { crsMissing } from './wgs84-rules.ts';
import { readShapefile } from '../shapefile/read-shapefile.ts';
import { shapeFamily } from '../shapefile/shape-types.ts';
import type { BoundaryFeature, BoundaryImport, SkippedFeature } from './boundary-feature.ts';
import { identifySourceCrs, reprojectFeatures, type IdentifiedCrs } from './reproject-features.ts';
import { shapeWriter, type ShapeFixStore } from './shapefile-writer.ts';
// The sniff lives with the kinds' detection (which must not load this importer); kept importable here.
interface ShapefileMembers {
  shp: ZipEntry;
  shx?: ZipEntry;
  dbf?: ZipEntry;
  prj?: ZipEntry;
  cpg?: ZipEntry;
}

const stem = (name: string): string => name.replace(/\.[^./\\]*$/, '').toLowerCase();

function findShapefiles(archive: ZipArchive): ShapefileMembers[] {
  const files = archive.files.filter((e) => !isArchiveJunk(e.name));
  const sets: ShapefileMembers[] = [];
  for (const shp of files.filter((e) => extensionOf(e.name) === 'shp')) {
    const sibling = (ext: string): ZipEntry | undefined =>
      files.find((e) => extensionOf(e.name) === ext && stem(e.name) === stem(shp.name));
    const set: ShapefileMembers = { shp };
    const shx = sibling('shx');
    const dbf = sibling('dbf');
    const prj = sibling('prj');
    const cpg = sibling('cpg');
    if (shx) set.shx = shx;
    if (dbf) set.dbf = dbf;
    if (prj) set.prj = prj;
    if (cpg) set.cpg = cpg;
    sets.push(set);
  }
  return sets;
}

export interface ImportShapefileOptions {
  /** Collects the polygons of geometry fixes proposed while checking (the file kind's fix reads them). */
  shapeFixes?: ShapeFixStore;
}

export function importShapefileZip(
  bytes: Uint8Array,
  collector: DiagnosticCollector,
  options: ImportShapefileOptions = {},
): BoundaryImport {
  const skipped: SkippedFeature[] = [];
  const result: BoundaryImport = {
    format: 'shapefile',
    features: [],
    skipped,
    attributes: [],
    failed: false,
  };
  const archive = openZip(bytes, collector);
  if (!archive) {
    result.failed = true;
    return result;
  }
  const sets = findShapefiles(archive);
  if (sets.length === 0) {
    collector.report(noBoundaries, {
      messageId: 'noShapefile',
      data: { entries: archive.files.map((e) => e.name).join(', ') || '(none)' },
      location: {},
      hint: 'Zip the .shp, .shx, .dbf and .prj of the boundary shapefile (or convert a FileGDB with ogr2ogr first).',
    });
    result.failed = true;
    return result;
  }
  const attributeSet = new Set<string>();
  for (const set of sets) {
    const shpName = set.shp.name;
    if (!set.dbf) {
      collector.report(noBoundaries, {
        messageId: 'incomplete',
        data: { shp: shpName, missing: '.dbf (the attribute table)' },
        location: { entry: shpName },
        hint: 'Zip the .dbf written together with the .shp; without it the fields have no names.',
      });
      result.failed = true;
      continue;
    }
    const shp = archive.read(set.shp);
    const dbf = archive.read(set.dbf);
    const shx = set.shx && archive.read(set.shx);
    const cpg = set.cpg && archive.read(set.cpg);
    const prj = set.prj && archive.read(set.prj);
    if (!shp || !dbf || (set.prj && !prj)) {
      result.failed = true; // the archive reader reported why
      continue;
    }

    const shpLocation: Location = { entry: shpName };
    let identified: IdentifiedCrs | undefined;
    if (prj && set.prj) {
      identified = identifySourceCrs(decodePrj(prj), collector, { entry: set.prj.name });
      if (!identified) {
        result.failed = true;
        continue;
      }
    } else {
      collector.report(crsMissing, {
        messageId: 'assumed',
        data: { shp: shpName },
        location: shpLocation,
        hint: 'Add the .prj written with the shapefile; if the coordinates are WGS 84 degrees, nothing changes.',
      });
    }

    const input: { shp: Uint8Array; dbf: Uint8Array; shx?: Uint8Array; cpg?: Uint8Array } = { shp, dbf };
    if (shx) input.shx = shx;
    if (cpg) input.cpg = cpg;
    const names = { shp: shpName, dbf: set.dbf.name, ...(set.shx ? { shx: set.shx.name } : {}) };
    const shapefile = readShapefile(input, { collector, names });
    if (shapefile.shapeType === undefined) {
      result.failed = true;
      continue;
    }
    if (shapeFamily(shapefile.shapeType) !== 'polygon') {
      collector.report(featureNotPolygon, {
        messageId: 'notPolygon',
        data: {
          feature: `The shapefile ${shpName}`,
          type: shapefile.shapeTypeName ?? String(shapefile.shapeType),
        },
        location: shpLocation,
        hint: 'Export the field boundaries as polygons (shape type Polygon).',
      });
      result.failed = true;
      continue;
    }
    for (const f of shapefile.fields) {
      if (!attributeSet.has(f.name)) {
        attributeSet.add(f.name);
        result.attributes.push(f.name);
      }
    }
    const features: BoundaryFeature[] = [];
    for (const rec of shapefile.records) {
      if (rec.malformed || rec.deleted) continue; // reported by the shapefile reader
      const label = `record ${rec.record} of ${shpName}`;
      const location: Location = { entry: shpName, record: rec.record };
      if (!rec.polygons || rec.polygons.length === 0) {
        const from = collector.diagnostics.length;
        collector.report(featureNotPolygon, {
          messageId: 'noGeometry',
          data: { feature: label },
          location,
          hint: 'A null shape has no boundary; remove the record or draw its boundary.',
        });
        skipped.push({
          after: result.features.length + features.length,
          label,
          location,
          properties: rec.attributes,
          diagnostics: [from, collector.diagnostics.length],
        });
        continue;
      }
      features.push({
        index: rec.record,
        label,
        polygons: rec.polygons,
        multi: rec.polygons.length > 1,
        properties: rec.attributes,
        location,
        geometryLocation: location,
        attributeLocation: (name) => ({ ...location, field: name }),
        // Only plain polygons are rewritten: a PolygonZ/M record would lose its Z or M values.
        ...(shapefile.shapeType === 5
          ? { writer: shapeWriter(shpName, rec.record, options.shapeFixes) }
          : {}),
      });
    }
    if (identified) {
      const from = reprojectFeatures(features, identified, collector, { entry: set.prj?.name ?? shpName });
      if (from) result.reprojectedFrom = from;
    }
    result.features.push(...features);
  }
  return result;
}
