/**
 * The rules the Modus service checks (modus-service.ts) report, group modus-service: what the soil test
 * upload accepts beyond the XSD (sample and depth counts, units, event codes and dates, WGS 84 points).
 * Defined beside the check that reports them; the registry (core/rules/registry.ts) gathers them.
 */

import { defineRule } from '../rules/rule.ts';

/** Reported by the streaming Modus validator (core/modus). */
export const eventCodeTooLong = defineRule({
  meta: {
    code: 'MSV001',
    name: 'event-code-too-long',
    group: 'modus-service',
    decidedIn: 'core/modus/modus-service.ts',
    severity: 'error',
    messages: {
      tooLong: 'EventCode is {bytes} {bytes:byte|bytes} long; the service accepts at most 64 bytes',
    },
    docs: {
      what: 'Reports an EventCode longer than 64 bytes (UTF-8).',
      why: 'The service stores the event code in a 64-byte field and refuses longer codes.',
      example:
        '<EventCode>Field 12 North of the river, spring sampling, second pass, re-run of 2021</EventCode>',
      useInstead: '<EventCode>F12-N-2021-SPRING-2</EventCode>',
    },
  },
});

/** Reported by the streaming Modus validator (core/modus). */
export const eventDateInvalid = defineRule({
  meta: {
    code: 'MSV002',
    name: 'event-date-invalid',
    group: 'modus-service',
    decidedIn: 'core/modus/modus-service.ts',
    severity: 'error',
    fixable: 'safe',
    messages: {
      missing: 'EventDate is missing; the service needs the date the samples were taken',
      format: 'EventDate "{value}" is not an ISO 8601 calendar date (YYYY-MM-DD)',
    },
    docs: {
      what: 'Reports an event without EventDate, or an EventDate that is not a plain ISO 8601 calendar date YYYY-MM-DD (the schema also allows time-zone suffixes and other years that the service does not take). A date with a time-zone suffix gets a safe fix dropping the suffix.',
      why: "The service files soil tests by their sampling date; the upload's sampleDate is derived from it.",
      example: '<EventDate>2021-09-24Z</EventDate>',
      useInstead: '<EventDate>2021-09-24</EventDate>',
    },
  },
});

/** Reported by the streaming Modus validator (core/modus). */
export const tooManySamples = defineRule({
  meta: {
    code: 'MSV003',
    name: 'too-many-samples',
    group: 'modus-service',
    decidedIn: 'core/modus/modus-service.ts',
    severity: 'error',
    messages: {
      tooMany: 'The event has {count} soil {count:sample|samples}; the service accepts at most 20,000',
    },
    docs: {
      what: 'Reports an event with more than 20,000 SoilSample elements.',
      why: 'The service refuses larger uploads; split the event into several files.',
      example: '20,001 <SoilSample> elements',
      useInstead: 'two files of at most 20,000 samples',
    },
  },
});

/** Reported by the streaming Modus validator (core/modus). */
export const tooManyDepths = defineRule({
  meta: {
    code: 'MSV004',
    name: 'too-many-depths',
    group: 'modus-service',
    decidedIn: 'core/modus/modus-service.ts',
    severity: 'error',
    messages: {
      refs: 'The event defines {count} {count:DepthRef|DepthRefs}; the service accepts at most 50',
      sample: 'Sample "{sample}" has {count} {count:depth|depths}; the service accepts at most 50',
    },
    docs: {
      what: 'Reports an event with more than 50 DepthRefs, or a sample with more than 50 Depth elements.',
      why: 'The service accepts at most 50 depths.',
      example: '51 <DepthRef> elements',
      useInstead: 'at most 50',
    },
  },
});

/** Reported by the streaming Modus validator (core/modus). */
export const labNameEmpty = defineRule({
  meta: {
    code: 'MSV005',
    name: 'lab-name-empty',
    group: 'modus-service',
    decidedIn: 'core/modus/modus-service.ts',
    severity: 'error',
    messages: {
      empty: "LabName is empty; the service needs the laboratory's name",
    },
    docs: {
      what: 'Reports an empty (or blank) LabName.',
      why: 'The service shows and files results by laboratory; an empty name is refused.',
      example: '<LabName></LabName>',
      useInstead: '<LabName>A &amp; L Great Lakes Laboratories</LabName>',
    },
  },
});

