/**
 * The partner service's published limits for POST /v2/soil/modus/result (group modus-service), checked
 * while the document streams past. Unit spellings with the same meaning get safe fixes as text edits on
 * the exact value.
 */
import type { Fix, Location } from '../diagnostics/diagnostic.ts';
import { xmlValueTypeInvalid } from './schema-rules.ts';
import {
  depthOutOfRange,
  depthUnitNotInches,
  eventCodeTooLong,
  eventDateInvalid,
  eventNotSoil,
  eventsMultiple,
  sampleGeometryNotWgs84Point,
  labNameEmpty,
  sampleDateNotEventDate,
  tooManyDepths,
  tooManySamples,
  resultUnitNotAccepted,
  resultUnitVariant,
} from './service-rules.ts';
import type { ModusRole } from './modus-schema.ts';
import { SampleGeometryReader } from './sample-geometry.ts';
import type { ElementValue, ModusContext, ModusObserver } from './schema-validator.ts';
import { classifyDepthUnit, classifyUnit, type UnitVerdict } from './service-units.ts';
import { isXsdDate, keyValue, XSD_INT, XSD_NON_NEGATIVE_INTEGER } from './xsd-values.ts';

const SERVICE_LIMITS = {
  maxEventCodeBytes: 64,
  maxSoilSamples: 20_000,
  maxDepths: 50,
  startingDepth: [0, 36],
  endingDepth: [1, 36],
} as const;

export interface ModusServiceOptions {
  /** The sampleDate sent with the upload, to compare with EventDate. */
  sampleDate?: string;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** YYYY-MM-DD naming a real day (an xs:date without time zone or a longer year). */
function isCalendarDate(s: string): boolean {
  return ISO_DATE.test(s) && isXsdDate(s, false);
}

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

export class ModusService implements ModusObserver {
  readonly roles: readonly ModusRole[] = [
    'depth',
    'depth-ref',
    'depth-unit',
    'ending-depth',
    'event',
    'event-code',
    'event-date',
    'event-samples-kind',
    'geometry',
    'lab-name',
    'result-unit',
    'root',
    'sample',
    'sample-number',
    'starting-depth',
  ];
  /** The roles `start` below has a case for. */
  readonly startRoles: readonly ModusRole[] = [
    'depth',
    'sample',
    'root',
    'event',
    'event-samples-kind',
    'depth-ref',
    'geometry',
  ];
  /** The roles `end` below has a case for. */
  readonly endRoles: readonly ModusRole[] = [
    'result-unit',
    'sample-number',
    'sample',
    'event-code',
    'event-date',
    'lab-name',
    'starting-depth',
    'ending-depth',
    'depth-unit',
    'depth-ref',
    'geometry',
    'event',
  ];
  private readonly eventDates: string[] = [];
  private eventCount = 0;
  // per event
  private eventDate: string | undefined;
  private eventLocation: Location | undefined;
  private samplesKind: { name: string; location: Location } | undefined;
  private soilSamples = 0;
  private overSample: Location | undefined;
  private depthRefCount = 0;
  private overDepthRef: Location | undefined;
  // per DepthRef / sample / geometry
  private depthRefHasUnit = false;
  private depthRefId = '';
  private sampleDepths = 0;
  private sampleLabel = '';
  private epsg: { value: string; location: Location | undefined } | undefined;
  private readonly unitVerdicts = new Map<string, UnitVerdict>();

  constructor(
    private readonly options: ModusServiceOptions = {},
    private readonly geometries = new SampleGeometryReader(),
  ) {}

