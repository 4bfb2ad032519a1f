import type { Location } from '../diagnostics/diagnostic.ts';
import type { DiagnosticCollector } from '../rules/reporter.ts';
import type { ReportDescriptor, RuleMeta } from '../rules/rule.ts';

interface Tally {
  rule: { meta: RuleMeta<string> };
  dropped: number;
  data: Record<string, string | number>;
  location: Location;
}

/**
 * Reports per-record problems, at most `cap` per rule; the rest are counted and summed up by `flush()`
 * with the rule's `more` message ("{count} more records …"), so a hostile file with a million bad
 * records yields a bounded report and nothing is silently dropped.
 */
export class CappedReporter {
  private readonly reported = new Map<string, number>();
  private readonly tallies = new Map<string, Tally>();

  constructor(
    readonly collector: DiagnosticCollector,
    private readonly cap = 50,
  ) {}

  report<M extends string>(rule: { meta: RuleMeta<M> }, descriptor: ReportDescriptor<M>): void {
    if (!this.collector.isEnabled(rule)) return;
    const key = rule.meta.code;
    const n = this.reported.get(key) ?? 0;
    if (n < this.cap || !('more' in rule.meta.messages)) {
      this.reported.set(key, n + 1);
      this.collector.report(rule, descriptor);
      return;
    }
    const tally = this.tallies.get(key);
    if (tally) tally.dropped++;
    else {
      const location: Location = {};
      if (descriptor.location.entry !== undefined) location.entry = descriptor.location.entry;
      this.tallies.set(key, {
        rule: rule as { meta: RuleMeta<string> },
        dropped: 1,
        data: { ...descriptor.data },
        location,
      });
    }
  }

  /** Report the "… more" summaries. */
  flush(): void {
    for (const t of this.tallies.values()) {
      this.collector.report(t.rule, {
        messageId: 'more',
        data: { ...t.data, count: t.dropped },
        location: t.location,
      });
    }
    this.tallies.clear();
  }
}
