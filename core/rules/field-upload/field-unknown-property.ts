import { locationOf } from '../../json/json-location.ts';
import { defineRule } from '../rule.ts';
import { FIELD_PROPERTIES } from './field-upload-known.ts';
import type { FieldItemSubject } from './field-upload-subject.ts';

export const fieldUnknownProperty = defineRule<FieldItemSubject, 'unknown'>({
  meta: {
    code: 'FU006',
    name: 'field-unknown-property',
    group: 'field-upload',
    severity: 'warning',
    messages: { unknown: 'Field {row} has an unknown property "{property}"{suggestion}' },
    docs: {
      what: 'Warns about field properties other than clientName, farmName, name, boundary, acres and source.',
      why: 'The service ignores them: a misspelt "Acres" or "farm_name" silently loses its value.',
      example: '{"client": "Smith", …}',
      useInstead: '{"clientName": "Smith", …}',
    },
  },
  check(item, context) {
    if (item.node.kind !== 'object') return;
    const squash = (s: string): string => s.replace(/[\s_-]/g, '').toLowerCase();
    for (const p of item.node.properties) {
      if ((FIELD_PROPERTIES as readonly string[]).includes(p.key)) continue;
      const near = FIELD_PROPERTIES.find(
        (f) => squash(f) === squash(p.key) || squash(f) === squash(p.key) + 'name',
      );
      context.report({
        messageId: 'unknown',
        data: { row: item.row, property: p.key, suggestion: near ? ` (did you mean "${near}"?)` : '' },
        location: locationOf(
          item.lines,
          { start: p.keyStart, end: p.keyEnd },
          [...item.path, p.key],
          item.row,
        ),
        hint: near ? `Rename it to "${near}".` : 'Remove it; the service does not read it.',
      });
    }
  },
});
