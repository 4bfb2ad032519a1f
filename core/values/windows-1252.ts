/**
 * Windows-1252, decoded by the table of the WHATWG Encoding Standard. Node 20's TextDecoder('windows-1252')
 * reads bytes 0x80–0x9F as the C1 controls of Latin-1 (U+0080–U+009F), not as € ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ‘ ’
 * “ ” • – — ˜ ™ š › œ ž Ÿ, while browsers read them right: the same file would say "O’Brien Farm" in the
 * app and send "O\u0092Brien Farm" from the command line. Every Windows-1252 decode goes through here.
 */

/** Bytes 0x80–0x9F: the code point each stands for (the five unassigned ones keep their C1 value). */
const HIGH = [
  0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8d,
  0x017d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
  0x0153, 0x9d, 0x017e, 0x0178,
];

const C1 = /[\u0080-\u009f]/g;
const fromC1 = (c: string): string => String.fromCharCode(HIGH[c.charCodeAt(0) - 0x80]!);

/** Windows-1252 bytes as text (no mark: the encoding has none). */
export function decodeWindows1252(bytes: Uint8Array): string {
  // Latin-1 is Windows-1252 but for 0x80–0x9F, which are rare in real files: mend those alone.
  const latin1 = new TextDecoder('latin1').decode(bytes);
  return C1.test(latin1) ? latin1.replace(C1, fromC1) : latin1;
}

/** What a text decoder does, for the decoders the readers choose between. */
export interface ChunkDecoder {
  decode(bytes?: Uint8Array, options?: { stream?: boolean }): string;
}

/** A decoder for `encoding` that reads Windows-1252 by its table (a single-byte encoding streams as is). */
export function textDecoderFor(encoding: string, options: TextDecoderOptions = {}): ChunkDecoder {
  if (encoding !== 'windows-1252') return new TextDecoder(encoding, options);
  return { decode: (bytes) => (bytes ? decodeWindows1252(bytes) : '') };
}

/** The Windows-1252 byte of each character it has. */
let table: Map<number, number> | undefined;

/** Text → Windows-1252 bytes; undefined when a character has no Windows-1252 byte. */
export function encodeWindows1252(text: string): Uint8Array | undefined {
  if (!table) {
    table = new Map();
    for (let b = 0xa0; b < 0x100; b++) table.set(b, b);
    HIGH.forEach((code, i) => table!.set(code, 0x80 + i));
  }
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const b = c < 0x80 ? c : table.get(c);
    if (b === undefined) return undefined;
    out[i] = b;
  }
  return out;
}
