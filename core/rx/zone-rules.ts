/**
 * The rules of a prescription's zones: their geometry type (group rx-shapefile) and their rates, overlaps
 * and extent (group rx-zones). Each carries its check, a visitor over the zone checks' stage results
 * (zone-stages.ts: the .shp header's shape type, each record, the zone count, the coordinates, the rate
 * column, each rate, each overlap, the extent): the checks find the facts in one pass (validate-rx.ts
 * the shape type, check-zones.ts the rest), the rule decides here what is a problem and what it says. The
 * registry (core/rules/registry.ts) gathers them.
 */

import { defineRule, type Rule } from '../rules/rule.ts';
import type { ZoneStage } from './zone-stages.ts';

/** Zones spanning more than this in either direction are more than one field (km). */
const MAX_SPAN_KM = 10;

/**
 * The overlap point in words: latitude and longitude when it is in degrees; without a .prj the file's own
 * numbers (often projected metres) are shown as x and y, not called degrees.
 */
function describeNear(point: [number, number]): string {
  const [x, y] = point;
  if (Math.abs(x) <= 180 && Math.abs(y) <= 90) return `${y.toFixed(6)}, ${x.toFixed(6)} (lat, lon)`;
  return `x ${Number(x.toPrecision(12))}, y ${Number(y.toPrecision(12))} (the file's coordinates, not degrees)`;
}

function listNames(names: readonly string[]): string {
  return names.length === 0 ? 'none' : names.map((x) => `"${x}"`).join(', ');
}

/** Decided from the .shp header's shape type. */
export const shapeTypeNotPolygon = defineRule({
  meta: {
    code: 'RXS002',
    name: 'shape-type-not-polygon',
    group: 'rx-shapefile',
    decidedIn: 'core/rx/zone-rules.ts',
    severity: 'error',
    messages: {
      notPolygon: 'The shapefile holds {type} geometry; a prescription needs Polygon zones',
    },
    docs: {
      what: 'Reports a shapefile whose header shape type is not a polygon type (Point, MultiPoint, PolyLine, MultiPatch or Null).',
      why: 'The service accepts Polygon and MultiPolygon zones only: a rate must apply to an area. Points (soil sample locations, as-applied logs) and lines are other kinds of data.',
      example: 'A shapefile of grid soil-sample points (shape type 1, Point).',
      useInstead: 'The zone polygons that carry the rates (shape type 5, Polygon).',
    },
  },
  check(stage: ZoneStage, context) {
    if (stage.stage !== 'shapeType' || stage.family === 'polygon') return;
    context.report({
      messageId: 'notPolygon',
      data: { type: `${stage.name} (${stage.type})` },
      location: { entry: stage.shp },
      hint:
        stage.family === 'point' || stage.family === 'multipoint'
          ? 'Points are sample or log locations, not zones; export the zone polygons that carry the rates.'
          : 'Export the zone polygons that carry the rates (shape type Polygon).',
    });
  },
});

/** Decided from the .shp header's shape type. */
export const shapeTypeZM = defineRule({
  meta: {
    code: 'RXS003',
    name: 'shape-type-z-m',
    group: 'rx-shapefile',
    decidedIn: 'core/rx/zone-rules.ts',
    severity: 'warning',
    messages: {
      zm: 'The shapefile is {type}: it carries {what} values a prescription does not use',
    },
    docs: {
      what: 'Reports polygons stored as PolygonZ (15) or PolygonM (25) instead of plain Polygon (5).',
      why: 'The service’s format names Polygon and MultiPolygon; some importers refuse the Z and M variants, and the elevation or measure values have no meaning for a rate map.',
      example: 'Zones exported from a 3-D layer as PolygonZ.',
      useInstead: 'Export as a 2-D Polygon shapefile (for example ogr2ogr -dim XY).',
    },
  },
  check(stage: ZoneStage, context) {
    // PolygonZ (15) and PolygonM (25): a polygon type that is not plain Polygon (5).
    if (stage.stage !== 'shapeType' || stage.family !== 'polygon' || stage.type === 5) return;
    context.report({
      messageId: 'zm',
      data: { type: `${stage.name} (${stage.type})`, what: stage.z ? 'Z (and M)' : 'M' },
      location: { entry: stage.shp },
      hint: 'Export the zones as a 2-D Polygon shapefile.',
    });
  },
});

