/**
 * What a map of the batch draws, for both maps (SVG and MapLibre): the features (problems first, up to a
 * cap; the problems across files count for their file's features too; a problem placed by its feature, as
 * both fields of an overlap or a repeated field are, counts for it, one placed by its row alone, such as a
 * repeated row, for its row's feature), problems at their points with how many of each
 * severity, the rate range of Rx zones. Recomputed only when a file gets a new result.
 */
import { useMemo, useState } from 'react';
import { formatCount, type GeoJsonFeature, type Location, type Severity } from '../../core/index.ts';
import { selectionOf, useBatch, type BatchFile, type Problem, type Selection } from '../state/batch.tsx';
import { relatedFeatureKeys, resultsKey } from '../state/across-files.ts';
import { lonLatBounds, type Box } from './projection.ts';

/** Features drawn at most: SVG stays responsive with a few thousand paths. */
const MAX_FEATURES = 2000;
/** Problem markers at most: past a few hundred they are clustered (clusters.ts, MapLibre's own). */
const MAX_POINTS = 20_000;
export const RATE_COLOURS = ['#f7fcb9', '#d9f0a3', '#addd8e', '#78c679', '#41ab5d', '#238443', '#005a32'];

export interface MapFeature {
  fileKey: string;
  feature: GeoJsonFeature;
  worst?: Severity;
  rate?: number;
}

export interface ProblemPoint {
  fileKey: string;
  diagnosticId?: string;
  point: [number, number];
  severity: Severity;
  /** The problem's rule and message: the marker's name for the keyboard and screen readers. */
  code: string;
  message: string;
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
  /** Problem markers of each severity (the legend's counts). */
  pointCounts: Record<Severity, number>;
  /** Soil samples drawn (features with a sample number). */
  samples: number;
  /** Features drawn as outlines (fields, zones): not points. */
  outlines: number;
  total: number;
  /** Features listed with nothing to draw: a boundary that could not be read (a row's WKT unclosed). */
  shapeless: number;
  rates?: { min: number; max: number };
}

/** A soil sample's point (a Modus file's features carry their sample number). */
export const isSample = (feature: GeoJsonFeature): boolean => feature.properties.sampleNumber !== undefined;

/** A file's features by the data row they were read from (a CSV's boundaries). */
function featuresByRow(file: BatchFile): Map<number, number> {
  const byRow = new Map<number, number>();
  for (const f of file.result?.features ?? [])
    if (typeof f.properties.row === 'number') byRow.set(f.properties.row, f.id);
  return byRow;
}

/** The feature a place names: its own, else (a place named by its row alone) the feature of its row. */
function featureAt(location: Location, byRow: Map<number, number>): number | undefined {
  return location.feature ?? (location.row === undefined ? undefined : byRow.get(location.row));
}

/**
 * The files as they were when a result last changed: a file's progress while it is checked gives back the
 * same array, so what is drawn is not worked out again for it.
 */
function useFilesOfResults(files: readonly BatchFile[]): readonly BatchFile[] {
  const key = resultsKey(files);
  const [kept, setKept] = useState({ key, files });
  if (kept.key === key) return kept.files;
  setKept({ key, files });
  return files;
}

