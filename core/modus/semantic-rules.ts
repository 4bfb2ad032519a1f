/**
 * The rules of group modus-semantics: references and values the XSD does not check (depth references,
 * duplicate samples and results, finite values, sample geometry, event types). Each rule carries its check,
 * a visitor over the semantic pass's stage results (semantic-stages.ts: each depth, DepthRef, result,
 * sample and event): the pass (modus-semantics.ts) finds the facts while the document streams past, the
 * rule decides here what is a problem and what it says. The registry (core/rules/registry.ts) gathers them.
 */

import type { Location } from '../diagnostics/diagnostic.ts';
import { defineRule } from '../rules/rule.ts';
import type { ModusContext } from './schema-validator.ts';
import type { SemanticStage, SemanticStageOf } from './semantic-stages.ts';
import type { ModusRuleContext, RulesByStage } from './modus-rule-context.ts';

/** Where a Depth's DepthID is; built only when reported (most depths are fine, and there is one per sample). */
function depthIdLocation(at: ModusContext): Location {
  return at.attributeLocation('DepthID') ?? at.elementLocation();
}

function shownWkt(wkt: string): string {
  const text = wkt.trim();
  return text.length > 60 ? text.slice(0, 59) + '…' : text;
}

export const depthRefUndefined = defineRule({
  meta: {
    code: 'MSE001',
    name: 'depth-ref-undefined',
    group: 'modus-semantics',
    decidedIn: 'core/modus/semantic-rules.ts',
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
  check(stage: SemanticStageOf<'depth-ref-missing'>, context: ModusRuleContext<'undefined'>) {
    const known = stage.known;
    context.report({
      messageId: 'undefined',
      data: {
        id: stage.id,
        known:
          (known.length > 0 ? ` (defined: ${known.join(', ')})` : ' (the event defines no DepthRef)') +
          (stage.count > 1 ? `; ${stage.count} depths refer to it` : ''),
      },
      location: stage.location,
      hint:
        known.length > 0
          ? `Use one of the DepthIDs defined in <DepthRefs>, or add <DepthRef DepthID="${stage.id}">.`
          : `Add <DepthRefs><DepthRef DepthID="${stage.id}">…</DepthRef></DepthRefs> before the samples.`,
    });
  },
});

export const sampleNumberDuplicate = defineRule({
  meta: {
    code: 'MSE002',
    name: 'sample-number-duplicate',
    group: 'modus-semantics',
    decidedIn: 'core/modus/semantic-rules.ts',
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
  check(stage: SemanticStageOf<'sample-number-repeated'>, context: ModusRuleContext<'duplicate'>) {
    if (!context.wants()) return;
    context.report({
      messageId: 'duplicate',
      data: { value: stage.key, line: stage.firstLine },
      location: stage.at.valueLocation(),
      hint: 'Number the samples of an event uniquely.',
    });
  },
});

export const depthRepeated = defineRule({
  meta: {
    code: 'MSE003',
    name: 'depth-repeated',
    group: 'modus-semantics',
    decidedIn: 'core/modus/semantic-rules.ts',
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
  check(stage: SemanticStageOf<'depth-repeated'>, context: ModusRuleContext<'repeated'>) {
    if (!context.wants()) return;
    context.report({
      messageId: 'repeated',
      data: { id: stage.id, line: stage.firstLine },
      location: depthIdLocation(stage.at),
      hint: `Put all results of depth ${stage.id} in one <Depth DepthID="${stage.id}">.`,
    });
  },
});

export const depthRangeInverted = defineRule({
  meta: {
    code: 'MSE004',
    name: 'depth-range-inverted',
    group: 'modus-semantics',
    decidedIn: 'core/modus/semantic-rules.ts',
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
  check(stage: SemanticStageOf<'depth-ref'>, context: ModusRuleContext<'inverted'>) {
    const ref = stage.ref;
    if (ref.start === undefined || ref.end === undefined || ref.start < ref.end) return;
    context.report({
      messageId: 'inverted',
      data: { id: ref.id ?? '?', start: ref.start, end: ref.end },
      location: ref.location,
      hint: 'StartingDepth is the top of the sampled layer and EndingDepth its bottom; swap them if they were exchanged.',
    });
  },
});

export const columnDepthMismatch = defineRule({
  meta: {
    code: 'MSE005',
    name: 'column-depth-mismatch',
    group: 'modus-semantics',
    decidedIn: 'core/modus/semantic-rules.ts',
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
  check(stage: SemanticStageOf<'depth-ref'>, context: ModusRuleContext<'mismatch'>) {
    const ref = stage.ref;
    // An inverted range is depth-range-inverted's: the column cannot be judged against it.
    if (ref.start === undefined || ref.end === undefined || ref.start >= ref.end) return;
    if (ref.column === undefined || ref.column === ref.end - ref.start) return;
    const expected = String(ref.end - ref.start);
    const descriptor = {
      messageId: 'mismatch' as const,
      data: { id: ref.id ?? '?', column: ref.column, expected },
      location: ref.location,
      hint: `Check the three depths; if StartingDepth and EndingDepth are right, ColumnDepth is ${expected}.`,
    };
    context.report(
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
  },
});

export const depthUnitInconsistent = defineRule({
  meta: {
    code: 'MSE006',
    name: 'depth-unit-inconsistent',
    group: 'modus-semantics',
    decidedIn: 'core/modus/semantic-rules.ts',
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
  check(stage: SemanticStageOf<'depth-ref'>, context: ModusRuleContext<'inconsistent'>) {
    const { ref, first } = stage;
    if (!first || (first.unit ?? '') === (ref.unit ?? '')) return;
    context.report({
      messageId: 'inconsistent',
      data: {
        id: ref.id ?? '?',
        unit: ref.unit ?? '(none)',
        firstId: first.id ?? '?',
        first: first.unit ?? '(none)',
      },
      location: ref.location,
      hint: 'Give every DepthRef of the event its depths in the same unit.',
    });
  },
});

export const testResultDuplicate = defineRule({
  meta: {
    code: 'MSE007',
    name: 'test-result-duplicate',
    group: 'modus-semantics',
    decidedIn: 'core/modus/semantic-rules.ts',
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
  check(stage: SemanticStageOf<'result-test-id-repeated'>, context: ModusRuleContext<'duplicate'>) {
    context.report({
      messageId: 'duplicate',
      data: { test: stage.testId, line: stage.firstLine },
      location: stage.at.valueLocation(),
      hint: 'Keep one result per ModusTestID; a second extraction method has its own ModusTestID.',
    });
  },
});

export const resultValueNotFinite = defineRule({
  meta: {
    code: 'MSE008',
    name: 'result-value-not-finite',
    group: 'modus-semantics',
    decidedIn: 'core/modus/semantic-rules.ts',
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
  check(stage: SemanticStageOf<'result-value'>, context: ModusRuleContext<'notFinite'>) {
    // Value is an xs:float: a number past its range is infinite as a float.
    if (Number.isFinite(Math.fround(stage.value.number))) return;
    context.report({
      messageId: 'notFinite',
      data: { value: stage.value.text.trim(), element: stage.element || 'the result' },
      location: stage.at.valueLocation(),
      hint: 'Give the measured value, or leave the result out.',
    });
  },
});

export const sampleGeometryInvalid = defineRule({
  meta: {
    code: 'MSE009',
    name: 'sample-geometry-invalid',
    group: 'modus-semantics',
    decidedIn: 'core/modus/semantic-rules.ts',
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
  check(stage: SemanticStageOf<'geometry'>, context: ModusRuleContext<'syntax' | 'range'>) {
    const g = stage.geometry;
    if (!g.ok) {
      context.report({
        messageId: 'syntax',
        data: { value: shownWkt(stage.text), detail: g.error },
        location: stage.at.valueLocation(),
        hint: 'Write the sample location as POINT (longitude latitude), e.g. POINT (-88.0367 44.2063).',
      });
      return;
    }
    // Coordinates in another declared system are modus-service's to report (MSV008).
    if (!g.point || (stage.epsg !== '' && stage.epsg !== '4326')) return;
    const [x, y] = g.point;
    let detail: string | undefined;
    if (!Number.isFinite(x) || !Number.isFinite(y)) detail = 'the coordinates are not finite numbers';
    else if (Math.abs(y) > 90 && Math.abs(x) <= 90)
      detail = `latitude ${y} is outside −90…90; longitude and latitude look swapped`;
    else if (Math.abs(x) > 180) detail = `longitude ${x} is outside −180…180; these are not WGS 84 degrees`;
    else if (Math.abs(y) > 90) detail = `latitude ${y} is outside −90…90`;
    if (detail === undefined) return;
    context.report({
      messageId: 'range',
      data: { value: shownWkt(stage.text), detail },
      location: stage.at.valueLocation(),
      hint: 'WKT points are POINT (longitude latitude) in decimal degrees.',
    });
  },
});

export const depthRefUnused = defineRule({
  meta: {
    code: 'MSE010',
    name: 'depth-ref-unused',
    group: 'modus-semantics',
    decidedIn: 'core/modus/semantic-rules.ts',
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
  check(stage: SemanticStageOf<'event'>, context: ModusRuleContext<'unused'>) {
    if (!stage.usesKnown) return;
    for (const ref of stage.depthRefs.values()) {
      if (ref.used) continue;
      context.report({
        messageId: 'unused',
        data: { id: ref.id ?? '?', name: ref.name ?? '' },
        location: ref.location,
        hint: 'Remove the DepthRef, or check the DepthID of the samples’ depths.',
      });
    }
  },
});

export const fmisSampleIdDuplicate = defineRule({
  meta: {
    code: 'MSE011',
    name: 'fmis-sample-id-duplicate',
    group: 'modus-semantics',
    decidedIn: 'core/modus/semantic-rules.ts',
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
  check(stage: SemanticStageOf<'fmis-sample-id-repeated'>, context: ModusRuleContext<'duplicate'>) {
    if (!context.wants()) return;
    context.report({
      messageId: 'duplicate',
      data: { value: stage.key, line: stage.firstLine },
      location: stage.at.valueLocation(),
      hint: "Each sample carries the FMIS's own id; check that results were not pasted twice.",
    });
  },
});

export const eventTypeMismatch = defineRule({
  meta: {
    code: 'MSE012',
    name: 'event-type-mismatch',
    group: 'modus-semantics',
    decidedIn: 'core/modus/semantic-rules.ts',
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
  check(stage: SemanticStageOf<'event'>, context: ModusRuleContext<'mismatch'>) {
    const { eventType, samplesKind: samples } = stage;
    if (eventType === undefined || !samples || samples.name === eventType) return;
    context.report({
      messageId: 'mismatch',
      data: { type: eventType, samples: samples.name },
      location: samples.location,
      hint: `Make <EventType> and <EventSamples> agree (both ${samples.name}, or both ${eventType}).`,
    });
  },
});

export const sampleWithoutResults = defineRule({
  meta: {
    code: 'MSE013',
    name: 'sample-without-results',
    group: 'modus-semantics',
    decidedIn: 'core/modus/semantic-rules.ts',
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
  check(stage: SemanticStageOf<'sample'>, context: ModusRuleContext<'empty'>) {
    // A ModusSubmit (a request for tests) has no results yet.
    if (stage.at.rootName !== 'ModusResult' || stage.hasResults) return;
    context.report({
      messageId: 'empty',
      data: { sample: stage.label || stage.at.path().slice(-2).join(' ') },
      location: stage.at.elementLocation(),
      hint: 'Leave out samples the lab did not run, or add their results.',
    });
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

/**
 * The rules that read each stage, in the order their diagnostics come in: a rule's check is typed by the
 * stage it reads, so a rule listed under another stage does not compile.
 */
export const semanticRulesByStage: RulesByStage<SemanticStage> = {
  'depth-repeated': [depthRepeated],
  'depth-ref-missing': [depthRefUndefined],
  'depth-ref': [depthRangeInverted, columnDepthMismatch, depthUnitInconsistent],
  'result-value': [resultValueNotFinite],
  'result-test-id-repeated': [testResultDuplicate],
  'sample-number-repeated': [sampleNumberDuplicate],
  'fmis-sample-id-repeated': [fmisSampleIdDuplicate],
  geometry: [sampleGeometryInvalid],
  sample: [sampleWithoutResults],
  event: [depthRefUnused, eventTypeMismatch],
};
