/**
 * The stage results of the Modus semantic pass (modus-semantics.ts): the facts it finds while the document
 * streams past, one result per element or event it follows, which the modus-semantics rules
 * (semantic-rules.ts) read to decide what is a problem and what it says. `at` is the validator's view of
 * the current element, valid only while the stage is visited: a rule builds a location from it only when
 * it reports. A stage object may be reused for the next element of its kind: a rule keeps nothing of it.
 * A value seen before is handed on only when it repeats (the `-repeated` stages): every ModusTestID,
 * SampleNumber and Depth of a big file would be a visit that decides nothing.
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import type { SampleGeometry } from './sample-geometry.ts';
import type { ElementValue, ModusContext } from './schema-validator.ts';

/** A DepthRef of an event as read: its DepthID (a canonical positive integer) and depths. */
export interface DepthRefRecord {
  id: string | undefined;
  location: Location;
  name?: string;
  start?: number;
  end?: number;
  column?: number;
  /** Where ColumnDepth's text is, for a fix. */
  columnRange?: { start: number; end: number };
  unit?: string;
  used: boolean;
}

export type SemanticStage =
  /** A sample's Depth whose usable DepthID the sample listed before, on `firstLine`. */
  | { stage: 'depth-repeated'; id: string; firstLine: number; at: ModusContext }
  /** A DepthID that no DepthRef of the event defines, and how many depths use it. */
  | {
      stage: 'depth-ref-missing';
      id: string;
      known: readonly string[];
      count: number;
      location: Location;
    }
  /** A DepthRef read to its end; `first` is the event's first DepthRef while all units so far agreed. */
  | { stage: 'depth-ref'; ref: DepthRefRecord; first: DepthRefRecord | undefined }
  /** A result's Value that passed its type; `element` is its result's Element, or ''. */
  | { stage: 'result-value'; value: ElementValue; element: string; at: ModusContext }
  /** A result's valid ModusTestID that the same depth had before, on `firstLine`. */
  | { stage: 'result-test-id-repeated'; testId: string; firstLine: number; at: ModusContext }
  /** A sample's non-blank SampleNumber that the event had before, on `firstLine`. */
  | { stage: 'sample-number-repeated'; key: string; firstLine: number; at: ModusContext }
  /** A sample's non-blank FMISSampleID that the event had before, on `firstLine`. */
  | { stage: 'fmis-sample-id-repeated'; key: string; firstLine: number; at: ModusContext }
  /** A sample's Geometry (valid and not nil) read as WKT, and its declared epsg ('' when absent). */
  | { stage: 'geometry'; text: string; geometry: SampleGeometry; epsg: string; at: ModusContext }
  /** A sample ended; `label` is its SampleNumber, or ''. */
  | { stage: 'sample'; hasResults: boolean; label: string; at: ModusContext }
  /** An event ended: its DepthRefs, and its EventType against the kind of its EventSamples. */
  | {
      stage: 'event';
      depthRefs: ReadonlyMap<string, DepthRefRecord>;
      /** The DepthRefs were closed and every Depth had a usable DepthID: `used` is then known. */
      usesKnown: boolean;
      eventType: string | undefined;
      samplesKind: { name: string; location: Location } | undefined;
    };

type SemanticStageName = SemanticStage['stage'];
export type SemanticStageOf<Name extends SemanticStageName> = Extract<SemanticStage, { stage: Name }>;
