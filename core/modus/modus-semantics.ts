/**
 * The Modus semantic pass (group modus-semantics), made while the document streams past: it follows depth
 * references, sample numbers, results and events, and hands what it finds as stage results
 * (semantic-stages.ts) to the rules of semantic-rules.ts, which decide what to report. State is per event
 * (DepthRefs, SampleNumbers and FMISSampleIDs seen, as compact maps of strings) and per sample / depth;
 * nothing else is kept.
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import type { DiagnosticCollector } from '../rules/reporter.ts';
import type { Rule } from '../rules/rule.ts';
import type { ModusRole } from './modus-schema.ts';
import { SampleGeometryReader } from './sample-geometry.ts';
import {
  integerValue,
  type ElementValue,
  type ModusContext,
  type ModusObserver,
} from './schema-validator.ts';
import { semanticRulesByStage } from './semantic-rules.ts';
import type { DepthRefRecord, SemanticStage, SemanticStageOf } from './semantic-stages.ts';
import {
  NOT_YET_AT,
  NOT_YET_VALUE,
  stageRules,
  type ModusRuleContext,
  type StageRules,
} from './modus-rule-context.ts';
import { keyValue, XSD_POSITIVE_INTEGER } from './xsd-values.ts';

type DepthRefState = DepthRefRecord;

interface PendingReference {
  location: Location;
  count: number;
}

/**
 * Strings seen → the line where, for the small sets kept per sample and per depth (a dozen tests, a few
 * depths). Cleared hundreds of thousands of times in a big file: arrays that are reset, not reallocated
 * as a Map's table would be; a large set moves to a Map.
 */
class SmallLineMap {
  private readonly keys: string[] = [];
  private readonly lines: number[] = [];
  private size = 0;
  private large: Map<string, number> | undefined;

  get(key: string): number | undefined {
    if (this.large) return this.large.get(key);
    for (let i = 0; i < this.size; i++) if (this.keys[i] === key) return this.lines[i];
    return undefined;
  }

  set(key: string, line: number): void {
    if (this.large) {
      this.large.set(key, line);
      return;
    }
    if (this.size === 32) {
      this.large = new Map();
      for (let i = 0; i < this.size; i++) this.large.set(this.keys[i] as string, this.lines[i] as number);
      this.large.set(key, line);
      return;
    }
    this.keys[this.size] = key;
    this.lines[this.size] = line;
    this.size++;
  }

  clear(): void {
    this.size = 0;
    this.large = undefined;
  }
}

export class ModusSemantics implements ModusObserver {
  readonly roles: readonly ModusRole[] = [
    'column-depth',
    'depth',
    'depth-ref',
    'depth-ref-name',
    'depth-refs',
    'depth-unit',
    'ending-depth',
    'event',
    'event-samples-kind',
    'event-type-kind',
    'fmis-sample-id',
    'geometry',
    'nutrient-result',
    'result-element',
    'result-test-id',
    'result-value',
    'results',
    'sample',
    'sample-number',
    'starting-depth',
  ];
  /** The roles `start` below has a case for. */
  readonly startRoles: readonly ModusRole[] = [
    'nutrient-result',
    'results',
    'geometry',
    'depth',
    'sample',
    'event',
    'event-type-kind',
    'event-samples-kind',
    'depth-ref',
  ];
  /** The roles `end` below has a case for. */
  readonly endRoles: readonly ModusRole[] = [
    'result-element',
    'result-value',
    'result-test-id',
    'sample-number',
    'sample',
    'depth-ref-name',
    'starting-depth',
    'ending-depth',
    'column-depth',
    'depth-unit',
    'depth-ref',
    'depth-refs',
    'fmis-sample-id',
    'geometry',
    'event',
  ];
  // per event
  /** The event's DepthRefs by DepthID, in document order. */
  private depthRefs = new Map<string, DepthRefState>();
  private depthRefsClosed = false;
  /** A Depth without a usable DepthID was seen: which DepthRef it meant is unknown. */
  private depthUnknown = false;
  /** epsg of the geometry being read ('' when absent). */
  private epsg = '';
  private pending = new Map<string, PendingReference>();
  private sampleNumbers = new Map<string, number>();
  private fmisIds = new Map<string, number>();
  private firstUnit: DepthRefState | undefined;
  private unitReported = false;
  private eventType: string | undefined;
  private samplesKind: { name: string; location: Location } | undefined;
  // per DepthRef
  private depthRef: DepthRefState | undefined;
  // per sample
  private readonly sampleDepths = new SmallLineMap();
  private sampleLabel = '';
  private sampleHasResults = false;
  // per depth (or per plant sample)
  private readonly testIds = new SmallLineMap();
  private resultElement = '';

