import { defineRule } from '../rule.ts';

/** Reported by the boundary pipeline (core/boundary/check-wgs84.ts) with the evidence it found. */
export const axesSwapped = defineRule({
  meta: {
    code: 'WGS003',
    name: 'axes-swapped',
    group: 'wgs84',
    severity: 'error',
    fixable: 'unsafe',
    messages: {
      swapped: 'The coordinates look like latitude,longitude instead of longitude,latitude: {evidence}',
    },
    docs: {
      what: 'Reports a boundary whose points read as latitude first: some y values lie beyond ±90 (so they cannot be latitudes) while every x value lies within ±90 and every y within ±180 (so swapping makes them all valid). The message gives the counts. The unsafe fix swaps x and y of every point.',
      why: 'WKT and GeoJSON put longitude first; many GIS exports and spreadsheets put latitude first. A swapped boundary lands in another hemisphere or is rejected.',
      example: 'POLYGON ((35.85 -103.27, 35.86 -103.27, 35.86 -103.28, 35.85 -103.27))',
      useInstead: 'POLYGON ((-103.27 35.85, -103.27 35.86, -103.28 35.86, -103.27 35.85))',
    },
  },
});
