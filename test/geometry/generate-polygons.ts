/**
 * Deterministic WKT test polygons, for the GEOS differential test and the geometry benchmark:
 * - field-like polygons: star-shaped outlines at real longitudes/latitudes, 20 to 2,000 vertices, some
 *   with holes, some multipolygons, a chosen share broken in the ways real boundaries break;
 * - template cases: every OGC invalidity kind (and the valid look-alikes) drawn in unit coordinates, then
 *   placed by random similarity transforms, so shared vertices stay exactly shared;
 * - grid polygons: small random rings on an integer grid, full of exact collinearities and touches.
 * Coordinates are printed like GDAL (15 significant digits) or, for a share, with all 17.
 */

import { formatNumber } from '../../core/wkt/write-wkt.ts';
import { seededRandom } from '../support/seeded-random.ts';

export interface GeneratedCase {
  wkt: string;
  /** What was generated ("field", "field:bowtie", "template:hole-outside", "grid"). */
  label: string;
}

type Point = [number, number];
type Ring = Point[];
type Polygon = Ring[];

function fmt15(v: number): string {
  return Number.isFinite(v) ? formatNumber(Number(v.toPrecision(15))) : String(v);
}

function fmt17(v: number): string {
  return Number.isFinite(v) ? formatNumber(v) : String(v);
}

function writeRing(ring: Ring, fmt: (v: number) => string): string {
  return `(${ring.map(([x, y]) => `${fmt(x)} ${fmt(y)}`).join(', ')})`;
}

function toWkt(polygons: Polygon[], multi: boolean, fmt: (v: number) => string): string {
  const polygonText = (p: Polygon): string => `(${p.map((r) => writeRing(r, fmt)).join(', ')})`;
  if (!multi && polygons.length === 1) return `POLYGON ${polygonText(polygons[0] as Polygon)}`;
  return `MULTIPOLYGON (${polygons.map(polygonText).join(', ')})`;
}

function logUniformInt(random: () => number, min: number, max: number): number {
  return Math.round(Math.exp(Math.log(min) + random() * (Math.log(max) - Math.log(min))));
}

/** A closed star-shaped ring around (cx, cy) with n vertices; radius in degrees of latitude. */
function starRing(
  random: () => number,
  cx: number,
  cy: number,
  radius: number,
  n: number,
  ccw: boolean,
): Ring {
  const xScale = 1 / Math.cos((cy * Math.PI) / 180);
  const phases = [random() * 6.283, random() * 6.283, random() * 6.283];
  const amps = [0.12 * random(), 0.08 * random(), 0.05 * random()];
  const ring: Ring = [];
  const rotation = random() * 6.283;
  for (let i = 0; i < n; i++) {
    const theta = ((i + (random() - 0.5) * 0.6) / n) * 2 * Math.PI;
    let r = 1 + (random() - 0.5) * 0.02;
    for (let k = 0; k < 3; k++) r += (amps[k] as number) * Math.sin((k + 2) * theta + (phases[k] as number));
    const a = (ccw ? theta : -theta) + rotation;
    ring.push([cx + radius * r * Math.cos(a) * xScale, cy + radius * r * Math.sin(a)]);
  }
  ring.push([...(ring[0] as Point)]);
  return ring;
}

export type FieldBreak =
  | 'bowtie'
  | 'spike'
  | 'pinch'
  | 'unclosed'
  | 'hole-crossing'
  | 'hole-outside'
  | 'nested-holes'
  | 'overlapping-parts'
  | 'nested-part'
  | 'nan'
  | 'too-few'
  | 'repeated'
  | 'near-spike'
  | 'reversed';

const BREAKS: FieldBreak[] = [
  'bowtie',
  'spike',
  'pinch',
  'unclosed',
  'hole-crossing',
  'hole-outside',
  'nested-holes',
  'overlapping-parts',
  'nested-part',
  'nan',
  'too-few',
  'repeated',
  'near-spike',
  'reversed',
];

