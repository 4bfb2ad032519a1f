import { invalidCoordinate } from './invalid-coordinate.ts';
import { unclosedRing } from './unclosed-ring.ts';
import { tooFewPoints } from './too-few-points.ts';
import { selfIntersection } from './self-intersection.ts';
import { ringSelfTouch } from './ring-self-touch.ts';
import { ringsIntersect } from './rings-intersect.ts';
import { holeOutsideShell } from './hole-outside-shell.ts';
import { nestedHoles } from './nested-holes.ts';
import { overlappingPolygons } from './overlapping-polygons.ts';
import { nestedPolygons } from './nested-polygons.ts';
import { disconnectedInterior } from './disconnected-interior.ts';
import { repeatedPoints } from './repeated-points.ts';
import { nearSpike } from './near-spike.ts';

export const ogcValidityRules = [
  invalidCoordinate,
  unclosedRing,
  tooFewPoints,
  selfIntersection,
  ringSelfTouch,
  ringsIntersect,
  holeOutsideShell,
  nestedHoles,
  overlappingPolygons,
  nestedPolygons,
  disconnectedInterior,
  repeatedPoints,
  nearSpike,
] as const;