/** Reported by the streaming Modus validator (core/modus). */
export const depthOutOfRange = defineRule({
  meta: {
    code: 'MSV006',
    name: 'depth-out-of-range',
    group: 'modus-service',
    decidedIn: 'core/modus/modus-service.ts',
    severity: 'error',
    messages: {
      start: "StartingDepth {value} is outside the service's range of 0 to 36 inches",
      end: "EndingDepth {value} is outside the service's range of 1 to 36 inches",
    },
    docs: {
      what: 'Reports a StartingDepth outside 0–36 or an EndingDepth outside 1–36 (inches).',
      why: 'The service accepts soil tests of the top 36 inches only.',
      example: '<EndingDepth>48</EndingDepth>',
      useInstead: '<EndingDepth>36</EndingDepth> (or leave the deeper layer out)',
    },
  },
});

/** Reported by the streaming Modus validator (core/modus). */
export const depthUnitNotInches = defineRule({
  meta: {
    code: 'MSV007',
    name: 'depth-unit-not-inches',
    group: 'modus-service',
    decidedIn: 'core/modus/modus-service.ts',
    severity: 'error',
    fixable: 'safe-and-unsafe',
    messages: {
      spelling: 'DepthUnit "{value}" means inches; the service expects "inches"',
      other: 'DepthUnit "{value}" is not inches; the service accepts depths in inches only',
      missing: 'DepthRef {id} has no DepthUnit; the service expects depths in inches',
    },
    docs: {
      what: 'Reports a DepthUnit other than "inches". Spellings with the same meaning ("in", "inch", "IN") get a safe fix to "inches"; a missing DepthUnit gets an unsafe fix adding <DepthUnit>inches</DepthUnit> (the assumption must be confirmed); other units (cm, ft) must be converted by hand.',
      why: 'The service reads depths as inches; a file in centimetres would be stored 2.54 times too deep.',
      example: '<DepthUnit>in</DepthUnit>',
      useInstead: '<DepthUnit>inches</DepthUnit>',
    },
  },
});

/** Reported by the streaming Modus validator (core/modus). */
export const sampleGeometryNotWgs84Point = defineRule({
  meta: {
    code: 'MSV008',
    name: 'sample-geometry-not-wgs84-point',
    group: 'modus-service',
    decidedIn: 'core/modus/modus-service.ts',
    severity: 'error',
    messages: {
      notPoint: 'Geometry is a {type}; the service accepts a single POINT',
      epsg: 'Geometry has epsg="{epsg}"; the service accepts WGS 84 (EPSG:4326) coordinates only',
    },
    docs: {
      what: 'Reports a sample Geometry that is not a single POINT, or that declares a coordinate system other than WGS 84 (epsg="4326", the default).',
      why: 'The service places each sample at one WGS 84 longitude/latitude point.',
      example: '<Geometry epsg="26916">POINT (512000 4894000)</Geometry>',
      useInstead: '<Geometry>POINT (-88.0367 44.2063)</Geometry>',
    },
  },
});

/** Reported by the streaming Modus validator (core/modus). */
export const resultUnitNotAccepted = defineRule({
  meta: {
    code: 'MSV009',
    name: 'result-unit-not-accepted',
    group: 'modus-service',
    decidedIn: 'core/modus/modus-service.ts',
    severity: 'error',
    fixable: 'safe',
    messages: {
      spelling: 'Unit "{value}" is written "{canonical}" by the service',
      unknown:
        'Unit "{value}" is not accepted by the service (accepted: percent, ppm, meq/100 g, cmol/kg, lb/ac)',
      unitless:
        'Unit "{value}" (no unit) is not in the service\'s list of units (percent, ppm, meq/100 g, cmol/kg, lb/ac)',
    },
    docs: {
      what: 'Reports a result ValueUnit outside the service\'s list: percent, ppm, meq/100 g, cmol/kg, lb/ac. Spellings with the same meaning ("%", "meq/100g", "mg/kg", "cmol(+)/kg", "PPM") get a safe fix; unitless results (pH, "none") are a warning because the list has no unitless unit; other units (dS/m, tons/ac) must be converted or left out.',
      why: 'The service refuses results in units it does not know, and it compares units literally.',
      example: '<ValueUnit>%</ValueUnit>',
      useInstead: '<ValueUnit>percent</ValueUnit>',
    },
  },
});

