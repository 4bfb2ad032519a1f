/**
 * Test helpers: write small shapefiles (.shp/.shx/.dbf) byte by byte, so tests can make exactly the
 * structure they need (and then break it on purpose).
 */

export type Ring = number[]; // x0, y0, x1, y1, … (closed)

export interface TestField {
  name: string;
  type: 'C' | 'N' | 'F' | 'D' | 'L';
  length: number;
  decimals?: number;
}

export interface TestShapefile {
  /** 5 Polygon (default), 15 PolygonZ, 25 PolygonM, 1 Point, 3 PolyLine … */
  shapeType?: number;
  /** Per record: parts (rings or lines), or a point [x, y], or null for a Null shape. */
  records: (Ring[] | [number, number] | null)[];
  fields?: TestField[];
  rows?: (string | number | boolean | null)[][];
  /** Language driver byte of the DBF. */
  ldid?: number;
}

export interface ShapefileBytes {
  shp: Uint8Array;
  shx: Uint8Array;
  dbf: Uint8Array;
}

/** A closed square ring, clockwise (shapefile outer ring orientation). */
export function square(x: number, y: number, size: number): Ring {
  return [x, y, x, y + size, x + size, y + size, x + size, y, x, y];
}

/** The same ring run the other way (a hole, in shapefile orientation). */
export function reversed(ring: Ring): Ring {
  const out: number[] = [];
  for (let i = ring.length - 2; i >= 0; i -= 2) out.push(ring[i] ?? 0, ring[i + 1] ?? 0);
  return out;
}

function isPoint(r: Ring[] | [number, number]): r is [number, number] {
  return typeof r[0] === 'number';
}

function recordContent(shapeType: number, rec: Ring[] | [number, number] | null): Uint8Array {
  if (rec === null) {
    const b = new Uint8Array(4);
    new DataView(b.buffer).setInt32(0, 0, true);
    return b;
  }
  if (isPoint(rec)) {
    const b = new Uint8Array(20);
    const v = new DataView(b.buffer);
    v.setInt32(0, shapeType, true);
    v.setFloat64(4, rec[0], true);
    v.setFloat64(12, rec[1], true);
    return b;
  }
  const parts = rec;
  const n = parts.reduce((s, p) => s + p.length / 2, 0);
  const z = shapeType === 15 || shapeType === 13;
  const m = z || shapeType === 25 || shapeType === 23;
  const size = 44 + 4 * parts.length + 16 * n + (z ? 16 + 8 * n : 0) + (m ? 16 + 8 * n : 0);
  const b = new Uint8Array(size);
  const v = new DataView(b.buffer);
  v.setInt32(0, shapeType, true);
  const xs = parts.flatMap((p) => p.filter((_, i) => i % 2 === 0));
  const ys = parts.flatMap((p) => p.filter((_, i) => i % 2 === 1));
  v.setFloat64(4, Math.min(...xs), true);
  v.setFloat64(12, Math.min(...ys), true);
  v.setFloat64(20, Math.max(...xs), true);
  v.setFloat64(28, Math.max(...ys), true);
  v.setInt32(36, parts.length, true);
  v.setInt32(40, n, true);
  let start = 0;
  parts.forEach((p, i) => {
    v.setInt32(44 + 4 * i, start, true);
    start += p.length / 2;
  });
  let o = 44 + 4 * parts.length;
  for (const p of parts) {
    for (const c of p) {
      v.setFloat64(o, c, true);
      o += 8;
    }
  }
  // Z and M ranges and values: all zero.
  return b;
}

