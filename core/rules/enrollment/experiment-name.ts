import { describeKind } from '../../json/json-document.ts';
import { subjectLocation } from '../../json/json-location.ts';
import { propertyOf } from '../../json/json-subject-access.ts';
import type { RequestSubject } from '../../requests/request-subject.ts';
import { defineRule } from '../rule.ts';

export const experimentName = defineRule<RequestSubject, 'notString' | 'blank'>({
  meta: {
    code: 'EN009',
    name: 'experiment-name-blank',
    group: 'enrollment',
    decidedIn: 'core/rules/enrollment/experiment-name.ts',
    severity: 'error',
    messages: {
      notString: 'The experiment name must be a string, but this is {kind}',
      blank: 'The experiment name is blank',
    },
    docs: {
      what: 'Reports a create-experiment request whose name is not a string or is empty or only spaces.',
      why: 'An experiment without a name cannot be told apart from others in the partner portal or by the grower.',
      example: '"name": "  "',
      useInstead: '"name": "Nitrogen rate trial 2025"',
    },
  },
  check(request, context) {
    if (request.operation?.id !== 'createExperiment' || !request.body) return;
    const prop = propertyOf(request.body, 'name');
    if (!prop) return;
    if (prop.node.kind !== 'string') {
      context.report({
        messageId: 'notString',
        data: { kind: describeKind(prop.node) },
        location: subjectLocation(prop),
        hint: 'Give the name in double quotes.',
      });
    } else if (prop.node.value.trim() === '') {
      context.report({
        messageId: 'blank',
        location: subjectLocation(prop),
        hint: 'Name the experiment as growers and agronomists will know it.',
      });
    }
  },
});