/** Reported by the prescription checks for records without geometry. */
export const nullShape = defineRule({
  meta: {
    code: 'RXS009',
    name: 'null-shape',
    group: 'rx-shapefile',
    decidedIn: 'core/rx/zone-rules.ts',
    severity: 'error',
    messages: {
      empty: 'Record {record} has no geometry (Null shape or no points)',
      more: '{count} more {count:record has|records have} no geometry',
    },
    docs: {
      what: 'Reports records of type Null and polygon records with no parts or points.',
      why: 'A zone without geometry has a rate that applies nowhere; the service rejects it or drops it silently.',
      example: 'A zone whose polygon was deleted in the GIS but whose attribute row was kept.',
      useInstead: 'Delete the whole record, or draw its polygon.',
    },
  },
  check(stage: ZoneStage, context) {
    if (stage.stage !== 'record' || stage.polygons > 0) return;
    context.report({
      messageId: 'empty',
      data: { record: stage.record },
      location: { entry: stage.shp, record: stage.record, row: stage.record },
      hint: 'Delete the record (shape and row), or draw the zone’s polygon.',
    });
  },
});

/** Reported by the prescription zone checks (core/rx/check-zones.ts). */
export const zoneCount = defineRule({
  meta: {
    code: 'RXZ001',
    name: 'zone-count',
    group: 'rx-zones',
    decidedIn: 'core/rx/zone-rules.ts',
    severity: 'error',
    messages: {
      tooMany: 'The prescription has {count} {count:zone|zones}; the service accepts at most {limit}',
      none: 'The prescription has no zones',
    },
    docs: {
      what: 'Reports a prescription with more than 100 zones (records), or with none.',
      why: 'The service’s prescription format allows at most 100 zones; larger files are refused. Trial designs and fine grids easily exceed it.',
      example: 'A trial design with 609 plots, each its own zone.',
      useInstead:
        'Dissolve neighbouring zones with the same rate (one multipolygon per rate), or use a coarser grid, so that at most 100 records remain.',
    },
  },
  check(stage: ZoneStage, context) {
    if (stage.stage !== 'zones') return;
    if (stage.count === 0) {
      context.report({
        messageId: 'none',
        location: { entry: stage.shp },
        hint: 'Export the prescription again; the shapefile holds no records.',
      });
    } else if (stage.count > stage.limit) {
      context.report({
        messageId: 'tooMany',
        data: { count: stage.count, limit: stage.limit },
        location: { entry: stage.shp },
        hint: `Dissolve neighbouring zones that share a rate (one record per rate class), or use coarser zones, to get at most ${stage.limit} records.`,
      });
    }
  },
});

/** Reported by the prescription zone checks: which column was taken as the rate. */
export const rateColumn = defineRule({
  meta: {
    code: 'RXZ002',
    name: 'rate-column',
    group: 'rx-zones',
    decidedIn: 'core/rx/zone-rules.ts',
    severity: 'info',
    messages: {
      setting: 'Rates are read from the column "{column}" (set by settings.rateColumn)',
      byName: 'Rates are read from the column "{column}", found by its name{others}',
      onlyNumeric: 'Rates are read from the column "{column}", the only numeric column{others}',
      text: 'The rate column "{column}" is a text field ({type}); the service expects numbers',
    },
    docs: {
      what: 'States which DBF column is read as the rate: the one named by settings.rateColumn, else the first column named like a rate (rate, Rx, Target, DOSE …, any case), else the only numeric column that is not an identifier (id, fid, objectid, zone_id, …). Warns when that column is a text field.',
      why: 'The service takes the rate from the attribute table; saying which column was used makes a wrong guess visible before the prescription reaches the cab.',
      example: 'Columns id (N), DOSE (N): DOSE is used.',
      useInstead: 'Name the rate column RATE, or set settings.rateColumn.',
    },
  },
  check(stage: ZoneStage, context) {
    if (stage.stage !== 'rateColumn' || !stage.choice.ok) return;
    const { field, reason, others } = stage.choice;
    const location = { entry: stage.dbf, field: field.name };
    context.report({
      messageId: reason,
      data: {
        column: field.name,
        others: others.length > 0 ? `; other candidates: ${listNames(others)}` : '',
      },
      location,
    });
    if (field.type === 'C') {
      context.report({
        messageId: 'text',
        data: { column: field.name, type: `${field.type} ${field.length}` },
        location,
        severity: 'warning',
        hint: 'Store the rates in a numeric field (N or F) so every reader sees numbers.',
      });
    }
  },
});

