/**
 * CRC-32 (IEEE 802.3, the ZIP checksum), slicing-by-8: eight bytes per step through eight 256-entry
 * tables, about three times the speed of the byte-at-a-time loop. Tables are built on first use.
 */
let tables: Uint32Array[] | undefined;

function crcTables(): Uint32Array[] {
  if (tables) return tables;
  const t0 = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t0[n] = c >>> 0;
  }
  const all = [t0];
  for (let s = 1; s < 8; s++) {
    const prev = all[s - 1] as Uint32Array;
    const t = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      const p = prev[n] ?? 0;
      t[n] = ((t0[p & 0xff] ?? 0) ^ (p >>> 8)) >>> 0;
    }
    all.push(t);
  }
  tables = all;
  return all;
}

/** Continue a running CRC (start with 0) over `bytes`. */
export function crc32(bytes: Uint8Array, previous = 0): number {
  const [t0, t1, t2, t3, t4, t5, t6, t7] = crcTables() as [
    Uint32Array,
    Uint32Array,
    Uint32Array,
    Uint32Array,
    Uint32Array,
    Uint32Array,
    Uint32Array,
    Uint32Array,
  ];
  let c = (previous ^ 0xffffffff) >>> 0;
  const n = bytes.length;
  let i = 0;
  for (; i + 8 <= n; i += 8) {
    const a =
      c ^
      ((bytes[i] as number) |
        ((bytes[i + 1] as number) << 8) |
        ((bytes[i + 2] as number) << 16) |
        ((bytes[i + 3] as number) << 24));
    c =
      (t7[a & 0xff] as number) ^
      (t6[(a >>> 8) & 0xff] as number) ^
      (t5[(a >>> 16) & 0xff] as number) ^
      (t4[a >>> 24] as number) ^
      (t3[bytes[i + 4] as number] as number) ^
      (t2[bytes[i + 5] as number] as number) ^
      (t1[bytes[i + 6] as number] as number) ^
      (t0[bytes[i + 7] as number] as number);
  }
  for (; i < n; i++) c = (t0[(c ^ (bytes[i] as number)) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
