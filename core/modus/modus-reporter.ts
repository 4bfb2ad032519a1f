import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { DiagnosticCollector } from '../rules/reporter.ts';
import type { ReportDescriptor, RuleMeta } from '../rules/rule.ts';
import type { RuleSelection } from '../rules/selection.ts';

/**
 * The DiagnosticCollector with a per-rule cap, for files with tens of thousands of samples: a unit spelled
 * "%" in every sample of a 20,000-sample file would otherwise produce 20,000 diagnostics and hold them all
 * in memory. Past the cap a rule's diagnostics are counted, not kept, and one closing diagnostic of the
 * same rule says how many more there were (nothing is dropped silently).
 */
export class ModusReporter {
  readonly collector: DiagnosticCollector;
  private readonly enabledCache = new Map<RuleMeta, boolean>();
  private readonly counts = new Map<RuleMeta, number>();
  private readonly dropped = new Map<RuleMeta, { count: number; first: Diagnostic | undefined }>();

  constructor(
    selection: RuleSelection = {},
    /** Diagnostics kept per rule; Infinity keeps all (fixing a file needs every fix). */
    readonly maxPerRule = 1000,
  ) {
    this.collector = new DiagnosticCollector(selection);
  }

  isEnabled(rule: { meta: RuleMeta }): boolean {
    let enabled = this.enabledCache.get(rule.meta);
    if (enabled === undefined) {
      enabled = this.collector.isEnabled(rule);
      this.enabledCache.set(rule.meta, enabled);
    }
    return enabled;
  }

  /**
   * Whether a report of this rule would be kept. When the rule is over its cap the report is counted here
   * and false is returned, so hot paths can skip building the diagnostic.
   */
  wants(rule: { meta: RuleMeta }): boolean {
    if (!this.isEnabled(rule)) return false;
    const count = this.counts.get(rule.meta) ?? 0;
    if (count < this.maxPerRule) return true;
    this.counts.set(rule.meta, count + 1);
    const entry = this.dropped.get(rule.meta);
    if (entry) entry.count++;
    else this.dropped.set(rule.meta, { count: 1, first: undefined });
    return false;
  }

  report<M extends string>(rule: { meta: RuleMeta<M> }, descriptor: ReportDescriptor<M>): void {
    if (!this.isEnabled(rule)) return;
    const count = (this.counts.get(rule.meta) ?? 0) + 1;
    this.counts.set(rule.meta, count);
    if (count <= this.maxPerRule) {
      this.collector.report(rule, descriptor);
      return;
    }
    const entry = this.dropped.get(rule.meta);
    if (entry) entry.count++;
    else this.dropped.set(rule.meta, { count: 1, first: undefined });
  }

  /** How many diagnostics a rule produced (kept or not). */
  countOf(rule: { meta: RuleMeta }): number {
    return this.counts.get(rule.meta) ?? 0;
  }

  /** The kept diagnostics plus one note per rule that went over the cap. */
  diagnostics(): Diagnostic[] {
    const out = [...this.collector.diagnostics];
    for (const [meta, { count }] of this.dropped) {
      const last = [...this.collector.diagnostics].reverse().find((d) => d.code === meta.code);
      out.push({
        code: meta.code,
        rule: meta.name,
        group: meta.group,
        severity: 'info',
        messageId: 'truncated',
        message: `${count} more ${meta.code} ${meta.name} diagnostics like the ones above were counted but not listed (limit ${this.maxPerRule} per rule)`,
        location: last?.location ?? {},
        hint: `Fix the ones listed (\`fieldgate fix\` applies every safe fix, listed or not) and check again.`,
      });
    }
    return out;
  }
}
