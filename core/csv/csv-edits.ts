/**
 * Cell edits of a CSV batch made on its bytes: each data row is found as validation numbers it (the same
 * reader, encoding, delimiter and header choice), and only the edited cells' bytes change, written in the
 * file's own encoding with its delimiter and quoting. A value the encoding cannot hold (a "Ł" in a
 * Windows-1252 file) is refused with the reason, never written as something else.
 */
import {
  applyByteEdits,
  byteOffsetsOf,
  encodeIn,
  unwritableCharacter,
  type ByteEdit,
} from '../input/byte-edits.ts';
import { bestHeaderScore, type BatchKindId } from './batch-kinds.ts';
import { chooseCsvHeader, HEADER_SEARCH } from './csv-batch.ts';
import type { CsvEncoding } from './csv-encoding.ts';
import type { CsvMapping } from './csv-mapping.ts';
import { bytesToStream, CsvStreamReader, type CsvDelimiter, type CsvRow } from './csv-reader.ts';

/** A change to a data row (1-based, as reports number rows): one cell (0-based index), or all of them. */
export type CsvRowChange =
  | { type: 'cell'; row: number; column: number; value: string }
  | { type: 'row'; row: number; cells: string[] };

export interface CsvEditOptions {
  encoding?: CsvEncoding;
  delimiter?: CsvDelimiter;
  mapping?: CsvMapping;
  kind?: BatchKindId;
}

export type CsvEditResult = { ok: true; bytes: Uint8Array } | { ok: false; message: string; change: number };

/** A cell's text as written: quoted when it must be (or was), quotes doubled. */
function cellText(value: string, delimiter: string, wasQuoted: boolean): string {
  const must = value.includes(delimiter) || /["\r\n]/.test(value) || /^\s|\s$/.test(value);
  return must || wasQuoted ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Apply row changes (in order; a later change of a cell wins) to a CSV batch's bytes. */
export async function applyCsvRowChanges(
  bytes: Uint8Array,
  changes: readonly CsvRowChange[],
  options: CsvEditOptions = {},
): Promise<CsvEditResult> {
  if (changes.length === 0) return { ok: true, bytes };
  const reader = new CsvStreamReader(bytesToStream(bytes), {
    ...(options.encoding ? { encoding: options.encoding } : {}),
    ...(options.delimiter ? { delimiter: options.delimiter } : {}),
    headerScore: bestHeaderScore,
  });
  const wanted = new Set(changes.map((c) => c.row));
  const found = new Map<number, CsvRow>();
  const pending: CsvRow[] = [];
  let dataRows: number | undefined;
  const take = (row: CsvRow): void => {
    dataRows = (dataRows ?? 0) + 1;
    if (wanted.has(dataRows)) found.set(dataRows, row);
  };
  for await (const row of reader.rows()) {
    if (dataRows === undefined) {
      pending.push(row);
      const choice = chooseCsvHeader(pending, options.mapping ?? {}, options.kind ?? options.mapping?.kind);
      if (!choice && pending.length < HEADER_SEARCH) continue;
      dataRows = 0;
      for (const r of pending.slice((choice?.at ?? 0) + 1)) take(r);
    } else take(row);
    if (found.size === wanted.size) break;
  }
  if (dataRows === undefined) {
    const choice = chooseCsvHeader(pending, options.mapping ?? {}, options.kind ?? options.mapping?.kind);
    dataRows = 0;
    for (const r of pending.slice((choice?.at ?? 0) + 1)) take(r);
  }
  const encoding = reader.info.encoding.encoding;
  const delimiter = reader.info.delimiter.delimiter;
  // Each row's cells after every change to it, in order.
  const values = new Map<number, string[]>();
  for (const [index, change] of changes.entries()) {
    const row = found.get(change.row);
    if (!row) return { ok: false, change: index, message: `the file has no data row ${change.row}` };
    const next = values.get(change.row) ?? row.cells.map((c) => c.value);
    if (change.type === 'row') next.splice(0, next.length, ...change.cells);
    else {
      while (next.length <= change.column) next.push('');
      next[change.column] = change.value;
    }
    const bad = (change.type === 'row' ? change.cells : [change.value])
      .map((v) => unwritableCharacter(v, encoding))
      .find((c) => c !== undefined);
    if (bad !== undefined)
      return {
        ok: false,
        change: index,
        message: `"${bad}" cannot be written in ${encoding}, the file's encoding: save the file as UTF-8 to use it`,
      };
    values.set(change.row, next);
  }
  const edits: Array<{ start: number; end: number; text: string | Uint8Array }> = [];
  for (const [n, next] of values) {
    const row = found.get(n)!;
    const cells = row.cells;
    if (next.length === cells.length) {
      next.forEach((value, i) => {
        const cell = cells[i]!;
        if (value !== cell.value)
          edits.push({ start: cell.start, end: cell.end, text: cellText(value, delimiter, cell.quoted) });
      });
      continue;
    }
    // Cells added or taken away: the row is written again, its unchanged cells as they were.
    const parts = next.map((value, i) => {
      const cell = cells[i];
      return cell && cell.value === value
        ? bytesOfRange(bytes, encoding, cell.start, cell.end)
        : cellText(value, delimiter, cell?.quoted ?? false);
    });
    edits.push({ start: row.start, end: row.end, text: joinParts(parts, delimiter, encoding) });
  }
  // Character offsets to byte offsets in one walk over the bytes.
  const characters = [...new Set(edits.flatMap((e) => [e.start, e.end]))].sort((a, b) => a - b);
  const offsets = byteOffsetsOf(bytes, encoding, characters);
  const byteAt = new Map(characters.map((o, i) => [o, offsets[i]!]));
  const byteEdits: ByteEdit[] = edits.map((e) => ({
    start: byteAt.get(e.start)!,
    end: byteAt.get(e.end)!,
    bytes: typeof e.text === 'string' ? encodeIn(e.text, encoding)! : e.text,
  }));
  return { ok: true, bytes: applyByteEdits(bytes, byteEdits) };
}

/** The bytes of a character range of the decoded text, as they are in the file. */
function bytesOfRange(bytes: Uint8Array, encoding: CsvEncoding, start: number, end: number): Uint8Array {
  const [from, to] = byteOffsetsOf(bytes, encoding, [start, end]);
  return bytes.subarray(from, to);
}

function joinParts(parts: ReadonlyArray<string | Uint8Array>, delimiter: string, encoding: CsvEncoding) {
  const encoded = parts.map((p) => (typeof p === 'string' ? encodeIn(p, encoding)! : p));
  const separator = encodeIn(delimiter, encoding)!;
  const out: Uint8Array[] = [];
  encoded.forEach((p, i) => {
    if (i > 0) out.push(separator);
    out.push(p);
  });
  const length = out.reduce((sum, p) => sum + p.length, 0);
  const joined = new Uint8Array(length);
  let at = 0;
  for (const p of out) {
    joined.set(p, at);
    at += p.length;
  }
  return joined;
}
