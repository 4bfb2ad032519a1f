/**
 * The offline basemap: Natural Earth land at 1:110m from the `world-atlas` package (TopoJSON), bundled with
 * the app, decoded here into lon/lat rings. Nothing is fetched at run time.
 */
import landTopology from 'world-atlas/land-110m.json' with { type: 'json' };

interface Topology {
  transform?: { scale: [number, number]; translate: [number, number] };
  arcs: [number, number][][];
  objects: { land: { geometries: { type: string; arcs: number[][][] | number[][] }[] } };
}

type Ring = [number, number][];

function decodeArcs(topology: Topology): Ring[] {
  const t = topology.transform;
  return topology.arcs.map((arc) => {
    let x = 0;
    let y = 0;
    return arc.map(([dx, dy]): [number, number] => {
      if (!t) return [dx, dy];
      // Quantized TopoJSON: positions are deltas from the previous one.
      x += dx;
      y += dy;
      return [x * t.scale[0] + t.translate[0], y * t.scale[1] + t.translate[1]];
    });
  });
}

function ring(arcIndexes: number[], arcs: Ring[]): Ring {
  const out: Ring = [];
  for (const index of arcIndexes) {
    const arc = index < 0 ? [...arcs[~index]!].reverse() : arcs[index]!;
    // Consecutive arcs share their joining point.
    out.push(...(out.length > 0 ? arc.slice(1) : arc));
  }
  return out;
}

let cached: Ring[] | undefined;
let cachedFlat: Ring[] | undefined;

/** Every land ring (shells and holes), lon/lat. */
export function landRings(): Ring[] {
  if (cached) return cached;
  const topology = landTopology as unknown as Topology;
  const arcs = decodeArcs(topology);
  const rings: Ring[] = [];
  for (const geometry of topology.objects.land.geometries) {
    const polygons = (geometry.type === 'Polygon' ? [geometry.arcs] : geometry.arcs) as number[][][];
    for (const polygon of polygons) for (const r of polygon) rings.push(ring(r, arcs));
  }
  cached = rings;
  return rings;
}

/**
 * A ring with continuous longitudes: a step of more than 180° is taken as crossing the antimeridian the short
 * way (Chukotka and Fiji run on past 180°).
 */
function unwrapped(ring: Ring): Ring {
  const out: Ring = [];
  let shift = 0;
  for (const [lon, lat] of ring) {
    const previous = out.at(-1);
    if (previous) {
      const step = lon + shift - previous[0];
      if (step > 180) shift -= 360;
      else if (step < -180) shift += 360;
    }
    out.push([lon + shift, lat]);
  }
  return out;
}

const shifted = (ring: Ring, by: number): Ring => ring.map(([lon, lat]) => [lon + by, lat]);

/**
 * A ring that goes once around the world (Antarctica), as one ring over three worlds closed along its pole:
 * no edge where one world's copy meets the next (a seam on a WebGL map), no line across the map.
 */
function aroundThePole(ring: Ring, net: number): Ring {
  const open = ring.slice(0, -1);
  const first = ring[0]!;
  const pole = ring.reduce((sum, [, lat]) => sum + lat, 0) < 0 ? -90 : 90;
  const end = first[0] + 2 * net;
  return [
    ...shifted(open, -net),
    ...open,
    ...shifted(open, net),
    [end, first[1]],
    [end, pole],
    [first[0] - net, pole],
    [first[0] - net, first[1]],
  ];
}

/**
 * Land for a flat map (the SVG map and MapLibre): rings with continuous longitudes, each that runs past ±180°
 * with its copy a world over, and one around a pole drawn over three worlds, so the land either side of the
 * antimeridian is whole and no ring draws a stripe across the map.
 */
export function flatLandRings(): Ring[] {
  if (cachedFlat) return cachedFlat;
  const out: Ring[] = [];
  for (const ring of landRings()) {
    const flat = unwrapped(ring);
    const net = flat.at(-1)![0] - flat[0]![0];
    if (Math.abs(net) > 180) {
      out.push(aroundThePole(flat, net));
      continue;
    }
    out.push(flat);
    let min = Infinity;
    let max = -Infinity;
    for (const [lon] of flat) {
      if (lon < min) min = lon;
      if (lon > max) max = lon;
    }
    if (max > 180) out.push(shifted(flat, -360));
    if (min < -180) out.push(shifted(flat, 360));
  }
  cachedFlat = out;
  return out;
}
