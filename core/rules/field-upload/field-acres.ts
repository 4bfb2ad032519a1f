import { describeKind } from '../../json/json-document.ts';
import { subjectLocation } from '../../json/json-location.ts';
import { propertyOf } from '../../json/json-subject-access.ts';
import { defineRule } from '../rule.ts';
import type { FieldItemSubject } from './field-upload-subject.ts';

export const fieldAcres = defineRule<FieldItemSubject, 'notNumber' | 'negative' | 'numericString'>({
  meta: {
    code: 'FU003',
    name: 'field-acres-invalid',
    group: 'field-upload',
    severity: 'error',
    fixable: 'safe',
    messages: {
      notNumber: 'Field {row}: acres must be a number, but this is {kind}',
      numericString: 'Field {row}: acres "{value}" is a string; it must be a number',
      negative: 'Field {row}: acres {value} is negative',
    },
    docs: {
      what: 'Reports acres that is present but not a finite, non-negative number.',
      why: 'acres is a double; a string or a negative value is refused, and the whole upload with it.',
      example: '"acres": "80.5"',
      useInstead: '"acres": 80.5',
    },
  },
  check(item, context) {
    const prop = propertyOf(item, 'acres');
    if (!prop) return;
    const node = prop.node;
    if (node.kind === 'number') {
      if (node.value < 0) {
        context.report({
          messageId: 'negative',
          data: { row: item.row, value: node.raw },
          location: subjectLocation(prop),
          hint: 'Give the area in acres, or leave acres out.',
        });
      }
      return;
    }
    const cleaned = node.kind === 'string' ? node.value.trim().replace(/,/g, '') : '';
    if (node.kind === 'string' && /^\d+(\.\d+)?$/.test(cleaned)) {
      context.report({
        messageId: 'numericString',
        data: { row: item.row, value: node.value },
        location: subjectLocation(prop),
        hint: `Write it without quotes: ${Number(cleaned)}.`,
        fix: {
          safety: node.value.includes(',') ? 'unsafe' : 'safe',
          title: node.value.includes(',')
            ? `Read "${node.value}" with "," as a thousands separator: ${Number(cleaned)}`
            : `Write acres as a number: ${Number(cleaned)}`,
          before: JSON.stringify(node.value),
          after: String(Number(cleaned)),
          edits: [{ start: node.start, end: node.end, text: String(Number(cleaned)) }],
        },
      });
      return;
    }
    context.report({
      messageId: 'notNumber',
      data: { row: item.row, kind: node.kind === 'string' ? `the text "${node.value}"` : describeKind(node) },
      location: subjectLocation(prop),
      hint: 'Give the area in acres as a number, or leave acres out.',
    });
  },
});
