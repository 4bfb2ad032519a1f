import { atRecord, describeValueKind } from '../../records/field-record.ts';
import { defineRule } from '../rule.ts';
import type { FieldItemSubject } from './field-upload-subject.ts';

export const fieldSource = defineRule<FieldItemSubject, 'notString'>({
  meta: {
    code: 'FU004',
    name: 'field-source-not-string',
    group: 'field-upload',
    decidedIn: 'core/rules/field-upload/field-source.ts',
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
  check(record, context) {
    const source = record.source;
    if (!source || source.kind === 'string') return;
    const asText =
      source.kind === 'number'
        ? (source.raw ?? String(source.value))
        : source.kind === 'boolean'
          ? String(source.value)
          : undefined;
    context.report({
      messageId: 'notString',
      data: { row: record.row, kind: describeValueKind(source.kind) },
      location: atRecord(record, source.location),
      hint: 'Name the origin of the boundary, e.g. your company name.',
      // Without the value's place in the text there is nothing to edit, so no fix is offered.
      ...(asText !== undefined && source.span
        ? {
            fix: {
              safety: 'safe' as const,
              title: `Write source as text: "${asText}"`,
              before: asText,
              after: JSON.stringify(asText),
              edits: [{ start: source.span.start, end: source.span.end, text: JSON.stringify(asText) }],
            },
          }
        : {}),
    });
  },
});
