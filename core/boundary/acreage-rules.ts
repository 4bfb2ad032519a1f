/**
 * The rules the acreage check (check-acreage.ts) reports, group acreage: stated acres against the area of
 * the boundary. Defined beside the check that reports them; the registry (core/rules/registry.ts) gathers
 * them.
 */

import { defineRule } from '../rules/rule.ts';

/** Reported by the boundary pipeline (core/boundary/check-acreage.ts). */
export const acreageMismatch = defineRule({
  meta: {
    code: 'ACR001',
    name: 'acreage-mismatch',
    group: 'acreage',
    decidedIn: 'core/boundary/check-acreage.ts',
    severity: 'warning',
    fixable: 'unsafe',
    messages: {
      mismatch:
        "The stated acres ({stated}) differ from the boundary's area ({computed} acres on the WGS 84 ellipsoid) by {percent}%, beyond the {tolerance}% tolerance",
      farOff:
        "The stated acres ({stated}) are {ratio} the boundary's area ({computed} acres on the WGS 84 ellipsoid), more than {factor} times off",
    },
    docs: {
      what: "Compares the stated acres of a field with the area of its boundary on the WGS 84 ellipsoid and warns when they differ by more than the tolerance (default 2 %, setting `acreageTolerance`) and by at least 0.01 acre (40 m²: a sliver's few square metres are no difference), showing both numbers. Acres more than 5 times the area, or less than a fifth of it, are an error: no field is off by that much, and it is what a decimal comma read as a thousands separator makes (227,28 → 22728). The unsafe fix sets acres to the computed area.",
      why: 'A large difference means the boundary or the acres belong to another field, a part of the field is missing, or the acres are in hectares; the grower sees both numbers after the import.',
      example: '{"acres": 120, "boundary": "POLYGON ((-103.2718 35.8539, …))"}  (boundary: 80.9 acres)',
      useInstead: '{"acres": 80.9, …}, or the boundary that belongs to the 120-acre field',
    },
  },
});

/** Reported by the boundary pipeline (core/boundary/check-acreage.ts). */
export const acreageNotPositive = defineRule({
  meta: {
    code: 'ACR002',
    name: 'acreage-not-positive',
    group: 'acreage',
    decidedIn: 'core/boundary/check-acreage.ts',
    severity: 'error',
    fixable: 'unsafe',
    messages: {
      notPositive: 'The stated acres ({stated}) are not a positive number; the boundary has {computed} acres',
    },
    docs: {
      what: "Reports stated acres that are zero, negative or not finite. When the boundary's area is known, the unsafe fix sets acres to it.",
      why: 'A field has a positive area; zero or a negative number is a placeholder or an export error, and the service stores it as given.',
      example: '{"acres": 0, "boundary": "POLYGON (…)"}',
      useInstead: '{"acres": 80.9, "boundary": "POLYGON (…)"} or leave acres out',
    },
  },
});

export const acreageRules = [acreageMismatch, acreageNotPositive] as const;
