/**
 * Rewrite the x,y coordinates of a .shp in place (a copy), keeping every byte of structure: record
 * headers, part indexes, Z and M values. Record boxes and the .shp/.shx header boxes are recomputed.
 * Used by the reprojection fix; the .shx offsets do not change because no record changes size.
 */
import { ringBbox, unionBbox, type Bbox } from '../planar/rings.ts';
import { shapeFamily } from './shape-types.ts';

export type CoordinateTransform = (xy: Float64Array) => Float64Array;

export type TransformShpResult =
  { ok: true; shp: Uint8Array; shx?: Uint8Array } | { ok: false; reason: string };

export function transformShpCoordinates(
  shp: Uint8Array,
  shx: Uint8Array | undefined,
  transform: CoordinateTransform,
): TransformShpResult {
  if (shp.length < 100) return { ok: false, reason: 'the .shp has no header' };
  const out = shp.slice();
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  let extent: Bbox | undefined;
  let p = 100;
  let record = 0;
  while (p + 12 <= out.length) {
    record++;
    const length = view.getInt32(p + 4, false) * 2;
    const c = p + 8;
    if (length < 4 || c + length > out.length) return { ok: false, reason: `record ${record} is truncated` };
    const family = shapeFamily(view.getInt32(c, true));
    let pointsAt = -1;
    let count = 0;
    let boxAt = -1;
    if (family === 'point') {
      pointsAt = c + 4;
      count = 1;
    } else if (family === 'multipoint') {
      boxAt = c + 4;
      count = view.getInt32(c + 36, true);
      pointsAt = c + 40;
    } else if (family === 'polyline' || family === 'polygon' || family === 'multipatch') {
      boxAt = c + 4;
      const parts = view.getInt32(c + 36, true);
      count = view.getInt32(c + 40, true);
      pointsAt = c + 44 + 4 * parts * (family === 'multipatch' ? 2 : 1);
    } else if (family !== 'null') {
      return { ok: false, reason: `record ${record} has an unknown shape type` };
    }
    if (count < 0 || pointsAt + 16 * count > c + length)
      return { ok: false, reason: `record ${record} is malformed` };
    if (count > 0) {
      const xy = new Float64Array(2 * count);
      for (let i = 0; i < 2 * count; i++) xy[i] = view.getFloat64(pointsAt + 8 * i, true);
      const moved = transform(xy);
      for (let i = 0; i < count; i++) {
        const x = moved[2 * i] ?? NaN;
        const y = moved[2 * i + 1] ?? NaN;
        if (!Number.isFinite(x) || !Number.isFinite(y)) {
          return { ok: false, reason: `record ${record}, point ${i} cannot be transformed` };
        }
        view.setFloat64(pointsAt + 16 * i, x, true);
        view.setFloat64(pointsAt + 16 * i + 8, y, true);
      }
      const box = ringBbox(moved.subarray(0, 2 * count));
      if (boxAt >= 0) writeBox(view, boxAt, box);
      extent = unionBbox(extent, box);
    }
    p = c + length;
  }
  const header: Bbox = extent ?? [0, 0, 0, 0];
  writeBox(view, 36, header);
  if (!shx || shx.length < 100) return { ok: true, shp: out };
  const shxOut = shx.slice();
  writeBox(new DataView(shxOut.buffer, shxOut.byteOffset, shxOut.byteLength), 36, header);
  return { ok: true, shp: out, shx: shxOut };
}

function writeBox(view: DataView, at: number, box: Bbox): void {
  for (let k = 0; k < 4; k++) view.setFloat64(at + 8 * k, box[k] ?? 0, true);
}
