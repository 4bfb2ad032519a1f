/**
 * Checks across the rows of a batch, in bounded memory: repeated rows (by a 53-bit hash of their values),
 * one location enrolled twice in one experiment for one temporal entity, changes of one enrollment in two
 * rows, and overlapping fields of one farm (the geometry of at most FARM_BUDGET fields is kept; the farm
 * seen least recently is checked and let go first, and a note says so when such a farm comes back). What
 * they find goes to the rules of the checks across rows as stage results (csv-stages.ts CrossRowStage),
 * which decide in csv-rules.ts what is a problem. Repeated field names under one client and farm are
 * FU005 (duplicate-field), the rule JSON uploads run, reported here from hashes.
 */

import type { Location, TextRange } from '../diagnostics/diagnostic.ts';
import type { FeatureVerdict } from '../records/field-features.ts';
import type { FieldRecord } from '../records/field-record.ts';
import { atRecord, recordString } from '../records/field-record.ts';
import { crowdedZones, findZoneOverlaps } from '../rx/zone-overlaps.ts';
import { duplicateField } from '../rules/field-upload/duplicate-field.ts';
import type { DiagnosticCollector } from '../rules/reporter.ts';
import type { BatchKindId } from './batch-kinds.ts';
import type { ColumnMap } from './csv-mapping.ts';
import { RowHashTable } from './hash-table.ts';
import type { CsvCell, CsvRow } from './csv-reader.ts';
import { cellRange, rowRange } from './csv-ranges.ts';
import { csvCrossRowRulesInReportOrder } from './csv-rules.ts';
import type { CrossRowStage, OverlappingField } from './csv-stages.ts';

/**
 * Overlaps of one field with fields of earlier rows that are looked for: a thousand rows of one pasted
 * boundary were half a million findings and 18 s; now one finding per pair up to this, then a note.
 */
export const OVERLAPS_PER_FIELD = 5;

/** Fields whose geometry is kept for the overlap check. */
export const FARM_BUDGET = 5000;

/** A 53-bit hash (two FNV-1a variants): a number key keeps the map of seen rows small. */
function hash53(text: string): number {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 15);
  }
  return (a >>> 0) * 0x200000 + (b & 0x1fffff);
}

const encoder = new TextEncoder();

/** The buffer a long cell is encoded into to be hashed (one per batch's checks, grown to the longest cell). */
class CellBytes {
  bytes = new Uint8Array(0);
  /** The same bytes, four at a time. */
  words = new Int32Array(0);
}

/**
 * The 53-bit hash of a row's mapped cells (`every`: of all its cells), each trimmed and lower-cased (as the
 * duplicate-row check compares them). A long cell (a WKT boundary) is encoded into `buffer` and hashed four
 * bytes at a time with ASCII letters folded (no lowered copy). Undefined when every such cell is empty.
 */
function hashRowCells(row: CsvRow, map: ColumnMap, buffer: CellBytes, every: boolean): number | undefined {
  let a = 0x811c9dc5;
  let b = 0x5bd1e995;
  let length = 0;
  const cells = every ? Math.max(row.cells.length, map.byIndex.length) : map.byIndex.length;
  for (let i = 0; i < cells; i++) {
    if (every || map.byIndex[i] !== undefined) {
      const raw = row.cells[i]?.value ?? '';
      if (raw.length > 256) {
        // Four bytes at a time; OR-ing 0x20 into every byte folds ASCII letters (digits, spaces and WKT
        // punctuation have that bit already).
        const v = raw.trim();
        if (buffer.bytes.length < v.length * 3) {
          buffer.bytes = new Uint8Array(v.length * 3 + 1024);
          buffer.words = new Int32Array(buffer.bytes.buffer, 0, buffer.bytes.length >> 2);
        }
        const { bytes, words } = buffer;
        const n = encoder.encodeInto(v, bytes).written;
        const whole = n >> 2;
        for (let k = 0; k < whole; k++) {
          const w = (words[k] as number) | 0x20202020;
          a = Math.imul(a ^ w, 0x01000193);
          b = Math.imul(b ^ w, 0x5bd1e995);
        }
        for (let k = whole << 2; k < n; k++) {
          const c = (bytes[k] as number) | 0x20;
          a = Math.imul(a ^ c, 0x01000193);
          b = Math.imul(b ^ c, 0x5bd1e995);
        }
        length += n;
      } else {
        const v = raw.trim().toLowerCase();
        for (let k = 0; k < v.length; k++) {
          const c = v.charCodeAt(k);
          a = Math.imul(a ^ c, 0x01000193);
          b = Math.imul(b ^ c, 0x5bd1e995);
        }
        length += v.length;
      }
    }
    a = Math.imul(a ^ 0x1f, 0x01000193);
    b = Math.imul(b ^ 0x1f, 0x5bd1e995) ^ (b >>> 13);
  }
  if (length === 0) return undefined;
  return (a >>> 0) * 0x200000 + ((b ^ (b >>> 15)) & 0x1fffff);
}

