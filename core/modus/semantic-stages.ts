/**
 * The stage results of the Modus semantic pass (modus-semantics.ts): the facts it finds while the document
 * streams past, one result per element or event it follows, which the modus-semantics rules
 * (semantic-rules.ts) read to decide what is a problem and what it says. `at` is the validator's view of
 * the current element, valid only while the stage is visited: a rule builds a location from it only when
 * it reports. A stage object may be reused for the next element of its kind: a rule keeps nothing of it.
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
  /** A sample's Depth with a usable DepthID; `firstLine` is where the sample listed it before, if it did. */
  | { stage: 'depth'; id: string; firstLine: number | undefined; at: ModusContext }
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
  /** A result's valid ModusTestID; `firstLine` is where the same depth had it before, if it did. */
  | { stage: 'result-test-id'; testId: string; firstLine: number | undefined; at: ModusContext }
  /** A sample's non-blank SampleNumber; `firstLine` is where the event had it before, if it did. */
  | { stage: 'sample-number'; key: string; firstLine: number | undefined; at: ModusContext }
  /** A sample's non-blank FMISSampleID; `firstLine` is where the event had it before, if it did. */
  | { stage: 'fmis-sample-id'; key: string; firstLine: number | undefined; at: ModusContext }
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
