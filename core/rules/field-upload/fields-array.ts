import { describeKind } from '../../json/json-document.ts';
import { locationOf } from '../../json/json-location.ts';
import { defineRule } from '../rule.ts';
import type { FieldUploadSubject } from './field-upload-subject.ts';

export const fieldsArray = defineRule<
  FieldUploadSubject,
  'notObject' | 'missing' | 'notArray' | 'empty' | 'itemNotObject' | 'repeated'
>({
  meta: {
    code: 'FU001',
    name: 'fields-array',
    group: 'field-upload',
    decidedIn: 'core/rules/field-upload/fields-array.ts',
    severity: 'error',
    messages: {
      notObject: 'A field upload must be an object with a "fields" array, but this is {kind}',
      missing: 'The field upload has no "fields" array',
      notArray: '"fields" must be an array, but this is {kind}',
      empty: '"fields" is empty: nothing would be uploaded',
      itemNotObject: 'Field {row} must be an object, but this is {kind}',
      repeated:
        '"fields" is given again: the service reads only the last one, so the {count} {count:field|fields} of the one before would not be uploaded',
    },
    docs: {
      what: 'Reports an upload body that is not {"fields": [ … ]} with one object per field, and a "fields" given twice (the later one is what is read, and is checked as the upload).',
      why: 'POST /v2/fields takes FieldsWithBoundaryAndHierarchy: an object whose required "fields" holds the field objects.',
      example: '[{"clientName": "…", "farmName": "…", "name": "…", "boundary": "POLYGON(…)"}]',
      useInstead: '{"fields": [{"clientName": "…", "farmName": "…", "name": "…", "boundary": "POLYGON(…)"}]}',
    },
  },
  check(subject, context) {
    const { lines } = subject;
    switch (subject.part) {
      case 'root': {
        const node = subject.node;
        if (node.kind === 'object') return;
        context.report({
          messageId: 'notObject',
          data: { kind: describeKind(node) },
          location: locationOf(lines, node, []),
          hint: node.kind === 'array' ? 'Wrap the list: {"fields": [ … ]}.' : 'Send {"fields": [ … ]}.',
        });
        return;
      }
      case 'no-fields':
        context.report({
          messageId: 'missing',
          location: locationOf(lines, subject.root, []),
          hint: 'Put the field objects in "fields": [ … ].',
        });
        return;
      case 'fields': {
        const node = subject.node;
        if (node.kind !== 'array') {
          context.report({
            messageId: 'notArray',
            data: { kind: describeKind(node) },
            location: locationOf(lines, node, ['fields']),
          });
        } else if (subject.count === 0) {
          context.report({
            messageId: 'empty',
            severity: 'warning',
            location: locationOf(lines, node, ['fields']),
            hint: 'Add at least one field.',
          });
        }
        return;
      }
      case 'repeated':
        context.report({
          messageId: 'repeated',
          data: { count: subject.count },
          location: locationOf(lines, subject.key, ['fields']),
          hint: 'Keep one "fields" array holding every field.',
        });
        return;
      case 'item': {
        const { node, index } = subject;
        if (node.kind === 'object') return;
        context.report({
          messageId: 'itemNotObject',
          data: { row: index + 1, kind: describeKind(node) },
          location: locationOf(lines, node, ['fields', index], index + 1),
        });
      }
    }
  },
});
