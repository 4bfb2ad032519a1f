/**
 * The column names of a .dbf from its header alone (detection: is this zone table a prescription?). The
 * full reader, with its diagnostics, is read-dbf.ts.
 */

/** Bytes enough for the header of a table of 255 columns. */
export const DBF_HEADER_MAX = 32 + 255 * 32 + 1;

/** Column names in order, or undefined when the bytes do not start like a dBASE table. */
export function dbfColumnNames(head: Uint8Array): string[] | undefined {
  if (head.length < 33) return undefined;
  const headerLength = head[8]! | (head[9]! << 8);
  if (headerLength < 33) return undefined;
  const names: string[] = [];
  for (let p = 32; p + 32 <= Math.min(head.length, headerLength); p += 32) {
    if (head[p] === 0x0d) break;
    let name = '';
    for (let k = p; k < p + 11 && head[k] !== 0; k++) name += String.fromCharCode(head[k]!);
    names.push(name.trim());
  }
  return names;
}
