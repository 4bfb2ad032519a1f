/**
 * The fields of a batch's files in a grid of cells of 0.02° over their boxes, for the checks across files
 * (check-across-files.ts): the fields a box meets, and the fields nearest a box. Both cost a few cell
 * lookups around the query, not a pass over every field, so a batch of 250,000 fields stays fast.
 */
import type { BatchField } from '../input/batch-geometry.ts';
import type { PreparedPolygons } from '../planar/polygon-overlay.ts';
import { ringBbox, unionBbox, type Bbox } from '../planar/rings.ts';

const GRID = 0.02;
/** A field over more cells than this is kept aside and looked at for every query. */
const LARGE_CELLS = 400;
/** A query box over more cells than this looks at every field instead. */
const WIDE_QUERY_CELLS = 10_000;
/** Cells a search for the nearest fields walks before it compares every field instead. */
const MAX_WALK_CELLS = 4096;

export interface IndexedField {
  file: string;
  /** The file's place among the batch's files. */
  order: number;
  field: BatchField;
  bbox: Bbox;
  prepared?: PreparedPolygons;
  /** Normalised name, for the field a Modus file names. */
  key?: string;
}

/** The box of the polygons' shells (empty: Infinity to -Infinity, meeting nothing). */
export function boxOf(polygons: BatchField['polygons']): Bbox {
  let box: Bbox | undefined;
  for (const rings of polygons) if (rings[0]) box = unionBbox(box, ringBbox(rings[0]));
  return box ?? [Infinity, Infinity, -Infinity, -Infinity];
}

export const boxesMeet = (a: Bbox, b: Bbox): boolean =>
  a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];

const cellKey = (x: number, y: number): number => x * 100_000 + y;

export class FieldIndex {
  readonly all: IndexedField[] = [];
  private readonly cells = new Map<number, number[]>();
  private readonly large: number[] = [];

  add(entry: IndexedField): void {
    const id = this.all.length;
    this.all.push(entry);
    const [x0, y0, x1, y1] = this.cellRange(entry.bbox);
    if ((x1 - x0 + 1) * (y1 - y0 + 1) > LARGE_CELLS) {
      this.large.push(id);
      return;
    }
    for (let x = x0; x <= x1; x++)
      for (let y = y0; y <= y1; y++) {
        const list = this.cells.get(cellKey(x, y));
        if (list) list.push(id);
        else this.cells.set(cellKey(x, y), [id]);
      }
  }

  private cellRange(b: Bbox): [number, number, number, number] {
    const c = (v: number): number => Math.floor(v / GRID);
    return [c(b[0] + 180), c(b[1] + 90), c(b[2] + 180), c(b[3] + 90)];
  }

  /** Fields whose boxes meet `box`, each once, in the order they were added. */
  near(box: Bbox): IndexedField[] {
    const [x0, y0, x1, y1] = this.cellRange(box);
    const found = new Set<number>(this.large);
    if ((x1 - x0 + 1) * (y1 - y0 + 1) > WIDE_QUERY_CELLS)
      for (let i = 0; i < this.all.length; i++) found.add(i);
    else
      for (let x = x0; x <= x1; x++)
        for (let y = y0; y <= y1; y++) for (const id of this.cells.get(cellKey(x, y)) ?? []) found.add(id);
    return [...found]
      .sort((a, b) => a - b)
      .map((id) => this.all[id] as IndexedField)
      .filter((f) => boxesMeet(f.bbox, box));
  }

  /**
   * The `count` fields nearest a box by the distance of their boxes (longitude scaled by the cosine of the
   * box's latitude), nearest first, ties in the order they were added; the caller measures the few it gets.
   * Walks rings of cells outward from the box and stops once no field further out can come closer; a point
   * far from every field (a sample with its coordinates swapped) ends the walk early and compares every field.
   */
  nearest(box: Bbox, count: number): IndexedField[] {
    const xScale = Math.cos((((box[1] + box[3]) / 2) * Math.PI) / 180);
    const best = new NearestList(count);
    const gap = (id: number): number => {
      const b = (this.all[id] as IndexedField).bbox;
      const dx = Math.max(0, b[0] - box[2], box[0] - b[2]) * xScale;
      const dy = Math.max(0, b[1] - box[3], box[1] - b[3]);
      return dx * dx + dy * dy;
    };
    const [x0, y0, x1, y1] = this.cellRange(box);
    const walkable = (x1 - x0 + 1) * (y1 - y0 + 1) <= WIDE_QUERY_CELLS;
    const seen = new Set<number>();
    const consider = (id: number): void => {
      if (seen.has(id)) return;
      seen.add(id);
      best.offer(id, gap(id));
    };
    const visit = (x: number, y: number): void => {
      for (const id of this.cells.get(cellKey(x, y)) ?? []) consider(id);
    };
    let visited = 0;
    const walkLimit = Math.min(this.all.length, MAX_WALK_CELLS);
    for (let ring = 0; walkable && visited <= walkLimit; ring++) {
      const [a0, b0, a1, b1] = [x0 - ring, y0 - ring, x1 + ring, y1 + ring];
      if (ring === 0) {
        for (let x = a0; x <= a1; x++) for (let y = b0; y <= b1; y++) visit(x, y);
        for (const id of this.large) consider(id);
      } else {
        for (let x = a0; x <= a1; x++) {
          visit(x, b0);
          visit(x, b1);
        }
        for (let y = b0 + 1; y < b1; y++) {
          visit(a0, y);
          visit(a1, y);
        }
      }
      visited += (a1 - a0 + 1) * (b1 - b0 + 1) - (ring === 0 ? 0 : (a1 - a0 - 1) * (b1 - b0 - 1));
      // A field in no cell of rings 0…ring lies more than `ring` cells from the box, on x or on y.
      const bound = ring * GRID * Math.min(1, Math.abs(xScale));
      if (best.full() && best.worst() <= bound * bound)
        return best.ids().map((id) => this.all[id] as IndexedField);
    }
    const all = new NearestList(count);
    for (let id = 0; id < this.all.length; id++) all.offer(id, gap(id));
    return all.ids().map((id) => this.all[id] as IndexedField);
  }
}

/** The `size` nearest of the ids offered, by distance then id: a sorted list kept short. */
class NearestList {
  private readonly found: Array<{ id: number; d: number }> = [];
  constructor(private readonly size: number) {}

  offer(id: number, d: number): void {
    const found = this.found;
    if (found.length === this.size) {
      const last = found[found.length - 1] as { id: number; d: number };
      if (d > last.d || (d === last.d && id > last.id)) return;
      found.pop();
    }
    let at = found.length;
    while (at > 0) {
      const before = found[at - 1] as { id: number; d: number };
      if (before.d < d || (before.d === d && before.id < id)) break;
      at--;
    }
    found.splice(at, 0, { id, d });
  }

  full(): boolean {
    return this.found.length === this.size;
  }

  worst(): number {
    return this.found[this.found.length - 1]?.d ?? Infinity;
  }

  ids(): number[] {
    return this.found.map((f) => f.id);
  }
}
