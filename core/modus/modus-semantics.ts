/**
 * Checks the Modus schema cannot express (group modus-semantics), made while the document streams past.
 * State is per event (DepthRefs, SampleNumbers and FMISSampleIDs seen, as compact maps of strings) and per
 * sample / depth; nothing else is kept.
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import {
  columnDepthMismatch,
  depthRangeInverted,
  depthRefUndefined,
  depthRefUnused,
  depthRepeated,
  depthUnitInconsistent,
  eventTypeMismatch,
  fmisSampleIdDuplicate,
  sampleGeometryInvalid,
  resultValueNotFinite,
  sampleNumberDuplicate,
  sampleWithoutResults,
  testResultDuplicate,
} from './semantic-rules.ts';
import type { ModusRole } from './modus-schema.ts';
import { SampleGeometryReader } from './sample-geometry.ts';
import {
  integerValue,
  type ElementValue,
  type ModusContext,
  type ModusObserver,
} from './schema-validator.ts';
import { keyValue, XSD_POSITIVE_INTEGER } from './xsd-values.ts';

interface DepthRefState {
  id: string | undefined;
  location: Location;
  name?: string;
  start?: number;
  end?: number;
  column?: number;
  columnRange?: { start: number; end: number };
  unit?: string;
  used: boolean;
}

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

/** Where a Depth's DepthID is; built only when needed (most depths are fine, and there is one per sample). */
function depthIdLocation(c: ModusContext): Location {
  return c.attributeLocation('DepthID') ?? c.elementLocation();
}

