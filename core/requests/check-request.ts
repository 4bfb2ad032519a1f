import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { LineIndex } from '../diagnostics/text-position.ts';
import type { JsonNode } from '../json/json-document.ts';
import { propertyOf } from '../json/json-subject-access.ts';
import { jsonSyntax } from '../json/json-rules.ts';
import { batchRules, requestRules } from '../rules/enrollment/index.ts';
import { DiagnosticCollector } from '../rules/reporter.ts';
import type { RuleSelection } from '../rules/selection.ts';
import { runSampleDateRules } from '../rules/sample-date/check-sample-date.ts';
import { runTemporalEntityRules } from '../rules/temporal-entity/check-temporal-entity.ts';
import type { KindRecord } from '../records/submit-record.ts';
import { requestRecord } from './request-records.ts';
import {
  requestFromJson,
  requestFromService,
  type RequestSubject,
  type ServiceRequest,
} from './request-subject.ts';

export interface CheckRequestOptions {
  selection?: RuleSelection;
  now?: Date;
}

/** Run the per-request rules and the TemporalEntity rules on the request's body. */
export function runRequestRules(collector: DiagnosticCollector, request: RequestSubject, now?: Date): void {
  for (const rule of requestRules) collector.run(rule, request);
  const op = request.operation?.id;
  if (op === 'uploadModusResultV2') {
    const q = request.query.get('sampleDate');
    runSampleDateRules(collector, {
      value: q?.value,
      location: q?.location ?? { ...request.pathLocation, field: 'sampleDate' },
      ...(q?.valueRange ? { valueRange: q.valueRange } : {}),
      ...(now ? { now } : {}),
    });
  }
  if ((op === 'createEnrollment' || op === 'updateEnrollment' || op === 'createExperiment') && request.body) {
    const temporal = propertyOf(request.body, 'temporalEntity');
    if (temporal) runTemporalEntityRules(collector, temporal);
  }
}

function runBatchRules(collector: DiagnosticCollector, batch: readonly RequestSubject[]): void {
  for (const rule of batchRules) collector.run(rule, batch);
}

/** Check one request as a program has it (the sandbox and the client's preflight use this). */
export function checkServiceRequest(req: ServiceRequest, options: CheckRequestOptions = {}): Diagnostic[] {
  const collector = new DiagnosticCollector(options.selection);
  const built = requestFromService(req);
  if (!built.ok) {
    collector.report(jsonSyntax, {
      messageId: 'syntax',
      data: { detail: built.message },
      location: { path: ['body'], range: built.lines.range(built.offset, built.offset + 1) },
    });
    return collector.diagnostics;
  }
  runRequestRules(collector, built.request, options.now);
  return collector.diagnostics;
}

/** Does this JSON look like a request file (one request object, or an array of them)? */
export function isRequestDocument(root: JsonNode): boolean {
  const isRequest = (n: JsonNode | undefined): boolean =>
    n?.kind === 'object' &&
    n.properties.some((p) => p.key === 'method') &&
    n.properties.some((p) => p.key === 'path');
  if (root.kind === 'array') return root.items.length > 0 && root.items.every(isRequest);
  if (root.kind === 'object') {
    const requests = root.properties.find((p) => p.key === 'requests');
    if (requests?.value.kind === 'array') return true;
  }
  return isRequest(root);
}

/**
 * Check a request file: one request, an array of requests, or {"requests": [...]} (a prepared batch). With
 * `records`, each request's record is pushed there, with the indexes of its diagnostics in the collector.
 */
export function checkRequestDocument(
  root: JsonNode,
  lines: LineIndex,
  collector: DiagnosticCollector,
  now?: Date,
  records?: KindRecord[],
): RequestSubject[] {
  let items: JsonNode[];
  let basePath: (string | number)[] = [];
  if (root.kind === 'array') items = root.items;
  else {
    const requests = root.kind === 'object' ? root.properties.find((p) => p.key === 'requests') : undefined;
    if (requests && requests.value.kind === 'array') {
      items = requests.value.items;
      basePath = ['requests'];
    } else items = [root];
  }
  const single = root.kind === 'object' && basePath.length === 0;
  const batch = items.map((node, i) => requestFromJson(node, lines, single ? [] : [...basePath, i], i));
  const own: number[][] = [];
  for (const request of batch) {
    const first = collector.diagnostics.length;
    runRequestRules(collector, request, now);
    own.push(indexesFrom(first, collector.diagnostics.length));
  }
  const beforeBatchRules = collector.diagnostics.length;
  runBatchRules(collector, batch);
  if (records) {
    const found = batch.map((request, i) => ({ ...requestRecord(request), diagnostics: own[i] ?? [] }));
    // A rule across requests reports at the request it concerns: its index follows the base path.
    const list = collector.diagnostics;
    for (let i = beforeBatchRules; i < list.length; i++) {
      const at = single ? 0 : list[i]!.location.path?.[basePath.length];
      if (typeof at === 'number') found[at]?.diagnostics.push(i);
    }
    records.push(...found);
  }
  return batch;
}

function indexesFrom(first: number, end: number): number[] {
  const out: number[] = [];
  for (let i = first; i < end; i++) out.push(i);
  return out;
}