  private readonly rules = stageRules<SemanticStage>(semanticRulesByStage);
  // One object per stage, reused (a big file has millions of results and hundreds of thousands of
  // samples): a rule reads a stage while it is visited and keeps nothing of it.
  private readonly depthStage: SemanticStageOf<'depth-repeated'> = {
    stage: 'depth-repeated',
    id: '',
    firstLine: 0,
    at: NOT_YET_AT,
  };
  private readonly missingStage: SemanticStageOf<'depth-ref-missing'> = {
    stage: 'depth-ref-missing',
    id: '',
    known: [],
    count: 0,
    location: {},
  };
  private readonly depthRefStage: SemanticStageOf<'depth-ref'> = {
    stage: 'depth-ref',
    ref: { id: undefined, location: {}, used: false },
    first: undefined,
  };
  private readonly resultValueStage: SemanticStageOf<'result-value'> = {
    stage: 'result-value',
    value: NOT_YET_VALUE,
    element: '',
    at: NOT_YET_AT,
  };
  private readonly testIdStage: SemanticStageOf<'result-test-id-repeated'> = {
    stage: 'result-test-id-repeated',
    testId: '',
    firstLine: 0,
    at: NOT_YET_AT,
  };
  private readonly sampleNumberStage: SemanticStageOf<'sample-number-repeated'> = {
    stage: 'sample-number-repeated',
    key: '',
    firstLine: 0,
    at: NOT_YET_AT,
  };
  private readonly fmisIdStage: SemanticStageOf<'fmis-sample-id-repeated'> = {
    stage: 'fmis-sample-id-repeated',
    key: '',
    firstLine: 0,
    at: NOT_YET_AT,
  };
  private readonly geometryStage: SemanticStageOf<'geometry'> = {
    stage: 'geometry',
    text: '',
    geometry: { ok: false, error: '' },
    epsg: '',
    at: NOT_YET_AT,
  };
  private readonly sampleStage: SemanticStageOf<'sample'> = {
    stage: 'sample',
    hasResults: false,
    label: '',
    at: NOT_YET_AT,
  };
  private readonly eventStage: SemanticStageOf<'event'> = {
    stage: 'event',
    depthRefs: new Map(),
    usesKnown: false,
    eventType: undefined,
    samplesKind: undefined,
  };

  constructor(private readonly geometries = new SampleGeometryReader()) {}

  /** Hand a stage's result to the rules that read it, in report order. */
  private visit<S>(stageRules: StageRules<S>, stage: S, reporter: DiagnosticCollector): void {
    const { rules } = stageRules;
    const contexts = stageRules.contexts(reporter);
    for (let i = 0; i < rules.length; i++)
      (rules[i] as Rule<S>).check?.(stage, contexts[i] as ModusRuleContext);
  }

  start(role: ModusRole, c: ModusContext): void {
    switch (role) {
      case 'nutrient-result':
        this.resultElement = '';
        break;
      case 'results':
        this.sampleHasResults = true;
        break;
      case 'geometry':
        this.epsg = c.attribute('epsg')?.value.trim() ?? '';
        break;
      case 'depth':
        this.testIds.clear();
        this.depth(c);
        break;
      case 'sample':
        this.sampleDepths.clear();
        this.testIds.clear();
        this.sampleLabel = '';
        this.sampleHasResults = false;
        break;
      case 'event':
        this.depthRefs = new Map();
        this.depthRefsClosed = false;
        this.depthUnknown = false;
        this.pending = new Map();
        this.sampleNumbers = new Map();
        this.fmisIds = new Map();
        this.firstUnit = undefined;
        this.unitReported = false;
        this.eventType = undefined;
        this.samplesKind = undefined;
        break;
      case 'event-type-kind':
        this.eventType = c.name();
        break;
      case 'event-samples-kind':
        this.samplesKind = { name: c.name(), location: c.elementLocation() };
        break;
      case 'depth-ref': {
        const id = c.attribute('DepthID');
        this.depthRef = {
          id: id ? keyValue(XSD_POSITIVE_INTEGER, id.value) : undefined,
          location: c.elementLocation(),
          used: false,
        };
        break;
      }
      default:
        break;
    }
  }

  private depth(c: ModusContext): void {
    const attr = c.attribute('DepthID');
    const id = attr ? keyValue(XSD_POSITIVE_INTEGER, attr.value) : undefined;
    if (id === undefined) {
      // Absent or not a positive integer: the schema reports it.
      this.depthUnknown = true;
      return;
    }
    const first = this.sampleDepths.get(id);
    if (first === undefined) this.sampleDepths.set(id, c.line());
    else {
      const stage = this.depthStage;
      stage.id = id;
      stage.firstLine = first;
      stage.at = c;
      this.visit(this.rules['depth-repeated'], stage, c.reporter);
    }
    const ref = this.depthRefs.get(id);
    if (ref) {
      ref.used = true;
      return;
    }
    if (this.depthRefsClosed)
      this.reportUndefined(c, id, c.attributeLocation('DepthID') ?? c.elementLocation(), 1);
    else {
      const p = this.pending.get(id);
      if (p) p.count++;
      else
        this.pending.set(id, { location: c.attributeLocation('DepthID') ?? c.elementLocation(), count: 1 });
    }
  }

