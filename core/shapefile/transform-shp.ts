/**
 * Rewrite the x,y coordinates of a .shp in place (a copy), keeping every byte of structure: record
 * headers, part indexes, Z and M values. Record boxes and the .shp/.shx header boxes are recomputed.
 * Used by the reprojection fix; the .shx offsets do not change because no record changes size.
 */
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
  let xmin = Infinity;
  let ymin = Infinity;
  let xmax = -Infinity;
  let ymax = -Infinity;
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
      let rx0 = Infinity;
      let ry0 = Infinity;
      let rx1 = -Infinity;
      let ry1 = -Infinity;
      for (let i = 0; i < count; i++) {
        const x = moved[2 * i] ?? NaN;
        const y = moved[2 * i + 1] ?? NaN;
        if (!Number.isFinite(x) || !Number.isFinite(y)) {
          return { ok: false, reason: `record ${record}, point ${i} cannot be transformed` };
        }
        view.setFloat64(pointsAt + 16 * i, x, true);
        view.setFloat64(pointsAt + 16 * i + 8, y, true);
        rx0 = Math.min(rx0, x);
        ry0 = Math.min(ry0, y);
        rx1 = Math.max(rx1, x);
        ry1 = Math.max(ry1, y);
      }
      if (boxAt >= 0) {
        view.setFloat64(boxAt, rx0, true);
        view.setFloat64(boxAt + 8, ry0, true);
        view.setFloat64(boxAt + 16, rx1, true);
        view.setFloat64(boxAt + 24, ry1, true);
      }
      xmin = Math.min(xmin, rx0);
      ymin = Math.min(ymin, ry0);
      xmax = Math.max(xmax, rx1);
      ymax = Math.max(ymax, ry1);
    }
    p = c + length;
  }
  if (xmin > xmax) xmin = ymin = xmax = ymax = 0;
  const writeBox = (v: DataView): void => {
    v.setFloat64(36, xmin, true);
    v.setFloat64(44, ymin, true);
    v.setFloat64(52, xmax, true);
    v.setFloat64(60, ymax, true);
  };
  writeBox(view);
  if (!shx || shx.length < 100) return { ok: true, shp: out };
  const shxOut = shx.slice();
  writeBox(new DataView(shxOut.buffer, shxOut.byteOffset, shxOut.byteLength));
  return { ok: true, shp: out, shx: shxOut };
}
