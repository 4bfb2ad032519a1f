import { subjectLocation } from '../../json/json-location.ts';
import { propertyOf, stringValue } from '../../json/json-subject-access.ts';
import { defineRule } from '../rule.ts';
import type { FieldUploadSubject } from './field-upload-subject.ts';

export const duplicateField = defineRule<FieldUploadSubject, 'duplicate'>({
  meta: {
    code: 'FU005',
    name: 'duplicate-field',
    group: 'field-upload',
    severity: 'error',
    messages: {
      duplicate:
        'Field {row} repeats client "{clientName}", farm "{farmName}", field "{name}" of field {firstRow}{caseNote}',
    },
    docs: {
      what: 'Reports two fields of one upload with the same clientName, farmName and name (ignoring case and surrounding spaces), with both rows.',
      why: 'The hierarchy identifies a field; two boundaries for one field make the import ambiguous: one overwrites the other, or the grower sees two fields with one name.',
      example:
        '{"fields": [{"clientName": "Smith", "farmName": "Home", "name": "North 40", …}, {"clientName": "Smith", "farmName": "Home", "name": "north 40 ", …}]}',
      useInstead: 'One entry per field; rename the second if it is a different field ("North 40 East").',
    },
  },
  check(subject, context) {
    const fields = propertyOf(subject, 'fields');
    if (!fields || fields.node.kind !== 'array') return;
    const items = fields.node.items;
    const seen = new Map<string, { row: number; raw: string }>();
    items.forEach((node, i) => {
      const item = { node, path: ['fields', i], lines: subject.lines, row: i + 1 };
      const parts = ['clientName', 'farmName', 'name'].map((k) => stringValue(propertyOf(item, k)));
      if (parts.some((p) => p === undefined || p.trim() === '')) return;
      const raw = parts.join('\u0000');
      const key = parts.map((p) => (p ?? '').trim().toLowerCase()).join('\u0000');
      const first = seen.get(key);
      if (!first) {
        seen.set(key, { row: i + 1, raw });
        return;
      }
      const [clientName, farmName, name] = parts as [string, string, string];
      context.report({
        messageId: 'duplicate',
        data: {
          row: i + 1,
          clientName,
          farmName,
          name,
          firstRow: first.row,
          caseNote: first.raw === raw ? '' : ' (differing only in case or spaces)',
        },
        location: { ...subjectLocation(item), row: i + 1 },
        related: [
          {
            message: `first occurrence, field ${first.row}`,
            location: {
              ...subjectLocation({
                node: items[first.row - 1] ?? node,
                path: ['fields', first.row - 1],
                lines: subject.lines,
              }),
              row: first.row,
            },
          },
        ],
        hint: 'Remove one of them, or rename it if it is a different field.',
      });
    });
  },
});