interface KeptField {
  row: number;
  /** Its feature in the report's `features` (for maps), when the record has one. */
  feature: number | undefined;
  name: string;
  polygons: Float64Array[][];
  /** Where the boundary is written (its cell), for the diagnostic's range. */
  range: TextRange | undefined;
}

/**
 * What hands a result of the checks across rows to each of their rules (csv-rules.ts), each rule's context
 * made once.
 */
function crossRowVisitor(collector: DiagnosticCollector): (stage: CrossRowStage) => void {
  const visitors = csvCrossRowRulesInReportOrder.map((rule) => ({
    rule,
    context: collector.contextFor(rule),
  }));
  return (stage) => {
    for (const { rule, context } of visitors) rule.check?.(stage, context);
  };
}

/** [minX, minY, maxX, maxY] of the shells. */
function fieldBox(polygons: Float64Array[][]): [number, number, number, number] {
  const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const rings of polygons) {
    const shell = rings[0];
    if (!shell) continue;
    for (let i = 0; i + 1 < shell.length; i += 2) {
      const x = shell[i] as number;
      const y = shell[i + 1] as number;
      if (x < box[0]) box[0] = x;
      if (x > box[2]) box[2] = x;
      if (y < box[1]) box[1] = y;
      if (y > box[3]) box[3] = y;
    }
  }
  return box;
}

type CellOf = (column: string) => CsvCell | undefined;

export class CrossRowChecks {
  private readonly rows = new RowHashTable();
  /**
   * FU005 by hashes: normalised hierarchy → first row, the low bits of the hierarchy as written, and the
   * first row's feature.
   */
  private readonly fields = new RowHashTable();
  /** The first row of each enrollment, with its cell's place (for "see …"). */
  private readonly enrolled = new Map<string, { row: number; range?: TextRange }>();
  private readonly changes = new Map<
    string,
    { row: number; action: string; signature: string; range?: TextRange }
  >();
  private readonly farms = new Map<string, KeptField[]>();
  private kept = 0;
  /** Farms whose geometry was let go (checked), by hash of their key. */
  private readonly released = new RowHashTable();
  /** The first row whose farm came back after its fields were let go: where the CSV010 note points. */
  private limited: Location | undefined;
  private readonly cellBytes = new CellBytes();
  private readonly visit: (stage: CrossRowStage) => void;

  constructor(
    private readonly kind: BatchKindId,
    private readonly collector: DiagnosticCollector,
  ) {
    this.visit = crossRowVisitor(collector);
  }

  duplicateRow(row: CsvRow, n: number, map: ColumnMap): void {
    // Rows alike in what is sent are sent twice. With a required column not mapped yet, what is sent is
    // not known (the column may be one of the others): every cell then tells rows apart, not only the
    // mapped ones (two fields of one farm are not one row repeated).
    const key = hashRowCells(row, map, this.cellBytes, map.missing.length > 0);
    if (key === undefined) return;
    const found = this.rows.get(key);
    if (found === undefined) {
      this.rows.add(key, n);
      return;
    }
    this.visit({ stage: 'repeatedRow', row: n, firstRow: found.row, range: rowRange(row) });
  }

