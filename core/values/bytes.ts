/** The bytes of `a` then `b` in one array: `b` itself when `a` is empty (no caller writes to the result). */
export function joinBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}
