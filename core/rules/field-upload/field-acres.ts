import { atRecord, describeValueKind } from '../../records/field-record.ts';
import { defineRule } from '../rule.ts';
import { describeReading, readDecimal } from '../../values/decimal-number.ts';
import type { FieldItemSubject } from './field-upload-subject.ts';

export const fieldAcres = defineRule<FieldItemSubject, 'notNumber' | 'negative' | 'numericString'>({
  meta: {
    code: 'FU003',
    name: 'field-acres-invalid',
    group: 'field-upload',
    decidedIn: 'core/rules/field-upload/field-acres.ts',
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
  check(record, context) {
    const acres = record.acres;
    if (!acres) return;
    const location = atRecord(record, acres.location);
    if (acres.kind === 'number') {
      if (typeof acres.value === 'number' && acres.value < 0) {
        context.report({
          messageId: 'negative',
          data: { row: record.row, value: acres.raw ?? String(acres.value) },
          location,
          hint: 'Give the area in acres, or leave acres out.',
        });
      }
      return;
    }
    const text = acres.kind === 'string' ? String(acres.value ?? '') : '';
    // A JSON string has no convention of its own: a decimal point, unless the text says otherwise ("227,4"
    // cannot be thousands); thousands are separated only in groups of three.
    const read = acres.kind === 'string' ? readDecimal(text, '.') : undefined;
    if (read) {
      const { reading, alternative } = read;
      const number = String(reading.value);
      const plain = reading.grouping === undefined && reading.decimal !== ',';
      const title = plain
        ? `Write acres as a number: ${number}`
        : `Read "${text}" with ${describeReading(reading)}: ${number}${alternative ? ` (with ${describeReading(alternative)} it would be ${alternative.value})` : ''}`;
      context.report({
        messageId: 'numericString',
        data: { row: record.row, value: text },
        location,
        hint: `Write it without quotes: ${number}.`,
        // Without the value's place in the text there is nothing to edit, so no fix is offered.
        ...(acres.span
          ? {
              fix: {
                safety: plain ? ('safe' as const) : ('unsafe' as const),
                title,
                before: JSON.stringify(text),
                after: number,
                edits: [{ start: acres.span.start, end: acres.span.end, text: number }],
              },
            }
          : {}),
      });
      return;
    }
    context.report({
      messageId: 'notNumber',
      data: {
        row: record.row,
        kind: acres.kind === 'string' ? `the text "${text}"` : describeValueKind(acres.kind),
      },
      location,
      hint: 'Give the area in acres as a number, or leave acres out.',
    });
  },
});
