import { describe, expect, it } from 'vitest';
import type { Rule } from '../rules/rule.ts';
import {
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
  semanticRulesByStage,
} from './semantic-rules.ts';
import {
  eventCodeTooLong,
  eventDateInvalid,
  tooManySamples,
  tooManyDepths,
  labNameEmpty,
  depthOutOfRange,
  depthUnitNotInches,
  sampleGeometryNotWgs84Point,
  resultUnitNotAccepted,
  resultUnitVariant,
  eventNotSoil,
  sampleDateNotEventDate,
  eventsMultiple,
  serviceRulesByStage,
} from './service-rules.ts';
import {
  schemaRulesByStage,
  xmlEncoding,
  xmlElementMissing,
  xmlElementNotAllowed,
  modusRootElement,
  xmlElementOutOfOrder,
  xmlElementRepeated,
  xmlDoctype,
  xmlLimitExceeded,
  xmlMalformed,
  xsiAttributeInvalid,
  xmlAttributeMissing,
  xmlAttributeNotAllowed,
  xmlKeyDuplicate,
  xmlTextNotAllowed,
  xmlValueNotInList,
  xmlValueOutOfRange,
  xmlValueTypeInvalid,
} from './schema-rules.ts';

/** The rules each pass hands some stage to (a rule listed under no stage would never run). */
function visited(table: Record<string, readonly Rule<never>[]>): Set<Rule<never>> {
  return new Set(Object.values(table).flat());
}

describe('Modus rules as visitors over stage results', () => {
  it('hands a stage to every modus-semantics rule (MSE001–MSE013), each with its own check', () => {
    const rules: Rule<never>[] = [
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
    ];
    const seen = visited(semanticRulesByStage);
    for (const rule of rules) {
      expect(seen.has(rule), `${rule.meta.code} is read at no stage`).toBe(true);
      expect(typeof rule.check, rule.meta.code).toBe('function');
    }
    expect(seen.size).toBe(rules.length);
  });

  it('hands a stage to every modus-service rule (MSV001–MSV013), each with its own check', () => {
    const rules: Rule<never>[] = [
      eventCodeTooLong,
      eventDateInvalid,
      tooManySamples,
      tooManyDepths,
      labNameEmpty,
      depthOutOfRange,
      depthUnitNotInches,
      sampleGeometryNotWgs84Point,
      resultUnitNotAccepted,
      resultUnitVariant,
      eventNotSoil,
      sampleDateNotEventDate,
      eventsMultiple,
    ];
    const seen = visited(serviceRulesByStage);
    for (const rule of rules) {
      expect(seen.has(rule), `${rule.meta.code} is read at no stage`).toBe(true);
      expect(typeof rule.check, rule.meta.code).toBe('function');
    }
    expect(seen.size).toBe(rules.length);
  });

  it("hands the schema pass's problem stages to every modus-schema rule (MOD001–MOD017), each with its own check", () => {
    const rules: Rule<never>[] = [
      xmlMalformed,
      xmlDoctype,
      xmlEncoding,
      xmlLimitExceeded,
      modusRootElement,
      xmlElementNotAllowed,
      xmlElementMissing,
      xmlElementOutOfOrder,
      xmlElementRepeated,
      xsiAttributeInvalid,
      xmlAttributeNotAllowed,
      xmlAttributeMissing,
      xmlValueTypeInvalid,
      xmlValueNotInList,
      xmlValueOutOfRange,
      xmlTextNotAllowed,
      xmlKeyDuplicate,
    ];
    const seen = visited(schemaRulesByStage);
    for (const rule of rules) {
      expect(seen.has(rule), `${rule.meta.code} is read at no stage`).toBe(true);
      expect(typeof rule.check, rule.meta.code).toBe('function');
    }
    expect(seen.size).toBe(rules.length);
  });
});
