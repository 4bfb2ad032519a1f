import { defineRule } from '../rule.ts';

/** Reported by the prescription zone checks (core/rx/zone-overlaps.ts) for each pair of overlapping zones. */
export const zonesOverlap = defineRule({
  meta: {
    code: 'RXZ006',
    name: 'zones-overlap',
    group: 'rx-zones',
    severity: 'warning',
    messages: {
      overlap: 'Zones {record} and {other} overlap{near}',
      more: '{count} more pairs of zones overlap',
    },
    docs: {
      what: 'Reports pairs of zones whose interiors overlap, with a point inside both. Zones that only share an edge or a corner do not overlap, even when the shared vertices differ by floating-point noise (about 2 cm). A warning: the service’s format does not forbid overlaps, and slivers along shared edges are common in real files.',
      why: 'Where two zones overlap the area has two rates; controllers pick one of them, and which one is up to the controller.',
      example: 'A zone drawn over part of its neighbour in the GIS.',
      useInstead:
        'Zones that tile the field: clip each zone by its neighbours (or run a union and dissolve).',
    },
  },
});
