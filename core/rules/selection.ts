import type { RuleMeta } from './rule.ts';

/** Which rules run: Ruff-style `select` and `ignore`, each a list of codes, code prefixes, group or rule names. */
export interface RuleSelection {
  select?: readonly string[];
  ignore?: readonly string[];
}

export interface SelectorProblem {
  selector: string;
  message: string;
}

/**
 * Group names that also select the groups split off from them, so each still selects what it did. ZIP
 * safety (zip-archive) and shapefile structure (shapefile) are not prescription rules (boundary shapefile
 * ZIPs report them too), so they left rx-archive and rx-shapefile; their codes stayed.
 */
export const groupAliases: ReadonlyMap<string, readonly string[]> = new Map([
  ['rx-archive', ['zip-archive']],
  ['rx-shapefile', ['shapefile']],
]);

function matches(selector: string, rule: RuleMeta): boolean {
  const s = selector.trim();
  if (s === 'ALL' || s === 'all') return true;
  if (s === rule.group || s === rule.name) return true;
  if (groupAliases.get(s)?.includes(rule.group)) return true;
  // Code or code prefix ("GEO", "GEO0", "GEO012"), case-insensitive like Ruff.
  return /^[A-Za-z]+\d*$/.test(s) && rule.code.toUpperCase().startsWith(s.toUpperCase());
}

/** Selectors that match no rule, so the CLI can refuse a typo instead of silently checking nothing. */
export function unknownSelectors(selection: RuleSelection, rules: readonly RuleMeta[]): SelectorProblem[] {
  const problems: SelectorProblem[] = [];
  for (const selector of [...(selection.select ?? []), ...(selection.ignore ?? [])]) {
    if (!rules.some((r) => matches(selector, r))) {
      problems.push({
        selector,
        message: `"${selector}" matches no rule code, code prefix, group or rule name`,
      });
    }
  }
  return problems;
}

/** The enabled predicate: a rule runs when some selector selects it (or none is given) and none ignores it. */
export function createRuleFilter(selection: RuleSelection = {}): (rule: RuleMeta) => boolean {
  const select = selection.select?.filter((s) => s.trim() !== '') ?? [];
  const ignore = selection.ignore?.filter((s) => s.trim() !== '') ?? [];
  return (rule) =>
    (select.length === 0 || select.some((s) => matches(s, rule))) && !ignore.some((s) => matches(s, rule));
}

/** Splits "GEO,sample-date , SD002" into selectors. */
export function parseSelectorList(value: string | undefined): string[] {
  if (!value) return [];
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