export function useMapData(): MapData {
  const { files, acrossFiles } = useBatch();
  const checked = useFilesOfResults(files);
  return useMemo(() => {
    const problemFeatures: MapFeature[] = [];
    const otherFeatures: MapFeature[] = [];
    const pts: ProblemPoint[] = [];
    const pointCounts: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
    let all = 0;
    for (const file of checked) {
      const worst = new Map<number, Severity>();
      const byRow = featuresByRow(file);
      const across = acrossFiles.filter((p) => p.fileKey === file.key).map((p) => p.diagnostic);
      for (const d of [...(file.result?.diagnostics ?? []), ...across]) {
        const f = featureAt(d.location, byRow);
        if (f !== undefined) worst.set(f, worse(worst.get(f), d.severity));
        if (d.location.point) pointCounts[d.severity]++;
        if (d.location.point && pts.length < MAX_POINTS)
          pts.push({
            fileKey: file.key,
            point: d.location.point,
            severity: d.severity,
            code: d.code,
            message: d.message,
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
    const samples = drawn.filter((f) => isSample(f.feature)).length;
    const outlines = drawn.filter((f) => f.feature.geometry && f.feature.geometry.type !== 'Point').length;
    const shapeless = drawn.filter((f) => !f.feature.geometry).length;
    const data: MapData = {
      features: drawn,
      points: pts,
      pointCounts,
      samples,
      outlines,
      total: all,
      shapeless,
    };
    if (rateRange) data.rates = rateRange;
    return data;
  }, [checked, acrossFiles]);
}

/**
 * `fileKey:feature` of the features a selection outlines: its own (or its row's), and those its problem's
 * related places name: the other file's field of a problem across files, the other row's field of two
 * fields that overlap or repeat each other in one file.
 */
export function useSelectedFeatures(): Set<string> {
  const batch = useBatch();
  const selection = batch.selection;
  return useMemo(() => {
    const keys = new Set<string>();
    if (!selection) return keys;
    const file = batch.files.find((f) => f.key === selection.fileKey);
    const byRow = file ? featuresByRow(file) : new Map<number, number>();
    const own = selection.feature ?? (selection.row === undefined ? undefined : byRow.get(selection.row));
    if (own !== undefined) keys.add(`${selection.fileKey}:${own}`);
    const problem =
      selection.diagnosticId === undefined
        ? undefined
        : batch.problems.find(
            (p) => p.fileKey === selection.fileKey && p.diagnostic.id === selection.diagnosticId,
          );
    for (const key of relatedFeatureKeys(problem, batch.files)) keys.add(key);
    // Places in the same file named by their row only (the first of two repeated rows, CSV008); a place
    // with its feature (both fields of CSV010 and FU005) is that feature, whatever its row's others are.
    for (const r of problem?.diagnostic.related ?? []) {
      if (r.location.file !== undefined && r.location.file !== file?.name) continue;
      const feature = r.location.feature === undefined ? featureAt(r.location, byRow) : undefined;
      if (feature !== undefined) keys.add(`${selection.fileKey}:${feature}`);
    }
    return keys;
  }, [selection, batch.problems, batch.files]);
}

/**
 * The box of what a selection outlines (every field of an overlap or a duplicate, so both are in view), or
 * undefined when none of them is drawn.
 */
function outlinedBounds(data: MapData, outlined: ReadonlySet<string>): Box | undefined {
  if (outlined.size === 0) return undefined;
  return lonLatBounds(
    data.features.filter((f) => outlined.has(`${f.fileKey}:${f.feature.id}`)).map((f) => f.feature.geometry),
  );
}

/**
 * The least span, in degrees of latitude (about 170 m), a selection is shown at: a soil sample or a
 * problem's point is a box of nothing; at this its neighbours (samples some 50 m apart) are well apart.
 */
export const MIN_FIT_SPAN = 0.0015;

/**
 * The share of the map's clear part a selection must take across to be left where it is (else it is zoomed
 * to fill it): a field or an overlap 40 % (told apart from its neighbours), a selection smaller than
 * `MIN_FIT_SPAN` (a sample) all of it, so choosing one always zooms to it. Width and height in degrees of
 * latitude (a longitude's scaled by the cosine of the latitude).
 */
export function shownShare(width: number, height: number): number {
  return width < MIN_FIT_SPAN && height < MIN_FIT_SPAN ? 0.9 : 0.4;
}

/**
 * The lon/lat box a selection brings into view: what it outlines, else its problem's point; undefined when
 * the map draws neither.
 */
export function selectionBounds(
  data: MapData,
  outlined: ReadonlySet<string>,
  selection: Selection | undefined,
): Box | undefined {
  if (!selection) return undefined;
  const box = outlinedBounds(data, outlined);
  if (box || selection.diagnosticId === undefined) return box;
  const point = data.points.find(
    (p) => p.fileKey === selection.fileKey && p.diagnosticId === selection.diagnosticId,
  )?.point;
  return point ? [point[0], point[1], point[0], point[1]] : undefined;
}

/** What choosing on a map reads of the batch and does to it. */
interface Chooser {
  problems: readonly Problem[];
  select(selection: Selection): void;
}

/** A feature chosen on a map (clicked, or Enter on a soil sample): its first problem, else the feature. */
export function chooseFeature(batch: Chooser, fileKey: string, feature: number): void {
  const first = batch.problems.find(
    (p) => p.fileKey === fileKey && p.diagnostic.location.feature === feature,
  );
  batch.select(first ? selectionOf(fileKey, first.diagnostic) : { fileKey, feature });
}

/** A problem's marker chosen on a map (Enter on it): its problem. */
export function choosePoint(batch: Chooser, point: ProblemPoint): void {
  const problem = batch.problems.find(
    (p) => p.fileKey === point.fileKey && p.diagnostic.id === point.diagnosticId,
  );
  if (problem) batch.select(selectionOf(point.fileKey, problem.diagnostic));
}

const SEVERITY_NAMES: Record<Severity, string> = { error: 'Error', warning: 'Warning', info: 'Info' };
const SEVERITY_WORDS: Record<Severity, string> = { error: 'an error', warning: 'a warning', info: 'a note' };

/** A problem's marker as the keyboard and screen readers name it: its severity, rule and message. */
export const pointName = (p: ProblemPoint): string => `${SEVERITY_NAMES[p.severity]} ${p.code}: ${p.message}`;

/** A cluster's name: how many problems, the worst of them, and what Enter does. */
export const clusterName = (count: number, worst: Severity): string =>
  `Cluster of ${formatCount(count)} problems, the worst ${SEVERITY_WORDS[worst]}: Enter zooms in`;

/** A soil sample's name: its number, its worst problem, and what Enter does. */
export function sampleName(f: MapFeature): string {
  const worst = f.worst ? `, with ${SEVERITY_WORDS[f.worst]}` : '';
  return `Sample ${String(f.feature.properties.sampleNumber)}${worst}: Enter selects it`;
}
