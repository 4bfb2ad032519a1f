/**
 * Grid clustering of the SVG map's problem markers: thousands of circles on top of each other say nothing
 * and slow the page. Markers are put in square cells of the view (in the map's projected units); a cell
 * with one marker keeps it, a cell with more becomes one cluster drawn with its count and the worst
 * severity among its markers. MapLibre clusters its own (vector-map.tsx).
 */
import type { Severity } from '../../core/index.ts';

/** Markers drawn one by one below this many; from it on, clustered. */
export const CLUSTER_FROM = 500;

export interface Marker {
  x: number;
  y: number;
  severity: Severity;
}

export interface Cluster {
  /** The mean position of its markers. */
  x: number;
  y: number;
  count: number;
  worst: Severity;
  /** Its markers' box, for zooming to it: [minX, minY, maxX, maxY]. */
  box: [number, number, number, number];
}

const RANK: Record<Severity, number> = { info: 0, warning: 1, error: 2 };

/**
 * Markers grouped by the cell of side `cell` they fall in: singles (cells of one marker) and clusters.
 * Linear in the markers; cells are keyed by their column and row.
 */
export function gridClusters<M extends Marker>(
  markers: readonly M[],
  cell: number,
): { singles: M[]; clusters: Cluster[] } {
  const cells = new Map<string, M[]>();
  for (const m of markers) {
    const key = `${Math.floor(m.x / cell)}:${Math.floor(m.y / cell)}`;
    const list = cells.get(key);
    if (list) list.push(m);
    else cells.set(key, [m]);
  }
  const singles: M[] = [];
  const clusters: Cluster[] = [];
  for (const list of cells.values()) {
    if (list.length === 1) {
      singles.push(list[0]!);
      continue;
    }
    let sx = 0;
    let sy = 0;
    let worst: Severity = 'info';
    const box: Cluster['box'] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const m of list) {
      sx += m.x;
      sy += m.y;
      if (RANK[m.severity] > RANK[worst]) worst = m.severity;
      box[0] = Math.min(box[0], m.x);
      box[1] = Math.min(box[1], m.y);
      box[2] = Math.max(box[2], m.x);
      box[3] = Math.max(box[3], m.y);
    }
    clusters.push({ x: sx / list.length, y: sy / list.length, count: list.length, worst, box });
  }
  return { singles, clusters };
}
