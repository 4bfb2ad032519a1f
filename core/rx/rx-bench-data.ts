/**
 * Prescription ZIPs for the benchmarks: `zones` zones (100 is the service's most), each a wobbly ring of
 * `points` points (valid; the noise keeps the .shp from deflating much), in a 10-wide grid of WGS 84
 * degrees, with a RATE column. Pure: returns the ZIP's bytes; the benchmarks write them to a temporary
 * folder.
 */
import { writeZip } from '../archive/zip-writer.ts';
import { buildShapefile, type Ring } from '../../test/rx/build-shapefile.ts';
import { WGS84_PRJ } from './rx-crs.ts';

/** The zones' rings, interleaved x,y, closed and clockwise (a shapefile shell). */
function benchZoneRings(zones: number, points: number): Ring[] {
  const rings: Ring[] = [];
  for (let z = 0; z < zones; z++) {
    const cx = -93 + (z % 10) * 0.01;
    const cy = 42 + Math.floor(z / 10) * 0.01;
    const ring: number[] = [];
    for (let k = 0; k < points; k++) {
      // r's jitter is far below a point's spacing, so the ring stays simple.
      const a = (-k / points) * 2 * Math.PI;
      const r = 0.004 * (1 + 0.1 * Math.sin(9 * a + z)) * (1 + 1e-5 * Math.sin(k * 12.9898 + z));
      ring.push(cx + r * Math.cos(a), cy + r * Math.sin(a));
    }
    ring.push(ring[0] as number, ring[1] as number);
    rings.push(ring);
  }
  return rings;
}

/** The shapefile's members, uncompressed (.shp, .shx, .dbf). */
export function benchRxShapefile(zones: number, points: number): ReturnType<typeof buildShapefile> {
  const records = benchZoneRings(zones, points).map((ring) => [ring]);
  const rows = records.map((_, z) => [100 + z]);
  return buildShapefile({ records, fields: [{ name: 'RATE', type: 'N', length: 8 }], rows });
}

export function benchRxZip(zones: number, points: number): Uint8Array {
  const files = benchRxShapefile(zones, points);
  return writeZip([
    { name: 'zones.shp', bytes: files.shp },
    { name: 'zones.shx', bytes: files.shx },
    { name: 'zones.dbf', bytes: files.dbf },
    { name: 'zones.prj', bytes: new TextEncoder().encode(WGS84_PRJ) },
  ]);
}
