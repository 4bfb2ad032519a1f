/**
 * The rules the geometry checks report about a boundary's validity, group ogc-validity: the OGC Simple
 * Features rules GEOS applies, with repeated points and near-spikes. Each rule carries its check, a
 * visitor over one validity issue as report-validity.ts hands it over (validity-report-stage.ts): the
 * validity pass (validity.ts) finds the issues in one pass, the rule decides here which issues are its own
 * and what it says. The registry (core/rules/registry.ts) gathers them.
 */

import { defineRule } from '../rules/rule.ts';
import type { IssueTarget, ValidityIssueReport } from './validity-report-stage.ts';

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The placeholders every ogc-validity message may use; `capitalized` starts with the ring's name. */
function messageData(r: ValidityIssueReport, capitalized: boolean): Record<string, string | number> {
  const { issue } = r;
  return {
    ring: capitalized ? capitalize(r.ring) : r.ring,
    point: r.point,
    coordinate: issue.coordinate,
    otherCoordinate: issue.other?.coordinate ?? '',
    polygon: issue.polygon,
    otherPolygon: issue.other?.polygon ?? '',
    other: r.otherRing,
  };
}

function wholeRing(r: ValidityIssueReport): IssueTarget {
  return { polygon: r.issue.polygon, ring: r.issue.ring, wholeRing: true };
}

/** GEO001: decided from one validity issue of its kind. */
export const invalidCoordinate = defineRule({
  meta: {
    code: 'GEO001',
    name: 'invalid-coordinate',
    group: 'ogc-validity',
    decidedIn: 'core/geometry/validity-rules.ts',
    severity: 'error',
    messages: {
      'not-finite': 'Coordinate {coordinate} of {ring} is ({x}, {y}): coordinates must be finite numbers',
    },
    docs: {
      what: 'Reports a coordinate that is NaN or infinite (GEOS: "Invalid Coordinate").',
      why: 'A NaN or infinite coordinate has no position: area, validity and display are all undefined, and the service rejects or corrupts the field.',
      example: 'POLYGON ((-93.1 45.2, NaN 45.2, -93.0 45.3, -93.1 45.2))',
      useInstead: 'POLYGON ((-93.1 45.2, -93.0 45.2, -93.0 45.3, -93.1 45.2))',
    },
  },
  check(r: ValidityIssueReport, context) {
    if (r.issue.kind !== 'invalid-coordinate') return;
    const [x, y] = r.issue.point;
    context.report({
      messageId: 'not-finite',
      data: { ...messageData(r, false), x: String(x), y: String(y) },
      location: r.locate(),
      hint: r.hint,
    });
  },
});

/** GEO002: decided from one validity issue of its kind. */
export const unclosedRing = defineRule({
  meta: {
    code: 'GEO002',
    name: 'unclosed-ring',
    group: 'ogc-validity',
    decidedIn: 'core/geometry/validity-rules.ts',
    severity: 'error',
    messages: {
      unclosed: '{ring} is not closed: its last point {last} is not its first {first}',
    },
    fixable: 'safe',
    docs: {
      what: 'Reports a ring whose last point differs from its first. The safe fix appends a copy of the first point.',
      why: 'OGC rings are closed by repeating the first point. GEOS (and so most services) refuses to even load an unclosed ring.',
      example: 'POLYGON ((-93.1 45.2, -93.0 45.2, -93.0 45.3))',
      useInstead: 'POLYGON ((-93.1 45.2, -93.0 45.2, -93.0 45.3, -93.1 45.2))',
    },
  },
  check(r: ValidityIssueReport, context) {
    if (r.issue.kind !== 'unclosed-ring') return;
    context.report({
      messageId: 'unclosed',
      data: { ...messageData(r, true), first: r.ringStart, last: r.point },
      location: r.locate(),
      hint: r.hint,
    });
  },
});