  enrollment(row: CsvRow, n: number, cell: CellOf): void {
    const v = (c: string): string => (cell(c)?.value ?? '').trim().toLowerCase();
    const temporal = ['dimensionality', 'temporalEntityId', 'startId', 'endId'].map(v).join('/');
    const rangeAt = (c: string): TextRange => {
      const found = cell(c);
      return found ? cellRange(row, found) : rowRange(row);
    };
    const at = (c: string): Location => ({ row: n, field: c, range: rangeAt(c) });
    const seen = (first: { row: number; range?: TextRange }, c: string): Location => ({
      row: first.row,
      field: c,
      ...(first.range ? { range: first.range } : {}),
    });
    if (this.kind === 'csv-enrollments-by-location') {
      if (v('locationId') === '' || v('experimentEnrollmentId') === '') return;
      const key = [v('experimentEnrollmentId'), v('locationId'), temporal].join('\u0000');
      const first = this.enrolled.get(key);
      if (first === undefined) this.enrolled.set(key, { row: n, range: rangeAt('locationId') });
      else
        this.visit({
          stage: 'enrolledAgain',
          row: n,
          locationId: cell('locationId')?.value.trim() ?? '',
          experiment: cell('experimentEnrollmentId')?.value.trim() ?? '',
          location: at('locationId'),
          firstRow: first.row,
          first: seen(first, 'locationId'),
        });
    } else if (this.kind === 'csv-enrollments-by-program') {
      if (v('experimentProtocolId') === '') return;
      const key = [v('experimentProtocolId'), temporal].join('\u0000');
      const first = this.enrolled.get(key);
      if (first === undefined) this.enrolled.set(key, { row: n });
      // The same program and season twice is a repeated row when every cell matches; else it is CSV008's.
    } else if (this.kind === 'csv-enrollment-changes') {
      const id = v('enrollmentId');
      if (id === '') return;
      const action = v('action');
      const signature = [
        'experimentProtocolId',
        'experimentId',
        'locationId',
        'experimentLocationStatus',
        'dimensionality',
        'temporalEntityId',
        'startId',
        'endId',
        'temporalPeriodTypeName',
      ]
        .map(v)
        .join('/');
      const first = this.changes.get(id);
      if (!first) {
        this.changes.set(id, { row: n, action, signature, range: rangeAt('enrollmentId') });
        return;
      }
      this.visit({
        stage: 'changedAgain',
        row: n,
        enrollmentId: cell('enrollmentId')?.value.trim() ?? id,
        action,
        firstAction: first.action,
        sameValues: first.signature === signature,
        location: at('enrollmentId'),
        firstRow: first.row,
        first: seen(first, 'enrollmentId'),
      });
    }
  }

  /**
   * FU005 duplicate-field, as DuplicateFieldTracker reports it for uploads (same rule, messages and data),
   * remembering two 53-bit hashes per field instead of its names, so a batch of millions of rows keeps
   * memory flat. The first occurrence is pointed at by its row.
   */
  duplicateField(record: FieldRecord, n: number): void {
    const parts = [
      recordString(record, 'clientName'),
      recordString(record, 'farmName'),
      recordString(record, 'name'),
    ];
    if (parts.some((p) => p === undefined || p.trim() === '')) return;
    const [clientName, farmName, name] = parts as [string, string, string];
    const raw = hash53(parts.join('\u0000'));
    const key = hash53(parts.map((p) => (p ?? '').trim().toLowerCase()).join('\u0000'));
    const first = this.fields.get(key);
    if (!first) {
      this.fields.add(key, n, raw | 0, record.feature);
      return;
    }
    // Each place with its feature too, as the geometry rules name theirs: a map finds both fields by it.
    const firstFeature = record.feature !== undefined ? first.extra : undefined;
    this.collector.report(duplicateField, {
      messageId: 'duplicate',
      data: {
        row: n,
        clientName,
        farmName,
        name,
        firstRow: first.row,
        caseNote: first.payload === (raw | 0) ? '' : ' (differing only in case or spaces)',
      },
      location: atRecord(record, record.location),
      related: [
        {
          message: 'the first occurrence',
          location: { row: first.row, ...(firstFeature !== undefined ? { feature: firstFeature } : {}) },
        },
      ],
      hint: 'Remove one of them, or rename it if it is a different field.',
    });
  }

