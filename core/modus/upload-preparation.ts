/**
 * Upload preparation for POST /v2/soil/modus/result: pair the Modus file with a sampleDate. When none is
 * given, one is suggested from the file's EventDate (the day the samples were taken), stating the
 * assumption; either way the value goes through the sample-date rules.
 */
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { checkSampleDate } from '../rules/sample-date/check-sample-date.ts';
import type { RuleSelection } from '../rules/selection.ts';
import type { ModusSummary } from './modus-summary.ts';

export interface ModusUploadPlan {
  /** The sampleDate to send: the given one, else the suggestion. */
  sampleDate?: string;
  /** Suggested from EventDate. */
  suggested?: string;
  /** What the suggestion assumes. */
  assumption?: string;
  source: 'given' | 'event-date' | 'none';
  /** sample-date rule findings on the value to send. */
  diagnostics: Diagnostic[];
}

export interface ModusUploadOptions {
  sampleDate?: string;
  now?: Date;
  selection?: RuleSelection;
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `2021-09-24` → `2021-09-24T00:00:00.000Z`, or undefined when the EventDate is not a plain date. */
export function sampleDateFromEventDate(eventDate: string): string | undefined {
  const text = eventDate.trim();
  if (!CALENDAR_DATE.test(text)) return undefined;
  return `${text}T00:00:00.000Z`;
}

export function prepareModusUpload(
  summary: ModusSummary | undefined,
  options: ModusUploadOptions = {},
): ModusUploadPlan {
  const eventDate = summary?.events.find((e) => e.eventDate !== undefined)?.eventDate;
  const suggested = eventDate !== undefined ? sampleDateFromEventDate(eventDate) : undefined;
  const plan: ModusUploadPlan = { source: 'none', diagnostics: [] };
  if (suggested !== undefined) {
    plan.suggested = suggested;
    plan.assumption = `EventDate ${eventDate} gives the day the samples were taken, not the time: midnight UTC is assumed.`;
  }
  const check = (value: string): Diagnostic[] =>
    checkSampleDate(value, {
      ...(options.now ? { now: options.now } : {}),
      ...(options.selection ? { selection: options.selection } : {}),
    });
  if (options.sampleDate !== undefined) {
    plan.sampleDate = options.sampleDate;
    plan.source = 'given';
    plan.diagnostics = check(options.sampleDate);
  } else if (suggested !== undefined) {
    plan.sampleDate = suggested;
    plan.source = 'event-date';
    plan.diagnostics = check(suggested);
  }
  return plan;
}