/** GEO003: decided from one validity issue of its kind. */
export const tooFewPoints = defineRule({
  meta: {
    code: 'GEO003',
    name: 'too-few-points',
    group: 'ogc-validity',
    decidedIn: 'core/geometry/validity-rules.ts',
    severity: 'error',
    messages: {
      'too-few':
        '{ring} has {count} distinct {count:point|points}: a ring needs at least 4 (three corners and the closing point)',
    },
    docs: {
      what: 'Reports a ring with fewer than four distinct consecutive points, closing point included (GEOS: "Too few points in geometry component").',
      why: 'Fewer points cannot enclose an area: the ring is a point or a line.',
      example: 'POLYGON ((-93.1 45.2, -93.0 45.2, -93.1 45.2))',
      useInstead: 'POLYGON ((-93.1 45.2, -93.0 45.2, -93.0 45.3, -93.1 45.2))',
    },
  },
  check(r: ValidityIssueReport, context) {
    if (r.issue.kind !== 'too-few-points') return;
    context.report({
      messageId: 'too-few',
      data: { ...messageData(r, true), count: r.issue.count ?? 0 },
      location: r.locate(wholeRing(r)),
      hint: r.hint,
    });
  },
});

/** GEO004: decided from one validity issue of its kind. */
export const selfIntersection = defineRule({
  meta: {
    code: 'GEO004',
    name: 'self-intersection',
    group: 'ogc-validity',
    decidedIn: 'core/geometry/validity-rules.ts',
    severity: 'error',
    messages: {
      crossing:
        '{ring} crosses itself at {point} (edges starting at coordinates {coordinate} and {otherCoordinate})',
      'vertex-crossing':
        '{ring} crosses itself at its vertex {point} (coordinates {coordinate} and {otherCoordinate})',
      overlap:
        '{ring} runs back over itself between {point} and the edge starting at coordinate {otherCoordinate}',
      spike:
        '{ring} has a zero-width spike at coordinate {coordinate} {point}: the boundary goes out and back along the same line',
      'more-crossings':
        '{ring} crosses itself {count} more {count:time|times} besides the {listed} listed ({total} in all)',
      'many-crossings':
        '{ring} crosses itself at least {count} more {count:time|times} besides the {listed} listed (counting stopped at {total})',
    },
    fixable: 'unsafe',
    docs: {
      what: 'Reports a ring that crosses itself, overlaps itself or has a zero-width spike (GEOS: "Self-intersection", or "Ring Self-intersection" when the crossing is at a vertex), with the intersection point. The first 10 crossings of a ring are listed and the rest counted; a tangle (counting stops at 1,000 crossings, as in a star polygon) lists 3 and gets no rebuild. The unsafe fix makes the polygon valid: a bow-tie is split into two polygons, a spike is removed.',
      why: 'A self-intersecting ring has no well-defined inside: area, containment and overlay give wrong or undefined answers, and the service rejects invalid geometry or stores a shape that is not the field.',
      example: 'POLYGON ((0 0, 10 0, 0 10, 10 10, 0 0))',
      useInstead: 'MULTIPOLYGON (((0 0, 10 0, 5 5, 0 0)), ((5 5, 10 10, 0 10, 5 5)))',
    },
  },
  check(r: ValidityIssueReport, context) {
    const { issue } = r;
    if (issue.kind !== 'self-intersection') return;
    const detail = issue.detail;
    context.report({
      messageId:
        detail === 'spike' || detail === 'overlap' || detail === 'vertex-crossing' ? detail : 'crossing',
      data: messageData(r, true),
      location: r.locate(),
      hint: r.hint,
      related: r.related('the other edge'),
    });
    if (!issue.unlisted) return;
    // The last listed crossing of a ring says how many more the ring has.
    const { count, atLeast } = issue.unlisted;
    const listed = r.listedCrossings;
    context.report({
      messageId: atLeast ? 'many-crossings' : 'more-crossings',
      severity: 'info',
      data: { ring: capitalize(r.ring), count, listed, total: listed + count },
      location: r.locate(wholeRing(r)),
      hint: 'Only the first crossings of a ring are listed: correct those, or redraw the outline, and check again.',
    });
  },
});

