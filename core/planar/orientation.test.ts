import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../test/support/seeded-random.ts';
import { orient2d, orientationIndex } from './orientation.ts';

/** Exact value of a finite double as mantissa * 2^exponent. */
function decompose(x: number): { m: bigint; e: number } {
  if (x === 0) return { m: 0n, e: 0 };
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const sign = hi >>> 31 ? -1n : 1n;
  const biased = (hi >>> 20) & 0x7ff;
  let m = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let e: number;
  if (biased === 0) e = -1074;
  else {
    m |= 1n << 52n;
    e = biased - 1075;
  }
  return { m: sign * m, e };
}

function exactSign(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  const parts = [ax, ay, bx, by, cx, cy].map(decompose);
  const minE = Math.min(...parts.map((p) => p.e));
  const [pax, pay, pbx, pby, pcx, pcy] = parts.map((p) => p.m << BigInt(p.e - minE)) as [
    bigint,
    bigint,
    bigint,
    bigint,
    bigint,
    bigint,
  ];
  const det = (pax - pcx) * (pby - pcy) - (pay - pcy) * (pbx - pcx);
  return det > 0n ? 1 : det < 0n ? -1 : 0;
}

describe('orient2d', () => {
  it('gives the sign of simple turns', () => {
    expect(orientationIndex(0, 0, 1, 0, 0, 1)).toBe(1);
    expect(orientationIndex(0, 0, 1, 0, 0, -1)).toBe(-1);
    expect(orientationIndex(0, 0, 1, 1, 2, 2)).toBe(0);
  });

  it('agrees with exact rational arithmetic on nearly collinear points', () => {
    const r = seededRandom(7);
    for (let k = 0; k < 20000; k++) {
      // Points on a line through field-like coordinates, nudged by a few ulps.
      const ax = -103.27 + r() * 0.01;
      const ay = 35.85 + r() * 0.01;
      const dx = (r() - 0.5) * 0.01;
      const dy = (r() - 0.5) * 0.01;
      const t = r() * 3 - 1;
      let cx = ax + t * dx;
      let cy = ay + t * dy;
      const nudge = Math.floor(r() * 5) - 2;
      if (nudge !== 0) cx += nudge * Number.EPSILON * Math.abs(cx);
      if (k % 3 === 0) cy = ay + (cx - ax) * (dy / dx);
      const bx = ax + dx;
      const by = ay + dy;
      const got = Math.sign(orient2d(ax, ay, bx, by, cx, cy));
      expect(got, `case ${k}`).toBe(exactSign(ax, ay, bx, by, cx, cy));
    }
  });

  it('is exact on tiny and huge magnitudes', () => {
    const r = seededRandom(11);
    for (let k = 0; k < 5000; k++) {
      const scale = 10 ** Math.floor(r() * 40 - 20);
      const ax = r() * scale;
      const ay = r() * scale;
      const bx = ax + (r() - 0.5) * scale;
      const by = ay + (r() - 0.5) * scale;
      const t = r();
      const cx = ax + t * (bx - ax);
      const cy = ay + t * (by - ay);
      expect(Math.sign(orient2d(ax, ay, bx, by, cx, cy))).toBe(exactSign(ax, ay, bx, by, cx, cy));
    }
  });
});
