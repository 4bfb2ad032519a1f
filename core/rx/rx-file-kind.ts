/**
 * The prescription ZIP file kind (POST /v2/rx): owns .zip files by default. Settings: `rateColumn`
 * (the DBF column holding the rates). Fixes rebuild the ZIP (see rx-fixes.ts).
 */
import type { RxSummary } from '../input/kind-summary.ts';
import type { Diagnostic, FixSafety } from '../diagnostics/diagnostic.ts';
import type { FileKind, FileReport, InputFile } from '../input/file-kind.ts';
import type { GeoJsonFeature, ZoneFeatureProperties } from '../geojson/geojson.ts';
import { rebuildRxZip } from './rx-fixes.ts';
import { rxKindInfo } from './rx-kind-info.ts';
import { FIX_RENAME } from './rx-members.ts';
import { validateRx, validateRxSteps, type RxValidation, type ValidateRxOptions } from './validate-rx.ts';
import { zoneValidityOn, type ZoneBatch } from './zone-jobs.ts';
import { zonePolygons } from './check-zones.ts';
import { rxZoneMap } from './rx-summary.ts';
import type { WorkerPool } from '../parallel/worker-pool.ts';
import type { BatchGeometry } from '../input/batch-geometry.ts';
import { wholeFileRecord } from '../records/submit-record.ts';

export const rxFileKind: FileKind = {
  ...rxKindInfo,
  async validate(file, options): Promise<FileReport> {
    const rateColumn = options.settings?.rateColumn;
    const rxOptions: ValidateRxOptions = {
      ...(options.selection ? { selection: options.selection } : {}),
      settings: typeof rateColumn === 'string' ? { rateColumn } : {},
      map: options.summaryGeometry !== false,
      ...(options.releaseMemory ? { releaseMemory: options.releaseMemory } : {}),
    };
    // Each zone's validity on worker threads when the run has them and the file is big enough.
    const pool = options.workers?.(file.bytes.length);
    const result = pool ? await validateRxOn(pool, file.bytes, rxOptions) : validateRx(file.bytes, rxOptions);
    const report: FileReport = {
      file: file.name,
      kind: 'rx-zip',
      diagnostics: result.diagnostics,
      summary: result.summary,
    };
    const features =
      options.features === false
        ? undefined
        : zoneFeatures(result.summary.map?.features ?? rxZoneMap(result), result.diagnostics);
    if (features) report.features = features;
    if (options.batchGeometry) keepZones(options.batchGeometry, result);
    if (options.records)
      report.records = [
        wholeFileRecord(file.name, { call: 'uploadRx', file: { self: true } }, report.diagnostics.length),
      ];
    return report;
  },
  /** Rebuilds the ZIP with the artifacts of exactly the diagnostics it is given (the engine chose them). */
  async fix(file: InputFile, report: FileReport, allowed: readonly FixSafety[]) {
    const wanted = report.diagnostics.filter(
      (d): d is Diagnostic & { fix: { artifact: string } } =>
        d.fix?.artifact !== undefined && allowed.includes(d.fix.safety),
    );
    if (wanted.length === 0) return undefined;
    // A rename is per member: rename exactly the members of the diagnostics given.
    const renames = wanted.filter((d) => d.fix.artifact === FIX_RENAME && d.location.entry !== undefined);
    const renameEntries = renames.length > 0 ? new Set(renames.map((d) => d.location.entry!)) : undefined;
    const rebuilt = rebuildRxZip(file.bytes, new Set(wanted.map((d) => d.fix.artifact)), renameEntries);
    if (!rebuilt.ok) return undefined;
    return { bytes: rebuilt.bytes, applied: wanted.filter((d) => rebuilt.applied.includes(d.fix.artifact)) };
  },
};

/** validateRx with each zone's validity checked on the pool (the rest as one thread checks it). */
async function validateRxOn(
  pool: WorkerPool,
  bytes: Uint8Array,
  options: ValidateRxOptions = {},
): Promise<RxValidation> {
  const steps = validateRxSteps(bytes, options);
  let step = steps.next();
  while (!step.done) {
    const { shapefile, crs, names } = step.value;
    const zones = shapefile.records.map((rec) => {
      const polygons = rec.malformed ? [] : zonePolygons(rec);
      return polygons.length === 0 ? undefined : { record: rec.record, polygons };
    });
    const checks: Omit<ZoneBatch, 'zones'> = { shp: names.shp, crs };
    if (options.selection) checks.selection = options.selection;
    step = steps.next(await zoneValidityOn(pool, zones, checks));
  }
  return step.value;
}

/**
 * The zones placed in WGS 84, for the checks across files: feature ids as zoneFeatures gives them (the
 * records in order, when the zones could be placed at all).
 */
function keepZones(into: BatchGeometry, result: RxValidation): void {
  const records = result.shapefile?.records;
  const zones = result.zones;
  if (!records || !zones?.bbox) return;
  const entry = result.members?.shp.name;
  records.forEach((rec, feature) => {
    const polygons = zones.lonLat[rec.record - 1];
    if (!polygons || polygons.length === 0) return;
    const rate = zones.rates[rec.record - 1];
    into.zones.push({
      feature,
      record: rec.record,
      ...(rate !== undefined ? { rate } : {}),
      polygons,
      location: { ...(entry ? { entry } : {}), record: rec.record, feature },
    });
  });
}

/**
 * The zones as GeoJSON features (ids 0, 1, … in record order), taken from the summary's map (`list`), and
 * each zone diagnostic (one with a shapefile record) pointed at its zone's feature.
 */
function zoneFeatures(
  list: NonNullable<RxSummary['map']>['features'] | undefined,
  diagnostics: Diagnostic[],
): GeoJsonFeature<ZoneFeatureProperties>[] | undefined {
  if (!list) return undefined;
  const byRecord = new Map<number, number>();
  const features = list.map((feature, id): GeoJsonFeature<ZoneFeatureProperties> => {
    byRecord.set(feature.id, id);
    return { type: 'Feature', id, geometry: feature.geometry, properties: feature.properties };
  });
  for (const d of diagnostics) {
    const record = d.location.record;
    const feature = record !== undefined ? byRecord.get(record) : undefined;
    if (feature !== undefined) d.location.feature = feature;
  }
  return features;
}
