import type { Fix, Location, RelatedLocation, RuleCode, Severity } from '../diagnostics/diagnostic.ts';

/** Documentation of a rule, with Ruff's headings. */
export interface RuleDocs {
  /** What it does. */
  what: string;
  /** Why is this bad? */
  why: string;
  /** Example input that triggers the rule. */
  example?: string;
  /** Use instead. */
  useInstead?: string;
}

export interface RuleMeta<MessageId extends string = string> {
  /** Permanent code: letters then three digits ("SD001"), listed in `RuleCode`. Never renumbered or reused. */
  code: RuleCode;
  /** The problem's name in kebab case ("sample-date-format"). */
  name: string;
  /** The domain group ("sample-date"). */
  group: string;
  /**
   * Where the rule decides what to report, relative to the project root: the file of its own `check` (a rule
   * file under core/rules/<group>/, or a visitor over a pass's stage results in a `*-rules.ts`), or the
   * pass that reports it (several files only where several passes do). test/core/registry.test.ts checks
   * each path exists and names the rule; `fieldgate rules CODE` prints it.
   */
  decidedIn: string | readonly string[];
  /** Default severity. A rule may report a lower severity for a particular message (see `report`). */
  severity: Severity;
  /**
   * Message templates with `{placeholder}`s, keyed by message id. After a count, `{count:record has|records
   * have}` gives the first form when `count` is 1 and the second otherwise, so no message says "1 records".
   */
  messages: Record<MessageId, string>;
  /** Whether the rule offers fixes. */
  fixable?: 'safe' | 'unsafe' | 'safe-and-unsafe';
  docs: RuleDocs;
}

/** A rule: metadata plus, for rules that run on their own, a check over the subject of its domain. */
export interface Rule<Subject = never, MessageId extends string = string> {
  meta: RuleMeta<MessageId>;
  // Method syntax on purpose: parameters are then bivariant, so rules with different message ids fit in one list.
  check?(subject: Subject, context: RuleContext<MessageId>): void;
}

export interface ReportDescriptor<MessageId extends string = string> {
  messageId: MessageId;
  data?: Record<string, string | number>;
  location: Location;
  hint?: string;
  fix?: Fix;
  /** The `shared` key of another diagnostic's fix that fixes this problem too (see Diagnostic.sharesFix). */
  sharesFix?: string;
  related?: RelatedLocation[];
  /** Overrides the rule's default severity for this report (e.g. an unknown but plausible value). */
  severity?: Severity;
}

export interface RuleContext<MessageId extends string = string> {
  report(descriptor: ReportDescriptor<MessageId>): void;
}

/** Helps TypeScript infer the message ids of a rule from its metadata. */
export function defineRule<Subject, const MessageId extends string>(
  rule: Rule<Subject, MessageId>,
): Rule<Subject, MessageId> {
  return rule;
}

/** A message template cut once into its literal text and its placeholders ({key} or {key:one|other}). */
type TemplatePart = string | { key: string; whole: string; one?: string; other?: string };
const compiledTemplates = new Map<string, TemplatePart[]>();

function compileTemplate(template: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  const placeholder = /\{(\w+)(?::([^{}|]*)\|([^{}]*))?\}/g;
  let at = 0;
  for (let m = placeholder.exec(template); m; m = placeholder.exec(template)) {
    if (m.index > at) parts.push(template.slice(at, m.index));
    const [whole, key = '', one, other] = m;
    parts.push(one === undefined ? { key, whole } : { key, whole, one, other: other ?? '' });
    at = m.index + whole.length;
  }
  if (at < template.length) parts.push(template.slice(at));
  return parts;
}

/**
 * Fill a template: {key} with the value, {key:one|other} with `one` when the value is 1 and `other` else;
 * a key without data stays as written. Templates are cut into parts once (a star polygon's report formats
 * 22,000 messages from a handful of templates).
 */
export function formatMessage(template: string, data: Record<string, string | number> = {}): string {
  let parts = compiledTemplates.get(template);
  if (!parts) compiledTemplates.set(template, (parts = compileTemplate(template)));
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') out += part;
    else if (!Object.prototype.hasOwnProperty.call(data, part.key)) out += part.whole;
    else if (part.one === undefined) out += String(data[part.key]);
    else out += Number(data[part.key]) === 1 ? part.one : (part.other ?? '');
  }
  return out;
}
