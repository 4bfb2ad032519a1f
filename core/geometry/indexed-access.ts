/**
 * Typed indexed reads for geometry's hot loops. Every index used with these is in range by construction
 * (coordinate counts, ring starts and pool sizes are fixed before the loop runs), but noUncheckedIndexedAccess
 * types every `a[i]` as `number | undefined` and cannot be turned off for one folder. These accessors say
 * "in range" once, instead of an `as number` at each read.
 *
 * One accessor per array kind on purpose: V8 keeps keyed-load feedback per function, shared by every site it
 * is inlined into, so a single accessor fed Float64Array, Int32Array and number[] goes megamorphic and slows
 * every caller. Keep each one monomorphic: call it only with its own array kind, and add a sibling
 * (i32 for Int32Array, u32 for Uint32Array, num for number[]) when a file needs that kind.
 */

/** `a[i]` of a Float64Array whose length covers `i`. */
export function f64(a: Float64Array, i: number): number {
  return a[i] as number;
}
