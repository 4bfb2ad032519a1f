/**
 * The rules of group modus-service: what the soil test upload (POST /v2/soil/modus/result) accepts beyond
 * the XSD (sample and depth counts, units, event codes and dates, WGS 84 points). Each rule carries its
 * check, a visitor over the service pass's stage results (service-stages.ts): the pass (modus-service.ts)
 * finds the facts while the document streams past, the rule decides here what the service would refuse and
 * what it says. Unit spellings with the same meaning get safe fixes as text edits on the exact value. The
 * registry (core/rules/registry.ts) gathers them.
 */

import { defineRule } from '../rules/rule.ts';
import type { ServiceStage, ServiceStageOf } from './service-stages.ts';
import type { ModusRuleContext, RulesByStage } from './modus-rule-context.ts';

/** The partner service's published limits for POST /v2/soil/modus/result (the pass counts up to them). */
export const SERVICE_LIMITS = {
  maxEventCodeBytes: 64,
  maxSoilSamples: 20_000,
  maxDepths: 50,
  startingDepth: [0, 36],
  endingDepth: [1, 36],
} as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}

/** The UTC calendar day of a sampleDate, when it reads as an instant (or a plain date). */
function utcDay(sampleDate: string): string | undefined {
  const text = sampleDate.trim();
  if (ISO_DATE.test(text)) return text;
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text)) return undefined;
  const t = Date.parse(text);
  if (Number.isNaN(t)) return undefined;
  return new Date(t).toISOString().slice(0, 10);
}