function shownWkt(wkt: string): string {
  const text = wkt.trim();
  return text.length > 60 ? text.slice(0, 59) + '…' : text;
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

  constructor(private readonly geometries = new SampleGeometryReader()) {}

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
    if (first !== undefined) {
      if (c.reporter.wants(depthRepeated)) {
        c.reporter.report(depthRepeated, {
          messageId: 'repeated',
          data: { id, line: first },
          location: depthIdLocation(c),
          hint: `Put all results of depth ${id} in one <Depth DepthID="${id}">.`,
        });
      }
    } else this.sampleDepths.set(id, c.line());
    const ref = this.depthRefs.get(id);
    if (ref) {
      ref.used = true;
      return;
    }
    if (this.depthRefsClosed) this.reportUndefined(c, id, depthIdLocation(c), 1);
    else {
      const p = this.pending.get(id);
      if (p) p.count++;
      else this.pending.set(id, { location: depthIdLocation(c), count: 1 });
    }
  }

  private reportUndefined(c: ModusContext, id: string, location: Location, count: number): void {
    const known = [...this.depthRefs.keys()];
    c.reporter.report(depthRefUndefined, {
      messageId: 'undefined',
      data: {
        id,
        known:
          (known.length > 0 ? ` (defined: ${known.join(', ')})` : ' (the event defines no DepthRef)') +
          (count > 1 ? `; ${count} depths refer to it` : ''),
      },
      location,
      hint:
        known.length > 0
          ? `Use one of the DepthIDs defined in <DepthRefs>, or add <DepthRef DepthID="${id}">.`
          : `Add <DepthRefs><DepthRef DepthID="${id}">…</DepthRef></DepthRefs> before the samples.`,
    });
  }

  end(role: ModusRole, value: ElementValue | undefined, c: ModusContext): void {
    switch (role) {
      case 'result-element':
        if (value) this.resultElement = value.text;
        break;
      case 'result-value':
        if (value?.valid) {
          const v = Math.fround(value.number);
          if (!Number.isFinite(v)) {
            c.reporter.report(resultValueNotFinite, {
              messageId: 'notFinite',
              data: { value: value.text.trim(), element: this.resultElement || 'the result' },
              location: c.valueLocation(),
              hint: 'Give the measured value, or leave the result out.',
            });
          }
        }
        break;
      case 'result-test-id':
        if (value && value.valid) {
          const first = this.testIds.get(value.text);
          if (first !== undefined) {
            c.reporter.report(testResultDuplicate, {
              messageId: 'duplicate',
              data: { test: value.text, line: first },
              location: c.valueLocation(),
              hint: 'Keep one result per ModusTestID; a second extraction method has its own ModusTestID.',
            });
          } else this.testIds.set(value.text, c.line());
        }
        break;
      case 'sample-number':
        if (value) this.sampleNumber(value, c);
        break;
      case 'sample':
        if (c.rootName === 'ModusResult' && !this.sampleHasResults) {
          c.reporter.report(sampleWithoutResults, {
            messageId: 'empty',
            data: { sample: this.sampleLabel || c.path().slice(-2).join(' ') },
            location: c.elementLocation(),
            hint: 'Leave out samples the lab did not run, or add their results.',
          });
        }
        break;
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
    const label = ref.id ?? '?';
    if (ref.start !== undefined && ref.end !== undefined) {
      if (ref.start >= ref.end) {
        c.reporter.report(depthRangeInverted, {
          messageId: 'inverted',
          data: { id: label, start: ref.start, end: ref.end },
          location: ref.location,
          hint: 'StartingDepth is the top of the sampled layer and EndingDepth its bottom; swap them if they were exchanged.',
        });
      } else if (ref.column !== undefined && ref.column !== ref.end - ref.start) {
        const expected = String(ref.end - ref.start);
        const descriptor = {
          messageId: 'mismatch' as const,
          data: { id: label, column: ref.column, expected },
          location: ref.location,
          hint: `Check the three depths; if StartingDepth and EndingDepth are right, ColumnDepth is ${expected}.`,
        };
        c.reporter.report(
          columnDepthMismatch,
          ref.columnRange
            ? {
                ...descriptor,
                fix: {
                  safety: 'unsafe',
                  title: `Set ColumnDepth to EndingDepth − StartingDepth = ${expected} (assumes both depths are right)`,
                  before: String(ref.column),
                  after: expected,
                  edits: [{ ...ref.columnRange, text: expected }],
                },
              }
            : descriptor,
        );
      }
    }
    const first = this.firstUnit;
    if (!first) this.firstUnit = ref;
    else if (!this.unitReported && (first.unit ?? '') !== (ref.unit ?? '')) {
      this.unitReported = true;
      c.reporter.report(depthUnitInconsistent, {
        messageId: 'inconsistent',
        data: {
          id: label,
          unit: ref.unit ?? '(none)',
          firstId: first.id ?? '?',
          first: first.unit ?? '(none)',
        },
        location: ref.location,
        hint: 'Give every DepthRef of the event its depths in the same unit.',
      });
    }
    if (ref.id !== undefined && !this.depthRefs.has(ref.id)) this.depthRefs.set(ref.id, ref);
  }

  private sampleNumber(value: ElementValue, c: ModusContext): void {
    const key = value.text.trim();
    this.sampleLabel = key;
    if (key === '') return;
    const first = this.sampleNumbers.get(key);
    if (first !== undefined) {
      if (!c.reporter.wants(sampleNumberDuplicate)) return;
      c.reporter.report(sampleNumberDuplicate, {
        messageId: 'duplicate',
        data: { value: key, line: first },
        location: c.valueLocation(),
        hint: 'Number the samples of an event uniquely.',
      });
    } else this.sampleNumbers.set(key, c.line());
  }

  private fmisSampleId(value: ElementValue, c: ModusContext): void {
    const key = value.text.trim();
    if (key === '') return;
    const first = this.fmisIds.get(key);
    if (first !== undefined) {
      if (!c.reporter.wants(fmisSampleIdDuplicate)) return;
      c.reporter.report(fmisSampleIdDuplicate, {
        messageId: 'duplicate',
        data: { value: key, line: first },
        location: c.valueLocation(),
        hint: "Each sample carries the FMIS's own id; check that results were not pasted twice.",
      });
    } else this.fmisIds.set(key, c.line());
  }

  private geometry(value: ElementValue, c: ModusContext): void {
    const g = this.geometries.read(value.text);
    if (!g.ok) {
      c.reporter.report(sampleGeometryInvalid, {
        messageId: 'syntax',
        data: { value: shownWkt(value.text), detail: g.error },
        location: c.valueLocation(),
        hint: 'Write the sample location as POINT (longitude latitude), e.g. POINT (-88.0367 44.2063).',
      });
      return;
    }
    // Coordinates in another declared system are modus-service's to report (MSV008).
    if (!g.point || (this.epsg !== '' && this.epsg !== '4326')) return;
    const [x, y] = g.point;
    let detail: string | undefined;
    if (!Number.isFinite(x) || !Number.isFinite(y)) detail = 'the coordinates are not finite numbers';
    else if (Math.abs(y) > 90 && Math.abs(x) <= 90)
      detail = `latitude ${y} is outside −90…90; longitude and latitude look swapped`;
    else if (Math.abs(x) > 180) detail = `longitude ${x} is outside −180…180; these are not WGS 84 degrees`;
    else if (Math.abs(y) > 90) detail = `latitude ${y} is outside −90…90`;
    if (detail !== undefined) {
      c.reporter.report(sampleGeometryInvalid, {
        messageId: 'range',
        data: { value: shownWkt(value.text), detail },
        location: c.valueLocation(),
        hint: 'WKT points are POINT (longitude latitude) in decimal degrees.',
      });
    }
  }

  private endEvent(c: ModusContext): void {
    for (const [id, p] of this.pending) {
      const ref = this.depthRefs.get(id);
      if (ref) ref.used = true;
      else this.reportUndefined(c, id, p.location, p.count);
    }
    if (this.depthRefsClosed && !this.depthUnknown) {
      for (const ref of this.depthRefs.values()) {
        if (!ref.used) {
          c.reporter.report(depthRefUnused, {
            messageId: 'unused',
            data: { id: ref.id ?? '?', name: ref.name ?? '' },
            location: ref.location,
            hint: 'Remove the DepthRef, or check the DepthID of the samples’ depths.',
          });
        }
      }
    }
    const samples = this.samplesKind;
    if (this.eventType !== undefined && samples && samples.name !== this.eventType) {
      c.reporter.report(eventTypeMismatch, {
        messageId: 'mismatch',
        data: { type: this.eventType, samples: samples.name },
        location: samples.location,
        hint: `Make <EventType> and <EventSamples> agree (both ${samples.name}, or both ${this.eventType}).`,
      });
    }
  }
}