/** The breaks a benchmark mixes in: the common ways real field boundaries are invalid. */
export const BENCH_BREAKS: FieldBreak[] = [
  'bowtie',
  'spike',
  'pinch',
  'unclosed',
  'hole-crossing',
  'overlapping-parts',
];

export interface FieldOptions {
  count: number;
  seed: number;
  /** Share of polygons broken (0..1). */
  brokenShare: number;
  minVertices?: number;
  maxVertices?: number;
  breaks?: FieldBreak[];
  /** Share printed with 17 significant digits instead of 15 (default 0.1). */
  fullPrecisionShare?: number;
}

/** Field-like polygons, some broken. */
export function generateFieldPolygons(options: FieldOptions): GeneratedCase[] {
  const random = seededRandom(options.seed);
  const minV = options.minVertices ?? 20;
  const maxV = options.maxVertices ?? 2000;
  const breaks = options.breaks ?? BREAKS;
  const out: GeneratedCase[] = [];
  for (let c = 0; c < options.count; c++) {
    const cx = -120 + random() * 40;
    const cy = 28 + random() * 20;
    const radius = 0.001 + random() * 0.006;
    const n = logUniformInt(random, minV, maxV);
    const ccw = random() < 0.5;
    const shell = starRing(random, cx, cy, radius, n, ccw);
    let polygons: Polygon[] = [[shell]];
    let multi = false;
    const holeRoll = random();
    if (holeRoll < 0.2) {
      const holes = 1 + Math.floor(random() * 3);
      for (let h = 0; h < holes; h++) {
        const angle = (h / 3) * 2 * Math.PI + random() * 0.3;
        const hx = cx + (radius * 0.4 * Math.cos(angle)) / Math.cos((cy * Math.PI) / 180);
        const hy = cy + radius * 0.4 * Math.sin(angle);
        (polygons[0] as Polygon).push(
          starRing(random, hx, hy, radius * 0.1, 8 + Math.floor(random() * 30), !ccw),
        );
      }
    } else if (holeRoll < 0.3) {
      multi = true;
      const parts = 1 + Math.floor(random() * 2);
      for (let k = 1; k <= parts; k++) {
        const px = cx + (3 * k * radius) / Math.cos((cy * Math.PI) / 180);
        polygons.push([starRing(random, px, cy, radius * (0.5 + random() * 0.5), Math.max(8, n >> 2), ccw)]);
      }
    }
    let label = 'field';
    if (random() < options.brokenShare) {
      const kind = breaks[Math.floor(random() * breaks.length)] as FieldBreak;
      label = `field:${kind}`;
      const result = breakField(random, polygons, kind, cx, cy, radius);
      polygons = result.polygons;
      multi = multi || result.multi;
    }
    const fmt = random() < (options.fullPrecisionShare ?? 0.1) ? fmt17 : fmt15;
    out.push({ wkt: toWkt(polygons, multi, fmt), label });
  }
  return out;
}

