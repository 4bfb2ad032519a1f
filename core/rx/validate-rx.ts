/**
 * Validate a prescription ZIP for POST /v2/rx: archive safety → members → CRS → shapefile structure →
 * zones and rates → summary with map data. Each stage stops the later ones only when they could not
 * say anything meaningful (one fault, one diagnostic).
 */
import type { RxSummary } from '../input/kind-summary.ts';
import type { ZipLimits } from '../archive/zip-reader.ts';
import { openZip, type ZipArchive } from '../archive/zip-reader.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { DiagnosticCollector } from '../rules/reporter.ts';
import { zoneRulesInReportOrder } from './zone-rules.ts';
import type { ZoneStage } from './zone-stages.ts';
import type { RuleSelection } from '../rules/selection.ts';
import { readShapefile, type ShapefileResult } from '../shapefile/read-shapefile.ts';
import { hasZ, shapeFamily } from '../shapefile/shape-types.ts';
import { checkZones, type ZoneCheckInput, type ZoneCheckResult, type ZoneSettings } from './check-zones.ts';
import { checkRxCrs, type RxCrs } from './rx-crs.ts';
import { findRxMembers, type RxMembers } from './rx-members.ts';
import { buildRxSummary } from './rx-summary.ts';

export interface ValidateRxOptions {
  selection?: RuleSelection;
  settings?: ZoneSettings;
  limits?: Partial<ZipLimits>;
  /** Whether the summary carries the zones' GeoJSON map (default true; see buildRxSummary). */
  map?: boolean;
  /** See ValidateOptions.releaseMemory: called once the members' bytes are let go of. */
  releaseMemory?: () => void;
}

/** Members' bytes from which their release is worth a collection before the zones are checked. */
const RELEASE_AFTER_BYTES = 4 * 1024 * 1024;

/**
 * The members read and the shapefile decoded (the CRS checked on the way), in a function of its own so the
 * members' bytes are let go of when it returns (a generator keeps its own locals until it ends).
 */
function readZoneShapefile(
  archive: ZipArchive,
  members: RxMembers,
  collector: DiagnosticCollector,
): { crs?: RxCrs; shapefile?: ShapefileResult; bytes: number } {
  const shp = archive.read(members.shp);
  const shx = members.shx && archive.read(members.shx);
  const dbf = members.dbf && archive.read(members.dbf);
  const cpg = members.cpg && archive.read(members.cpg);
  const prj = members.prj && archive.read(members.prj);
  if (members.prj && !prj) return { bytes: 0 };
  const crs = checkRxCrs(prj, members.prj?.name, members.shp.name, collector);
  if (!shp) return { crs, bytes: 0 };
  const names = { shp: members.shp.name, shx: members.shx?.name ?? '.shx', dbf: members.dbf?.name ?? '.dbf' };
  const input: { shp: Uint8Array; shx?: Uint8Array; dbf?: Uint8Array; cpg?: Uint8Array } = { shp };
  if (shx) input.shx = shx;
  if (dbf) input.dbf = dbf;
  if (cpg) input.cpg = cpg;
  const shapefile = readShapefile(input, { collector, names });
  return { crs, shapefile, bytes: shp.length + (shx?.length ?? 0) + (dbf?.length ?? 0) };
}

export interface RxValidation {
  diagnostics: Diagnostic[];
  summary: RxSummary;
  members?: RxMembers;
  shapefile?: ShapefileResult;
  crs?: RxCrs;
  zones?: ZoneCheckResult;
}

export function validateRx(bytes: Uint8Array, options: ValidateRxOptions = {}): RxValidation {
  const steps = validateRxSteps(bytes, options);
  let step = steps.next();
  while (!step.done) step = steps.next(undefined);
  return step.value;
}

/**
 * validateRx in steps: before the zones are checked it yields their input and takes each record's validity
 * diagnostics, when they were found elsewhere (on worker threads: zone-jobs.ts), else undefined.
 */
export function* validateRxSteps(
  bytes: Uint8Array,
  options: ValidateRxOptions = {},
): Generator<ZoneCheckInput, RxValidation, readonly (Diagnostic[] | undefined)[] | undefined> {
  const collector = new DiagnosticCollector(options.selection);
  const done = (parts: Omit<RxValidation, 'diagnostics' | 'summary'> = {}): RxValidation => ({
    ...parts,
    diagnostics: collector.diagnostics,
    summary: buildRxSummary(parts, { map: options.map !== false }),
  });

  const archive = openZip(bytes, collector, options.limits ? { limits: options.limits } : {});
  if (!archive) return done();
  const members = findRxMembers(archive, collector);
  if (!members) return done();

  const read = readZoneShapefile(archive, members, collector);
  const { crs, shapefile } = read;
  if (!shapefile || !crs) return done(crs ? { members, crs } : { members });
  // The members' bytes and what inflating them left are garbage now, as big as the zones about to be
  // checked: reclaimed first, where the host can.
  if (read.bytes >= RELEASE_AFTER_BYTES) options.releaseMemory?.();
  if (shapefile.shapeType === undefined) return done({ members, crs, shapefile });

  // The header's shape type goes to the rules of the zones (RXS002 and RXS003 decide from it); zones are
  // read from polygons only.
  const type = shapefile.shapeType;
  const header: ZoneStage = {
    stage: 'shapeType',
    shp: members.shp.name,
    type,
    name: shapefile.shapeTypeName ?? String(type),
    family: shapeFamily(type),
    z: hasZ(type),
  };
  for (const rule of zoneRulesInReportOrder) rule.check?.(header, collector.contextFor(rule));
  if (header.family !== 'polygon') return done({ members, crs, shapefile });

  const zoneInput = {
    shapefile,
    crs,
    names: { shp: members.shp.name, dbf: members.dbf?.name ?? '.dbf' },
    settings: options.settings ?? {},
  };
  const zones = checkZones(zoneInput, collector, yield zoneInput);
  return done({ members, crs, shapefile, zones });
}