  start(role: ModusRole, c: ModusContext): void {
    switch (role) {
      case 'depth':
        this.sampleDepths++;
        break;
      case 'sample':
        if (this.samplesKind?.name === 'Soil') {
          this.soilSamples++;
          if (this.soilSamples === SERVICE_LIMITS.maxSoilSamples + 1) this.overSample = c.elementLocation();
        }
        this.sampleDepths = 0;
        this.sampleLabel = '';
        break;
      case 'root':
        if (c.rootName === 'ModusSubmit') {
          c.reporter.report(eventNotSoil, {
            messageId: 'submit',
            location: c.elementLocation(),
            hint: 'Send the lab’s result file (<ModusResult>); a ModusSubmit file only lists samples sent to the lab.',
          });
        }
        break;
      case 'event':
        this.eventCount++;
        this.eventDate = undefined;
        this.eventLocation = c.elementLocation();
        this.samplesKind = undefined;
        this.soilSamples = 0;
        this.overSample = undefined;
        this.depthRefCount = 0;
        this.overDepthRef = undefined;
        break;
      case 'event-samples-kind':
        this.samplesKind = { name: c.name(), location: c.elementLocation() };
        break;
      case 'depth-ref':
        this.depthRefCount++;
        if (this.depthRefCount === SERVICE_LIMITS.maxDepths + 1) this.overDepthRef = c.elementLocation();
        this.depthRefHasUnit = false;
        this.depthRefId = c.attribute('DepthID')?.value ?? '?';
        break;
      case 'geometry': {
        const epsg = c.attribute('epsg');
        this.epsg = epsg ? { value: epsg.value.trim(), location: c.attributeLocation('epsg') } : undefined;
        break;
      }
      default:
        break;
    }
  }

  end(role: ModusRole, value: ElementValue | undefined, c: ModusContext): void {
    switch (role) {
      case 'result-unit':
        if (value) this.checkUnit(value, c);
        break;
      case 'sample-number':
        if (value) this.sampleLabel = value.text.trim();
        break;
      case 'sample':
        if (this.sampleDepths > SERVICE_LIMITS.maxDepths) {
          c.reporter.report(tooManyDepths, {
            messageId: 'sample',
            data: { sample: this.sampleLabel || '?', count: this.sampleDepths },
            location: c.elementLocation(),
            hint: 'Report at most 50 depths per sample.',
          });
        }
        break;
      case 'event-code':
        if (value && !value.nil) {
          const bytes = utf8Length(value.text);
          if (bytes > SERVICE_LIMITS.maxEventCodeBytes) {
            c.reporter.report(eventCodeTooLong, {
              messageId: 'tooLong',
              data: { bytes },
              location: c.valueLocation(),
              hint: 'Shorten the EventCode to at most 64 bytes (64 ASCII characters).',
            });
          }
        }
        break;
      case 'event-date':
        if (value) this.checkEventDate(value, c);
        break;
      case 'lab-name':
        if (value && value.text.trim() === '') {
          c.reporter.report(labNameEmpty, {
            messageId: 'empty',
            location: c.valueLocation(),
            hint: 'Write the laboratory’s name, e.g. A &amp; L Great Lakes Laboratories.',
          });
        }
        break;
      case 'starting-depth':
      case 'ending-depth':
        this.checkDepth(role, value, c);
        break;
      case 'depth-unit':
        if (value) this.checkDepthUnit(value, c);
        break;
      case 'depth-ref':
        if (!this.depthRefHasUnit) {
          const at = c.endTagStart();
          c.reporter.report(depthUnitNotInches, {
            messageId: 'missing',
            data: { id: this.depthRefId },
            location: c.elementLocation(),
            hint: 'Add <DepthUnit>inches</DepthUnit> if the depths are in inches.',
            fix: {
              safety: 'unsafe',
              title: 'Add <DepthUnit>inches</DepthUnit> (assumes the depths are in inches)',
              after: '<DepthUnit>inches</DepthUnit>',
              edits: [{ start: at, end: at, text: '<DepthUnit>inches</DepthUnit>' }],
            },
          });
        }
        break;
      case 'geometry':
        if (value?.valid && !value.nil) this.checkGeometry(value, c);
        break;
      case 'event':
        this.endEvent(c);
        break;
      default:
        break;
    }
  }

