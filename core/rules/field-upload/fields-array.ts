import { describeKind } from '../../json/json-document.ts';
import { subjectLocation } from '../../json/json-location.ts';
import { propertyOf } from '../../json/json-subject-access.ts';
import { defineRule } from '../rule.ts';
import type { FieldUploadSubject } from './field-upload-subject.ts';

export const fieldsArray = defineRule<
  FieldUploadSubject,
  'notObject' | 'missing' | 'notArray' | 'empty' | 'itemNotObject'
>({
  meta: {
    code: 'FU001',
    name: 'fields-array',
    group: 'field-upload',
    severity: 'error',
    messages: {
      notObject: 'A field upload must be an object with a "fields" array, but this is {kind}',
      missing: 'The field upload has no "fields" array',
      notArray: '"fields" must be an array, but this is {kind}',
      empty: '"fields" is empty: nothing would be uploaded',
      itemNotObject: 'Field {row} must be an object, but this is {kind}',
    },
    docs: {
      what: 'Reports an upload body that is not {"fields": [ … ]} with one object per field.',
      why: 'POST /v2/fields takes FieldsWithBoundaryAndHierarchy: an object whose required "fields" holds the field objects.',
      example: '[{"clientName": "…", "farmName": "…", "name": "…", "boundary": "POLYGON(…)"}]',
      useInstead: '{"fields": [{"clientName": "…", "farmName": "…", "name": "…", "boundary": "POLYGON(…)"}]}',
    },
  },
  check(subject, context) {
    const node = subject.node;
    if (node.kind !== 'object') {
      context.report({
        messageId: 'notObject',
        data: { kind: describeKind(node) },
        location: subjectLocation(subject),
        hint: node.kind === 'array' ? 'Wrap the list: {"fields": [ … ]}.' : 'Send {"fields": [ … ]}.',
      });
      return;
    }
    const fields = propertyOf(subject, 'fields');
    if (!fields) {
      context.report({
        messageId: 'missing',
        location: subjectLocation(subject),
        hint: 'Put the field objects in "fields": [ … ].',
      });
      return;
    }
    if (fields.node.kind !== 'array') {
      context.report({
        messageId: 'notArray',
        data: { kind: describeKind(fields.node) },
        location: subjectLocation(fields),
      });
      return;
    }
    if (fields.node.items.length === 0) {
      context.report({
        messageId: 'empty',
        severity: 'warning',
        location: subjectLocation(fields),
        hint: 'Add at least one field.',
      });
    }
    fields.node.items.forEach((item, i) => {
      if (item.kind === 'object') return;
      context.report({
        messageId: 'itemNotObject',
        data: { row: i + 1, kind: describeKind(item) },
        location: {
          ...subjectLocation({ node: item, path: ['fields', i], lines: subject.lines }),
          row: i + 1,
        },
      });
    });
  },
});
