/**
 * What the Modus passes that hand stage results to their rules (modus-semantics, modus-service) share:
 * each stage has its list of rules, in report order, and each rule one context per collector.
 */
import type { DiagnosticCollector } from '../rules/reporter.ts';
import type { Rule, RuleContext } from '../rules/rule.ts';

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
export class ModusRuleContexts {
  private reporter: DiagnosticCollector | undefined;
  private readonly contexts = new Map<Rule<never>, ModusRuleContext>();
  /** Per list of rules (a stage's), their contexts in the same order: one look-up per visit, not per rule. */
  private readonly lists = new Map<readonly Rule<never>[], readonly ModusRuleContext[]>();

  /** The context of `rule`, reporting into `reporter`. */
  of(rule: Rule<never>, reporter: DiagnosticCollector): ModusRuleContext {
    if (reporter !== this.reporter) {
      this.reporter = reporter;
      this.contexts.clear();
      this.lists.clear();
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

  /** The contexts of `rules`, in their order, reporting into `reporter`. */
  ofAll(rules: readonly Rule<never>[], reporter: DiagnosticCollector): readonly ModusRuleContext[] {
    if (reporter === this.reporter) {
      const known = this.lists.get(rules);
      if (known) return known;
    }
    const contexts = rules.map((rule) => this.of(rule, reporter));
    this.lists.set(rules, contexts);
    return contexts;
  }
}
