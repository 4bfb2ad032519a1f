/**
 * What a Modus file holds, gathered while it streams past: events, lab, samples, depths and analytes with
 * units and value ranges. JSON-serialisable; `fieldgate inspect` and the app show it.
 */
import type {
  ModusAnalyteSummary,
  ModusDepthSummary,
  ModusEventSummary,
  ModusSummary,
} from '../input/kind-summary.ts';
import type { ModusRole } from './modus-schema.ts';
import {
  integerValue,
  type ElementValue,
  type ModusContext,
  type ModusObserver,
} from './schema-validator.ts';
import { keyValue, XSD_POSITIVE_INTEGER } from './xsd-values.ts';

export type {
  ModusAnalyteSummary,
  ModusDepthSummary,
  ModusEventSummary,
  ModusSummary,
} from '../input/kind-summary.ts';

const MAX_EVENTS = 100;
const MAX_ANALYTES = 500;

export class ModusSummaryBuilder implements ModusObserver {
  readonly roles: readonly ModusRole[] = [
    'column-depth',
    'depth',
    'depth-ref',
    'depth-ref-name',
    'depth-unit',
    'ending-depth',
    'event',
    'event-code',
    'event-date',
    'event-samples-kind',
    'event-type-kind',
    'lab-event-id',
    'lab-id',
    'lab-name',
    'nutrient-result',
    'result-element',
    'result-test-id',
    'result-unit',
    'result-value',
    'root',
    'sample',
    'starting-depth',
  ];
  /** The roles `start` below has a case for. */
  readonly startRoles: readonly ModusRole[] = [
    'nutrient-result',
    'depth',
    'sample',
    'root',
    'event',
    'event-type-kind',
    'event-samples-kind',
    'depth-ref',
  ];
  readonly summary: ModusSummary = {
    type: 'modus',
    document: '',
    eventCount: 0,
    sampleCount: 0,
    events: [],
  };
  private event: ModusEventSummary | undefined;
  private depths = new Map<string, ModusDepthSummary>();
  /** Analytes by ModusTestID (then element and unit). */
  private analytes = new Map<string, ModusAnalyteSummary[]>();
  private analyteCount = 0;
  private depthRef: ModusDepthSummary | undefined;
  private readonly result = { element: '', value: NaN, unit: '', test: '' };

  start(role: ModusRole, c: ModusContext): void {
    switch (role) {
      case 'nutrient-result': {
        const r = this.result;
        r.element = '';
        r.value = NaN;
        r.unit = '';
        r.test = '';
        break;
      }
      case 'depth': {
        const raw = c.attribute('DepthID')?.value;
        const id = raw !== undefined ? keyValue(XSD_POSITIVE_INTEGER, raw) : undefined;
        const d = id !== undefined ? this.depths.get(id) : undefined;
        if (d) d.samples++;
        break;
      }
      case 'sample':
        this.summary.sampleCount++;
        if (this.event) this.event.sampleCount++;
        break;
      case 'root': {
        this.summary.document = c.rootName;
        const version = c.attribute('Version');
        if (version) this.summary.version = version.value;
        break;
      }
      case 'event':
        this.summary.eventCount++;
        // Keys in reading order (absent values are dropped when the summary is serialised).
        this.event = {
          eventCode: undefined,
          eventDate: undefined,
          eventType: undefined,
          lab: {},
          sampleKind: undefined,
          sampleCount: 0,
          depths: [],
          analytes: [],
        };
        this.depths = new Map();
        this.analytes = new Map();
        this.analyteCount = 0;
        break;
      case 'event-type-kind':
        if (this.event) this.event.eventType = c.name();
        break;
      case 'event-samples-kind':
        if (this.event) this.event.sampleKind = c.name();
        break;
      case 'depth-ref': {
        const id = c.attribute('DepthID')?.value.trim() ?? '';
        this.depthRef = {
          depthId: id,
          name: undefined,
          startingDepth: undefined,
          endingDepth: undefined,
          columnDepth: undefined,
          unit: undefined,
          samples: 0,
        };
        break;
      }
      default:
        break;
    }
  }

  end(role: ModusRole, value: ElementValue | undefined, _c: ModusContext): void {
    const text = value && !value.nil ? value.text : undefined;
    const event = this.event;
    switch (role) {
      case 'result-element':
        if (text !== undefined) this.result.element = text;
        break;
      case 'result-value':
        if (text !== undefined && value?.valid) this.result.value = value.number;
        break;
      case 'result-unit':
        if (text !== undefined) this.result.unit = text;
        break;
      case 'result-test-id':
        if (text !== undefined) this.result.test = text;
        break;
      case 'nutrient-result':
        this.addResult();
        break;
      case 'event-code':
        if (event && text !== undefined) event.eventCode = text;
        break;
      case 'event-date':
        if (event && text !== undefined) event.eventDate = text.trim();
        break;
      case 'lab-name':
        if (event && text !== undefined) event.lab.name = text.trim();
        break;
      case 'lab-id':
        if (event && text !== undefined) event.lab.labId = text.trim();
        break;
      case 'lab-event-id':
        if (event && text !== undefined) event.lab.labEventId = text.trim();
        break;
      case 'depth-ref-name':
        if (this.depthRef && text !== undefined) this.depthRef.name = text;
        break;
      case 'starting-depth': {
        const n = integerValue(value);
        if (this.depthRef && n !== undefined) this.depthRef.startingDepth = n;
        break;
      }
      case 'ending-depth': {
        const n = integerValue(value);
        if (this.depthRef && n !== undefined) this.depthRef.endingDepth = n;
        break;
      }
      case 'column-depth': {
        const n = integerValue(value);
        if (this.depthRef && n !== undefined) this.depthRef.columnDepth = n;
        break;
      }
      case 'depth-unit':
        if (this.depthRef && text !== undefined) this.depthRef.unit = text.trim();
        break;
      case 'depth-ref': {
        const ref = this.depthRef;
        this.depthRef = undefined;
        if (!ref || !event) break;
        const key = keyValue(XSD_POSITIVE_INTEGER, ref.depthId) ?? ref.depthId;
        if (!this.depths.has(key)) {
          this.depths.set(key, ref);
          event.depths.push(ref);
        }
        break;
      }
      case 'event':
        if (event) {
          event.analytes = [...this.analytes.values()].flat();
          if (this.summary.events.length < MAX_EVENTS) this.summary.events.push(event);
        }
        this.event = undefined;
        break;
      default:
        break;
    }
  }

  private addResult(): void {
    const r = this.result;
    let list = this.analytes.get(r.test);
    let a: ModusAnalyteSummary | undefined;
    if (list) {
      for (let i = 0; i < list.length; i++) {
        const x = list[i] as ModusAnalyteSummary;
        if (x.element === r.element && x.unit === r.unit) {
          a = x;
          break;
        }
      }
    }
    if (!a) {
      if (this.analyteCount >= MAX_ANALYTES) return;
      this.analyteCount++;
      a = { element: r.element, modusTestId: r.test, unit: r.unit, count: 0 };
      if (list) list.push(a);
      else {
        list = [a];
        this.analytes.set(r.test, list);
      }
    }
    if (!Number.isFinite(r.value)) return;
    a.count++;
    if (a.min === undefined || r.value < a.min) a.min = r.value;
    if (a.max === undefined || r.value > a.max) a.max = r.value;
  }
}
