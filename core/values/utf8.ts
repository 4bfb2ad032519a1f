/** UTF-8 validity, shared by the streaming readers (CSV batches, Modus XML). */

/**
 * The offset of the first byte that is not part of valid UTF-8 in `bytes`, or -1. A sequence cut off at the
 * very end is not counted (the next chunk may complete it) unless `final`.
 */
export function firstInvalidUtf8(bytes: Uint8Array, final = false): number {
  let i = 0;
  const n = bytes.length;
  while (i < n) {
    const b = bytes[i] as number;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) {
      need = 1;
      min = 0x80;
    } else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      min = 0x800;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      min = 0x10000;
    } else return i;
    if (i + need >= n) {
      // Cut off at the end of the block: the next chunk may complete it.
      if (final) return i;
      for (let k = i + 1; k < n; k++) if (((bytes[k] as number) & 0xc0) !== 0x80) return i;
      return -1;
    }
    let cp = b & (need === 1 ? 0x1f : need === 2 ? 0x0f : 0x07);
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k] as number;
      if ((c & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += need + 1;
  }
  return -1;
}

/**
 * Where the last whole UTF-8 character of `bytes` ends: before a lead byte whose continuation bytes have
 * not all come yet, else the end. Decoding the bytes before that point and then the rest joined to what
 * follows gives what one decoder over all of them gives: the cut is at a lead byte, where a decoder
 * starts afresh whatever came before.
 */
export function wholeCharactersEnd(bytes: Uint8Array): number {
  const n = bytes.length;
  let i = n - 1;
  let continuations = 0;
  while (i >= 0 && continuations < 3 && ((bytes[i] as number) & 0xc0) === 0x80) {
    i--;
    continuations++;
  }
  if (i < 0) return n;
  const lead = bytes[i] as number;
  const length =
    lead >= 0xc2 && lead <= 0xdf
      ? 2
      : lead >= 0xe0 && lead <= 0xef
        ? 3
        : lead >= 0xf0 && lead <= 0xf4
          ? 4
          : 1;
  return continuations + 1 < length ? i : n;
}