  private reportUndefined(c: ModusContext, id: string, location: Location, count: number): void {
    const stage = this.missingStage;
    stage.id = id;
    stage.known = [...this.depthRefs.keys()];
    stage.count = count;
    stage.location = location;
    this.visit(this.rules['depth-ref-missing'], stage, c.reporter);
  }

  end(role: ModusRole, value: ElementValue | undefined, c: ModusContext): void {
    switch (role) {
      case 'result-element':
        if (value) this.resultElement = value.text;
        break;
      case 'result-value':
        if (value?.valid) {
          const stage = this.resultValueStage;
          stage.value = value;
          stage.element = this.resultElement;
          stage.at = c;
          this.visit(this.rules['result-value'], stage, c.reporter);
        }
        break;
      case 'result-test-id':
        if (value && value.valid) {
          const first = this.testIds.get(value.text);
          if (first === undefined) this.testIds.set(value.text, c.line());
          else {
            const stage = this.testIdStage;
            stage.testId = value.text;
            stage.firstLine = first;
            stage.at = c;
            this.visit(this.rules['result-test-id-repeated'], stage, c.reporter);
          }
        }
        break;
      case 'sample-number':
        if (value) this.sampleNumber(value, c);
        break;
      case 'sample': {
        const stage = this.sampleStage;
        stage.hasResults = this.sampleHasResults;
        stage.label = this.sampleLabel;
        stage.at = c;
        this.visit(this.rules.sample, stage, c.reporter);
        break;
      }
      case 'depth-ref-name':
        if (this.depthRef && value) this.depthRef.name = value.text;
        break;
      case 'starting-depth':
        if (this.depthRef) this.depthRef.start = integerValue(value);
        break;
      case 'ending-depth':
        if (this.depthRef) this.depthRef.end = integerValue(value);
        break;
      case 'column-depth':
        if (this.depthRef) {
          this.depthRef.column = integerValue(value);
          this.depthRef.columnRange = c.valueRange();
        }
        break;
      case 'depth-unit':
        if (this.depthRef && value) this.depthRef.unit = value.text.trim();
        break;
      case 'depth-ref':
        this.endDepthRef(c);
        break;
      case 'depth-refs':
        this.depthRefsClosed = true;
        break;
      case 'fmis-sample-id':
        if (value && !value.nil) this.fmisSampleId(value, c);
        break;
      case 'geometry':
        if (value?.valid && !value.nil) this.geometry(value, c);
        break;
      case 'event':
        this.endEvent(c);
        break;
      default:
        break;
    }
  }

  private endDepthRef(c: ModusContext): void {
    const ref = this.depthRef;
    this.depthRef = undefined;
    if (!ref) return;
    const first = this.firstUnit;
    const stage = this.depthRefStage;
    stage.ref = ref;
    stage.first = this.unitReported ? undefined : first;
    this.visit(this.rules['depth-ref'], stage, c.reporter);
    if (!first) this.firstUnit = ref;
    // Only the first DepthRef whose unit differs is reported: the others would repeat it.
    else if ((first.unit ?? '') !== (ref.unit ?? '')) this.unitReported = true;
    if (ref.id !== undefined && !this.depthRefs.has(ref.id)) this.depthRefs.set(ref.id, ref);
  }

  private sampleNumber(value: ElementValue, c: ModusContext): void {
    const key = value.text.trim();
    this.sampleLabel = key;
    this.keyRepeated(key, this.sampleNumbers, this.sampleNumberStage, c);
  }

  private fmisSampleId(value: ElementValue, c: ModusContext): void {
    this.keyRepeated(value.text.trim(), this.fmisIds, this.fmisIdStage, c);
  }

  /** A sample's non-blank key (SampleNumber, FMISSampleID) that the event had before: its repeat rule's visit. */
  private keyRepeated(
    key: string,
    seen: Map<string, number>,
    stage: SemanticStageOf<'sample-number-repeated' | 'fmis-sample-id-repeated'>,
    c: ModusContext,
  ): void {
    if (key === '') return;
    const first = seen.get(key);
    if (first === undefined) {
      seen.set(key, c.line());
      return;
    }
    stage.key = key;
    stage.firstLine = first;
    stage.at = c;
    this.visit(this.rules[stage.stage], stage, c.reporter);
  }

  private geometry(value: ElementValue, c: ModusContext): void {
    const stage = this.geometryStage;
    stage.text = value.text;
    stage.geometry = this.geometries.read(value.text);
    stage.epsg = this.epsg;
    stage.at = c;
    this.visit(this.rules.geometry, stage, c.reporter);
  }

  private endEvent(c: ModusContext): void {
    for (const [id, p] of this.pending) {
      const ref = this.depthRefs.get(id);
      if (ref) ref.used = true;
      else this.reportUndefined(c, id, p.location, p.count);
    }
    const stage = this.eventStage;
    stage.depthRefs = this.depthRefs;
    stage.usesKnown = this.depthRefsClosed && !this.depthUnknown;
    stage.eventType = this.eventType;
    stage.samplesKind = this.samplesKind;
    this.visit(this.rules.event, stage, c.reporter);
  }
}
