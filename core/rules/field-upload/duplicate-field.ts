import type { Location } from '../../diagnostics/diagnostic.ts';
import { atRecord, recordString, type FieldRecord } from '../../records/field-record.ts';
import { defineRule, type RuleContext } from '../rule.ts';
import type { FieldRecordsSubject } from './field-upload-subject.ts';

type DuplicateMessage = 'duplicate';

/** Numbers kept per distinct field: row, feature, then offset, line, column of the range's start and end. */
const SLOT = 8;

/**
 * Remembers the hierarchy of each field seen so far, so duplicates can be found while records stream in
 * (a CSV read row by row, a JSON upload item by item) as well as over a whole upload: per distinct field a
 * key, a hash of its spelling and its location packed into numbers (an upload of 10^6 fields keeps about
 * 100 bytes each, not the 700 its objects would take); nothing per duplicate.
 */
export class DuplicateFieldTracker {
  /** Key → slot of the first record with it. */
  private readonly seen = new Map<string, number>();
  /** Per slot: SLOT numbers (see above), and the hash of the first spelling. */
  private packed = new Float64Array(SLOT * 1024);
  private spellings = new Float64Array(1024);
  /** Locations of a shape that does not pack (not a JSON item's), by slot. */
  private readonly unpacked = new Map<number, Location>();

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
    const slot = this.seen.get(key);
    if (slot === undefined) {
      this.remember(key, raw, record.row, atRecord(record, record.location));
      return;
    }
    const [clientName, farmName, name] = parts as [string, string, string];
    const first = this.firstLocation(slot);
    const firstRow = this.packed[slot * SLOT] as number;
    this.context.report({
      messageId: 'duplicate',
      data: {
        row: record.row,
        clientName,
        farmName,
        name,
        firstRow,
        caseNote: this.spellings[slot] === spellingHash(raw) ? '' : ' (differing only in case or spaces)',
      },
      location: atRecord(record, record.location),
      related: [{ message: `first occurrence, field ${firstRow}`, location: first }],
      hint: 'Remove one of them, or rename it if it is a different field.',
    });
  }

  private remember(key: string, raw: string, row: number, location: Location): void {
    const slot = this.seen.size;
    this.seen.set(key, slot);
    if ((slot + 1) * SLOT > this.packed.length) {
      const packed = new Float64Array(this.packed.length * 2);
      packed.set(this.packed);
      this.packed = packed;
      const spellings = new Float64Array(this.spellings.length * 2);
      spellings.set(this.spellings);
      this.spellings = spellings;
    }
    this.spellings[slot] = spellingHash(raw);
    const at = slot * SLOT;
    this.packed[at] = row;
    if (!isJsonItemLocation(location, row)) {
      this.unpacked.set(slot, location);
      return;
    }
    const { start, end } = location.range;
    this.packed.set(
      [location.feature, start.offset, start.line, start.column, end.offset, end.line, end.column],
      at + 1,
    );
  }

  private firstLocation(slot: number): Location {
    const unpacked = this.unpacked.get(slot);
    if (unpacked) return unpacked;
    const n = this.packed.subarray(slot * SLOT, slot * SLOT + SLOT);
    const row = n[0] as number;
    // The key order of a JSON item's location (field-records.ts), so reports read the same.
    return {
      range: {
        start: { offset: n[2] as number, line: n[3] as number, column: n[4] as number },
        end: { offset: n[5] as number, line: n[6] as number, column: n[7] as number },
      },
      path: ['fields', row - 1],
      row,
      feature: n[1] as number,
    };
  }
}

/** A JSON upload item's location: {range, path: ["fields", row - 1], row, feature}, in that order, row the record's. */
function isJsonItemLocation(
  location: Location,
  recordRow: number,
): location is Location & { range: NonNullable<Location['range']>; row: number; feature: number } {
  const { range, path, row, feature } = location;
  if (
    range === undefined ||
    row !== recordRow ||
    feature === undefined ||
    path?.length !== 2 ||
    path[0] !== 'fields' ||
    path[1] !== row - 1
  )
    return false;
  // Nothing else, in the order firstLocation rebuilds (counted without allocating: this runs per field).
  let k = 0;
  for (const key in location) if (key !== ITEM_LOCATION_KEYS[k++]) return false;
  return k === ITEM_LOCATION_KEYS.length && isPosition(range.start) && isPosition(range.end);
}

const ITEM_LOCATION_KEYS = ['range', 'path', 'row', 'feature'];

function isPosition(p: object): boolean {
  let k = 0;
  for (const key in p) if (key !== POSITION_KEYS[k++]) return false;
  return k === POSITION_KEYS.length;
}

const POSITION_KEYS = ['offset', 'line', 'column'];

/**
 * Two 26-bit FNV-1a style hashes of a spelling in one number: whether a duplicate is spelt like the first
 * (for the message) without keeping the first's text.
 */
function spellingHash(text: string): number {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 15);
  }
  return (a >>> 6) * 67108864 + (b >>> 6);
}

export const duplicateField = defineRule<FieldRecordsSubject, DuplicateMessage>({
  meta: {
    code: 'FU005',
    name: 'duplicate-field',
    group: 'field-upload',
    decidedIn: 'core/rules/field-upload/duplicate-field.ts',
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