/** GEO005: decided from one validity issue of its kind. */
export const ringSelfTouch = defineRule({
  meta: {
    code: 'GEO005',
    name: 'ring-self-touch',
    group: 'ogc-validity',
    decidedIn: 'core/geometry/validity-rules.ts',
    severity: 'error',
    messages: {
      touch: '{ring} touches itself at {point} (coordinates {coordinate} and {otherCoordinate})',
    },
    fixable: 'unsafe',
    docs: {
      what: 'Reports a ring that touches itself at a point without crossing (GEOS: "Ring Self-intersection"), as when a hole is drawn as part of the shell. The unsafe fix rebuilds the area as a shell with a hole or as separate polygons.',
      why: 'OGC rings must be simple: a self-touching ring is invalid in GEOS, PostGIS and the service, even though it looks fine on a map. Write the inner loop as a hole or as a second polygon instead.',
      example: 'POLYGON ((0 0, 4 0, 4 4, 2 0, 0 4, 0 0))',
      useInstead: 'MULTIPOLYGON (((0 0, 2 0, 0 4, 0 0)), ((2 0, 4 0, 4 4, 2 0)))',
    },
  },
  check(r: ValidityIssueReport, context) {
    if (r.issue.kind !== 'ring-self-touch') return;
    context.report({
      messageId: 'touch',
      data: messageData(r, true),
      location: r.locate(),
      hint: r.hint,
      related: r.related('the same point, visited again'),
    });
  },
});

/** GEO006: decided from one validity issue of its kind. */
export const ringsIntersect = defineRule({
  meta: {
    code: 'GEO006',
    name: 'rings-intersect',
    group: 'ogc-validity',
    decidedIn: 'core/geometry/validity-rules.ts',
    severity: 'error',
    messages: {
      crossing: '{ring} and {other} cross at {point}',
      overlap: '{ring} and {other} share an edge at {point}',
    },
    fixable: 'unsafe',
    docs: {
      what: 'Reports two rings of the same polygon (the shell and a hole, or two holes) that cross or share an edge (GEOS: "Self-intersection"). Rings may touch at single points only.',
      why: 'A hole that crosses its shell or another hole leaves part of the area both inside and outside; the area and the inside test are wrong.',
      example: 'POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (5 5, 15 5, 15 6, 5 6, 5 5))',
      useInstead: 'POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (5 5, 9 5, 9 6, 5 6, 5 5))',
    },
  },
  check(r: ValidityIssueReport, context) {
    if (r.issue.kind !== 'rings-intersect') return;
    context.report({
      messageId: r.issue.detail === 'overlap' ? 'overlap' : 'crossing',
      data: messageData(r, true),
      location: r.locate(),
      hint: r.hint,
      related: r.related(r.otherRing),
    });
  },
});

/** GEO007: decided from one validity issue of its kind. */
export const holeOutsideShell = defineRule({
  meta: {
    code: 'GEO007',
    name: 'hole-outside-shell',
    group: 'ogc-validity',
    decidedIn: 'core/geometry/validity-rules.ts',
    severity: 'error',
    messages: {
      outside: '{ring} lies outside the shell of its polygon',
    },
    fixable: 'unsafe',
    docs: {
      what: 'Reports a hole that is not inside its polygon\'s shell (GEOS: "Hole lies outside shell"). The unsafe fix removes the hole.',
      why: "A hole outside the shell cuts nothing out; readers disagree on what it means (ignored, or an extra area), so the field's area is ambiguous.",
      example: 'POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (20 20, 21 20, 21 21, 20 20))',
      useInstead: 'POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0))',
    },
  },
  check(r: ValidityIssueReport, context) {
    if (r.issue.kind !== 'hole-outside-shell') return;
    context.report({
      messageId: 'outside',
      data: messageData(r, true),
      location: r.locate(wholeRing(r)),
      hint: r.hint,
    });
  },
});

