import { atRecord } from '../../records/field-record.ts';
import { defineRule } from '../rule.ts';
import { FIELD_PROPERTIES } from './field-upload-known.ts';
import type { FieldItemSubject } from './field-upload-subject.ts';

export const fieldUnknownProperty = defineRule<FieldItemSubject, 'unknown'>({
  meta: {
    code: 'FU006',
    name: 'field-unknown-property',
    group: 'field-upload',
    decidedIn: 'core/rules/field-upload/field-unknown-property.ts',
    severity: 'warning',
    messages: { unknown: 'Field {row} has an unknown property "{property}"{suggestion}' },
    docs: {
      what: 'Warns about field properties other than clientName, farmName, name, boundary, acres and source.',
      why: 'The service ignores them: a misspelt "Acres" or "farm_name" silently loses its value.',
      example: '{"client": "Smith", …}',
      useInstead: '{"clientName": "Smith", …}',
    },
  },
  check(record, context) {
    const squash = (s: string): string => s.replace(/[\s_-]/g, '').toLowerCase();
    for (const { name, location } of record.unknown ?? []) {
      const near = FIELD_PROPERTIES.find(
        (f) => squash(f) === squash(name) || squash(f) === squash(name) + 'name',
      );
      context.report({
        messageId: 'unknown',
        data: { row: record.row, property: name, suggestion: near ? ` (did you mean "${near}"?)` : '' },
        location: atRecord(record, location),
        hint: near ? `Rename it to "${near}".` : 'Remove it; the service does not read it.',
      });
    }
  },
});