  /** `boundaryRange`: the boundary's cell in the whole text (the record's values hold row-local ranges). */
  field(
    record: FieldRecord,
    n: number,
    boundary: Pick<FeatureVerdict, 'valid' | 'geometry'> | undefined,
    boundaryRange?: TextRange,
  ): void {
    const polygons = boundary?.valid ? boundary.geometry?.polygons : undefined;
    if (!polygons) return;
    const client = recordString(record, 'clientName')?.trim().toLowerCase() ?? '';
    const farm = recordString(record, 'farmName')?.trim().toLowerCase() ?? '';
    const key = `${client}\u0000${farm}`;
    let list = this.farms.get(key);
    if (list) {
      // Most recently used last: the farm let go first is the one not seen for longest.
      this.farms.delete(key);
    } else {
      list = [];
      // A farm let go earlier comes back: its new fields are not compared with the old ones.
      if (this.released.get(hash53(key)) && !this.limited)
        this.limited = { row: n, ...(record.location.range ? { range: record.location.range } : {}) };
    }
    this.farms.set(key, list);
    list.push({
      row: n,
      feature: record.feature,
      name: recordString(record, 'name') ?? '',
      polygons: polygons as Float64Array[][],
      range: boundaryRange,
    });
    this.kept++;
    while (this.kept > FARM_BUDGET) {
      // Check and let go of the least recently seen farm: in a file sorted by farm, one that is complete.
      const oldest = this.farms.keys().next().value as string;
      const fields = this.farms.get(oldest) ?? [];
      this.overlaps(fields);
      this.kept -= fields.length;
      this.farms.delete(oldest);
      this.released.add(hash53(oldest), n);
    }
  }

  finish(): void {
    for (const list of this.farms.values()) this.overlaps(list);
    this.farms.clear();
    if (this.limited) this.visit({ stage: 'farmCameBack', limit: FARM_BUDGET, location: this.limited });
  }

  private overlaps(all: KeptField[]): void {
    if (all.length < 2) return;
    // Only fields whose boxes meet another's can overlap: a sweep over the boxes picks them first.
    const boxes = all.map((f) => ({ f, box: fieldBox(f.polygons) })).sort((a, b) => a.box[0] - b.box[0]);
    const candidates = new Set<KeptField>();
    for (let i = 0; i < boxes.length; i++) {
      const a = boxes[i]!;
      for (let j = i + 1; j < boxes.length; j++) {
        const b = boxes[j]!;
        if (b.box[0] > a.box[2]) break;
        if (b.box[1] <= a.box[3] && b.box[3] >= a.box[1]) {
          candidates.add(a.f);
          candidates.add(b.f);
        }
      }
    }
    const list = all.filter((f) => candidates.has(f));
    if (list.length < 2) return;
    const byRow = new Map(list.map((f) => [f.row, f]));
    const found = findZoneOverlaps(
      list.map((f) => ({ record: f.row, polygons: f.polygons })),
      { perZone: OVERLAPS_PER_FIELD },
    );
    for (const o of found) {
      const a = byRow.get(o.record);
      const b = byRow.get(o.other);
      if (!a || !b) continue;
      const [later, earlier] = a.row > b.row ? [a, b] : [b, a];
      this.visit({
        stage: 'fieldsOverlap',
        field: overlapping(later),
        other: overlapping(earlier),
        point: o.point,
      });
    }
    for (const row of crowdedZones(found, OVERLAPS_PER_FIELD)) {
      const field = byRow.get(row);
      if (field) this.visit({ stage: 'fieldCrowded', field: overlapping(field), limit: OVERLAPS_PER_FIELD });
    }
  }
}

function overlapping(f: KeptField): OverlappingField {
  return {
    row: f.row,
    name: f.name,
    boundary: {
      row: f.row,
      field: 'boundary',
      ...(f.range ? { range: f.range } : {}),
      ...(f.feature !== undefined ? { feature: f.feature } : {}),
    },
  };
}
