/**
 * The stage results of the Modus service pass (modus-service.ts): the facts it finds while the document
 * streams past, which the modus-service rules (service-rules.ts) read to decide what the service would
 * refuse and what to say. `at` is the validator's view of the current element, valid only while the stage
 * is visited: a rule builds a location from it only when it reports.
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import type { SampleGeometryReader } from './sample-geometry.ts';
import type { ElementValue, ModusContext } from './schema-validator.ts';
import type { DepthUnitVerdict, UnitVerdict } from './service-units.ts';

export type ServiceStage =
  /** The root element opened. */
  | { stage: 'root'; at: ModusContext }
  /** A sample ended, with how many Depth elements it had; `label` is its SampleNumber, or ''. */
  | { stage: 'sample'; depths: number; label: string; at: ModusContext }
  /** An EventCode, not nil. */
  | { stage: 'event-code'; value: ElementValue; at: ModusContext }
  /** An EventDate, not nil, read as the service reads dates. */
  | {
      stage: 'event-date';
      value: ElementValue;
      /** It is a plain YYYY-MM-DD naming a real day. */
      calendarDate: boolean;
      /** Its calendar day when only blanks or a time-zone suffix keep it from being one. */
      fixedDate: string | undefined;
      /** The schema reported it already (not an xs:date, and MOD's value-type rule is selected). */
      schemaReported: boolean;
      at: ModusContext;
    }
  /** A LabName. */
  | { stage: 'lab-name'; value: ElementValue; at: ModusContext }
  /** A DepthRef's StartingDepth or EndingDepth, a valid non-negative integer: `depth` is its canonical text. */
  | { stage: 'depth'; role: 'starting-depth' | 'ending-depth'; depth: string; at: ModusContext }
  /** A DepthRef's DepthUnit and what service-units.ts makes of it. */
  | { stage: 'depth-unit'; value: ElementValue; verdict: DepthUnitVerdict; at: ModusContext }
  /** A DepthRef ended; `id` is its DepthID as written ('?' when absent). */
  | { stage: 'depth-ref'; id: string; hasUnit: boolean; at: ModusContext }
  /** A sample's Geometry (valid and not nil), its epsg attribute, and the reader its WKT is read with. */
  | {
      stage: 'geometry';
      value: ElementValue;
      /** The epsg attribute when it is an xs:int (anything else the schema reports). */
      epsg: { value: string; location: Location | undefined } | undefined;
      geometries: SampleGeometryReader;
      at: ModusContext;
    }
  /** A result's unit and what service-units.ts makes of it. */
  | { stage: 'result-unit'; unit: string; verdict: UnitVerdict; at: ModusContext }
  /** An event ended. */
  | {
      stage: 'event';
      /** Its EventDate's text, undefined when it has none (or it is nil). */
      eventDate: string | undefined;
      eventLocation: Location | undefined;
      samplesKind: { name: string; location: Location } | undefined;
      soilSamples: number;
      /** The first soil sample past the limit, if any. */
      overSample: Location | undefined;
      depthRefCount: number;
      /** The first DepthRef past the limit, if any. */
      overDepthRef: Location | undefined;
      at: ModusContext;
    }
  /** The document ended: how many events, their distinct EventDates (at most 100), the upload's sampleDate. */
  | {
      stage: 'document';
      eventCount: number;
      eventDates: readonly string[];
      /** Those of `eventDates` that are plain YYYY-MM-DD days, in document order. */
      calendarDates: readonly string[];
      sampleDate: string | undefined;
      at: ModusContext;
    };

export type ServiceStageOf<Name extends ServiceStage['stage']> = Extract<ServiceStage, { stage: Name }>;
