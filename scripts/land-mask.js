#!/usr/bin/env node
// `node scripts/land-mask.js` writes core/land/land-mask-data.ts, the land mask the boundary checks use to
// tell a field in the sea (WGS008): Natural Earth land at 1:10m (public domain), from the TopoJSON of the
// `world-atlas` package (ISC), rasterised into a grid of cells, each sea, land or coast:
//
//   coast  a land outline passes through the cell, or the cell touches such a cell or a land cell (one cell
//          of margin, so "sea" is decisive: at least a cell's width from any land Natural Earth draws);
//   land   the cell lies wholly inside land;
//   sea    the rest: wholly in the sea, a cell or more from any coast.
//
// Each row is run-length coded and written as text in a module the bundler includes, so nothing is read or
// fetched at run time, and a row is decoded only when a boundary lies in it. `--check` regenerates in memory and fails when the committed
// module differs (a test runs the same comparison).
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
export const outputPath = `${root}core/land/land-mask-data.ts`;

/** Cells per degree: 10 gives cells of 0.1° (11 km north–south; 7 km east–west at 50° N). */
export const CELLS_PER_DEGREE = 10;
const SEA = 0;
const LAND = 1;
const COAST = 2;

/** Absolute lon/lat rings of every polygon of the land object (shells and holes alike). */
function landRings(topology) {
  const t = topology.transform;
  const arcs = topology.arcs.map((arc) => {
    let x = 0;
    let y = 0;
    const out = new Float64Array(arc.length * 2);
    arc.forEach(([dx, dy], i) => {
      x += dx;
      y += dy;
      out[2 * i] = x * t.scale[0] + t.translate[0];
      out[2 * i + 1] = y * t.scale[1] + t.translate[1];
    });
    return out;
  });
  const rings = [];
  for (const geometry of topology.objects.land.geometries) {
    const polygons = geometry.type === 'Polygon' ? [geometry.arcs] : geometry.arcs;
    for (const polygon of polygons)
      for (const ringArcs of polygon) {
        const coords = [];
        for (const index of ringArcs) {
          const arc = arcs[index < 0 ? ~index : index];
          const n = arc.length / 2;
          for (let k = 0; k < n; k++) {
            const i = index < 0 ? n - 1 - k : k;
            // Consecutive arcs share their joining point.
            if (k === 0 && coords.length > 0) continue;
            coords.push(arc[2 * i], arc[2 * i + 1]);
          }
        }
        // Natural Earth marks "Null Island" (0° E 0° N) with a square of 1 km: a marker, not land, and 0 0 is
        // where a boundary with lost coordinates lands.
        if (coords.every((v) => Math.abs(v) < 0.01)) continue;
        rings.push(Float64Array.from(coords));
      }
  }
  return rings;
}

/** The grid: one byte per cell, row 0 at the north (90° N), column 0 at 180° W. */
export function rasterise(topology, perDegree = CELLS_PER_DEGREE) {
  const columns = 360 * perDegree;
  const rows = 180 * perDegree;
  const grid = new Uint8Array(columns * rows);
  const colOf = (x) => Math.min(columns - 1, Math.max(0, Math.floor((x + 180) * perDegree)));
  const rowOf = (y) => Math.min(rows - 1, Math.max(0, Math.floor((90 - y) * perDegree)));
  const rings = landRings(topology);
  // Cells an outline passes through: each edge's cells, walked from one end to the other.
  for (const ring of rings) {
    const n = ring.length / 2;
    for (let i = 0; i + 1 < n; i++) {
      const ax = ring[2 * i];
      const ay = ring[2 * i + 1];
      const bx = ring[2 * i + 2];
      const by = ring[2 * i + 3];
      // An edge across the antimeridian (Chukotka, Fiji, Antarctica) is not drawn across the map.
      if (Math.abs(bx - ax) > 180) continue;
      const steps = Math.max(1, Math.ceil(Math.max(Math.abs(bx - ax), Math.abs(by - ay)) * perDegree * 4));
      for (let s = 0; s <= steps; s++) {
        const x = ax + ((bx - ax) * s) / steps;
        const y = ay + ((by - ay) * s) / steps;
        // A point on a cell's border marks both sides.
        const c0 = colOf(x - 1e-9);
        const c1 = colOf(x + 1e-9);
        const r0 = rowOf(y + 1e-9);
        const r1 = rowOf(y - 1e-9);
        for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) grid[r * columns + c] = COAST;
      }
    }
  }
  // The other cells by their centres: inside an odd number of rings is land (even-odd over every ring).
  const crossings = Array.from({ length: rows }, () => []);
  const cross = (ax, ay, bx, by) => {
    if (ay === by) return;
    const lo = Math.min(ay, by);
    const hi = Math.max(ay, by);
    // Rows whose centre latitude yc satisfies lo <= yc < hi.
    const first = Math.max(0, Math.ceil((90 - hi) * perDegree - 0.5));
    const last = Math.min(rows - 1, Math.floor((90 - lo) * perDegree - 0.5));
    for (let r = first; r <= last; r++) {
      const yc = 90 - (r + 0.5) / perDegree;
      if (yc < lo || yc >= hi) continue;
      crossings[r].push(ax + ((yc - ay) * (bx - ax)) / (by - ay));
    }
  };
  for (const ring of rings) {
    const n = ring.length / 2;
    for (let i = 0; i + 1 < n; i++) {
      const ax = ring[2 * i];
      const ay = ring[2 * i + 1];
      const bx = ring[2 * i + 2];
      const by = ring[2 * i + 3];
      if (Math.abs(bx - ax) <= 180) {
        cross(ax, ay, bx, by);
        continue;
      }
      // An edge across the antimeridian: to the map's edge, round the south pole along the edges of the
      // map, and back in from the other side. Rows south of where it crosses get a crossing at each edge.
      const out = ax > 0 ? 180 : -180;
      const unwrapped = bx + (ax > 0 ? 360 : -360);
      // (An edge from one side's edge to the other's runs along the antimeridian: it leaves where it starts.)
      const ym = ax === out ? ay : ay + ((out - ax) / (unwrapped - ax)) * (by - ay);
      cross(ax, ay, out, ym);
      cross(-out, ym, bx, by);
      for (let r = 0; r < rows; r++) if (90 - (r + 0.5) / perDegree < ym) crossings[r].push(-180, 180);
    }
  }
  for (let r = 0; r < rows; r++) {
    const xs = crossings[r].sort((p, q) => p - q);
    if (xs.length % 2 !== 0) throw new Error(`row ${r}: ${xs.length} crossings`);
    for (let k = 0; k + 1 < xs.length; k += 2) {
      // Columns whose centre lies between the two crossings.
      const from = Math.max(0, Math.ceil((xs[k] + 180) * perDegree - 0.5));
      const to = Math.min(columns - 1, Math.floor((xs[k + 1] + 180) * perDegree - 0.5));
      for (let c = from; c <= to; c++) if (grid[r * columns + c] === SEA) grid[r * columns + c] = LAND;
    }
  }
  // world-atlas cuts the map at 85.2° S: what lies south of the cut is not known to be sea.
  const southCut = topology.bbox[1];
  for (let r = rowOf(southCut); r < rows; r++) grid.fill(COAST, r * columns, (r + 1) * columns);
  // One cell of margin: sea next to coast or land (east–west across the antimeridian too) is coast.
  const near = new Uint8Array(grid.length);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < columns; c++) {
      if (grid[r * columns + c] !== SEA) continue;
      let touches = false;
      for (let dr = -1; dr <= 1 && !touches; dr++) {
        const rr = r + dr;
        if (rr < 0 || rr >= rows) continue;
        for (let dc = -1; dc <= 1 && !touches; dc++) {
          const cc = (c + dc + columns) % columns;
          if (grid[rr * columns + cc] !== SEA) touches = true;
        }
      }
      if (touches) near[r * columns + c] = 1;
    }
  for (let i = 0; i < grid.length; i++) if (near[i]) grid[i] = COAST;
  return { grid, columns, rows };
}

