import type { RuleMeta } from './rule.ts';
import { jsonRules } from './json/index.ts';
import { sampleDateRules } from './sample-date/index.ts';
import { temporalEntityRules } from './temporal-entity/index.ts';
import { enrollmentRules } from './enrollment/index.ts';
import { fieldUploadRules } from './field-upload/index.ts';

/**
 * Every rule Fieldgate has, group by group. Adding a rule means adding it to its group's index; the
 * meta-test (registry.test.ts) checks codes are unique and every rule has docs and a test file.
 */
export const ruleGroups: ReadonlyArray<{
  group: string;
  title: string;
  rules: ReadonlyArray<{ meta: RuleMeta }>;
}> = [
  { group: 'json', title: 'JSON syntax', rules: jsonRules },
  { group: 'sample-date', title: 'sampleDate of soil test uploads', rules: sampleDateRules },
  { group: 'temporal-entity', title: 'TemporalEntity objects', rules: temporalEntityRules },
  { group: 'enrollment', title: 'Enrollment and experiment requests', rules: enrollmentRules },
  {
    group: 'field-upload',
    title: 'Field upload items (FieldsWithBoundaryAndHierarchy)',
    rules: fieldUploadRules,
  },
];

export const allRules: readonly RuleMeta[] = ruleGroups.flatMap((g) => g.rules.map((r) => r.meta));

export function findRule(codeOrName: string): RuleMeta | undefined {
  const key = codeOrName.trim();
  return allRules.find((r) => r.code.toUpperCase() === key.toUpperCase() || r.name === key);
}
