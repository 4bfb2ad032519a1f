/**
 * What the Modus passes that hand stage results to their rules (schema-validator, modus-semantics,
 * modus-service) share: each stage has its list of rules, in report order, and each rule one context per
 * collector.
 */
import type { DiagnosticCollector } from '../rules/reporter.ts';
import type { Rule, RuleContext } from '../rules/rule.ts';
import type { ElementValue, ModusContext } from './schema-validator.ts';

/** What a Modus rule's check may do: report, and ask first whether a report would be kept. */
export interface ModusRuleContext<MessageId extends string = string> extends RuleContext<MessageId> {
  /**
   * Whether a report of this rule would be kept (the rule is selected and under its cap); a rule whose
   * location or message costs asks first, and a report it then skips is counted as dropped.
   */
  wants(): boolean;
}

/** For each stage name, the rules that read that stage. */
export type RulesByStage<Stage extends { stage: string }> = {
  [Name in Stage['stage']]: readonly Rule<Extract<Stage, { stage: Name }>>[];
};

/** The context each rule's check is handed, made once per rule and collector (a validator reports into one). */
class ModusRuleContexts {
  private reporter: DiagnosticCollector | undefined;
  private readonly contexts = new Map<Rule<never>, ModusRuleContext>();

  /** The context of `rule`, reporting into `reporter`. */
  of(rule: Rule<never>, reporter: DiagnosticCollector): ModusRuleContext {
    if (reporter !== this.reporter) {
      this.reporter = reporter;
      this.contexts.clear();
    }
    let context = this.contexts.get(rule);
    if (!context) {
      context = {
        report: (descriptor) => reporter.report(rule, descriptor),
        wants: () => reporter.wants(rule),
      };
      this.contexts.set(rule, context);
    }
    return context;
  }
}

/**
 * The `at` of a stage object made before the first element: the pass sets the real one before every visit
 * (the validator's context is one object for the whole document).
 */
export const NOT_YET_AT = undefined as unknown as ModusContext;
/** Likewise the `value` of a stage object made before the first element. */
export const NOT_YET_VALUE: ElementValue = { text: '', valid: true, present: false, nil: false, number: NaN };

/**
 * One stage's rules with their contexts: a pass keeps one per stage, so a visit is a loop over two arrays,
 * with no look-up by stage name or rule list per element (a big file has millions of visits). The contexts
 * are made when the reporter changes (a validator reports into one), one per rule and reporter.
 */
export class StageRules<Stage> {
  private reporter: DiagnosticCollector | undefined;
  private contextList: readonly ModusRuleContext[] = [];

  constructor(
    /** The rules that read the stage, in report order. */
    readonly rules: readonly Rule<Stage>[],
    private readonly all: ModusRuleContexts,
  ) {}

  /** The contexts of `rules`, in their order, reporting into `reporter`. */
  contexts(reporter: DiagnosticCollector): readonly ModusRuleContext[] {
    if (reporter !== this.reporter) {
      this.contextList = this.rules.map((rule) => this.all.of(rule, reporter));
      this.reporter = reporter;
    }
    return this.contextList;
  }
}

/** A pass's StageRules, one per stage name. */
export type StageRulesOf<Stage extends { stage: string }> = {
  readonly [Name in Stage['stage']]: StageRules<Extract<Stage, { stage: Name }>>;
};

/** The StageRules of every stage of `byStage`, sharing one context per rule and reporter. */
export function stageRules<Stage extends { stage: string }>(
  byStage: RulesByStage<Stage>,
): StageRulesOf<Stage> {
  const all = new ModusRuleContexts();
  const entries = Object.entries<readonly Rule<never>[]>(byStage).map(
    ([name, rules]) => [name, new StageRules(rules, all)] as const,
  );
  return Object.fromEntries(entries) as StageRulesOf<Stage>;
}
