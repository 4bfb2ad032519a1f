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
import type { ServiceStage, ServiceStageOf } from './service-stages.ts';
import { classifyDepthUnit, classifyUnit, type UnitVerdict } from './service-units.ts';
import {
  NOT_YET_AT,
  NOT_YET_VALUE,
  stageRules,
  type ModusRuleContext,
  type StageRules,
} from './modus-rule-context.ts';
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

  private readonly rules = stageRules<ServiceStage>(serviceRulesByStage);
  // One object per stage, reused (a big file has hundreds of thousands of samples and results): a rule
  // reads a stage while it is visited and keeps nothing of it.
  private readonly rootStage: ServiceStageOf<'root'> = { stage: 'root', at: NOT_YET_AT };
  private readonly sampleStage: ServiceStageOf<'sample'> = {
    stage: 'sample',
    depths: 0,
    label: '',
    at: NOT_YET_AT,
  };
  private readonly eventCodeStage: ServiceStageOf<'event-code'> = {
    stage: 'event-code',
    value: NOT_YET_VALUE,
    at: NOT_YET_AT,
  };
  private readonly eventDateStage: ServiceStageOf<'event-date'> = {
    stage: 'event-date',
    value: NOT_YET_VALUE,
    calendarDate: false,
    fixedDate: undefined,
    schemaReported: false,
    at: NOT_YET_AT,
  };
  private readonly labNameStage: ServiceStageOf<'lab-name'> = {
    stage: 'lab-name',
    value: NOT_YET_VALUE,
    at: NOT_YET_AT,
  };
  private readonly depthStage: ServiceStageOf<'depth'> = {
    stage: 'depth',
    role: 'starting-depth',
    depth: '',
    at: NOT_YET_AT,
  };
  private readonly depthUnitStage: ServiceStageOf<'depth-unit'> = {
    stage: 'depth-unit',
    value: NOT_YET_VALUE,
    verdict: 'inches',
    at: NOT_YET_AT,
  };
  private readonly depthRefStage: ServiceStageOf<'depth-ref'> = {
    stage: 'depth-ref',
    id: '',
    hasUnit: false,
    at: NOT_YET_AT,
  };
  private readonly geometryStage: ServiceStageOf<'geometry'>;
  private readonly resultUnitStage: ServiceStageOf<'result-unit'> = {
    stage: 'result-unit',
    unit: '',
    verdict: { kind: 'accepted' },
    at: NOT_YET_AT,
  };
  private readonly eventStage: ServiceStageOf<'event'> = {
    stage: 'event',
    eventDate: undefined,
    eventLocation: undefined,
    samplesKind: undefined,
    soilSamples: 0,
    overSample: undefined,
    depthRefCount: 0,
    overDepthRef: undefined,
    at: NOT_YET_AT,
  };

  constructor(
    private readonly options: ModusServiceOptions = {},
    private readonly geometries = new SampleGeometryReader(),
  ) {
    this.geometryStage = {
      stage: 'geometry',
      value: NOT_YET_VALUE,
      epsg: undefined,
      geometries,
      at: NOT_YET_AT,
    };
  }

  /** Hand a stage's result to the rules that read it, in report order. */
  private visit<S>(stageRules: StageRules<S>, stage: S, reporter: DiagnosticCollector): void {
    const { rules } = stageRules;
    const contexts = stageRules.contexts(reporter);
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
        this.rootStage.at = c;
        this.visit(this.rules.root, this.rootStage, c.reporter);
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
      case 'sample': {
        const stage = this.sampleStage;
        stage.depths = this.sampleDepths;
        stage.label = this.sampleLabel;
        stage.at = c;
        this.visit(this.rules.sample, stage, c.reporter);
        break;
      }
      case 'event-code':
        if (value && !value.nil) {
          const stage = this.eventCodeStage;
          stage.value = value;
          stage.at = c;
          this.visit(this.rules['event-code'], stage, c.reporter);
        }
        break;
      case 'event-date':
        if (value && !value.nil) this.eventDateFound(value, c);
        break;
      case 'lab-name':
        if (value) {
          const stage = this.labNameStage;
          stage.value = value;
          stage.at = c;
          this.visit(this.rules['lab-name'], stage, c.reporter);
        }
        break;
      case 'starting-depth':
      case 'ending-depth': {
        if (!value?.valid || value.nil) break;
        const depth = keyValue(XSD_NON_NEGATIVE_INTEGER, value.text);
        if (depth === undefined) break;
        const stage = this.depthStage;
        stage.role = role;
        stage.depth = depth;
        stage.at = c;
        this.visit(this.rules.depth, stage, c.reporter);
        break;
      }
      case 'depth-unit':
        if (value) {
          this.depthRefHasUnit = true;
          const stage = this.depthUnitStage;
          stage.value = value;
          stage.verdict = classifyDepthUnit(value.text);
          stage.at = c;
          this.visit(this.rules['depth-unit'], stage, c.reporter);
        }
        break;
      case 'depth-ref': {
        const stage = this.depthRefStage;
        stage.id = this.depthRefId;
        stage.hasUnit = this.depthRefHasUnit;
        stage.at = c;
        this.visit(this.rules['depth-ref'], stage, c.reporter);
        break;
      }
      case 'geometry':
        if (value?.valid && !value.nil) {
          const stage = this.geometryStage;
          stage.value = value;
          stage.epsg = this.epsg;
          stage.at = c;
          this.visit(this.rules.geometry, stage, c.reporter);
        }
        break;
      case 'event':
        this.endEvent(c);
        break;
      default:
        break;
    }
  }

  private eventDateFound(value: ElementValue, c: ModusContext): void {
    this.eventDate = value.text;
    const stage = this.eventDateStage;
    stage.value = value;
    stage.calendarDate = isCalendarDate(value.text);
    stage.fixedDate = stage.calendarDate ? undefined : fixedCalendarDate(value.text);
    stage.schemaReported = !value.valid && c.reporter.isEnabled(xmlValueTypeInvalid);
    stage.at = c;
    this.visit(this.rules['event-date'], stage, c.reporter);
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
    if (verdict.kind === 'accepted') return;
    const stage = this.resultUnitStage;
    stage.unit = unit;
    stage.verdict = verdict;
    stage.at = c;
    this.visit(this.rules['result-unit'], stage, c.reporter);
  }

  private endEvent(c: ModusContext): void {
    const stage = this.eventStage;
    stage.eventDate = this.eventDate;
    stage.eventLocation = this.eventLocation;
    stage.samplesKind = this.samplesKind;
    stage.soilSamples = this.soilSamples;
    stage.overSample = this.overSample;
    stage.depthRefCount = this.depthRefCount;
    stage.overDepthRef = this.overDepthRef;
    stage.at = c;
    this.visit(this.rules.event, stage, c.reporter);
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
      this.rules.document,
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
