import { propertyOf, stringValue } from '../../json/json-subject-access.ts';
import type { RequestSubject } from '../../requests/request-subject.ts';
import { defineRule } from '../rule.ts';

/** The experimentEnrollmentId a request is about, lower-cased for comparison. */
function experimentEnrollmentIdOf(request: RequestSubject): string | undefined {
  if (request.operation?.id === 'findExperiments')
    return request.query.get('experimentEnrollmentId')?.value.toLowerCase();
  if (request.operation?.id === 'createExperiment' && request.body) {
    return stringValue(propertyOf(request.body, 'experimentEnrollmentId'))?.toLowerCase();
  }
  return undefined;
}

export const experimentFindBeforeCreate = defineRule<readonly RequestSubject[], 'noFind' | 'createdTwice'>({
  meta: {
    code: 'EN011',
    name: 'experiment-create-without-find',
    group: 'enrollment',
    decidedIn: 'core/rules/enrollment/experiment-find-before-create.ts',
    severity: 'error',
    messages: {
      noFind:
        'The batch creates an experiment for experimentEnrollmentId {id} without first finding experiments for it',
      createdTwice:
        'The batch creates a second experiment for experimentEnrollmentId {id} (the first is request {first})',
    },
    docs: {
      what: 'Checks a batch of requests: an experiment may be created only after a find (GET /v5/experiments?experimentEnrollmentId=…) for the same id came earlier in the batch, and at most once per id.',
      why: 'The service creates an experiment only when the find returns no results; creating blindly makes duplicates that enrollments by location then split between.',
      example: '[{"method": "POST", "path": "/v5/experiments", "body": {"experimentEnrollmentId": "…", …}}]',
      useInstead:
        '[{"method": "GET", "path": "/v5/experiments?experimentEnrollmentId=…"}, {"method": "POST", "path": "/v5/experiments", "body": {…}}]',
    },
  },
  check(batch, context) {
    const found = new Set<string>();
    const created = new Map<string, number>();
    for (const request of batch) {
      const id = experimentEnrollmentIdOf(request);
      if (!id) continue;
      if (request.operation?.id === 'findExperiments') {
        found.add(id);
        continue;
      }
      const first = created.get(id);
      if (first !== undefined) {
        context.report({
          messageId: 'createdTwice',
          data: { id, first: first + 1 },
          location: { ...request.location, row: request.index + 1 },
          related: [
            { message: 'first create', location: { ...(batch[first]?.location ?? {}), row: first + 1 } },
          ],
          hint: 'Remove the second create; enroll locations into the experiment the first one returns.',
        });
        continue;
      }
      created.set(id, request.index);
      if (!found.has(id)) {
        context.report({
          messageId: 'noFind',
          data: { id },
          location: { ...request.location, row: request.index + 1 },
          hint: `Put {"method": "GET", "path": "/v5/experiments?experimentEnrollmentId=${id}"} before it; create only when its results are empty.`,
        });
      }
    }
  },
});