export const eventCodeTooLong = defineRule({
  meta: {
    code: 'MSV001',
    name: 'event-code-too-long',
    group: 'modus-service',
    decidedIn: 'core/modus/service-rules.ts',
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
  check(stage: ServiceStageOf<'event-code'>, context: ModusRuleContext<'tooLong'>) {
    const bytes = utf8Length(stage.value.text);
    if (bytes <= SERVICE_LIMITS.maxEventCodeBytes) return;
    context.report({
      messageId: 'tooLong',
      data: { bytes },
      location: stage.at.valueLocation(),
      hint: 'Shorten the EventCode to at most 64 bytes (64 ASCII characters).',
    });
  },
});

export const eventDateInvalid = defineRule({
  meta: {
    code: 'MSV002',
    name: 'event-date-invalid',
    group: 'modus-service',
    decidedIn: 'core/modus/service-rules.ts',
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
  check(stage: ServiceStageOf<'event-date' | 'event'>, context: ModusRuleContext<'missing' | 'format'>) {
    const c = stage.at;
    if (stage.stage === 'event') {
      if (stage.eventDate !== undefined) return;
      context.report({
        messageId: 'missing',
        location: c.elementLocation(),
        hint: 'Add <EventDate>YYYY-MM-DD</EventDate> to <EventMetaData>: the day the samples were taken.',
      });
      return;
    }
    const text = stage.value.text;
    // The schema already reported a value that is not an xs:date; say it once.
    if (stage.calendarDate || stage.schemaReported) return;
    const fixed = stage.fixedDate;
    const descriptor = {
      messageId: 'format' as const,
      data: { value: text },
      location: c.valueLocation(),
      hint: 'Write the sampling date as YYYY-MM-DD, without time zone.',
    };
    context.report(
      fixed !== undefined
        ? {
            ...descriptor,
            fix: {
              safety: 'safe',
              title: `Write the date as ${fixed}`,
              before: text,
              after: fixed,
              edits: [{ ...c.valueRange(), text: fixed }],
            },
          }
        : descriptor,
    );
  },
});

export const tooManySamples = defineRule({
  meta: {
    code: 'MSV003',
    name: 'too-many-samples',
    group: 'modus-service',
    decidedIn: 'core/modus/service-rules.ts',
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
  check(stage: ServiceStageOf<'event'>, context: ModusRuleContext<'tooMany'>) {
    if (!stage.overSample) return;
    context.report({
      messageId: 'tooMany',
      data: { count: stage.soilSamples.toLocaleString('en-US') },
      location: stage.overSample,
      hint: 'Split the samples into files of at most 20,000 samples each.',
    });
  },
});

export const tooManyDepths = defineRule({
  meta: {
    code: 'MSV004',
    name: 'too-many-depths',
    group: 'modus-service',
    decidedIn: 'core/modus/service-rules.ts',
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
  check(stage: ServiceStageOf<'sample' | 'event'>, context: ModusRuleContext<'refs' | 'sample'>) {
    if (stage.stage === 'sample') {
      if (stage.depths <= SERVICE_LIMITS.maxDepths) return;
      context.report({
        messageId: 'sample',
        data: { sample: stage.label || '?', count: stage.depths },
        location: stage.at.elementLocation(),
        hint: 'Report at most 50 depths per sample.',
      });
      return;
    }
    if (!stage.overDepthRef) return;
    context.report({
      messageId: 'refs',
      data: { count: stage.depthRefCount },
      location: stage.overDepthRef,
      hint: 'Define at most 50 DepthRefs per event.',
    });
  },
});

export const labNameEmpty = defineRule({
  meta: {
    code: 'MSV005',
    name: 'lab-name-empty',
    group: 'modus-service',
    decidedIn: 'core/modus/service-rules.ts',
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
  check(stage: ServiceStageOf<'lab-name'>, context: ModusRuleContext<'empty'>) {
    if (stage.value.text.trim() !== '') return;
    context.report({
      messageId: 'empty',
      location: stage.at.valueLocation(),
      hint: 'Write the laboratory’s name, e.g. A &amp; L Great Lakes Laboratories.',
    });
  },
});

export const depthOutOfRange = defineRule({
  meta: {
    code: 'MSV006',
    name: 'depth-out-of-range',
    group: 'modus-service',
    decidedIn: 'core/modus/service-rules.ts',
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
  check(stage: ServiceStageOf<'depth'>, context: ModusRuleContext<'start' | 'end'>) {
    const { role, depth: key } = stage;
    const n = Number(key);
    const [lo, hi] = role === 'starting-depth' ? SERVICE_LIMITS.startingDepth : SERVICE_LIMITS.endingDepth;
    if (n >= lo && n <= hi) return;
    context.report({
      messageId: role === 'starting-depth' ? 'start' : 'end',
      data: { value: key },
      location: stage.at.valueLocation(),
      hint: `The service takes ${role === 'starting-depth' ? 'StartingDepth' : 'EndingDepth'} from ${lo} to ${hi} inches.`,
    });
  },
});

export const depthUnitNotInches = defineRule({
  meta: {
    code: 'MSV007',
    name: 'depth-unit-not-inches',
    group: 'modus-service',
    decidedIn: 'core/modus/service-rules.ts',
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
  check(
    stage: ServiceStageOf<'depth-unit' | 'depth-ref'>,
    context: ModusRuleContext<'spelling' | 'other' | 'missing'>,
  ) {
    const c = stage.at;
    if (stage.stage === 'depth-ref') {
      if (stage.hasUnit) return;
      const at = c.endTagStart();
      context.report({
        messageId: 'missing',
        data: { id: stage.id },
        location: c.elementLocation(),
        hint: 'Add <DepthUnit>inches</DepthUnit> if the depths are in inches.',
        fix: {
          safety: 'unsafe',
          title: 'Add <DepthUnit>inches</DepthUnit> (assumes the depths are in inches)',
          after: '<DepthUnit>inches</DepthUnit>',
          edits: [{ start: at, end: at, text: '<DepthUnit>inches</DepthUnit>' }],
        },
      });
      return;
    }
    const value = stage.value;
    const verdict = stage.verdict;
    if (verdict === 'inches') return;
    if (verdict === 'spelling') {
      context.report({
        messageId: 'spelling',
        data: { value: value.text },
        location: c.valueLocation(),
        hint: 'Write <DepthUnit>inches</DepthUnit>.',
        fix: {
          safety: 'safe',
          title: `Write the unit as "inches"`,
          before: value.text,
          after: 'inches',
          edits: [{ ...c.valueRange(), text: 'inches' }],
        },
      });
      return;
    }
    context.report({
      messageId: 'other',
      data: { value: value.text },
      location: c.valueLocation(),
      hint: 'Convert StartingDepth, EndingDepth and ColumnDepth to whole inches and write <DepthUnit>inches</DepthUnit>.',
    });
  },
});

export const sampleGeometryNotWgs84Point = defineRule({
  meta: {
    code: 'MSV008',
    name: 'sample-geometry-not-wgs84-point',
    group: 'modus-service',
    decidedIn: 'core/modus/service-rules.ts',
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
  check(stage: ServiceStageOf<'geometry'>, context: ModusRuleContext<'notPoint' | 'epsg'>) {
    const { epsg, value, at: c } = stage;
    if (epsg && epsg.value !== '4326') {
      context.report({
        messageId: 'epsg',
        data: { epsg: epsg.value },
        location: epsg.location ?? c.valueLocation(),
        hint: 'Reproject the sample locations to WGS 84 longitude/latitude and write epsg="4326" (or leave epsg out).',
      });
      return;
    }
    const g = stage.geometries.read(value.text);
    if (!g.ok) return; // not WKT at all: modus-semantics reports it
    if (g.type === 'POINT' && !g.empty) return;
    context.report({
      messageId: 'notPoint',
      data: { type: g.empty ? `${g.type} EMPTY` : g.type },
      location: c.valueLocation(),
      hint: 'Give the location where the sample was taken as one POINT (longitude latitude).',
    });
  },
});

export const resultUnitNotAccepted = defineRule({
  meta: {
    code: 'MSV009',
    name: 'result-unit-not-accepted',
    group: 'modus-service',
    decidedIn: 'core/modus/service-rules.ts',
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
  check(
    stage: ServiceStageOf<'result-unit'>,
    context: ModusRuleContext<'spelling' | 'unknown' | 'unitless'>,
  ) {
    const { unit, verdict, at: c } = stage;
    if (verdict.kind === 'accepted' || verdict.kind === 'warned' || !context.wants()) return;
    switch (verdict.kind) {
      case 'spelling':
        context.report({
          messageId: 'spelling',
          data: { value: unit, canonical: verdict.canonical },
          location: c.valueLocation(),
          hint: `Write ${verdict.canonical}; it means the same.`,
          fix: {
            safety: 'safe',
            title: `Write the unit as "${verdict.canonical}"`,
            before: unit,
            after: verdict.canonical,
            edits: [{ ...c.valueRange(), text: escapeXml(verdict.canonical) }],
          },
        });
        return;
      case 'unitless':
        context.report({
          messageId: 'unitless',
          severity: 'warning',
          data: { value: unit },
          location: c.valueLocation(),
          hint: 'Unitless results such as pH may be refused by the service; ask the partner how to send them, or leave them out.',
        });
        return;
      default:
        context.report({
          messageId: 'unknown',
          data: { value: unit },
          location: c.valueLocation(),
          hint: 'Convert the value to one of the accepted units, or leave the result out.',
        });
    }
  },
});

export const resultUnitVariant = defineRule({
  meta: {
    code: 'MSV010',
    name: 'result-unit-variant',
    group: 'modus-service',
    decidedIn: 'core/modus/service-rules.ts',
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
  check(stage: ServiceStageOf<'result-unit'>, context: ModusRuleContext<'variant'>) {
    const { unit, verdict, at: c } = stage;
    if (verdict.kind !== 'warned' || !context.wants()) return;
    context.report({
      messageId: 'variant',
      data: { value: unit },
      location: c.valueLocation(),
      hint: 'Write lb/ac.',
      fix: {
        safety: 'safe',
        title: 'Write the unit as "lb/ac"',
        before: unit,
        after: 'lb/ac',
        edits: [{ ...c.valueRange(), text: 'lb/ac' }],
      },
    });
  },
});

export const eventNotSoil = defineRule({
  meta: {
    code: 'MSV011',
    name: 'event-not-soil',
    group: 'modus-service',
    decidedIn: 'core/modus/service-rules.ts',
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
  check(
    stage: ServiceStageOf<'root' | 'event'>,
    context: ModusRuleContext<'submit' | 'notSoil' | 'noSamples'>,
  ) {
    const c = stage.at;
    if (stage.stage === 'root') {
      if (c.rootName !== 'ModusSubmit') return;
      context.report({
        messageId: 'submit',
        location: c.elementLocation(),
        hint: 'Send the lab’s result file (<ModusResult>); a ModusSubmit file only lists samples sent to the lab.',
      });
      return;
    }
    // A ModusSubmit was reported once at its root.
    if (c.rootName !== 'ModusResult') return;
    const kind = stage.samplesKind;
    if (!kind) {
      context.report({
        messageId: 'noSamples',
        location: stage.eventLocation ?? c.elementLocation(),
        hint: 'Put the samples in <EventSamples><Soil>…</Soil></EventSamples>.',
      });
    } else if (kind.name !== 'Soil') {
      context.report({
        messageId: 'notSoil',
        data: { kind: kind.name.toLowerCase() },
        location: kind.location,
        hint: 'Send plant, nematode, water and residue results another way; this endpoint takes soil tests.',
      });
    } else if (stage.soilSamples === 0) {
      context.report({ messageId: 'noSamples', location: kind.location });
    }
  },
});

export const sampleDateNotEventDate = defineRule({
  meta: {
    code: 'MSV012',
    name: 'sample-date-not-event-date',
    group: 'modus-service',
    decidedIn: 'core/modus/service-rules.ts',
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
  check(stage: ServiceStageOf<'document'>, context: ModusRuleContext<'mismatch'>) {
    const sampleDate = stage.sampleDate;
    const day = sampleDate !== undefined ? utcDay(sampleDate) : undefined;
    if (day === undefined) return;
    for (const eventDate of stage.calendarDates) {
      if (eventDate !== day) {
        context.report({
          messageId: 'mismatch',
          data: { sampleDate: sampleDate ?? '', eventDate },
          location: { path: ['query', 'sampleDate'], field: 'sampleDate' },
          hint: `Check both dates; the EventDate suggests sampleDate=${eventDate}T00:00:00.000Z.`,
        });
        return;
      }
    }
  },
});

export const eventsMultiple = defineRule({
  meta: {
    code: 'MSV013',
    name: 'events-multiple',
    group: 'modus-service',
    decidedIn: 'core/modus/service-rules.ts',
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
  check(stage: ServiceStageOf<'document'>, context: ModusRuleContext<'dates'>) {
    if (stage.eventDates.length <= 1) return;
    context.report({
      messageId: 'dates',
      data: { count: stage.eventCount, dates: stage.eventDates.slice(0, 5).join(', ') },
      location: { path: [stage.at.rootName] },
      hint: 'Upload one file per event (per sampling date).',
    });
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

/**
 * The rules that read each stage, in the order their diagnostics come in: a rule's check is typed by the
 * stages it reads, so a rule listed under another stage does not compile.
 */
export const serviceRulesByStage: RulesByStage<ServiceStage> = {
  root: [eventNotSoil],
  sample: [tooManyDepths],
  'event-code': [eventCodeTooLong],
  'event-date': [eventDateInvalid],
  'lab-name': [labNameEmpty],
  depth: [depthOutOfRange],
  'depth-unit': [depthUnitNotInches],
  'depth-ref': [depthUnitNotInches],
  geometry: [sampleGeometryNotWgs84Point],
  'result-unit': [resultUnitVariant, resultUnitNotAccepted],
  event: [eventDateInvalid, eventNotSoil, tooManySamples, tooManyDepths],
  document: [eventsMultiple, sampleDateNotEventDate],
};
