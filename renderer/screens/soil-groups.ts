/**
 * A Modus file's problems grouped by sample and depth, as a person reads a soil test: "Sample 3, depth 1
 * (0–8 in)". A problem inside a sample points at its feature (`location.feature`); under that sample's
 * Depth n (its XML path) it is about the feature's `depths[n]`. Problems outside any sample (the event, the
 * lab, the depth references) are the file's own and come first.
 */
import type { Diagnostic, FileResult, GeoJsonFeature } from '../../core/index.ts';

export type ModusSummary = Extract<NonNullable<FileResult['summary']>, { type: 'modus' }>;

export interface SoilProblemGroup {
  key: string;
  title: string;
  /** The sample's feature; undefined for the file's own problems. */
  feature?: number;
  depthId?: string;
  diagnostics: Diagnostic[];
}

/** The index of the sample's Depth a problem's XML path goes through, if it does. */
function depthIndex(d: Diagnostic): number | undefined {
  const path = d.location.path;
  if (!path) return undefined;
  const at = path.lastIndexOf('Depth');
  const index = at >= 0 ? path[at + 1] : undefined;
  return typeof index === 'number' ? index : undefined;
}

/** A depth by its DepthRef's name ("0 - 8 in"), else its id and how deep ("1 (0–8 in)"). */
export function depthText(depthId: string, summary: ModusSummary | undefined): string {
  for (const event of summary?.events ?? []) {
    const ref = event.depths.find((d) => d.depthId === depthId);
    if (ref?.name) return ref.name;
    if (ref)
      return `${depthId} (${ref.startingDepth ?? '?'}–${ref.endingDepth ?? '?'}${ref.unit ? ` ${ref.unit}` : ''})`;
  }
  return depthId;
}

const sampleText = (feature: GeoJsonFeature | undefined, index: number): string => {
  const number = feature?.properties.sampleNumber;
  return `Sample ${typeof number === 'string' && number !== '' ? number : `at point ${index + 1}`}`;
};

export function soilProblemGroups(
  diagnostics: readonly Diagnostic[],
  features: readonly GeoJsonFeature[],
  summary: ModusSummary | undefined,
): SoilProblemGroup[] {
  const groups = new Map<string, SoilProblemGroup>();
  // By id, not by place: a big file's page holds only some of its features (those with problems first).
  const byId = new Map(features.map((f) => [f.id, f]));
  for (const d of diagnostics) {
    const feature = d.location.feature;
    let group: Omit<SoilProblemGroup, 'diagnostics'>;
    if (feature === undefined) group = { key: 'file', title: 'The file, its events and depths' };
    else {
      const f = byId.get(feature);
      const index = depthIndex(d);
      const depths = f?.properties.depths;
      const depthId =
        index !== undefined && Array.isArray(depths) && typeof depths[index] === 'string'
          ? depths[index]
          : undefined;
      group =
        depthId === undefined
          ? { key: `${feature}`, title: sampleText(f, feature), feature }
          : {
              key: `${feature}:${depthId}`,
              title: `${sampleText(f, feature)}, depth ${depthText(depthId, summary)}`,
              feature,
              depthId,
            };
    }
    const existing = groups.get(group.key);
    if (existing) existing.diagnostics.push(d);
    else groups.set(group.key, { ...group, diagnostics: [d] });
  }
  // The file's own first, then by sample and depth as they come in the file.
  return [...groups.values()].sort(
    (a, b) =>
      (a.feature ?? -1) - (b.feature ?? -1) ||
      (a.depthId === undefined ? -1 : 0) - (b.depthId === undefined ? -1 : 0),
  );
}
