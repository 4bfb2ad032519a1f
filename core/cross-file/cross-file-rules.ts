/**
 * The rules the checks across the files of one batch report (check-across-files.ts): prescriptions against
 * the field boundaries of the batch, soil samples against them, and the same ground in two files. Defined
 * beside the check that reports them; the registry (core/rules/registry.ts) gathers them.
 */

import { defineRule } from '../rules/rule.ts';

export const rxOutsideFields = defineRule({
  meta: {
    code: 'XF001',
    name: 'rx-outside-fields',
    group: 'cross-file',
    decidedIn: 'core/cross-file/check-across-files.ts',
    severity: 'warning',
    messages: {
      outside:
        'The prescription’s {zones} {zones:zone lies|zones lie} on no field boundary of the batch; the nearest field is {nearest}, {distance} away',
    },
    docs: {
      what: 'Reports a prescription ZIP whose zones overlap none of the field boundaries given with it (a CSV of fields, a field upload, WKT, GeoJSON, KML or a boundary shapefile), naming the nearest field and how far away it is. Runs when a batch holds boundaries and prescriptions (`validate a.csv b.zip`, or `--batch`).',
      why: 'A prescription drawn for the neighbour’s field, or moved by a wrong coordinate system, passes every check of its own file; applied, it puts the rates on the wrong ground. When its field is in the batch, being off every field says so before it is sent.',
      example: 'fields.csv: "North 40" at 103.27 W 35.85 N; rx.zip: two zones 1.5 km east of it',
      useInstead:
        'The prescription drawn on its field’s boundary (or send it with the boundary it belongs to).',
    },
  },
});

export const rxAcrossFields = defineRule({
  meta: {
    code: 'XF002',
    name: 'rx-across-fields',
    group: 'cross-file',
    decidedIn: 'core/cross-file/check-across-files.ts',
    severity: 'warning',
    messages: {
      several: 'The prescription’s zones lie on {count} {count:field|fields} of the batch: {fields}',
    },
    docs: {
      what: 'Reports a prescription ZIP whose zones lie on two or more fields of the batch, each holding at least 1 % of the zones’ area, and names each field with its share.',
      why: 'A prescription is for one field. Zones spread over two fields mean it was drawn on the wrong one, shifted, or made for a block of fields that the service will not split.',
      example: 'rx.zip: 60 % of its zones on "North 40" (fields.csv row 2), 40 % on "North 40 East" (row 3)',
      useInstead: 'One prescription per field, drawn within that field’s boundary.',
    },
  },
});

export const rxZoneBeyondField = defineRule({
  meta: {
    code: 'XF003',
    name: 'rx-zone-beyond-field',
    group: 'cross-file',
    decidedIn: 'core/cross-file/check-across-files.ts',
    severity: 'warning',
    messages: {
      beyond:
        'Zone {record} ({rate}) extends beyond field {field}: {share} of its {acres} acres lie outside it (more than {limit})',
    },
    docs: {
      what: 'Reports each zone of a prescription whose area outside its field (the field of the batch holding most of the prescription) is more than a share of the zone’s own area: 5 % unless the setting `rxOutsideShare` says otherwise. The shares are exact areas of the zones and the field, not of their boxes.',
      why: 'Rates outside the field are applied on the neighbour’s ground, the road or the ditch, or are clipped away and the field gets less than planned; a zone well beyond its boundary usually means the prescription or the boundary was moved.',
      example: 'Zone 2 (rate 15.7) with 23 % of its 43.8 acres outside "North 40"',
      useInstead: 'Zones clipped to the field boundary.',
    },
  },
});

export const sampleOutsideFields = defineRule({
  meta: {
    code: 'XF004',
    name: 'sample-outside-fields',
    group: 'cross-file',
    decidedIn: 'core/cross-file/check-across-files.ts',
    severity: 'warning',
    messages: {
      outside:
        'Sample {sample} at {place} lies in no field of the batch; the nearest field is {nearest}, {distance} away',
      outsideNamed:
        'Sample {sample} at {place} lies outside {named}, the field its file names, {distance} from it, and in no other field of the batch',
    },
    docs: {
      what: 'Reports each soil sample of a Modus file (a sample whose <Geometry> is a POINT) that lies inside none of the field boundaries given with it, with the nearest field, or the field the file names (FMISProfile <Field>), and the distance to it.',
      why: 'A sample outside every field was taken elsewhere, or its coordinates were shifted or written in the wrong order; its results would be mapped onto no field, or onto the wrong one.',
      example: 'Sample 7 at 88.03770 W 44.20545 N, 500 m east of "North 40"',
      useInstead: 'Sample points inside the boundary of the field they were taken in.',
    },
  },
});

