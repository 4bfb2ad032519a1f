import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { formatMessage, type ReportDescriptor, type Rule, type RuleContext, type RuleMeta } from './rule.ts';
import { createRuleFilter, type RuleSelection } from './selection.ts';

/**
 * Collects diagnostics for one checked input. Domain engines (a JSON walker, a streaming XML validator, a
 * geometry validator) call `report` with a rule; the reporter drops rules that are not selected, builds the
 * message from the rule's templates and adds the location base (file, entry, row) the adapter gave.
 */
export class DiagnosticCollector {
  readonly diagnostics: Diagnostic[] = [];
  private readonly enabled: (rule: RuleMeta) => boolean;

  constructor(selection: RuleSelection = {}) {
    this.enabled = createRuleFilter(selection);
  }

  isEnabled(rule: { meta: RuleMeta } | RuleMeta): boolean {
    return this.enabled('meta' in rule ? rule.meta : rule);
  }

  report<M extends string>(rule: { meta: RuleMeta<M> }, descriptor: ReportDescriptor<M>): void {
    const meta = rule.meta;
    if (!this.enabled(meta)) return;
    const template = meta.messages[descriptor.messageId];
    if (template === undefined) {
      // A bug in a rule, not a data problem: fail loudly.
      throw new Error(`rule ${meta.code} has no message "${descriptor.messageId}"`);
    }
    const diagnostic: Diagnostic = {
      code: meta.code,
      rule: meta.name,
      group: meta.group,
      severity: descriptor.severity ?? meta.severity,
      messageId: descriptor.messageId,
      message: formatMessage(template, descriptor.data),
      location: descriptor.location,
    };
    if (descriptor.hint !== undefined) diagnostic.hint = descriptor.hint;
    if (descriptor.fix !== undefined) diagnostic.fix = descriptor.fix;
    if (descriptor.related !== undefined && descriptor.related.length > 0)
      diagnostic.related = descriptor.related;
    this.diagnostics.push(diagnostic);
  }

  /** A context bound to one rule, for rules with a `check` function. */
  contextFor<M extends string>(rule: { meta: RuleMeta<M> }): RuleContext<M> {
    return { report: (descriptor) => this.report(rule, descriptor) };
  }

  /** Run a rule's check on a subject when the rule is selected. */
  run<S>(rule: Rule<S, string>, subject: S): void {
    if (rule.check && this.enabled(rule.meta)) rule.check(subject, this.contextFor(rule));
  }
}