function breakField(
  random: () => number,
  polygons: Polygon[],
  kind: FieldBreak,
  cx: number,
  cy: number,
  radius: number,
): { polygons: Polygon[]; multi: boolean } {
  const shell = (polygons[0] as Polygon)[0] as Ring;
  const n = shell.length - 1;
  const i = 1 + Math.floor(random() * (n - 4));
  const xScale = 1 / Math.cos((cy * Math.PI) / 180);
  switch (kind) {
    case 'bowtie': {
      // Swap two vertices two apart: the outline crosses itself.
      const a = shell[i] as Point;
      shell[i] = shell[i + 2] as Point;
      shell[i + 2] = a;
      break;
    }
    case 'spike': {
      // Out and back to the same vertex: a zero-width spike.
      const v = shell[i] as Point;
      const out: Point = [cx + (v[0] - cx) * 1.6, cy + (v[1] - cy) * 1.6];
      shell.splice(i + 1, 0, out, [v[0], v[1]]);
      break;
    }
    case 'near-spike': {
      const v = shell[i] as Point;
      const next = shell[i + 1] as Point;
      const out: Point = [cx + (v[0] - cx) * 1.6, cy + (v[1] - cy) * 1.6];
      const back: Point = [v[0] + (next[0] - v[0]) * 0.01, v[1] + (next[1] - v[1]) * 0.01];
      shell.splice(i + 1, 0, out, back);
      break;
    }
    case 'pinch': {
      // Two opposite vertices moved to the centre: the ring touches itself there.
      const j = (i + (n >> 1)) % n;
      shell[i] = [cx, cy];
      shell[j] = [cx, cy];
      if (i === 0 || j === 0) shell[n] = [...(shell[0] as Point)];
      break;
    }
    case 'unclosed':
      shell.pop();
      break;
    case 'too-few':
      (polygons[0] as Polygon)[0] = [shell[0] as Point, shell[1] as Point, [...(shell[0] as Point)]];
      break;
    case 'nan':
      (shell[i] as Point)[random() < 0.5 ? 0 : 1] = random() < 0.7 ? NaN : Infinity;
      break;
    case 'repeated':
      shell.splice(i, 0, [...(shell[i] as Point)]);
      break;
    case 'reversed':
      shell.reverse();
      break;
    case 'hole-crossing': {
      const v = shell[i] as Point;
      (polygons[0] as Polygon).push(starRing(random, v[0], v[1], radius * 0.15, 12, random() < 0.5));
      break;
    }
    case 'hole-outside':
      (polygons[0] as Polygon).push(starRing(random, cx + 3 * radius * xScale, cy, radius * 0.2, 10, true));
      break;
    case 'nested-holes':
      (polygons[0] as Polygon).push(
        starRing(random, cx, cy, radius * 0.3, 16, true),
        starRing(random, cx, cy, radius * 0.1, 10, false),
      );
      break;
    case 'overlapping-parts':
      polygons.push([starRing(random, cx + radius * xScale, cy, radius * 0.7, 40, true)]);
      return { polygons, multi: true };
    case 'nested-part':
      polygons.push([starRing(random, cx, cy, radius * 0.2, 12, true)]);
      return { polygons, multi: true };
  }
  return { polygons, multi: false };
}

// ---- Templates: one per invalidity kind, and the valid look-alikes ----

const square = (x: number, y: number, s: number): Ring => [
  [x, y],
  [x + s, y],
  [x + s, y + s],
  [x, y + s],
  [x, y],
];
const S8: Ring = [
  [0, 0],
  [2, 0],
  [4, 0],
  [4, 2],
  [4, 4],
  [2, 4],
  [0, 4],
  [0, 2],
  [0, 0],
];

