/**
 * Field uploads (`{"fields": [...]}`) for the geometry and whole-process benchmarks, deterministic from a
 * seed: outlines of 100–700 vertices scattered over the US Midwest, written like GIS exports (9
 * significant digits). Kinds:
 * - `valid`: simple outlines (radius varying with the angle, angles strictly increasing);
 * - `ragged`: the same outlines with a few neighbouring vertices swapped, so each swap is a small
 *   self-crossing (what hand-edited or badly digitised boundaries look like);
 * - `star`: 301-vertex star polygons {300/149}, every edge crossing most others (about 44,000 crossings
 *   each): the worst case for reports and make-valid.
 * Pure: returns the JSON text; the benchmarks write it to a temporary folder.
 */
import { seededRandom } from '../../test/support/seeded-random.ts';

export type BenchPolygonKind = 'valid' | 'ragged' | 'star';

function fmt(v: number): string {
  return String(Number(v.toPrecision(9)));
}

function outline(random: () => number, cx: number, cy: number, n: number, ragged: boolean): number[] {
  const radius = 0.004 + random() * 0.01;
  const xScale = 1 / Math.cos((cy * Math.PI) / 180);
  const phases = [random() * 6.283, random() * 6.283, random() * 6.283];
  const amps = [0.15 * random(), 0.1 * random(), 0.05 * random()];
  const xy: number[] = [];
  for (let i = 0; i < n; i++) {
    const theta = ((i + (random() - 0.5) * 0.5) / n) * 2 * Math.PI;
    let r = 1 + (random() - 0.5) * 0.01;
    for (let k = 0; k < 3; k++) r += (amps[k] as number) * Math.sin((k + 2) * theta + (phases[k] as number));
    xy.push(cx + radius * r * Math.cos(theta) * xScale, cy + radius * r * Math.sin(theta));
  }
  if (ragged) {
    // Swap a few neighbouring vertices (away from the closing point): each swap crosses two edges.
    const swaps = 1 + Math.floor(random() * 5);
    for (let s = 0; s < swaps; s++) {
      const i = 1 + Math.floor(random() * (n - 3));
      const [x, y] = [xy[2 * i] as number, xy[2 * i + 1] as number];
      xy[2 * i] = xy[2 * i + 2] as number;
      xy[2 * i + 1] = xy[2 * i + 3] as number;
      xy[2 * i + 2] = x;
      xy[2 * i + 3] = y;
    }
  }
  return xy;
}

function star(cx: number, cy: number): number[] {
  const n = 300;
  const xScale = 1 / Math.cos((cy * Math.PI) / 180);
  const xy: number[] = [];
  for (let i = 0; i < n; i++) {
    const a = (((i * 149) % n) / n) * 2 * Math.PI;
    xy.push(cx + 0.01 * Math.cos(a) * xScale, cy + 0.01 * Math.sin(a));
  }
  return xy;
}

function polygonWkt(xy: number[]): string {
  const parts: string[] = [];
  for (let k = 0; k < xy.length; k += 2) parts.push(`${fmt(xy[k] as number)} ${fmt(xy[k + 1] as number)}`);
  parts.push(parts[0] as string);
  return `POLYGON ((${parts.join(', ')}))`;
}

/**
 * The boundaries alone (WKT), as the upload holds them. `vertices` fixes the vertex count of `valid` and
 * `ragged` outlines (default: 100 to 700).
 */
export function benchBoundaries(
  kind: BenchPolygonKind,
  count: number,
  seed = 7,
  vertices?: number,
): string[] {
  const random = seededRandom(seed);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const cx = -97 + random() * 8;
    const cy = 38 + random() * 8;
    const drawn = 100 + Math.floor(random() * 601);
    const n = vertices ?? drawn;
    out.push(polygonWkt(kind === 'star' ? star(cx, cy) : outline(random, cx, cy, n, kind === 'ragged')));
  }
  return out;
}

/** A field upload with one field per boundary. */
export function benchFieldUpload(boundaries: readonly string[]): string {
  const fields = boundaries.map((boundary, i) => ({
    clientName: 'Bench Farms',
    farmName: `Farm ${Math.floor(i / 50)}`,
    name: `Field ${i}`,
    boundary,
  }));
  return JSON.stringify({ fields }, null, 2);
}

/**
 * A big upload of small clean fields (rectangles of about 5.7 acres on a grid, acres stated), as parts of
 * its JSON text in order, so a benchmark can write 200 MB without holding it: `count` fields, about
 * 235 bytes each.
 */
export function* bigCleanUpload(count: number): Generator<string> {
  yield '{"fields": [\n';
  const batch: string[] = [];
  for (let i = 0; i < count; i++) {
    const x = -93 + (i % 1000) * 0.01;
    const y = 41 + Math.floor(i / 1000) * 0.001;
    const x0 = x.toFixed(6);
    const y0 = y.toFixed(6);
    const x1 = (x + 0.005).toFixed(6);
    const y1 = (y + 0.0005).toFixed(6);
    const field = {
      clientName: 'Client A',
      farmName: `Farm ${i % 50}`,
      name: `Field ${i}`,
      boundary: `POLYGON ((${x0} ${y0}, ${x1} ${y0}, ${x1} ${y1}, ${x0} ${y1}, ${x0} ${y0}))`,
      acres: 5.76,
      source: 'Partner',
    };
    batch.push(JSON.stringify(field));
    if (batch.length === 1000 || i === count - 1) {
      yield batch.join(',\n') + (i === count - 1 ? '\n' : ',\n');
      batch.length = 0;
    }
  }
  yield ']}\n';
}
