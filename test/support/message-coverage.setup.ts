/**
 * Records which rule messages the tests produce (code:messageId, one file per worker), when
 * FIELDGATE_MESSAGE_COVERAGE_DIR is set by test/support/run-tests.ts. A no-op otherwise, so single test files
 * run as usual.
 */
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { DiagnosticCollector } from '../../core/rules/reporter.ts';

const dir = process.env.FIELDGATE_MESSAGE_COVERAGE_DIR;
// Without isolation (the library project) this file runs once per test file in the same module graph:
// wrap the collector once.
const patched = Symbol.for('fieldgate.messageCoverage');
const proto = DiagnosticCollector.prototype as unknown as Record<symbol, boolean>;
if (dir && !proto[patched]) {
  proto[patched] = true;
  const seen = new Set<string>();
  const file = join(dir, `${process.pid}.txt`);
  const record = (key: string): void => {
    if (seen.has(key)) return;
    seen.add(key);
    appendFileSync(file, key + '\n');
  };
  const report = DiagnosticCollector.prototype.report;
  DiagnosticCollector.prototype.report = function (rule, descriptor) {
    if (this.isEnabled(rule)) record(`${rule.meta.code}:${descriptor.messageId}`);
    report.call(this, rule, descriptor);
  };
  // Per-rule summaries ("… more") are added by finish(), not report().
  const finish = DiagnosticCollector.prototype.finish;
  DiagnosticCollector.prototype.finish = function () {
    const before = this.diagnostics.length;
    finish.call(this);
    for (const d of this.diagnostics.slice(before)) record(`${d.code}:${d.messageId}`);
  };
}
