import { describeKind } from '../../json/json-document.ts';
import { subjectLocation } from '../../json/json-location.ts';
import type { RequestSubject } from '../../requests/request-subject.ts';
import { defineRule } from '../rule.ts';
import { expectedBodyFields, operationLabel } from './body-expectations.ts';

export const requiredBodyField = defineRule<RequestSubject, 'noBody' | 'notObject' | 'missing'>({
  meta: {
    code: 'EN003',
    name: 'required-body-field',
    group: 'enrollment',
    decidedIn: 'core/rules/enrollment/required-body-field.ts',
    severity: 'error',
    messages: {
      noBody: '{operation} needs a JSON body with {fields}',
      notObject: 'The body of {operation} must be a JSON object, but this is {kind}',
      missing: '{operation} needs {field} in the body',
    },
    docs: {
      what: 'Reports a create request without a body field it needs: experimentProtocolId and temporalEntity (by program); experimentId, experimentLocationStatus, locationId and temporalEntity (by location); experimentEnrollmentId, name and temporalEntity (experiment).',
      why: 'The service refuses an incomplete body; each missing field is a round trip to find out.',
      example:
        '{"method": "POST", "path": "/v5/enrollments", "headers": {"x-enrollment-type": "program"}, "body": {"experimentProtocolId": "…"}}',
      useInstead:
        '… "body": {"experimentProtocolId": "…", "temporalEntity": {"dimensionality": "INDIVIDUAL", "id": "…", "temporalPeriodTypeName": "GrowingSeason"}}',
    },
  },
  check(request, context) {
    const fields = expectedBodyFields(request);
    if (!fields) return;
    const operation = operationLabel(request);
    if (!request.body) {
      context.report({
        messageId: 'noBody',
        data: { operation, fields: fields.join(', ') },
        location: request.location,
        hint: 'Add "body": {…} to the request.',
      });
      return;
    }
    const node = request.body.node;
    if (node.kind !== 'object') {
      context.report({
        messageId: 'notObject',
        data: { operation, kind: describeKind(node) },
        location: subjectLocation(request.body),
      });
      return;
    }
    // Updates send only what changes (spec rules 4 and 5): EN007 checks them.
    if (request.operation?.id === 'updateEnrollment') return;
    for (const field of fields) {
      if (node.properties.some((p) => p.key === field)) continue;
      context.report({
        messageId: 'missing',
        data: { operation, field },
        location: { ...subjectLocation(request.body), field },
        hint:
          field === 'experimentLocationStatus'
            ? 'Add "experimentLocationStatus": "NOMINATED" (the value the service documents).'
            : field === 'temporalEntity'
              ? 'Add the growing season: {"dimensionality": "INDIVIDUAL", "id": "…", "temporalPeriodTypeName": "GrowingSeason"}.'
              : `Add "${field}".`,
      });
    }
  },
});
