import type { Diagnostic, Location } from '../diagnostics/diagnostic.ts';
import { formatMessage, type ReportDescriptor, type Rule, type RuleContext, type RuleMeta } from './rule.ts';
import { createRuleFilter, type RuleSelection } from './selection.ts';

export interface CollectorOptions {
  /**
   * Diagnostics kept per rule (default: no cap). Past the cap a rule's reports are counted, not kept, and
   * `finish()` sums them up in one diagnostic per rule, so a file with a million bad records gives a short
   * report and nothing is dropped silently.
   */
  maxPerRule?: number;
}

/**
 * The message id of the collector's own note for a rule that went over its cap and has no `more` template.
 * It is the one diagnostic message not taken from a rule's templates: severity info, the rule's code, name
 * and group, the text of `truncatedMessage` below, at the location of the last diagnostic of the rule that
 * was kept.
 */
export const TRUNCATED_MESSAGE_ID = 'not-listed';
const truncatedMessage =
  '{count} more {code} {rule} {count:diagnostic like the one above was|diagnostics like the ones above were} counted but not listed (limit {limit} per rule)';
const truncatedHint =
  'Fix the ones listed (`fieldgate fix` applies every safe fix, listed or not) and check again.';

/** Per rule, once capping is on: reports kept and dropped, and what the summary needs. */
interface Tally {
  rule: RuleMeta;
  kept: number;
  dropped: number;
  /** The last kept diagnostic's location (where the generic note goes). */
  lastKept?: Location;
  /** The first dropped report, when it reached `report` (not when `wants` turned it away). */
  firstDropped?: { data: Record<string, string | number>; entry: string | undefined };
}

/**
 * Collects diagnostics for one checked input. Domain engines (a JSON walker, a streaming XML validator, a
 * geometry validator) call `report` with a rule; the reporter drops rules that are not selected, builds the
 * message from the rule's templates and adds the location base (file, entry, row) the adapter gave.
 *
 * With `maxPerRule`, or in a view from `capped(n)`, each rule keeps at most that many diagnostics; the
 * caller calls `finish()` when the input is done, which adds one summary per rule that went over:
 * - the rule's `more` message when it has one ("{count} more records …"), with the first dropped report's
 *   data plus `count`, at that report's archive entry;
 * - otherwise the collector's note, messageId `not-listed` (see TRUNCATED_MESSAGE_ID).
 */
export class DiagnosticCollector {
  private own: Diagnostic[] = [];
  /** For a view from `capped`: the collector whose list and selection it uses. */
  private parent: DiagnosticCollector | undefined;
  private readonly enabled: (rule: RuleMeta) => boolean;
  private readonly enabledCache = new Map<RuleMeta, boolean>();
  private readonly maxPerRule: number;
  private readonly tallies = new Map<RuleMeta, Tally>();

  constructor(selection: RuleSelection = {}, options: CollectorOptions = {}) {
    this.enabled = createRuleFilter(selection);
    this.maxPerRule = options.maxPerRule ?? Infinity;
  }

  /** The diagnostics reported so far, in report order (a view's are its parent's). */
  get diagnostics(): Diagnostic[] {
    return this.parent ? this.parent.own : this.own;
  }

  /**
   * The diagnostics reported since the last take, handed over: the list starts again empty (caps and
   * tallies go on). For readers that stream their diagnostics out as they are found.
   */
  take(): Diagnostic[] {
    if (this.parent) return this.parent.take();
    const taken = this.own;
    this.own = [];
    return taken;
  }

  /**
   * A view that reports into this collector's list, with its selection, keeping at most `maxPerRule`
   * diagnostics per rule of those reported through the view; call the view's `finish()` for the summaries.
   */
  capped(maxPerRule: number): DiagnosticCollector {
    const view = new DiagnosticCollector({}, { maxPerRule });
    view.parent = this.parent ?? this;
    return view;
  }

  isEnabled(rule: { meta: RuleMeta } | RuleMeta): boolean {
    if (this.parent) return this.parent.isEnabled(rule);
    const meta = 'meta' in rule ? rule.meta : rule;
    let enabled = this.enabledCache.get(meta);
    if (enabled === undefined) {
      enabled = this.enabled(meta);
      this.enabledCache.set(meta, enabled);
    }
    return enabled;
  }

  /**
   * Whether a report of this rule would be kept. When the rule is over its cap the report is counted as
   * dropped here and false is returned, so hot paths can skip building the diagnostic.
   */
  wants(rule: { meta: RuleMeta }): boolean {
    if (!this.isEnabled(rule)) return false;
    if (this.maxPerRule === Infinity) return true;
    const tally = this.tally(rule.meta);
    if (tally.kept < this.maxPerRule) return true;
    tally.dropped++;
    return false;
  }

  report<M extends string>(rule: { meta: RuleMeta<M> }, descriptor: ReportDescriptor<M>): void {
    if (!this.isEnabled(rule)) return;
    const meta = rule.meta;
    if (this.maxPerRule === Infinity) {
      this.diagnostics.push(build(meta, descriptor));
      return;
    }
    const tally = this.tally(meta);
    if (tally.kept < this.maxPerRule) {
      const diagnostic = build(meta, descriptor);
      tally.kept++;
      tally.lastKept = diagnostic.location;
      this.diagnostics.push(diagnostic);
      return;
    }
    tally.dropped++;
    tally.firstDropped ??= { data: { ...descriptor.data }, entry: descriptor.location.entry };
  }

  /** Add one summary per rule that went over the cap (see the class comment); call when the input is done. */
  finish(): void {
    for (const t of this.tallies.values()) {
      if (t.dropped === 0) continue;
      if ('more' in t.rule.messages) {
        const entry = t.firstDropped ? t.firstDropped.entry : t.lastKept?.entry;
        this.diagnostics.push(
          build(t.rule, {
            messageId: 'more',
            data: { ...t.firstDropped?.data, count: t.dropped },
            location: entry !== undefined ? { entry } : {},
          }),
        );
      } else {
        this.diagnostics.push({
          code: t.rule.code,
          rule: t.rule.name,
          group: t.rule.group,
          severity: 'info',
          messageId: TRUNCATED_MESSAGE_ID,
          message: formatMessage(truncatedMessage, {
            count: t.dropped,
            code: t.rule.code,
            rule: t.rule.name,
            limit: this.maxPerRule,
          }),
          location: t.lastKept ?? {},
          hint: truncatedHint,
        });
      }
      t.dropped = 0;
      delete t.firstDropped;
    }
  }

  /** A context bound to one rule, for rules with a `check` function. */
  contextFor<M extends string>(rule: { meta: RuleMeta<M> }): RuleContext<M> {
    return { report: (descriptor) => this.report(rule, descriptor) };
  }

  /** Run a rule's check on a subject when the rule is selected. */
  run<S>(rule: Rule<S, string>, subject: S): void {
    if (rule.check && this.isEnabled(rule.meta)) rule.check(subject, this.contextFor(rule));
  }

  private tally(meta: RuleMeta): Tally {
    let tally = this.tallies.get(meta);
    if (!tally) {
      tally = { rule: meta, kept: 0, dropped: 0 };
      this.tallies.set(meta, tally);
    }
    return tally;
  }
}

/** The diagnostic of one report, its message built from the rule's template. */
function build<M extends string>(meta: RuleMeta<M>, descriptor: ReportDescriptor<M>): Diagnostic {
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
  if (descriptor.sharesFix !== undefined) diagnostic.sharesFix = descriptor.sharesFix;
  if (descriptor.related !== undefined && descriptor.related.length > 0)
    diagnostic.related = descriptor.related;
  return diagnostic;
}