/** Reported by the prescription zone checks when no rate column can be chosen. */
export const rateColumnMissing = defineRule({
  meta: {
    code: 'RXZ003',
    name: 'rate-column-missing',
    group: 'rx-zones',
    decidedIn: 'core/rx/zone-rules.ts',
    severity: 'error',
    messages: {
      setting: 'settings.rateColumn names "{column}", but the .dbf has no such column (it has {columns})',
      none: 'No rate column: no column is named like a rate, and no column but identifiers is numeric (columns: {columns})',
      ambiguous:
        'No rate column: no column is named like a rate, and there {count:is|are} {count} numeric {count:column|columns} ({columns})',
    },
    docs: {
      what: 'Reports a .dbf in which no column can be taken as the rate: none has a rate-like name and there is not exactly one numeric column, or the configured column does not exist.',
      why: 'Each zone needs a rate; guessing between several numeric columns could send the wrong quantities to the applicator.',
      example: 'Columns zone_no (N), area_ha (N), seed_kg (N).',
      useInstead: 'Rename the rate column to RATE, or set settings.rateColumn to "seed_kg".',
    },
  },
  check(stage: ZoneStage, context) {
    if (stage.stage !== 'rateColumn' || stage.choice.ok) return;
    const { reason, candidates } = stage.choice;
    context.report({
      messageId: reason,
      data: { column: stage.setting ?? '', columns: listNames(candidates), count: candidates.length },
      location: { entry: stage.dbf },
      hint:
        reason === 'setting'
          ? `Set settings.rateColumn to one of ${listNames(stage.columns)}.`
          : 'Name the rate column RATE (or Rx, Target, DOSE), or set settings.rateColumn.',
    });
  },
});

/** Reported by the prescription zone checks for each zone whose rate is not a non-negative number. */
export const rateInvalid = defineRule({
  meta: {
    code: 'RXZ004',
    name: 'rate-invalid',
    group: 'rx-zones',
    decidedIn: 'core/rx/zone-rules.ts',
    severity: 'error',
    messages: {
      negative: 'Zone {record}: the rate {value} is negative',
      notFinite: 'Zone {record}: the rate is {value}, not a finite number',
      notNumber: 'Zone {record}: the rate "{value}" is not a number',
      more: '{count} more {count:zone has|zones have} an invalid rate',
    },
    docs: {
      what: 'Reports rates that are negative, not finite (NaN, Infinity) or not numbers at all.',
      why: 'The service requires each zone’s rate to be a non-negative real number; a negative rate is usually a no-data marker (-9999) that must not reach a controller.',
      example: 'RATE = -9999 for zones outside the application area.',
      useInstead: 'RATE = 0 for zones that get nothing, or remove those zones.',
    },
  },
  check(stage: ZoneStage, context) {
    if (stage.stage !== 'rate' || stage.value.kind === 'empty') return;
    const { record, value } = stage;
    const location = { entry: stage.dbf, record, row: record, field: stage.column };
    if (value.kind === 'text') {
      context.report({
        messageId: 'notNumber',
        data: { record, value: value.text },
        location,
        hint: 'Write the rate as a number with a decimal point, e.g. 12.5.',
      });
    } else if (!Number.isFinite(value.value)) {
      context.report({
        messageId: 'notFinite',
        data: { record, value: String(value.value) },
        location,
        hint: 'Give the zone a real rate; use 0 for zones that get nothing.',
      });
    } else if (value.value < 0) {
      context.report({
        messageId: 'negative',
        data: { record, value: value.value },
        location,
        hint:
          value.value <= -999
            ? 'This looks like a no-data marker; use 0 for zones that get nothing, or delete the zone.'
            : 'Rates must be 0 or more.',
      });
    }
  },
});