/** Reported by the streaming Modus validator (core/modus). */
export const resultUnitVariant = defineRule({
  meta: {
    code: 'MSV010',
    name: 'result-unit-variant',
    group: 'modus-service',
    decidedIn: 'core/modus/modus-service.ts',
    severity: 'warning',
    fixable: 'safe',
    messages: {
      variant: 'Unit "{value}" is accepted as "lb/ac", with a warning',
    },
    docs: {
      what: 'Warns about the pound-per-acre spellings the service accepts but reports (lbs/ac, lb/acre, lbs/acre, pounds/ac, pounds/acre), with a safe fix to "lb/ac".',
      why: 'The service takes these spellings with a warning on the import; writing lb/ac avoids it.',
      example: '<ValueUnit>lbs/acre</ValueUnit>',
      useInstead: '<ValueUnit>lb/ac</ValueUnit>',
    },
  },
});

/** Reported by the streaming Modus validator (core/modus). */
export const eventNotSoil = defineRule({
  meta: {
    code: 'MSV011',
    name: 'event-not-soil',
    group: 'modus-service',
    decidedIn: 'core/modus/modus-service.ts',
    severity: 'error',
    messages: {
      submit:
        'This is a ModusSubmit (sample submission) document; the service takes lab results (ModusResult)',
      notSoil: 'The event holds {kind} samples; the service takes soil test results only',
      noSamples: 'The event has no soil samples',
    },
    docs: {
      what: 'Reports a file the soil endpoint cannot take: a ModusSubmit document, an event with plant, nematode, water or residue samples, or an event without soil samples.',
      why: 'POST /v2/soil/modus/result imports soil test results; anything else is refused ("XML contains no results" at ModusResult/Event/EventSamples/Soil/SoilSample).',
      example: '<EventSamples><Plant>…</Plant></EventSamples>',
      useInstead: 'a soil test result file',
    },
  },
});

/** Reported by the streaming Modus validator (core/modus). */
export const sampleDateNotEventDate = defineRule({
  meta: {
    code: 'MSV012',
    name: 'sample-date-not-event-date',
    group: 'modus-service',
    decidedIn: 'core/modus/modus-service.ts',
    severity: 'warning',
    messages: {
      mismatch: 'sampleDate {sampleDate} is not on the EventDate {eventDate}',
    },
    docs: {
      what: "Warns when the sampleDate sent with the upload falls on another day (UTC) than the file's EventDate.",
      why: 'Both say when the samples were taken; if they differ, one of them is probably wrong.',
      example: 'sampleDate=2021-10-01T00:00:00.000Z with <EventDate>2021-09-24</EventDate>',
      useInstead: 'sampleDate=2021-09-24T00:00:00.000Z',
    },
  },
});

/** Reported by the streaming Modus validator (core/modus). */
export const eventsMultiple = defineRule({
  meta: {
    code: 'MSV013',
    name: 'events-multiple',
    group: 'modus-service',
    decidedIn: 'core/modus/modus-service.ts',
    severity: 'warning',
    messages: {
      dates:
        'The file holds {count} {count:event|events} with different EventDates ({dates}); one upload takes one sampleDate',
    },
    docs: {
      what: 'Warns when a result file holds several events with different EventDates.',
      why: 'An upload carries a single sampleDate; events sampled on other days would be filed under the wrong date. Split the file per event.',
      example: 'two <Event> elements dated 2021-09-24 and 2021-10-02',
      useInstead: 'one file per event',
    },
  },
});

export const modusServiceRules = [
  eventCodeTooLong,
  eventDateInvalid,
  tooManySamples,
  tooManyDepths,
  labNameEmpty,
  depthOutOfRange,
  depthUnitNotInches,
  sampleGeometryNotWgs84Point,
  resultUnitNotAccepted,
  resultUnitVariant,
  eventNotSoil,
  sampleDateNotEventDate,
  eventsMultiple,
] as const;
