/**
 * What a map of the batch draws, for both maps (SVG and MapLibre): the features (problems first, up to a
 * cap; the problems across files count for their file's features too), problems at their points, the rate
 * range of Rx zones. Recomputed only when a file gets a new result.
 */
import { useMemo } from 'react';
import type { GeoJsonFeature, Severity } from '../../core/index.ts';
import { useBatch } from '../state/batch.tsx';
import { relatedFeatureKeys, resultsKey } from '../state/across-files.ts';

/** Features drawn at most: SVG stays responsive with a few thousand paths. */
const MAX_FEATURES = 2000;
export const RATE_COLOURS = ['#f7fcb9', '#d9f0a3', '#addd8e', '#78c679', '#41ab5d', '#238443', '#005a32'];

export interface MapFeature {
  fileKey: string;
  feature: GeoJsonFeature;
  worst?: Severity;
  rate?: number;
}

interface ProblemPoint {
  fileKey: string;
  diagnosticId?: string;
  point: [number, number];
  severity: Severity;
}

const worse = (a: Severity | undefined, b: Severity): Severity =>
  a === 'error' || b === 'error' ? 'error' : a === 'warning' || b === 'warning' ? 'warning' : 'info';

export function rateColour(rate: number, min: number, max: number): string {
  const t = max > min ? (rate - min) / (max - min) : 0.5;
  return RATE_COLOURS[Math.min(RATE_COLOURS.length - 1, Math.floor(t * RATE_COLOURS.length))]!;
}

export interface MapData {
  features: MapFeature[];
  points: ProblemPoint[];
  total: number;
  rates?: { min: number; max: number };
}

export function useMapData(): MapData {
  const batch = useBatch();
  return useMemo(() => {
    const problemFeatures: MapFeature[] = [];
    const otherFeatures: MapFeature[] = [];
    const pts: ProblemPoint[] = [];
    let all = 0;
    for (const file of batch.files) {
      const worst = new Map<number, Severity>();
      const across = batch.acrossFiles.filter((p) => p.fileKey === file.key).map((p) => p.diagnostic);
      for (const d of [...(file.result?.diagnostics ?? []), ...across]) {
        const f = d.location.feature;
        if (f !== undefined) worst.set(f, worse(worst.get(f), d.severity));
        if (d.location.point && pts.length < MAX_FEATURES)
          pts.push({
            fileKey: file.key,
            point: d.location.point,
            severity: d.severity,
            ...(d.id ? { diagnosticId: d.id } : {}),
          });
      }
      const features = file.result?.features ?? [];
      all += file.featureCount ?? features.length;
      // Problems first, so a capped map still shows every feature that needs attention; objects are made
      // only for features that may be drawn (a batch can have 100,000).
      for (const feature of features) {
        const w = worst.get(feature.id);
        if (!w && problemFeatures.length + otherFeatures.length >= MAX_FEATURES) continue;
        const rate = feature.properties.rate;
        const item: MapFeature = {
          fileKey: file.key,
          feature,
          ...(w ? { worst: w } : {}),
          ...(typeof rate === 'number' ? { rate } : {}),
        };
        (w ? problemFeatures : otherFeatures).push(item);
      }
    }
    const drawn = [...problemFeatures, ...otherFeatures].slice(0, MAX_FEATURES);
    let min = Infinity;
    let max = -Infinity;
    for (const f of drawn)
      if (f.rate !== undefined) {
        min = Math.min(min, f.rate);
        max = Math.max(max, f.rate);
      }
    const rateRange = min <= max ? { min, max } : undefined;
    const data: MapData = { features: drawn, points: pts, total: all };
    if (rateRange) data.rates = rateRange;
    return data;
    // Only a file's result changes what is drawn, not its progress while it is being checked.
  }, [resultsKey(batch.files)]);
}

/**
 * `fileKey:feature` of the features a selection outlines: its own, and those its problem's related places
 * name (the other file's field of a problem across files).
 */
export function useSelectedFeatures(): Set<string> {
  const batch = useBatch();
  const selection = batch.selection;
  return useMemo(() => {
    const keys = new Set<string>();
    if (!selection) return keys;
    if (selection.feature !== undefined) keys.add(`${selection.fileKey}:${selection.feature}`);
    const problem =
      selection.diagnosticId === undefined
        ? undefined
        : batch.problems.find(
            (p) => p.fileKey === selection.fileKey && p.diagnostic.id === selection.diagnosticId,
          );
    for (const key of relatedFeatureKeys(problem, batch.files)) keys.add(key);
    return keys;
  }, [selection, batch.problems, batch.files]);
}