export function buildShapefile(spec: TestShapefile): ShapefileBytes {
  const shapeType = spec.shapeType ?? 5;
  const contents = spec.records.map((r) => recordContent(shapeType, r));
  const shpLength = 100 + contents.reduce((s, c) => s + 8 + c.length, 0);
  const shp = new Uint8Array(shpLength);
  const shx = new Uint8Array(100 + 8 * contents.length);
  const sv = new DataView(shp.buffer);
  const xv = new DataView(shx.buffer);
  const xs: number[] = [];
  const ys: number[] = [];
  for (const r of spec.records) {
    if (r === null) continue;
    if (isPoint(r)) {
      xs.push(r[0]);
      ys.push(r[1]);
    } else
      for (const p of r) {
        p.forEach((c, i) => (i % 2 === 0 ? xs : ys).push(c));
      }
  }
  for (const [view, length] of [
    [sv, shpLength],
    [xv, shx.length],
  ] as const) {
    view.setInt32(0, 9994, false);
    view.setInt32(24, length / 2, false);
    view.setInt32(28, 1000, true);
    view.setInt32(32, shapeType, true);
    if (xs.length > 0) {
      // A loop, not Math.min(...xs): a shapefile of a million points is more arguments than a call takes.
      const least = (v: number[]): number => v.reduce((m, x) => Math.min(m, x), Infinity);
      const most = (v: number[]): number => v.reduce((m, x) => Math.max(m, x), -Infinity);
      view.setFloat64(36, least(xs), true);
      view.setFloat64(44, least(ys), true);
      view.setFloat64(52, most(xs), true);
      view.setFloat64(60, most(ys), true);
    }
  }
  let p = 100;
  contents.forEach((c, i) => {
    sv.setInt32(p, i + 1, false);
    sv.setInt32(p + 4, c.length / 2, false);
    shp.set(c, p + 8);
    xv.setInt32(100 + 8 * i, p / 2, false);
    xv.setInt32(104 + 8 * i, c.length / 2, false);
    p += 8 + c.length;
  });
  const fields = spec.fields ?? [{ name: 'RATE', type: 'N', length: 10, decimals: 2 }];
  const rows = spec.rows ?? spec.records.map((_, i) => [100 + i]);
  return { shp, shx, dbf: buildDbf(fields, rows, spec.ldid ?? 0x57) };
}

export function buildDbf(
  fields: TestField[],
  rows: (string | number | boolean | null)[][],
  ldid = 0x57,
  encode: (s: string) => Uint8Array = (s) => Uint8Array.from([...s].map((c) => c.charCodeAt(0) & 0xff)),
): Uint8Array {
  const headerLength = 32 + 32 * fields.length + 1;
  const recordLength = 1 + fields.reduce((s, f) => s + f.length, 0);
  const dbf = new Uint8Array(headerLength + recordLength * rows.length + 1);
  const v = new DataView(dbf.buffer);
  dbf[0] = 0x03;
  dbf[1] = 124;
  dbf[2] = 1;
  dbf[3] = 1;
  v.setUint32(4, rows.length, true);
  v.setUint16(8, headerLength, true);
  v.setUint16(10, recordLength, true);
  dbf[29] = ldid;
  fields.forEach((f, i) => {
    const at = 32 + 32 * i;
    for (let k = 0; k < Math.min(10, f.name.length); k++) dbf[at + k] = f.name.charCodeAt(k);
    dbf[at + 11] = f.type.charCodeAt(0);
    dbf[at + 16] = f.length;
    dbf[at + 17] = f.decimals ?? 0;
  });
  dbf[headerLength - 1] = 0x0d;
  rows.forEach((row, r) => {
    let at = headerLength + r * recordLength;
    dbf[at++] = 0x20;
    fields.forEach((f, i) => {
      const value = row[i];
      let text: string;
      if (value === null || value === undefined) text = '';
      else if (typeof value === 'boolean') text = value ? 'T' : 'F';
      else if (typeof value === 'number') text = f.decimals ? value.toFixed(f.decimals) : String(value);
      else text = value;
      const bytes = encode(text);
      const cell = new Uint8Array(f.length).fill(0x20);
      if (f.type === 'N' || f.type === 'F')
        cell.set(bytes.subarray(0, f.length), Math.max(0, f.length - bytes.length));
      else cell.set(bytes.subarray(0, f.length));
      dbf.set(cell, at);
      at += f.length;
    });
  });
  dbf[dbf.length - 1] = 0x1a;
  return dbf;
}
