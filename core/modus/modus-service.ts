/**
 * The Modus service pass (group modus-service): follows what the soil test upload limits (events, samples,
 * depths, units, dates, sample points) while the document streams past, and hands what it finds as stage
 * results (service-stages.ts) to the rules of service-rules.ts, which decide what the service would refuse.
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import type { DiagnosticCollector } from '../rules/reporter.ts';
import type { Rule } from '../rules/rule.ts';
import type { ModusRole } from './modus-schema.ts';
import { SampleGeometryReader } from './sample-geometry.ts';
import type { ElementValue, ModusContext, ModusObserver } from './schema-validator.ts';
import { xmlValueTypeInvalid } from './schema-rules.ts';
import { SERVICE_LIMITS, serviceRulesByStage } from './service-rules.ts';
import type { ServiceStage } from './service-stages.ts';
import { classifyDepthUnit, classifyUnit, type UnitVerdict } from './service-units.ts';
import { ModusRuleContexts, type ModusRuleContext } from './modus-rule-context.ts';
import { isXsdDate, keyValue, XSD_INT, XSD_NON_NEGATIVE_INTEGER } from './xsd-values.ts';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** YYYY-MM-DD naming a real day (an xs:date without time zone or a longer year). */
function isCalendarDate(s: string): boolean {
  return ISO_DATE.test(s) && isXsdDate(s, false);
}

/** The calendar day a date means when only blanks or a time-zone suffix keep it from being one. */
function fixedCalendarDate(text: string): string | undefined {
  const trimmed = text.trim();
  const fixable = isCalendarDate(trimmed) || /^\d{4}-\d{2}-\d{2}(Z|[+-]\d{2}:\d{2})$/.test(trimmed);
  const fixed = trimmed.slice(0, 10);
  return fixable && isCalendarDate(fixed) ? fixed : undefined;
}

export interface ModusServiceOptions {
  /** The sampleDate sent with the upload, to compare with EventDate. */
  sampleDate?: string;
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

  private readonly contexts = new ModusRuleContexts();

  /** Hand a stage's result to the rules that read it, in report order. */
  private visit<S extends ServiceStage>(stage: S, reporter: DiagnosticCollector): void {
    const rules = serviceRulesByStage[stage.stage] as readonly Rule<S>[];
    const contexts = this.contexts.ofAll(rules, reporter);
    for (let i = 0; i < rules.length; i++)
      (rules[i] as Rule<S>).check?.(stage, contexts[i] as ModusRuleContext);
  }

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
        this.visit({ stage: 'root', at: c }, c.reporter);
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
        const text = epsg?.value.trim() ?? '';
        // An epsg that is no xs:int is the schema's to report.
        this.epsg =
          epsg && keyValue(XSD_INT, epsg.value) !== undefined
            ? { value: text, location: c.attributeLocation('epsg') }
            : undefined;
        break;
      }
      default:
        break;
    }
  }

  end(role: ModusRole, value: ElementValue | undefined, c: ModusContext): void {
    switch (role) {
      case 'result-unit':
        if (value) this.resultUnit(value, c);
        break;
      case 'sample-number':
        if (value) this.sampleLabel = value.text.trim();
        break;
      case 'sample':
        this.visit(
          { stage: 'sample', depths: this.sampleDepths, label: this.sampleLabel, at: c },
          c.reporter,
        );
        break;
      case 'event-code':
        if (value && !value.nil) this.visit({ stage: 'event-code', value, at: c }, c.reporter);
        break;
      case 'event-date':
        if (value && !value.nil) {
          this.eventDate = value.text;
          const calendarDate = isCalendarDate(value.text);
          this.visit(
            {
              stage: 'event-date',
              value,
              calendarDate,
              fixedDate: calendarDate ? undefined : fixedCalendarDate(value.text),
              schemaReported: !value.valid && c.reporter.isEnabled(xmlValueTypeInvalid),
              at: c,
            },
            c.reporter,
          );
        }
        break;
      case 'lab-name':
        if (value) this.visit({ stage: 'lab-name', value, at: c }, c.reporter);
        break;
      case 'starting-depth':
      case 'ending-depth': {
        if (!value?.valid || value.nil) break;
        const depth = keyValue(XSD_NON_NEGATIVE_INTEGER, value.text);
        if (depth !== undefined) this.visit({ stage: 'depth', role, depth, at: c }, c.reporter);
        break;
      }
      case 'depth-unit':
        if (value) {
          this.depthRefHasUnit = true;
          const verdict = classifyDepthUnit(value.text);
          this.visit({ stage: 'depth-unit', value, verdict, at: c }, c.reporter);
        }
        break;
      case 'depth-ref':
        this.visit(
          { stage: 'depth-ref', id: this.depthRefId, hasUnit: this.depthRefHasUnit, at: c },
          c.reporter,
        );
        break;
      case 'geometry':
        if (value?.valid && !value.nil) {
          this.visit(
            { stage: 'geometry', value, epsg: this.epsg, geometries: this.geometries, at: c },
            c.reporter,
          );
        }
        break;
      case 'event':
        this.endEvent(c);
        break;
      default:
        break;
    }
  }

  private resultUnit(value: ElementValue, c: ModusContext): void {
    const unit = value.text;
    // A file repeats a handful of units: remember their verdicts.
    let verdict = this.unitVerdicts.get(unit);
    if (verdict === undefined) {
      verdict = classifyUnit(unit);
      if (this.unitVerdicts.size < 1000) this.unitVerdicts.set(unit, verdict);
    }
    // Most units are accepted: no rule has anything to say about them.
    if (verdict.kind !== 'accepted') this.visit({ stage: 'result-unit', unit, verdict, at: c }, c.reporter);
  }

  private endEvent(c: ModusContext): void {
    this.visit(
      {
        stage: 'event',
        eventDate: this.eventDate,
        eventLocation: this.eventLocation,
        samplesKind: this.samplesKind,
        soilSamples: this.soilSamples,
        overSample: this.overSample,
        depthRefCount: this.depthRefCount,
        overDepthRef: this.overDepthRef,
        at: c,
      },
      c.reporter,
    );
    if (
      this.eventDate !== undefined &&
      this.eventDates.length < 100 &&
      !this.eventDates.includes(this.eventDate)
    ) {
      this.eventDates.push(this.eventDate);
    }
  }

  finish(c: ModusContext): void {
    this.visit(
      {
        stage: 'document',
        eventCount: this.eventCount,
        eventDates: this.eventDates,
        calendarDates: this.eventDates.filter(isCalendarDate),
        sampleDate: this.options.sampleDate,
        at: c,
      },
      c.reporter,
    );
  }
}