export const TEMPLATES: Record<string, { polygons: Polygon[]; multi?: boolean }> = {
  square: { polygons: [[square(0, 0, 10)]] },
  'collinear-vertices': {
    polygons: [
      [
        [
          [0, 0],
          [5, 0],
          [10, 0],
          [10, 10],
          [0, 10],
          [0, 0],
        ],
      ],
    ],
  },
  'repeated-points': {
    polygons: [
      [
        [
          [0, 0],
          [10, 0],
          [10, 0],
          [10, 10],
          [0, 10],
          [0, 10],
          [0, 0],
        ],
      ],
    ],
  },
  bowtie: {
    polygons: [
      [
        [
          [0, 0],
          [10, 0],
          [0, 10],
          [10, 10],
          [0, 0],
        ],
      ],
    ],
  },
  'spike-exact': {
    polygons: [
      [
        [
          [0, 0],
          [10, 0],
          [10, 10],
          [5, 10],
          [5, 20],
          [5, 10],
          [0, 10],
          [0, 0],
        ],
      ],
    ],
  },
  'spike-partial': {
    polygons: [
      [
        [
          [0, 0],
          [10, 0],
          [10, 10],
          [5, 10],
          [5, 20],
          [5, 15],
          [4, 10],
          [0, 10],
          [0, 0],
        ],
      ],
    ],
  },
  'spike-at-start': {
    polygons: [
      [
        [
          [5, 10],
          [5, 20],
          [5, 10],
          [0, 10],
          [0, 0],
          [10, 0],
          [10, 10],
          [5, 10],
        ],
      ],
    ],
  },
  'near-spike': {
    polygons: [
      [
        [
          [0, 0],
          [10, 0],
          [10, 10],
          [5, 10],
          [5.05, 20],
          [5.1, 10],
          [0, 10],
          [0, 0],
        ],
      ],
    ],
  },
  'self-touch-vertex': {
    polygons: [
      [
        [
          [0, 0],
          [2, 0],
          [4, 0],
          [4, 4],
          [2, 0],
          [0, 4],
          [0, 0],
        ],
      ],
    ],
  },
  'self-touch-edge': {
    polygons: [
      [
        [
          [0, 0],
          [10, 0],
          [10, 10],
          [5, 0],
          [0, 10],
          [0, 0],
        ],
      ],
    ],
  },
  'self-cross-vertex': {
    polygons: [
      [
        [
          [0, 0],
          [2, 2],
          [4, 4],
          [4, 0],
          [2, 2],
          [0, 4],
          [0, 0],
        ],
      ],
    ],
  },
  'self-touch-wedges': {
    polygons: [
      [
        [
          [0, 0],
          [2, 2],
          [4, 0],
          [4, 4],
          [2, 2],
          [0, 4],
          [0, 0],
        ],
      ],
    ],
  },
  'flat-ring': {
    polygons: [
      [
        [
          [0, 0],
          [5, 0],
          [10, 0],
          [0, 0],
        ],
      ],
    ],
  },
  'twice-around': {
    polygons: [
      [
        [
          [0, 0],
          [10, 0],
          [10, 10],
          [0, 10],
          [0, 0],
          [10, 0],
          [10, 10],
          [0, 10],
          [0, 0],
        ],
      ],
    ],
  },
  unclosed: {
    polygons: [
      [
        [
          [0, 0],
          [10, 0],
          [10, 10],
          [0, 10],
        ],
      ],
    ],
  },
  'too-few': {
    polygons: [
      [
        [
          [0, 0],
          [10, 0],
          [0, 0],
        ],
      ],
    ],
  },
  'too-few-repeated': {
    polygons: [
      [
        [
          [0, 0],
          [10, 0],
          [10, 0],
          [0, 0],
        ],
      ],
    ],
  },
  'hole-inside': { polygons: [[S8, square(1, 1, 2)]] },
  'hole-outside': {
    polygons: [
      [
        S8,
        [
          [5, 5],
          [6, 5],
          [6, 6],
          [5, 5],
        ],
      ],
    ],
  },
  'hole-crossing': {
    polygons: [
      [
        S8,
        [
          [3, 1],
          [5, 1],
          [5, 3],
          [3, 3],
          [3, 1],
        ],
      ],
    ],
  },
  'hole-shares-edge': {
    polygons: [
      [
        S8,
        [
          [0, 0],
          [2, 0],
          [1, 1],
          [0, 0],
        ],
      ],
    ],
  },
  'hole-touches-vertex': {
    polygons: [
      [
        S8,
        [
          [2, 0],
          [3, 1],
          [1, 1],
          [2, 0],
        ],
      ],
    ],
  },
  'hole-touches-edge': {
    polygons: [
      [
        square(0, 0, 4),
        [
          [2, 0],
          [3, 1],
          [1, 1],
          [2, 0],
        ],
      ],
    ],
  },
  'hole-touches-twice': {
    polygons: [
      [
        S8,
        [
          [2, 0],
          [3, 2],
          [2, 4],
          [1, 2],
          [2, 0],
        ],
      ],
    ],
  },
  'hole-equals-shell': { polygons: [[square(0, 0, 4), square(0, 0, 4)]] },
  'nested-holes': {
    polygons: [
      [
        S8,
        [
          [0.5, 0.5],
          [3.5, 0.5],
          [3.5, 3.5],
          [0.5, 3.5],
          [0.5, 0.5],
        ],
        [
          [1, 1],
          [2, 1],
          [2, 2],
          [1, 1],
        ],
      ],
    ],
  },
  'holes-touch': {
    polygons: [
      [
        S8,
        [
          [1, 1],
          [2, 1],
          [2, 2],
          [1, 1],
        ],
        [
          [2, 2],
          [3, 2],
          [3, 3],
          [2, 2],
        ],
      ],
    ],
  },
  'holes-share-edge': {
    polygons: [
      [
        S8,
        square(1, 1, 1),
        [
          [2, 1],
          [3, 1],
          [3, 2],
          [2, 2],
          [2, 1],
        ],
      ],
    ],
  },
  'holes-cross': { polygons: [[S8, square(1, 1, 1.5), square(2, 2, 1.5)]] },
  'hole-cycle': {
    polygons: [
      [
        S8,
        [
          [1, 1],
          [2, 1],
          [1.5, 2],
          [1, 1],
        ],
        [
          [2, 1],
          [3, 1],
          [2.5, 2],
          [2, 1],
        ],
        [
          [1.5, 2],
          [2.5, 2],
          [2, 3],
          [1.5, 2],
        ],
      ],
    ],
  },
  'hole-chain-to-shell': {
    polygons: [
      [
        S8,
        [
          [2, 0],
          [3, 1],
          [1, 1],
          [2, 0],
        ],
        [
          [1, 1],
          [1, 3],
          [0, 2],
          [1, 1],
        ],
      ],
    ],
  },
  'holes-chain-open': {
    polygons: [
      [
        S8,
        [
          [2, 0],
          [3, 1],
          [1, 1],
          [2, 0],
        ],
        [
          [1, 1],
          [1.5, 3],
          [0.5, 2],
          [1, 1],
        ],
      ],
    ],
  },
  'parts-disjoint': { polygons: [[square(0, 0, 4)], [square(6, 0, 4)]], multi: true },
  'parts-touch-vertex': { polygons: [[square(0, 0, 4)], [square(4, 4, 4)]], multi: true },
  'parts-touch-twice': {
    polygons: [
      [square(0, 0, 4)],
      [
        [
          [4, 0],
          [8, 2],
          [4, 4],
          [6, 2],
          [4, 0],
        ],
      ],
    ],
    multi: true,
  },
  'parts-share-edge': { polygons: [[square(0, 0, 4)], [square(4, 0, 4)]], multi: true },
  'parts-overlap': { polygons: [[square(0, 0, 4)], [square(2, 2, 4)]], multi: true },
  'parts-nested': {
    polygons: [
      [square(0, 0, 4)],
      [
        [
          [1, 1],
          [2, 1],
          [2, 2],
          [1, 1],
        ],
      ],
    ],
    multi: true,
  },
  'parts-identical': { polygons: [[square(0, 0, 4)], [square(0, 0, 4)]], multi: true },
  'part-in-hole': {
    polygons: [
      [square(0, 0, 4), square(1, 1, 2)],
      [
        [
          [1.5, 1.5],
          [2.5, 1.5],
          [2.5, 2.5],
          [1.5, 1.5],
        ],
      ],
    ],
    multi: true,
  },
  'part-in-hole-touching': {
    polygons: [
      [square(0, 0, 4), square(1, 1, 2)],
      [
        [
          [1, 1],
          [2.5, 1.5],
          [1.5, 2.5],
          [1, 1],
        ],
      ],
    ],
    multi: true,
  },
  'part-touches-shell-inside': {
    polygons: [
      [S8],
      [
        [
          [2, 0],
          [3, 1],
          [1, 1],
          [2, 0],
        ],
      ],
    ],
    multi: true,
  },
};

