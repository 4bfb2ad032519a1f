/**
 * Zone validity checks handed to worker threads (core/parallel/worker-pool.ts): each zone's OGC validity
 * (zone-validity.ts) depends on that zone alone, so the zones go to the pool in batches of plain data
 * (record number and rings) and their diagnostics come back zone by zone; check-zones.ts lists them where
 * one thread would, so the report is the same for any number of threads. The checks across zones
 * (overlaps, rates, extent) stay on the reading thread.
 */
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { WorkerPool } from '../parallel/worker-pool.ts';
import { DiagnosticCollector } from '../rules/reporter.ts';
import type { RuleSelection } from '../rules/selection.ts';
import { toLonLat } from './check-zones.ts';
import type { RxCrs } from './rx-crs.ts';
import { reportZoneValidity, type ZoneValidityInput } from './zone-validity.ts';

/** A batch of zones for a worker; `zones` tells it from a batch of boundaries. */
export interface ZoneBatch {
  /** The .shp member's name (diagnostics' entry). */
  shp: string;
  crs: RxCrs;
  selection?: RuleSelection;
  zones: ZoneValidityInput[];
}

/** In a worker (or here): each zone's validity diagnostics, in the order of the batch. */
export function checkZoneBatch(batch: ZoneBatch): Diagnostic[][] {
  return batch.zones.map((zone) => {
    const collector = new DiagnosticCollector(batch.selection);
    reportZoneValidity(zone, batch.shp, collector, (p) => toLonLat(p, batch.crs));
    return collector.diagnostics;
  });
}

/** Coordinates per batch posted (two numbers each): enough that posting costs little against the checks. */
const BATCH_COORDINATES = 8 * 1024;
/** Batches every worker has still to do before this thread checks the next zones itself (its share). */
const IN_FLIGHT_PER_WORKER = 2;

/**
 * The validity diagnostics of every zone (`zones[i]`, undefined for one with nothing to check), checked on
 * the pool's workers and on this thread while every worker is busy. A batch a worker fails is checked here.
 * The zones are in memory already (a shapefile is read whole); a worker gets a copy of its batch's rings.
 */
export async function zoneValidityOn(
  pool: WorkerPool,
  zones: readonly (ZoneValidityInput | undefined)[],
  checks: Omit<ZoneBatch, 'zones'>,
): Promise<(Diagnostic[] | undefined)[]> {
  const out: (Diagnostic[] | undefined)[] = new Array<Diagnostic[] | undefined>(zones.length);
  const waiting: Promise<void>[] = [];
  let batch: { zones: ZoneValidityInput[]; at: number[] } = { zones: [], at: [] };
  let coordinates = 0;
  const send = (): void => {
    const { zones: jobs, at } = batch;
    if (jobs.length === 0) return;
    batch = { zones: [], at: [] };
    coordinates = 0;
    const message: ZoneBatch = { ...checks, zones: jobs };
    const place = (found: Diagnostic[][]): void => at.forEach((i, k) => (out[i] = found[k] ?? []));
    if (pool.leastBusy >= IN_FLIGHT_PER_WORKER) place(checkZoneBatch(message));
    else
      waiting.push(
        pool.run(message).then(
          (reply) => place(reply as Diagnostic[][]),
          // A worker that failed: its zones are checked here.
          () => place(checkZoneBatch(message)),
        ),
      );
  };
  zones.forEach((zone, i) => {
    if (!zone) return;
    batch.zones.push(zone);
    batch.at.push(i);
    for (const polygon of zone.polygons) for (const ring of polygon) coordinates += ring.length / 2;
    if (coordinates >= BATCH_COORDINATES) send();
  });
  send();
  await Promise.all(waiting);
  return out;
}