/** GEO008: decided from one validity issue of its kind. */
export const nestedHoles = defineRule({
  meta: {
    code: 'GEO008',
    name: 'nested-holes',
    group: 'ogc-validity',
    decidedIn: 'core/geometry/validity-rules.ts',
    severity: 'error',
    messages: {
      nested: '{ring} lies inside {other}',
    },
    fixable: 'unsafe',
    docs: {
      what: 'Reports a hole inside another hole of the same polygon (GEOS: "Holes are nested"). The unsafe fix removes the inner hole.',
      why: 'A hole inside a hole is not an island: OGC forbids it and readers disagree on its meaning. An island is a separate polygon of a MULTIPOLYGON.',
      example: 'POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (1 1, 9 1, 9 9, 1 9, 1 1), (2 2, 3 2, 3 3, 2 2))',
      useInstead:
        'MULTIPOLYGON (((0 0, 10 0, 10 10, 0 10, 0 0), (1 1, 9 1, 9 9, 1 9, 1 1)), ((2 2, 3 2, 3 3, 2 2)))',
    },
  },
  check(r: ValidityIssueReport, context) {
    if (r.issue.kind !== 'nested-holes') return;
    context.report({
      messageId: 'nested',
      data: messageData(r, true),
      location: r.locate(wholeRing(r)),
      hint: r.hint,
      related: r.related(`the enclosing ${r.otherRing}`),
    });
  },
});

/** GEO009: decided from one validity issue of its kind. */
export const overlappingPolygons = defineRule({
  meta: {
    code: 'GEO009',
    name: 'overlapping-polygons',
    group: 'ogc-validity',
    decidedIn: 'core/geometry/validity-rules.ts',
    severity: 'error',
    messages: {
      crossing:
        'Polygons {polygon} and {otherPolygon} of the multipolygon overlap (their boundaries cross at {point})',
      overlap: 'Polygons {polygon} and {otherPolygon} of the multipolygon share an edge at {point}',
    },
    fixable: 'unsafe',
    docs: {
      what: 'Reports polygons of a MULTIPOLYGON whose boundaries cross or share an edge (GEOS: "Self-intersection"). Parts may touch at points only. The unsafe fix merges the overlapping parts.',
      why: 'Overlapping parts count the shared area twice and make the multipolygon invalid; adjacent parts sharing an edge should be one polygon.',
      example: 'MULTIPOLYGON (((0 0, 10 0, 10 10, 0 10, 0 0)), ((10 0, 20 0, 20 10, 10 10, 10 0)))',
      useInstead: 'POLYGON ((0 0, 10 0, 20 0, 20 10, 10 10, 0 10, 0 0))',
    },
  },
  check(r: ValidityIssueReport, context) {
    if (r.issue.kind !== 'overlapping-polygons') return;
    context.report({
      messageId: r.issue.detail === 'overlap' ? 'overlap' : 'crossing',
      data: messageData(r, false),
      location: r.locate(),
      hint: r.hint,
      related: r.related(`polygon ${r.issue.other?.polygon ?? ''}`),
    });
  },
});

/** GEO010: decided from one validity issue of its kind. */
export const nestedPolygons = defineRule({
  meta: {
    code: 'GEO010',
    name: 'nested-polygons',
    group: 'ogc-validity',
    decidedIn: 'core/geometry/validity-rules.ts',
    severity: 'error',
    messages: {
      nested: 'Polygon {polygon} lies inside polygon {otherPolygon} of the multipolygon',
    },
    fixable: 'unsafe',
    docs: {
      what: 'Reports a polygon of a MULTIPOLYGON inside another one (GEOS: "Nested shells"). The unsafe fix merges them.',
      why: 'A nested part is counted twice in the area and makes the multipolygon invalid; if it is meant as an island in a hole, the hole is missing.',
      example: 'MULTIPOLYGON (((0 0, 10 0, 10 10, 0 10, 0 0)), ((1 1, 2 1, 2 2, 1 1)))',
      useInstead: 'POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0))',
    },
  },
  check(r: ValidityIssueReport, context) {
    if (r.issue.kind !== 'nested-polygons') return;
    context.report({
      messageId: 'nested',
      data: messageData(r, false),
      location: r.locate(),
      hint: r.hint,
      related: r.related(`the enclosing polygon ${r.issue.other?.polygon ?? ''}`),
    });
  },
});