export const sampleInOtherField = defineRule({
  meta: {
    code: 'XF005',
    name: 'sample-in-other-field',
    group: 'cross-file',
    decidedIn: 'core/cross-file/check-across-files.ts',
    severity: 'error',
    messages: {
      other: 'Sample {sample} at {place} lies in {actual}, not in {named}, the field its file names',
    },
    docs: {
      what: 'Reports each soil sample that lies in a field of the batch other than the one its Modus file names (the FMISProfile <Field> of its event), when a field of that name is in the batch. Names are compared without case and extra spaces.',
      why: 'The soil test is sent for the field the file names; a sample inside another field means the results, or the points, belong to another field, and the wrong field gets them.',
      example: 'lab.xml names "North 40"; sample 3 lies in "South 80" (fields.csv row 5)',
      useInstead:
        'The Modus file of the field the samples were taken in, or the samples of the field it names.',
    },
  },
});

export const sameGroundInTwoFiles = defineRule({
  meta: {
    code: 'XF006',
    name: 'same-ground-in-two-files',
    group: 'cross-file',
    decidedIn: 'core/cross-file/check-across-files.ts',
    severity: 'error',
    messages: {
      same: 'Field {field} covers the same ground as {other}: {share} of each lies in the other',
      inside: 'Field {field} lies within {other}: {share} of it is in the other, which is larger',
    },
    docs: {
      what: 'Reports a field boundary that covers the same ground as a field of another file of the batch (each has at least 80 % of its area in the other), whatever they are called, and, as a warning, one that lies mostly (80 % or more) inside a larger field of another file. Reported on the later file, naming the earlier.',
      why: 'The same field sent twice, under two names or in two formats, becomes two fields at the service, each with its own enrollments and data; a field inside a larger one double-counts its acres.',
      example: 'fields.csv row 4 "North 40" and fields.geojson feature 2 "N40 (2024)", the same boundary',
      useInstead: 'Each field once in the batch, under one name.',
    },
  },
});

export const pointsOutsideFields = defineRule({
  meta: {
    code: 'XF007',
    name: 'points-outside-fields',
    group: 'cross-file',
    decidedIn: 'core/cross-file/check-across-files.ts',
    severity: 'info',
    messages: {
      outside:
        'Of its {total} {total:point|points}, {outside} {outside:lies|lie} outside every field of the batch; the first, at {place}, is {distance} from {nearest}',
    },
    docs: {
      what: 'Counts the points of shared agronomic data (a planting, application or harvest file: a ZIP with a CSV of latitude and longitude) that lie outside every field boundary of the batch, and says where the first is and how far from the nearest field.',
      why: 'Shared data is read against the grower’s fields: points far from every field belong to other fields (or another grower), or were logged while driving; many of them mean the file and the boundaries do not go together.',
      example: 'planting.zip: 18 points of 20 outside every field of fields.csv',
      useInstead:
        'Nothing to change when the points are of other fields; else add the boundaries of the fields they were recorded in.',
    },
  },
});

export const batchGeometryLimited = defineRule({
  meta: {
    code: 'XF008',
    name: 'batch-geometry-limited',
    group: 'cross-file',
    decidedIn: 'core/cross-file/check-across-files.ts',
    severity: 'info',
    messages: {
      limited:
        'The checks across files compared the first {limit} {limit:field|fields} of this file only; {dropped} more {dropped:was|were} not compared',
    },
    docs: {
      what: 'Says that the checks across files kept the boundaries of the first 250,000 fields of a file only (to bound their memory), and how many more there were. The file’s own checks looked at every field.',
      why: 'A prescription, a soil sample or a duplicate among the fields not kept would not be found: the report says so rather than stay silent.',
      example: 'fields.csv with 300,000 rows, given with rx.zip',
      useInstead:
        'Split the file, or give the prescriptions and soil tests with the part that holds their fields.',
    },
  },
});

export const crossFileRules = [
  rxOutsideFields,
  rxAcrossFields,
  rxZoneBeyondField,
  sampleOutsideFields,
  sampleInOtherField,
  sameGroundInTwoFiles,
  pointsOutsideFields,
  batchGeometryLimited,
] as const;