/** Each template as drawn (exact small integers) and under random similarity transforms. */
export function generateTemplateCases(seed: number, variants: number): GeneratedCase[] {
  const random = seededRandom(seed);
  const out: GeneratedCase[] = [];
  for (const [name, template] of Object.entries(TEMPLATES)) {
    const multi = template.multi ?? false;
    out.push({ wkt: toWkt(template.polygons, multi, fmt17), label: `template:${name}` });
    for (let v = 0; v < variants; v++) {
      const cx = -120 + random() * 40;
      const cy = 28 + random() * 20;
      const scale = (0.0005 + random() * 0.002) * (random() < 0.3 ? 1000 : 1);
      const theta = v % 3 === 0 ? 0 : random() * 2 * Math.PI;
      const cos = Math.cos(theta);
      const sin = Math.sin(theta);
      const xScale = 1 / Math.cos((cy * Math.PI) / 180);
      const reverse = random() < 0.3;
      const polygons = template.polygons.map((p) =>
        p.map((ring) => {
          const moved = ring.map(([x, y]): Point => [
            cx + scale * (cos * x - sin * y) * xScale,
            cy + scale * (sin * x + cos * y),
          ]);
          return reverse ? moved.reverse() : moved;
        }),
      );
      out.push({ wkt: toWkt(polygons, multi, random() < 0.5 ? fmt15 : fmt17), label: `template:${name}` });
    }
  }
  return out;
}