/** GEO011: decided from one validity issue of its kind. */
export const disconnectedInterior = defineRule({
  meta: {
    code: 'GEO011',
    name: 'disconnected-interior',
    group: 'ogc-validity',
    decidedIn: 'core/geometry/validity-rules.ts',
    severity: 'error',
    messages: {
      disconnected:
        'The holes of polygon {polygon} cut its interior in pieces at {point}: rings touch at two or more points, or in a cycle',
    },
    fixable: 'unsafe',
    docs: {
      what: 'Reports a polygon whose holes split its interior (GEOS: "Interior is disconnected"): a hole touching the shell at two points, or holes touching in a cycle. The unsafe fix writes each piece as its own polygon.',
      why: 'A polygon is one connected area; a split interior is really several polygons, and GEOS, PostGIS and the service reject it.',
      example: 'POLYGON ((0 0, 4 0, 4 4, 0 4, 0 0), (2 0, 3 2, 2 4, 1 2, 2 0))',
      useInstead: 'MULTIPOLYGON (((0 0, 2 0, 1 2, 2 4, 0 4, 0 0)), ((2 0, 4 0, 4 4, 2 4, 3 2, 2 0)))',
    },
  },
  check(r: ValidityIssueReport, context) {
    if (r.issue.kind !== 'disconnected-interior') return;
    context.report({
      messageId: 'disconnected',
      data: messageData(r, false),
      location: r.locate(),
      hint: r.hint,
    });
  },
});

/** GEO012: decided from one validity issue of its kind. */
export const repeatedPoints = defineRule({
  meta: {
    code: 'GEO012',
    name: 'repeated-points',
    group: 'ogc-validity',
    decidedIn: 'core/geometry/validity-rules.ts',
    severity: 'warning',
    messages: {
      repeated: 'Coordinate {coordinate} of {ring} repeats the previous point {point}',
      'repeated-run':
        'Coordinates {coordinate} to {lastCoordinate} of {ring} repeat the previous point {point}',
    },
    fixable: 'safe',
    docs: {
      what: 'Warns about consecutive duplicate points in a ring. GEOS accepts them; one safe fix per geometry removes every copy (all of them, not only the warnings listed), shared by its warnings.',
      why: 'Duplicate points add nothing but count against the 10,000-point limit, and zero-length edges break angle and direction computations in some tools.',
      example: 'POLYGON ((0 0, 10 0, 10 0, 10 10, 0 0))',
      useInstead: 'POLYGON ((0 0, 10 0, 10 10, 0 0))',
    },
  },
  check(r: ValidityIssueReport, context) {
    const { issue } = r;
    if (issue.kind !== 'repeated-point') return;
    const count = issue.count ?? 1;
    const last = issue.coordinate + count - 1;
    context.report({
      messageId: count > 1 ? 'repeated-run' : 'repeated',
      data: { ...messageData(r, false), lastCoordinate: last },
      location: r.locate({ polygon: issue.polygon, ring: issue.ring, first: issue.coordinate, last }),
      hint: r.hint,
    });
  },
});

/** GEO013: decided from one validity issue of its kind. */
export const nearSpike = defineRule({
  meta: {
    code: 'GEO013',
    name: 'near-spike',
    group: 'ogc-validity',
    decidedIn: 'core/geometry/validity-rules.ts',
    severity: 'warning',
    messages: {
      spike: 'Needle-like spike at coordinate {coordinate} of {ring} {point}: its edges meet at {angle}°',
    },
    fixable: 'unsafe',
    docs: {
      what: 'Warns about a vertex where the boundary turns back at a tiny angle (default under 1°), a needle that GEOS still accepts. The unsafe fix removes the vertex. (An exact zero-width spike is an error, GEO004.)',
      why: 'Needles are almost always digitising slips or artefacts of snapping; they add no area but distort the outline, trip simplification and buffering, and become invalid after rounding.',
      example: 'POLYGON ((0 0, 10 0, 10 10, 5.01 10, 5 30, 4.99 10, 0 10, 0 0))',
      useInstead: 'POLYGON ((0 0, 10 0, 10 10, 5.01 10, 4.99 10, 0 10, 0 0))',
    },
  },
  check(r: ValidityIssueReport, context) {
    if (r.issue.kind !== 'near-spike') return;
    context.report({
      messageId: 'spike',
      data: { ...messageData(r, false), angle: Number((r.issue.angle ?? 0).toPrecision(2)) },
      location: r.locate(),
      hint: r.hint,
    });
  },
});

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