/** The 64 characters of the text encoding (base64url's): none needs escaping in a JavaScript string. */
export const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * Rows as runs, in text: each run a varint of (length << 2 | class) in characters of 5 bits, the lowest
 * first, 32 added to each but the last; rows one after another from the north. And where each row starts,
 * three characters (18 bits, highest first) per row plus one for the end, so a row is decoded alone.
 */
export function encode({ grid, columns, rows }) {
  let runs = '';
  let offsets = '';
  const offset = (n) => {
    offsets += ALPHABET[(n >> 12) & 63] + ALPHABET[(n >> 6) & 63] + ALPHABET[n & 63];
  };
  for (let r = 0; r < rows; r++) {
    offset(runs.length);
    let c = 0;
    while (c < columns) {
      const value = grid[r * columns + c];
      let end = c + 1;
      while (end < columns && grid[r * columns + end] === value) end++;
      let v = ((end - c) << 2) | value;
      while (v >= 32) {
        runs += ALPHABET[32 | (v & 31)];
        v >>>= 5;
      }
      runs += ALPHABET[v];
      c = end;
    }
  }
  offset(runs.length);
  if (runs.length >= 1 << 18) throw new Error('the runs need offsets of more than 18 bits');
  return { runs, offsets };
}

const sourceName = 'world-atlas/land-10m.json';

/** The module's text, made from the installed world-atlas. */
export function landMaskModule() {
  const path = require.resolve(sourceName);
  const raw = readFileSync(path);
  const version = JSON.parse(readFileSync(require.resolve('world-atlas/package.json'), 'utf8')).version;
  const sha256 = createHash('sha256').update(raw).digest('hex');
  const mask = rasterise(JSON.parse(raw.toString('utf8')));
  const { runs, offsets } = encode(mask);
  return `// Generated by scripts/land-mask.js from ${sourceName} (world-atlas ${version}, ISC; the data is Natural
// Earth's land at 1:10m, public domain). Do not edit: run \`node scripts/land-mask.js\` (see core/land/land-mask.ts).
export const landMaskData = {
  source: '${sourceName}',
  version: '${version}',
  sha256: '${sha256}',
  cellsPerDegree: ${CELLS_PER_DEGREE},
  columns: ${mask.columns},
  rows: ${mask.rows},
  /** Where each row's runs start in \`runs\`: three characters a row, and the end (see scripts/land-mask.js). */
  rowOffsets: '${offsets}',
  /** Row by row from the north, runs of (length << 2 | class), class 0 sea, 1 land, 2 coast. */
  runs: '${runs}',
};
`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = landMaskModule();
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(outputPath, 'utf8');
    } catch {
      // missing: differs
    }
    if (current !== text) {
      console.error('core/land/land-mask-data.ts is not current: run `node scripts/land-mask.js`');
      process.exit(1);
    }
    console.log('core/land/land-mask-data.ts is current');
  } else {
    writeFileSync(outputPath, text);
    console.log(`wrote core/land/land-mask-data.ts (${text.length} characters)`);
  }
}
