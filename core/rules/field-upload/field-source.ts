import { describeKind } from '../../json/json-document.ts';
import { subjectLocation } from '../../json/json-location.ts';
import { propertyOf } from '../../json/json-subject-access.ts';
import { defineRule } from '../rule.ts';
import type { FieldItemSubject } from './field-upload-subject.ts';

export const fieldSource = defineRule<FieldItemSubject, 'notString'>({
  meta: {
    code: 'FU004',
    name: 'field-source-not-string',
    group: 'field-upload',
    severity: 'error',
    fixable: 'safe',
    messages: { notString: 'Field {row}: source must be a string, but this is {kind}' },
    docs: {
      what: 'Reports a source that is present but not a string.',
      why: 'source identifies where the boundary came from (for example the partner name) and is a string; other types are refused.',
      example: '"source": 7',
      useInstead: '"source": "Acme Agronomy"',
    },
  },
  check(item, context) {
    const prop = propertyOf(item, 'source');
    if (!prop || prop.node.kind === 'string') return;
    const node = prop.node;
    const asText =
      node.kind === 'number' ? node.raw : node.kind === 'boolean' ? String(node.value) : undefined;
    context.report({
      messageId: 'notString',
      data: { row: item.row, kind: describeKind(node) },
      location: subjectLocation(prop),
      hint: 'Name the origin of the boundary, e.g. your company name.',
      ...(asText !== undefined
        ? {
            fix: {
              safety: 'safe' as const,
              title: `Write source as text: "${asText}"`,
              edits: [{ start: node.start, end: node.end, text: JSON.stringify(asText) }],
            },
          }
        : {}),
    });
  },
});