/** Small random rings on an integer grid: exact collinearities, shared vertices, touches, overlaps. */
export function generateGridPolygons(seed: number, count: number): GeneratedCase[] {
  const random = seededRandom(seed);
  const out: GeneratedCase[] = [];
  const gridRing = (size: number, n: number): Ring => {
    const ring: Ring = [];
    for (let i = 0; i < n; i++) ring.push([Math.floor(random() * size), Math.floor(random() * size)]);
    ring.push([...(ring[0] as Point)]);
    return ring;
  };
  for (let c = 0; c < count; c++) {
    const size = 3 + Math.floor(random() * 4);
    const roll = random();
    let polygons: Polygon[];
    let multi = false;
    if (roll < 0.5) polygons = [[gridRing(size, 3 + Math.floor(random() * 5))]];
    else if (roll < 0.75) {
      // A square shell with random holes.
      const s = size + 2;
      const holes = 1 + Math.floor(random() * 3);
      const rings: Ring[] = [square(0, 0, s)];
      for (let h = 0; h < holes; h++) {
        const ring = gridRing(s + 1, 3 + Math.floor(random() * 2));
        rings.push(ring);
      }
      polygons = [rings];
    } else {
      multi = true;
      polygons = [];
      const parts = 2 + Math.floor(random() * 2);
      for (let k = 0; k < parts; k++) {
        const x = Math.floor(random() * size);
        const y = Math.floor(random() * size);
        const s = 1 + Math.floor(random() * 3);
        polygons.push([random() < 0.6 ? square(x, y, s) : gridRing(size, 3 + Math.floor(random() * 3))]);
      }
    }
    out.push({ wkt: toWkt(polygons, multi, fmt17), label: 'grid' });
  }
  return out;
}

/**
 * The star polygon {n/step} as WKT: one ring through n points of the unit circle, each joined to the one
 * `step` further on, so the outline crosses itself (about n·(step−1) times; {300/149}: some 44,000).
 */
export function starOutlineWkt(n: number, step: number): string {
  const points: string[] = [];
  for (let i = 0; i <= n; i++) {
    const a = (((i * step) % n) / n) * 2 * Math.PI;
    points.push(`${Math.cos(a).toFixed(9)} ${Math.sin(a).toFixed(9)}`);
  }
  return `POLYGON ((${points.join(', ')}))`;
}
