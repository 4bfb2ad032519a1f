/**
 * A MULTIPOLYGON whose points are written once, twice or three times in a row (the first point of each
 * ring too), and the same text with every copy removed: what fixing the repeated points must give.
 */
export interface RepeatedPointsCase {
  wkt: string;
  /** The WKT with each run of copies removed, the rest as written. */
  deduped: string;
  /** Copies written (each a repeated point). */
  repeated: number;
}

export function repeatedPointsWkt(polygons: number, corners: number, separator = ', '): RepeatedPointsCase {
  const written: string[] = [];
  const once: string[] = [];
  let repeated = 0;
  for (let p = 0; p < polygons; p++) {
    const cx = -93 + (p % 100) * 0.01;
    const cy = 41 + Math.floor(p / 100) * 0.01;
    const points: string[] = [];
    for (let k = 0; k < corners; k++) {
      const a = (2 * Math.PI * k) / corners;
      points.push(`${(cx + 0.004 * Math.cos(a)).toFixed(7)} ${(cy + 0.004 * Math.sin(a)).toFixed(7)}`);
    }
    const ring: string[] = [];
    points.forEach((point, k) => {
      const copies = (k + 1) % 3;
      repeated += copies;
      for (let c = 0; c <= copies; c++) ring.push(point);
    });
    written.push(`((${[...ring, points[0]].join(separator)}))`);
    once.push(`((${[...points, points[0]].join(separator)}))`);
  }
  return {
    wkt: `MULTIPOLYGON (${written.join(', ')})`,
    deduped: `MULTIPOLYGON (${once.join(', ')})`,
    repeated,
  };
}