  private checkEventDate(value: ElementValue, c: ModusContext): void {
    if (value.nil) return;
    const text = value.text;
    this.eventDate = text;
    if (isCalendarDate(text)) return;
    // The schema already reported a value that is not an xs:date; say it once.
    if (!value.valid && c.reporter.isEnabled(xmlValueTypeInvalid)) return;
    const trimmed = text.trim();
    const fixable = isCalendarDate(trimmed) || /^\d{4}-\d{2}-\d{2}(Z|[+-]\d{2}:\d{2})$/.test(trimmed);
    const fixed = trimmed.slice(0, 10);
    const descriptor = {
      messageId: 'format' as const,
      data: { value: text },
      location: c.valueLocation(),
      hint: 'Write the sampling date as YYYY-MM-DD, without time zone.',
    };
    c.reporter.report(
      eventDateInvalid,
      fixable && isCalendarDate(fixed)
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
  }

  private checkDepth(
    role: 'starting-depth' | 'ending-depth',
    value: ElementValue | undefined,
    c: ModusContext,
  ): void {
    if (!value?.valid || value.nil) return;
    const key = keyValue(XSD_NON_NEGATIVE_INTEGER, value.text);
    if (key === undefined) return;
    const n = Number(key);
    const [lo, hi] = role === 'starting-depth' ? SERVICE_LIMITS.startingDepth : SERVICE_LIMITS.endingDepth;
    if (n < lo || n > hi) {
      c.reporter.report(depthOutOfRange, {
        messageId: role === 'starting-depth' ? 'start' : 'end',
        data: { value: key },
        location: c.valueLocation(),
        hint: `The service takes ${role === 'starting-depth' ? 'StartingDepth' : 'EndingDepth'} from ${lo} to ${hi} inches.`,
      });
    }
  }

  private checkDepthUnit(value: ElementValue, c: ModusContext): void {
    this.depthRefHasUnit = true;
    const verdict = classifyDepthUnit(value.text);
    if (verdict === 'inches') return;
    if (verdict === 'spelling') {
      const fix: Fix = {
        safety: 'safe',
        title: `Write the unit as "inches"`,
        before: value.text,
        after: 'inches',
        edits: [{ ...c.valueRange(), text: 'inches' }],
      };
      c.reporter.report(depthUnitNotInches, {
        messageId: 'spelling',
        data: { value: value.text },
        location: c.valueLocation(),
        hint: 'Write <DepthUnit>inches</DepthUnit>.',
        fix,
      });
      return;
    }
    c.reporter.report(depthUnitNotInches, {
      messageId: 'other',
      data: { value: value.text },
      location: c.valueLocation(),
      hint: 'Convert StartingDepth, EndingDepth and ColumnDepth to whole inches and write <DepthUnit>inches</DepthUnit>.',
    });
  }

  private checkGeometry(value: ElementValue, c: ModusContext): void {
    const epsg = this.epsg;
    if (epsg && epsg.value !== '4326' && keyValue(XSD_INT, epsg.value) !== undefined) {
      c.reporter.report(sampleGeometryNotWgs84Point, {
        messageId: 'epsg',
        data: { epsg: epsg.value },
        location: epsg.location ?? c.valueLocation(),
        hint: 'Reproject the sample locations to WGS 84 longitude/latitude and write epsg="4326" (or leave epsg out).',
      });
      return;
    }
    const g = this.geometries.read(value.text);
    if (!g.ok) return; // not WKT at all: modus-semantics reports it
    if (g.type !== 'POINT' || g.empty) {
      c.reporter.report(sampleGeometryNotWgs84Point, {
        messageId: 'notPoint',
        data: { type: g.empty ? `${g.type} EMPTY` : g.type },
        location: c.valueLocation(),
        hint: 'Give the location where the sample was taken as one POINT (longitude latitude).',
      });
    }
  }

  private checkUnit(value: ElementValue, c: ModusContext): void {
    const unit = value.text;
    // A file repeats a handful of units: remember their verdicts.
    let verdict = this.unitVerdicts.get(unit);
    if (verdict === undefined) {
      verdict = classifyUnit(unit);
      if (this.unitVerdicts.size < 1000) this.unitVerdicts.set(unit, verdict);
    }
    if (verdict.kind === 'accepted') return;
    if (!c.reporter.wants(verdict.kind === 'warned' ? resultUnitVariant : resultUnitNotAccepted)) return;
    switch (verdict.kind) {
      case 'warned':
        c.reporter.report(resultUnitVariant, {
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
        return;
      case 'spelling':
        c.reporter.report(resultUnitNotAccepted, {
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
        c.reporter.report(resultUnitNotAccepted, {
          messageId: 'unitless',
          severity: 'warning',
          data: { value: unit },
          location: c.valueLocation(),
          hint: 'Unitless results such as pH may be refused by the service; ask the partner how to send them, or leave them out.',
        });
        return;
      default:
        c.reporter.report(resultUnitNotAccepted, {
          messageId: 'unknown',
          data: { value: unit },
          location: c.valueLocation(),
          hint: 'Convert the value to one of the accepted units, or leave the result out.',
        });
    }
  }

  private endEvent(c: ModusContext): void {
    if (this.eventDate === undefined) {
      c.reporter.report(eventDateInvalid, {
        messageId: 'missing',
        location: c.elementLocation(),
        hint: 'Add <EventDate>YYYY-MM-DD</EventDate> to <EventMetaData>: the day the samples were taken.',
      });
    } else if (this.eventDates.length < 100 && !this.eventDates.includes(this.eventDate)) {
      this.eventDates.push(this.eventDate);
    }
    if (c.rootName === 'ModusResult') {
      const kind = this.samplesKind;
      if (!kind) {
        c.reporter.report(eventNotSoil, {
          messageId: 'noSamples',
          location: this.eventLocation ?? c.elementLocation(),
          hint: 'Put the samples in <EventSamples><Soil>…</Soil></EventSamples>.',
        });
      } else if (kind.name !== 'Soil') {
        c.reporter.report(eventNotSoil, {
          messageId: 'notSoil',
          data: { kind: kind.name.toLowerCase() },
          location: kind.location,
          hint: 'Send plant, nematode, water and residue results another way; this endpoint takes soil tests.',
        });
      } else if (this.soilSamples === 0) {
        c.reporter.report(eventNotSoil, { messageId: 'noSamples', location: kind.location });
      }
    }
    if (this.overSample) {
      c.reporter.report(tooManySamples, {
        messageId: 'tooMany',
        data: { count: this.soilSamples.toLocaleString('en-US') },
        location: this.overSample,
        hint: 'Split the samples into files of at most 20,000 samples each.',
      });
    }
    if (this.overDepthRef) {
      c.reporter.report(tooManyDepths, {
        messageId: 'refs',
        data: { count: this.depthRefCount },
        location: this.overDepthRef,
        hint: 'Define at most 50 DepthRefs per event.',
      });
    }
  }

  finish(c: ModusContext): void {
    if (this.eventDates.length > 1) {
      c.reporter.report(eventsMultiple, {
        messageId: 'dates',
        data: { count: this.eventCount, dates: this.eventDates.slice(0, 5).join(', ') },
        location: { path: [c.rootName] },
        hint: 'Upload one file per event (per sampling date).',
      });
    }
    const sampleDate = this.options.sampleDate;
    const day = sampleDate !== undefined ? utcDay(sampleDate) : undefined;
    if (day !== undefined) {
      for (const eventDate of this.eventDates) {
        if (isCalendarDate(eventDate) && eventDate !== day) {
          c.reporter.report(sampleDateNotEventDate, {
            messageId: 'mismatch',
            data: { sampleDate: sampleDate ?? '', eventDate },
            location: { field: 'sampleDate' },
            hint: `Check both dates; the EventDate suggests sampleDate=${eventDate}T00:00:00.000Z.`,
          });
          break;
        }
      }
    }
  }
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
