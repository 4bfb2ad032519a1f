/**
 * The rules the Modus semantic checks (modus-semantics.ts) report, group modus-semantics: references and
 * values the XSD does not check (depth references, duplicate samples and results, finite values, sample
 * geometry, event types). Defined beside the check that reports them; the registry
 * (core/rules/registry.ts) gathers them.
 */

import { defineRule } from '../rules/rule.ts';

/** Reported by the streaming Modus validator (core/modus). */
export const depthRefUndefined = defineRule({
  meta: {
    code: 'MSE001',
    name: 'depth-ref-undefined',
    group: 'modus-semantics',
    decidedIn: 'core/modus/modus-semantics.ts',
    severity: 'error',
    messages: {
      undefined: 'Depth {id} refers to no DepthRef of this event{known}',
    },
    docs: {
      what: 'Reports a Depth whose DepthID matches no DepthRef@DepthID in the same event.',
      why: 'The DepthRef gives the depth its meaning (0–8 in, 8–24 in); results under an undefined depth cannot be placed in the soil profile. The schema does not check this reference.',
      example: '<DepthRef DepthID="1">…</DepthRef> … <Depth DepthID="2">',
      useInstead: '<Depth DepthID="1">',
    },
  },
});

/** Reported by the streaming Modus validator (core/modus). */
export const sampleNumberDuplicate = defineRule({
  meta: {
    code: 'MSE002',
    name: 'sample-number-duplicate',
    group: 'modus-semantics',
    decidedIn: 'core/modus/modus-semantics.ts',
    severity: 'error',
    messages: {
      duplicate: 'SampleNumber "{value}" is already used by another sample of this event (line {line})',
    },
    docs: {
      what: 'Reports a SampleNumber used by two samples of the same event.',
      why: "SampleNumber identifies a sample within its event; two samples with one number overwrite or mix each other's results.",
      example: 'two <SoilSample> with <SampleNumber>7</SampleNumber>',
      useInstead: 'number the samples uniquely (7 and 8)',
    },
  },
});

/** Reported by the streaming Modus validator (core/modus). */
export const depthRepeated = defineRule({
  meta: {
    code: 'MSE003',
    name: 'depth-repeated',
    group: 'modus-semantics',
    decidedIn: 'core/modus/modus-semantics.ts',
    severity: 'error',
    messages: {
      repeated: 'Depth {id} is listed twice in this sample (first on line {line})',
    },
    docs: {
      what: 'Reports a sample that lists the same DepthID in two Depth elements.',
      why: "Each depth of a sample should hold that depth's results once; two entries mean duplicated or contradictory results.",
      example: '<Depths><Depth DepthID="1">…</Depth><Depth DepthID="1">…</Depth></Depths>',
      useInstead: '<Depths><Depth DepthID="1">… all results …</Depth></Depths>',
    },
  },
});

/** Reported by the streaming Modus validator (core/modus). */
export const depthRangeInverted = defineRule({
  meta: {
    code: 'MSE004',
    name: 'depth-range-inverted',
    group: 'modus-semantics',
    decidedIn: 'core/modus/modus-semantics.ts',
    severity: 'error',
    messages: {
      inverted: 'DepthRef {id}: StartingDepth {start} is not less than EndingDepth {end}',
    },
    docs: {
      what: 'Reports a DepthRef whose StartingDepth is not smaller than its EndingDepth.',
      why: 'A soil core runs from the surface down; an empty or upside-down interval is a transcription error.',
      example: '<StartingDepth>8</StartingDepth><EndingDepth>0</EndingDepth>',
      useInstead: '<StartingDepth>0</StartingDepth><EndingDepth>8</EndingDepth>',
    },
  },
});

