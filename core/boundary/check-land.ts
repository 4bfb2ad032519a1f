/**
 * Is the boundary on land? Its box is looked up in the land mask (core/land: Natural Earth at 1:10m in
 * cells of 0.1°, sea, land or coast): a box wholly of sea cells is in the open sea (WGS008); with its x and
 * y swapped, a box on land or at a coast says the coordinates were written latitude first, and the swap is
 * offered as an unsafe fix. A box that touches a coast cell says nothing: near coasts the mask cannot tell.
 * Runs only on coordinates within WGS 84 ranges (check-wgs84.ts reports the others).
 */

import type { ParsedGeometry } from '../geometry/geometry.ts';
import { formatPlace, landMask, type LandMask } from '../land/land-mask.ts';
import type { DiagnosticCollector } from '../rules/reporter.ts';
import type { BoundaryPlace } from './boundary-location.ts';
import { SWAP_HINT, swapAxesFix } from './check-wgs84.ts';
import { boundaryInSea } from './wgs84-rules.ts';

/**
 * [west, south, east, north] of the shells' points and the first of them (where the message says the
 * boundary is: a point of the input a reader can find); undefined when there are none.
 */
function shellBox(
  geometry: ParsedGeometry,
): { box: [number, number, number, number]; first: [number, number] } | undefined {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  let first: [number, number] | undefined;
  for (const polygon of geometry.polygons) {
    const shell = polygon[0];
    if (!shell) continue;
    if (!first && shell.length >= 2) first = [shell[0] as number, shell[1] as number];
    for (let i = 0; i + 1 < shell.length; i += 2) {
      const x = shell[i] as number;
      const y = shell[i + 1] as number;
      if (x < west) west = x;
      if (x > east) east = x;
      if (y < south) south = y;
      if (y > north) north = y;
    }
  }
  return first && west <= east && south <= north ? { box: [west, south, east, north], first } : undefined;
}

/** Where a box lies with its signs changed, for each change that puts it on land (for the hint). */
function signsThatLandOnLand(
  mask: LandMask,
  [west, south, east, north]: readonly [number, number, number, number],
  [x, y]: [number, number],
): string | undefined {
  const variants: Array<[string, number, number, number, number, number, number]> = [
    ['the sign of the longitude', -east, south, -west, north, -x, y],
    ['the sign of the latitude', west, -north, east, -south, x, -y],
    ['both signs', -east, -north, -west, -south, -x, -y],
  ];
  const found = variants
    .filter(([, w, s, e, n]) => mask.surfaceOfBox(w, s, e, n) === 'land')
    .map(([what, , , , , px, py]) => `with ${what} changed, at ${formatPlace(px, py)}`);
  return found.length === 0 ? undefined : `It would lie on land ${found.join('; or ')}.`;
}

/** Report a boundary in the open sea (see the module comment). `true` when it did. */
export function checkLand(
  geometry: ParsedGeometry,
  collector: DiagnosticCollector,
  place: BoundaryPlace,
): boolean {
  if (!collector.isEnabled(boundaryInSea)) return false;
  const mask = landMask();
  // Most boundaries are on land: their first point's cell says so, without a look at the others.
  const start = geometry.polygons[0]?.[0];
  if (start && start.length >= 2 && mask.surfaceAt(start[0] as number, start[1] as number) !== 'sea')
    return false;
  const shells = shellBox(geometry);
  if (!shells) return false;
  const { box, first } = shells;
  const [west, south, east, north] = box;
  if (mask.surfaceOfBox(west, south, east, north) !== 'sea') return false;
  const at = formatPlace(first[0], first[1]);
  const swapped = mask.surfaceOfBox(south, west, north, east);
  if (swapped === 'land' || swapped === 'coast') {
    collector.report(boundaryInSea, {
      messageId: 'swapped',
      data: {
        place: at,
        where: swapped === 'land' ? 'on land' : 'at a coast',
        swappedPlace: formatPlace(first[1], first[0]),
      },
      location: place.geometry(geometry),
      hint: SWAP_HINT,
      fix: swapAxesFix(geometry, place),
    });
    return true;
  }
  const signs = signsThatLandOnLand(mask, box, first);
  collector.report(boundaryInSea, {
    messageId: 'sea',
    data: { place: at },
    location: place.geometry(geometry),
    hint:
      'Check the coordinates: WKT is longitude first, west and south are negative, and both are WGS 84 degrees.' +
      (signs ? ` ${signs}` : ''),
  });
  return true;
}