/** Reported by the prescription zone checks for each zone without a rate. */
export const rateEmpty = defineRule({
  meta: {
    code: 'RXZ005',
    name: 'rate-empty',
    group: 'rx-zones',
    decidedIn: 'core/rx/zone-rules.ts',
    severity: 'error',
    messages: {
      empty: 'Zone {record} has no rate (the {column} value is empty)',
      more: '{count} more {count:zone has|zones have} no rate',
    },
    docs: {
      what: 'Reports zones whose rate value is empty (blank or NULL in the .dbf).',
      why: 'A zone without a rate is refused by the service or applied at some default nobody chose.',
      example: 'A zone added in the GIS whose RATE cell was left blank.',
      useInstead: 'Give every zone a rate; 0 for zones that get nothing.',
    },
  },
  check(stage: ZoneStage, context) {
    if (stage.stage !== 'rate' || stage.value.kind !== 'empty' || !stage.hasRow) return;
    context.report({
      messageId: 'empty',
      data: { record: stage.record, column: stage.column },
      location: { entry: stage.dbf, record: stage.record, row: stage.record, field: stage.column },
      hint: 'Give the zone a rate; use 0 for zones that get nothing.',
    });
  },
});

/** Reported by the prescription zone checks (core/rx/zone-overlaps.ts) for each pair of overlapping zones. */
export const zonesOverlap = defineRule({
  meta: {
    code: 'RXZ006',
    name: 'zones-overlap',
    group: 'rx-zones',
    decidedIn: 'core/rx/zone-rules.ts',
    severity: 'warning',
    messages: {
      overlap: 'Zones {record} and {other} overlap{near}',
      more: '{count} more {count:pair of zones overlaps|pairs of zones overlap}',
      crowded:
        'Zone {record} overlaps {limit} or more {limit:zone|zones} of lower records: only {limit} {limit:is|are} listed',
    },
    docs: {
      what: 'Reports pairs of zones whose interiors overlap, with a point inside both (for each zone at most five with zones of lower records, then a note that there are more). Zones that only share an edge or a corner do not overlap, even when the shared vertices differ by floating-point noise (about 2 cm). A warning: the service’s format does not forbid overlaps, and slivers along shared edges are common in real files.',
      why: 'Where two zones overlap the area has two rates; controllers pick one of them, and which one is up to the controller.',
      example: 'A zone drawn over part of its neighbour in the GIS.',
      useInstead:
        'Zones that tile the field: clip each zone by its neighbours (or run a union and dissolve).',
    },
  },
  check(stage: ZoneStage, context) {
    if (stage.stage === 'overlapCrowded') {
      context.report({
        messageId: 'crowded',
        data: { record: stage.record, limit: stage.limit },
        location: { entry: stage.shp, record: stage.record, row: stage.record },
        hint: 'Zones that repeat one shape are usually one zone written again: keep one record per zone.',
      });
      return;
    }
    if (stage.stage !== 'overlap') return;
    const { shp, record, other, point } = stage;
    context.report({
      messageId: 'overlap',
      data: { record, other, near: point ? ` near ${describeNear(point)}` : '' },
      location: point ? { entry: shp, record, row: record, point } : { entry: shp, record, row: record },
      related: [{ message: `zone ${other}`, location: { entry: shp, record: other } }],
      hint: 'Clip one zone by the other so that every spot of the field has one rate.',
    });
  },
});