/** Reported by the streaming Modus validator (core/modus). */
export const columnDepthMismatch = defineRule({
  meta: {
    code: 'MSE005',
    name: 'column-depth-mismatch',
    group: 'modus-semantics',
    decidedIn: 'core/modus/modus-semantics.ts',
    severity: 'error',
    fixable: 'unsafe',
    messages: {
      mismatch: 'DepthRef {id}: ColumnDepth {column} is not EndingDepth − StartingDepth = {expected}',
    },
    docs: {
      what: 'Reports a DepthRef whose ColumnDepth differs from EndingDepth − StartingDepth. Offers, as an unsafe fix, to set ColumnDepth to the difference.',
      why: 'ColumnDepth is the length of the sampled interval; when it disagrees with the two depths one of the three numbers is wrong.',
      example: '<StartingDepth>0</StartingDepth><EndingDepth>8</EndingDepth><ColumnDepth>6</ColumnDepth>',
      useInstead: '<ColumnDepth>8</ColumnDepth>',
    },
  },
});

/** Reported by the streaming Modus validator (core/modus). */
export const depthUnitInconsistent = defineRule({
  meta: {
    code: 'MSE006',
    name: 'depth-unit-inconsistent',
    group: 'modus-semantics',
    decidedIn: 'core/modus/modus-semantics.ts',
    severity: 'error',
    messages: {
      inconsistent: 'DepthRef {id} uses DepthUnit "{unit}", but DepthRef {firstId} uses "{first}"',
    },
    docs: {
      what: 'Reports DepthRefs of one event that give their depths in different units (or some with a unit and some without).',
      why: 'Depths in mixed units cannot be compared or mapped; usually one unit is a typo.',
      example: '<DepthUnit>in</DepthUnit> … <DepthUnit>cm</DepthUnit>',
      useInstead: 'the same unit in every DepthRef',
    },
  },
});

/** Reported by the streaming Modus validator (core/modus). */
export const testResultDuplicate = defineRule({
  meta: {
    code: 'MSE007',
    name: 'test-result-duplicate',
    group: 'modus-semantics',
    decidedIn: 'core/modus/modus-semantics.ts',
    severity: 'error',
    messages: {
      duplicate: 'ModusTestID "{test}" is reported twice for this depth (first on line {line})',
    },
    docs: {
      what: 'Reports a ModusTestID that occurs twice among the results of one depth (or one plant sample). Results are keyed by ModusTestID, so the same Element measured by two extraction methods (P by Bray and by Olsen) is fine.',
      why: 'One test gives one value per depth; a repeated test leaves the consumer to pick one of two values.',
      example: '<ModusTestID>S-P-B1-1:10.01.03</ModusTestID> twice under one Depth',
      useInstead: 'one NutrientResult per ModusTestID',
    },
  },
});

/** Reported by the streaming Modus validator (core/modus). */
export const resultValueNotFinite = defineRule({
  meta: {
    code: 'MSE008',
    name: 'result-value-not-finite',
    group: 'modus-semantics',
    decidedIn: 'core/modus/modus-semantics.ts',
    severity: 'error',
    messages: {
      notFinite: '<Value> "{value}" of {element} is not a finite number',
    },
    docs: {
      what: 'Reports a result Value that is NaN or INF. The schema accepts both (xs:float); negative values are reported by MOD012.',
      why: 'Lab results are measured quantities; NaN or infinity means a failed calculation, not a result.',
      example: '<Value>NaN</Value>',
      useInstead: 'leave the NutrientResult out, or give the measured value',
    },
  },
});

/** Reported by the streaming Modus validator (core/modus). */
export const sampleGeometryInvalid = defineRule({
  meta: {
    code: 'MSE009',
    name: 'sample-geometry-invalid',
    group: 'modus-semantics',
    decidedIn: 'core/modus/modus-semantics.ts',
    severity: 'error',
    messages: {
      syntax: 'Geometry "{value}" is not valid WKT: {detail}',
      range: 'Geometry "{value}": {detail}',
    },
    docs: {
      what: 'Reports a sample Geometry that is not well-formed WKT, or whose coordinates are not longitude/latitude in WGS 84 range (longitude −180…180, latitude −90…90).',
      why: 'Sample locations are placed on the map by their WKT; a broken or out-of-range point puts the sample nowhere (or in the ocean when longitude and latitude are swapped).',
      example: '<Geometry>POINT (44.206 -88.036)</Geometry>',
      useInstead: '<Geometry>POINT (-88.036 44.206)</Geometry>',
    },
  },
});

