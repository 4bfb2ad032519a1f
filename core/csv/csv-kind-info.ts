/**
 * The CSV batch kinds as detection sees them: each recognised by the header row its file's head holds,
 * without the batch checks, which load only for a file read as one.
 */
import { extensionOf, firstSignificantChar, type InputFile, type KindInfo } from '../input/file-kind.ts';
import { firstInvalidUtf8 } from '../values/utf8.ts';
import { batchKinds, bestHeaderScore, kindForHeader, type BatchKind } from './batch-kinds.ts';
import { sniffBom } from '../input/text-decoding.ts';
import { decodeWindows1252 } from '../values/windows-1252.ts';
import { guessDelimiter, tokenizeCsv } from './csv-reader.ts';

/** The head of a file as text, decoded the way the reader would. */
function headText(bytes: Uint8Array): string {
  const head = bytes.subarray(0, 8192);
  const bom = sniffBom(head);
  if (bom) return new TextDecoder(bom.encoding).decode(head);
  const invalid = firstInvalidUtf8(head, head.length === bytes.length);
  return invalid < 0 ? new TextDecoder('utf-8').decode(head) : decodeWindows1252(head);
}

/** Detection asks each of the six kinds, twice: the head is read once per byte array. */
const detected = new WeakMap<Uint8Array, BatchKind | null>();

/** The batch kind a file's header names (title rows above it allowed), or undefined. */
function detectBatchKind(bytes: Uint8Array): BatchKind | undefined {
  const known = detected.get(bytes);
  if (known !== undefined) return known ?? undefined;
  const kind = readBatchKind(bytes);
  detected.set(bytes, kind ?? null);
  return kind;
}

function readBatchKind(bytes: Uint8Array): BatchKind | undefined {
  // Markup and JSON objects are no tables: an XML file (a Modus result, KML) or a JSON document (a field
  // upload: 6 ms of a small file's run went to tokenising its head) is not searched for a header.
  const first = firstSignificantChar(bytes);
  if (first === '<' || first === '{') return undefined;
  const text = headText(bytes);
  const final = bytes.length <= 8192;
  const { delimiter } = guessDelimiter(text, final, bestHeaderScore);
  const rows = tokenizeCsv(text, delimiter).slice(0, 5);
  for (const r of rows) {
    const k = kindForHeader(r.cells.map((c) => c.value));
    if (k) return k;
  }
  return undefined;
}

/** One per batch kind, in the order of batchKinds. */
export const csvKindInfos: readonly KindInfo[] = batchKinds.map((kind) => ({
  id: kind.id,
  title: kind.title,
  can: { streams: true, text: false, fixes: true, fixesByStatement: false, records: true },
  detect(file: InputFile): number {
    const ext = extensionOf(file.name);
    const found = detectBatchKind(file.bytes);
    if (found) return found.id === kind.id ? 9 : 0;
    // A .csv whose header names no kind is read as fields, so its columns are reported.
    return (ext === 'csv' || ext === 'tsv') && kind.id === 'csv-fields' ? 1 : 0;
  },
}));