/** Reported by the prescription zone checks when the zones do not look like one field. */
export const extentImplausible = defineRule({
  meta: {
    code: 'RXZ007',
    name: 'extent-implausible',
    group: 'rx-zones',
    decidedIn: 'core/rx/zone-rules.ts',
    severity: 'warning',
    messages: {
      apart:
        'The zones form {groups} separate {groups:group|groups} up to {distance} km apart; a prescription covers one field',
      large: 'The zones span {width} × {height} km, larger than one field',
    },
    docs: {
      what: 'Warns when the zones form groups more than 2 km apart, or when they span more than 10 km in either direction.',
      why: 'The service takes one prescription per field. Zones scattered over several kilometres are several fields in one file, or some zones are misplaced (a wrong coordinate, a wrong CRS).',
      example: 'A prescription whose zones lie on two farms 15 km apart.',
      useInstead: 'One ZIP per field.',
    },
  },
  check(stage: ZoneStage, context) {
    if (stage.stage !== 'extent') return;
    const location = { entry: stage.shp };
    if (stage.groups > 1) {
      context.report({
        messageId: 'apart',
        data: { groups: stage.groups, distance: stage.farthestKm.toFixed(1) },
        location,
        hint: 'Put each field’s prescription in its own ZIP, and check for zones with misplaced coordinates.',
      });
    } else if (stage.widthKm > MAX_SPAN_KM || stage.heightKm > MAX_SPAN_KM) {
      context.report({
        messageId: 'large',
        data: { width: stage.widthKm.toFixed(1), height: stage.heightKm.toFixed(1) },
        location,
        hint: 'Check that the ZIP holds one field’s zones.',
      });
    }
  },
});

/** Reported by the prescription zone checks when coordinates cannot be WGS 84 longitude/latitude. */
export const coordinatesNotDegrees = defineRule({
  meta: {
    code: 'RXZ008',
    name: 'coordinates-not-degrees',
    group: 'rx-zones',
    decidedIn: 'core/rx/zone-rules.ts',
    severity: 'error',
    messages: {
      outOfRange:
        'The coordinates reach {x}, {y}: outside longitude −180…180 / latitude −90…90, so they are not WGS 84 degrees{prj}',
    },
    docs: {
      what: 'Reports zones whose coordinates lie outside the longitude and latitude ranges although the .prj is missing or says WGS 84.',
      why: 'Projected coordinates (metres) read as degrees put the zones nowhere; usually the .prj was lost or replaced.',
      example: 'x = 372771, y = 6134140 with no .prj (SWEREF99 TM metres).',
      useInstead:
        'Zip the original .prj with the shapefile, then reproject to WGS 84 (fieldgate fix --unsafe).',
    },
  },
  check(stage: ZoneStage, context) {
    if (stage.stage !== 'notDegrees') return;
    const [x, y] = stage.farthest;
    const format = (v: number): string => String(Number(v.toPrecision(10)));
    context.report({
      messageId: 'outOfRange',
      data: {
        x: format(x),
        y: format(y),
        prj: stage.crs === 'missing' ? ' (there is no .prj)' : ', although the .prj says WGS 84',
      },
      location: { entry: stage.shp },
      hint:
        stage.crs === 'missing'
          ? 'Zip the .prj that came with the shapefile; Fieldgate can then reproject the zones (unsafe fix).'
          : 'The .prj does not match the coordinates; zip the original .prj, or reproject the zones to WGS 84.',
    });
  },
});

/** What a prescription needs of its shapefile: polygon zones, 2-D, no empty records. */
export const rxShapefileRules = [shapeTypeNotPolygon, shapeTypeZM, nullShape] as const;

/** Zones and rates of a prescription (RXZ001–RXZ008). */
export const rxZoneRules = [
  zoneCount,
  rateColumn,
  rateColumnMissing,
  rateInvalid,
  rateEmpty,
  zonesOverlap,
  extentImplausible,
  coordinatesNotDegrees,
] as const;

/**
 * The order the zone checks visit the rules in at each stage: a stage is one rule's, except the shape
 * type's (not polygons, or polygons with Z or M), the rate column's (the column chosen, or why none could
 * be) and a rate's (empty, or not a valid number).
 */
export const zoneRulesInReportOrder: readonly Rule<ZoneStage>[] = [...rxShapefileRules, ...rxZoneRules];