/** Reported by the streaming Modus validator (core/modus). */
export const depthRefUnused = defineRule({
  meta: {
    code: 'MSE010',
    name: 'depth-ref-unused',
    group: 'modus-semantics',
    decidedIn: 'core/modus/modus-semantics.ts',
    severity: 'warning',
    messages: {
      unused: 'DepthRef {id} ("{name}") is not used by any sample',
    },
    docs: {
      what: 'Warns about a DepthRef that no Depth of the event refers to.',
      why: 'An unused depth definition usually means the samples point at the wrong DepthID.',
      example: '<DepthRef DepthID="2"> never referenced',
      useInstead: 'remove it, or use DepthID="2" where it was meant',
    },
  },
});

/** Reported by the streaming Modus validator (core/modus). */
export const fmisSampleIdDuplicate = defineRule({
  meta: {
    code: 'MSE011',
    name: 'fmis-sample-id-duplicate',
    group: 'modus-semantics',
    decidedIn: 'core/modus/modus-semantics.ts',
    severity: 'warning',
    messages: {
      duplicate: 'FMISSampleID "{value}" is already used by another sample of this event (line {line})',
    },
    docs: {
      what: 'Warns when two samples of one event carry the same non-empty FMISSampleID.',
      why: 'FMIS software matches results to its samples by FMISSampleID; Agworld, for one, refuses a second result for a sample unless OverwriteResult is true (its "Unexpected Overwrite" import error).',
      example: 'two samples with <FMISSampleID>4300400</FMISSampleID>',
      useInstead: "the FMIS's own id of each sample",
    },
  },
});

/** Reported by the streaming Modus validator (core/modus). */
export const eventTypeMismatch = defineRule({
  meta: {
    code: 'MSE012',
    name: 'event-type-mismatch',
    group: 'modus-semantics',
    decidedIn: 'core/modus/modus-semantics.ts',
    severity: 'error',
    messages: {
      mismatch: 'EventType says {type}, but EventSamples holds {samples} {samples:sample|samples}',
    },
    docs: {
      what: 'Reports an event whose EventType (Soil, Plant, Nematode …) differs from the kind of samples in EventSamples.',
      why: 'Consumers route the event by its EventType; samples of another kind are then read with the wrong meaning or dropped.',
      example: '<EventType><Plant>…</Plant></EventType> … <EventSamples><Soil>',
      useInstead: '<EventType><Soil/></EventType>',
    },
  },
});

/** Reported by the streaming Modus validator (core/modus). */
export const sampleWithoutResults = defineRule({
  meta: {
    code: 'MSE013',
    name: 'sample-without-results',
    group: 'modus-semantics',
    decidedIn: 'core/modus/modus-semantics.ts',
    severity: 'warning',
    messages: {
      empty: 'Sample "{sample}" has no results',
    },
    docs: {
      what: 'Warns about a soil or plant sample in a result file that carries no NutrientResult, TextureResult or other result.',
      why: 'A result file reports results; an empty sample is usually a sample the lab did not run (Agworld\'s "XML contains no results" import error when all are empty).',
      example: '<SoilSample>… <Depth DepthID="1"/> …</SoilSample>',
      useInstead: 'leave the sample out, or add its results',
    },
  },
});

export const modusSemanticsRules = [
  depthRefUndefined,
  sampleNumberDuplicate,
  depthRepeated,
  depthRangeInverted,
  columnDepthMismatch,
  depthUnitInconsistent,
  testResultDuplicate,
  resultValueNotFinite,
  sampleGeometryInvalid,
  depthRefUnused,
  fmisSampleIdDuplicate,
  eventTypeMismatch,
  sampleWithoutResults,
] as const;
