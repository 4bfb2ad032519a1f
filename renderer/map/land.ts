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
