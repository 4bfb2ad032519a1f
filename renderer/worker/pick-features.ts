/**
 * Which features of a big file the validation worker sends the page (it sends at most MAX_SENT_FEATURES):
 * every one a problem names, by its own place or its related places in the file (both fields of an overlap
 * or a repeated field, CSV010 and FU005), then the first others, up to the cap; in order.
 */
import type { Diagnostic, GeoJsonFeature } from '../../core/index.ts';
import { MAX_SENT_FEATURES } from './worker-protocol.ts';

export function pickFeatures(
  features: GeoJsonFeature[],
  diagnostics: readonly Diagnostic[],
  cap = MAX_SENT_FEATURES,
): GeoJsonFeature[] {
  if (features.length <= cap) return features;
  const named = new Set<number>();
  for (const d of diagnostics) {
    if (d.location.feature !== undefined) named.add(d.location.feature);
    // A related place in another file names a feature of that file, not of this one.
    for (const r of d.related ?? [])
      if (r.location.feature !== undefined && r.location.file === undefined) named.add(r.location.feature);
  }
  const picked = features.filter((f) => named.has(f.id)).slice(0, cap);
  for (const f of features) {
    if (picked.length >= cap) break;
    if (!named.has(f.id)) picked.push(f);
  }
  return picked.sort((a, b) => a.id - b.id);
}
