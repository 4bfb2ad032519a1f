import { atRecord, recordString, type FieldRecord } from '../../records/field-record.ts';
import { defineRule, type RuleContext } from '../rule.ts';
import type { FieldRecordsSubject } from './field-upload-subject.ts';

type DuplicateMessage = 'duplicate';

/**
 * Remembers the hierarchy of each field seen so far, so duplicates can be found while records stream in
 * (a CSV read row by row) as well as over a whole upload: one key per distinct field, nothing per duplicate.
 */
export class DuplicateFieldTracker {
  private readonly seen = new Map<string, { row: number; raw: string; location: FieldRecord['location'] }>();

  constructor(private readonly context: RuleContext<DuplicateMessage>) {}

  add(record: FieldRecord): void {
    const parts = [
      recordString(record, 'clientName'),
      recordString(record, 'farmName'),
      recordString(record, 'name'),
    ];
    if (parts.some((p) => p === undefined || p.trim() === '')) return;
    const raw = parts.join('\u0000');
    const key = parts.map((p) => (p ?? '').trim().toLowerCase()).join('\u0000');
    const first = this.seen.get(key);
    if (!first) {
      this.seen.set(key, { row: record.row, raw, location: atRecord(record, record.location) });
      return;
    }
    const [clientName, farmName, name] = parts as [string, string, string];
    this.context.report({
      messageId: 'duplicate',
      data: {
        row: record.row,
        clientName,
        farmName,
        name,
        firstRow: first.row,
        caseNote: first.raw === raw ? '' : ' (differing only in case or spaces)',
      },
      location: atRecord(record, record.location),
      related: [{ message: `first occurrence, field ${first.row}`, location: first.location }],
      hint: 'Remove one of them, or rename it if it is a different field.',
    });
  }
}

export const duplicateField = defineRule<FieldRecordsSubject, DuplicateMessage>({
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
  check(records, context) {
    const tracker = new DuplicateFieldTracker(context);
    for (const record of records) tracker.add(record);
  },
});
