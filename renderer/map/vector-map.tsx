/**
 * The map with MapLibre GL (WebGL), offline: the bundled Natural Earth land as the basemap, the batch's
 * fields, zones and sample points, problems at their points coloured by severity (clustered by MapLibre
 * when there are hundreds, each cluster labelled with its count), Rx zones coloured by rate, a fix's
 * result over the original while it is previewed; selection linked with the problem list both ways, every
 * field a selected problem names outlined and brought into view. Loaded only where WebGL works (the SVG map is the fallback). MapLibre's
 * CSP build runs its worker from a file of the app (the CSP allows no blob: workers) and fetches nothing but
 * the user's imagery tiles, when set (the style has no other remote sources, sprites or glyphs).
 */
import 'maplibre-gl/dist/maplibre-gl.css';
import * as maplibregl from 'maplibre-gl/dist/maplibre-gl-csp.js';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-csp-worker.js?url';
import type { ExpressionSpecification } from 'maplibre-gl';
import type { GeoJsonFeature } from '../../core/index.ts';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useBatch } from '../state/batch.tsx';
import { usePageTileUrl } from '../state/page-tile-url.ts';
import { flatLandRings } from './land.ts';
import { CLUSTER_FROM } from './clusters.ts';
import {
  chooseFeature,
  choosePoint,
  clusterName,
  isSample,
  MIN_FIT_SPAN,
  pointName,
  sampleName,
  rateColour,
  selectionBounds,
  shownShare,
  useMapData,
  useSelectedFeatures,
  type MapData,
  type MapFeature,
  type ProblemPoint,
} from './map-data.ts';
import { inReadingOrder, useMarkKeys, type KeyMark } from './mark-keys.ts';
import { lonLatBounds, type Box } from './projection.ts';

maplibregl.setWorkerUrl(new URL(workerUrl, document.baseURI).href);

/** The map's element holds the map: the page's own tests read its sources through it. */
interface MapElement extends HTMLDivElement {
  fieldgateMap?: maplibregl.Map;
}

const EMPTY = { type: 'FeatureCollection' as const, features: [] };

function cssColour(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/** The theme's colours (app.css), as each layer paints them: read again when the theme changes. */
function themePaint() {
  const error = cssColour('--error', '#b91c1c');
  const warn = cssColour('--warn', '#8a3b00');
  const field = cssColour('--field', '#2563eb');
  const rateOrField: ExpressionSpecification = ['case', ['!=', ['get', 'fill'], ''], ['get', 'fill'], field];
  const byWorst: ExpressionSpecification = [
    'match',
    ['get', 'worst'],
    'error',
    error,
    'warning',
    warn,
    field,
  ];
  const info = cssColour('--info', '#1e40af');
  const bySeverity: ExpressionSpecification = [
    'match',
    ['get', 'severity'],
    'error',
    error,
    'warning',
    warn,
    info,
  ];
  // A cluster's colour: the worst severity among its problems (counted by clusterProperties).
  const byWorstCounted: ExpressionSpecification = [
    'case',
    ['>', ['get', 'errors'], 0],
    error,
    ['>', ['get', 'warnings'], 0],
    warn,
    info,
  ];
  const ok = cssColour('--ok', '#166534');
  return {
    sea: { 'background-color': cssColour('--sea', '#dbeafe') },
    // Without the feathered outline: where two land rings meet (at the antimeridian, at a tile's edge) it let
    // the sea show through as a faint seam.
    land: { 'fill-color': cssColour('--land', '#ecebe4'), 'fill-antialias': false },
    'fields-fill': { 'fill-color': rateOrField },
    'fields-line': { 'line-color': byWorst },
    // Soil samples in the page's colours, ringed: they stand out on the field they were taken in.
    samples: {
      'circle-color': [
        'case',
        ['==', ['get', 'sample'], 1],
        cssColour('--bg', '#ffffff'),
        field,
      ] as ExpressionSpecification,
      'circle-stroke-color': [
        'case',
        ['==', ['get', 'sample'], 1],
        cssColour('--fg', '#1a1a1a'),
        cssColour('--bg', '#ffffff'),
      ] as ExpressionSpecification,
    },
    selected: { 'line-color': cssColour('--selected', '#c026d3') },
    'selected-points': { 'circle-stroke-color': cssColour('--selected', '#c026d3') },
    problems: { 'circle-stroke-color': bySeverity },
    'cluster-points': { 'circle-stroke-color': bySeverity },
    clusters: { 'circle-color': byWorstCounted, 'circle-stroke-color': byWorstCounted },
    'fix-after-fill': { 'fill-color': ok },
    'fix-after-line': { 'line-color': ok },
    'fix-before-line': { 'line-color': error },
  };
}

/** Changes when the theme does: the Settings override (data-theme) or the system's scheme. */
function useThemeChanges(): number {
  const [changes, setChanges] = useState(0);
  useEffect(() => {
    const bump = () => setChanges((n) => n + 1);
    const scheme = window.matchMedia('(prefers-color-scheme: dark)');
    scheme.addEventListener('change', bump);
    const observer = new MutationObserver(bump);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => {
      scheme.removeEventListener('change', bump);
      observer.disconnect();
    };
  }, []);
  return changes;
}

/**
 * The batch's features for MapLibre. A polygon goes twice: as an area (filled) and as its rings, lines
 * (outlined, selected). MapLibre's tiler drops a ring whose area is next to nothing, and a bow-tie's two
 * lobes cancel out to none: as lines, its outline and crossing are drawn as the SVG map draws them.
 */
function featureCollection(data: MapData) {
  const features: Array<{
    type: 'Feature';
    geometry:
      NonNullable<GeoJsonFeature['geometry']> | { type: 'MultiLineString'; coordinates: number[][][] };
    properties: Record<string, string | number>;
  }> = [];
  for (const f of data.features) {
    const geometry = f.feature.geometry;
    if (!geometry) continue;
    const properties = {
      fileKey: f.fileKey,
      fid: f.feature.id,
      worst: f.worst ?? '',
      sample: isSample(f.feature) ? 1 : 0,
      fill: f.rate !== undefined && data.rates ? rateColour(f.rate, data.rates.min, data.rates.max) : '',
    };
    const rings =
      geometry.type === 'Polygon'
        ? geometry.coordinates
        : geometry.type === 'MultiPolygon'
          ? geometry.coordinates.flat()
          : undefined;
    features.push({ type: 'Feature', geometry, properties: { ...properties, outline: rings ? 0 : 1 } });
    if (rings)
      features.push({
        type: 'Feature',
        geometry: { type: 'MultiLineString', coordinates: rings },
        properties: { ...properties, outline: 1 },
      });
  }
  return { type: 'FeatureCollection' as const, features };
}

function problemCollection(points: MapData['points']) {
  return {
    type: 'FeatureCollection' as const,
    features: points.map((p) => ({
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: p.point },
      properties: { fileKey: p.fileKey, did: p.diagnosticId ?? '', severity: p.severity },
    })),
  };
}

/** A fix being previewed: the feature as it is (role before) and as the fix makes it (role after). */
function previewCollection(before: GeoJsonFeature | undefined, after: GeoJsonFeature | undefined) {
  const features: Array<{
    type: 'Feature';
    geometry: NonNullable<GeoJsonFeature['geometry']>;
    properties: { role: string; fid: number };
  }> = [];
  for (const [role, f] of [
    ['before', before],
    ['after', after],
  ] as const)
    if (f?.geometry)
      features.push({ type: 'Feature', geometry: f.geometry, properties: { role, fid: f.id } });
  return { type: 'FeatureCollection', features };
}

/**
 * Each cluster's count, as an HTML label over its circle (the style has no glyphs to draw text: nothing is
 * fetched), kept in step with the clusters MapLibre made for the view.
 */
function clusterLabels(map: maplibregl.Map): () => void {
  const labels = new Map<number, maplibregl.Marker>();
  const update = () => {
    if (!map.getSource('problem-clusters')) return;
    const seen = new Set<number>();
    for (const f of map.querySourceFeatures('problem-clusters', { filter: ['has', 'point_count'] })) {
      const id = f.properties.cluster_id as number;
      if (seen.has(id) || f.geometry.type !== 'Point') continue;
      seen.add(id);
      if (labels.has(id)) continue;
      const element = document.createElement('span');
      element.className = 'cluster-count';
      element.textContent = String(f.properties.point_count_abbreviated ?? f.properties.point_count);
      element.dataset.count = String(f.properties.point_count);
      // A label, not a control (MapLibre makes a marker a button unless told otherwise).
      element.setAttribute('role', 'img');
      element.setAttribute('aria-label', `A cluster of ${String(f.properties.point_count)} problems`);
      labels.set(
        id,
        new maplibregl.Marker({ element }).setLngLat(f.geometry.coordinates as [number, number]).addTo(map),
      );
    }
    for (const [id, label] of labels)
      if (!seen.has(id)) {
        label.remove();
        labels.delete(id);
      }
  };
  map.on('moveend', update);
  map.on('sourcedata', (event) => {
    if (event.sourceId === 'problem-clusters' && event.isSourceLoaded) update();
  });
  return update;
}

/** Pixels from the map's right edge past its zoom buttons (29 px wide, 10 px in) and a marker's radius. */
const ZOOM_BUTTONS_CLEARANCE = 52;

/**
 * Room to leave around what is fitted into view: a margin (less on a small map, so the fit still fits),
 * and at the bottom the legend's height too, since it lies over the map.
 */
function fitPadding(map: maplibregl.Map, margin: number): Required<maplibregl.PaddingOptions> {
  const element = map.getContainer();
  const m = Math.min(margin, element.clientHeight * 0.12, element.clientWidth * 0.12);
  const legend = element.parentElement?.querySelector('.map-legend')?.getBoundingClientRect().height ?? 0;
  return {
    top: m,
    left: m,
    // Clear of the zoom buttons over the top right corner (a marker at the edge was drawn under them).
    right: Math.min(Math.max(m, ZOOM_BUTTONS_CLEARANCE), element.clientWidth * 0.2),
    bottom: Math.min(m + legend, element.clientHeight * 0.45),
  };
}

/**
 * Where a point zoomed to (a cluster opened) goes: the middle of the map's clear part, above the legend,
 * as an offset from the map's centre (MapLibre's `offset`, which, unlike `padding`, is not kept).
 */
function clearCentreOffset(map: maplibregl.Map): [number, number] {
  const { top, bottom } = fitPadding(map, 0);
  return [0, (top - bottom) / 2];
}

/** A lon/lat box at least `MIN_FIT_SPAN` across each way (a point's box is nothing), as MapLibre takes it. */
function spanAtLeast(b: Box): [[number, number], [number, number]] {
  const lat = (b[1] + b[3]) / 2;
  const halfLat = Math.max(b[3] - b[1], MIN_FIT_SPAN) / 2;
  const halfLon = Math.max(b[2] - b[0], MIN_FIT_SPAN / Math.cos((lat * Math.PI) / 180)) / 2;
  const lon = (b[0] + b[2]) / 2;
  return [
    [lon - halfLon, lat - halfLat],
    [lon + halfLon, lat + halfLat],
  ];
}

/**
 * Whether a lon/lat box is inside the map's clear part (within its padding) and takes `shownShare` of it
 * across: then a selection leaves the view alone.
 */
function shownWell(map: maplibregl.Map, b: Box): boolean {
  const element = map.getContainer();
  const padding = fitPadding(map, 80);
  const [[w, s], [e, n]] = spanAtLeast(b);
  const sw = map.project([w, s]);
  const ne = map.project([e, n]);
  const clear = {
    left: padding.left,
    right: element.clientWidth - padding.right,
    top: padding.top,
    bottom: element.clientHeight - padding.bottom,
  };
  const inside = sw.x >= clear.left && ne.x <= clear.right && ne.y >= clear.top && sw.y <= clear.bottom;
  const share = Math.max(
    (ne.x - sw.x) / (clear.right - clear.left),
    (sw.y - ne.y) / (clear.bottom - clear.top),
  );
  const cos = Math.cos((((b[1] + b[3]) / 2) * Math.PI) / 180);
  return inside && share >= shownShare((b[2] - b[0]) * cos, b[3] - b[1]);
}

/** A problem marker, a cluster or a soil sample in view, over the canvas: x, y in the map's pixels. */
interface VectorMark extends KeyMark {
  name: string;
  lngLat: [number, number];
  cluster?: number;
  point?: ProblemPoint;
  sample?: MapFeature;
}

/**
 * The marks the keyboard goes through in the map's view (mark-keys.ts, as the SVG map's): MapLibre's
 * clusters and the markers it left single when there are hundreds, else every marker; the soil samples.
 */
function marksInView(map: maplibregl.Map, data: MapData): VectorMark[] {
  const element = map.getContainer();
  const marks: VectorMark[] = [];
  const add = (mark: Omit<VectorMark, 'x' | 'y'>) => {
    const { x, y } = map.project(mark.lngLat);
    if (x >= 0 && y >= 0 && x <= element.clientWidth && y <= element.clientHeight)
      marks.push({ ...mark, x, y });
  };
  const pointKey = (fileKey: string, did: string) => `point:${fileKey}:${did}`;
  if (data.points.length >= CLUSTER_FROM) {
    const byKey = new Map(data.points.map((p) => [pointKey(p.fileKey, p.diagnosticId ?? ''), p]));
    const seen = new Set<string>();
    for (const f of map.queryRenderedFeatures({ layers: ['clusters', 'cluster-points'] })) {
      if (f.geometry.type !== 'Point') continue;
      const lngLat = f.geometry.coordinates as [number, number];
      const p = f.properties as Record<string, unknown>;
      if (typeof p.cluster_id === 'number') {
        const key = `cluster:${p.cluster_id}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const worst = Number(p.errors) > 0 ? 'error' : Number(p.warnings) > 0 ? 'warning' : 'info';
        add({ key, lngLat, cluster: p.cluster_id, name: clusterName(Number(p.point_count), worst) });
      } else {
        const key = pointKey(String(p.fileKey), String(p.did));
        const point = byKey.get(key);
        if (point && !seen.has(key)) {
          seen.add(key);
          add({ key, lngLat, point, name: pointName(point) });
        }
      }
    }
  } else
    for (const point of data.points)
      add({
        key: pointKey(point.fileKey, point.diagnosticId ?? ''),
        lngLat: point.point,
        point,
        name: pointName(point),
      });
  for (const f of data.features) {
    const g = f.feature.geometry;
    if (isSample(f.feature) && g?.type === 'Point')
      add({
        key: `sample:${f.fileKey}:${f.feature.id}`,
        lngLat: g.coordinates,
        sample: f,
        name: sampleName(f),
      });
  }
  return inReadingOrder(marks);
}

const landCollection = () => ({
  type: 'FeatureCollection' as const,
  features: flatLandRings().map((ring) => ({
    type: 'Feature' as const,
    geometry: { type: 'Polygon' as const, coordinates: [ring] },
    properties: {},
  })),
});

export default function VectorMap({
  height,
  legendHeight,
}: {
  height: number;
  /** The legend's height over the map: when it changes, the selection is fitted clear of it again. */
  legendHeight: number;
}) {
  const batch = useBatch();
  const tileUrl = usePageTileUrl() ?? '';
  const data = useMapData();
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<maplibregl.Map | undefined>(undefined);
  const loaded = useRef(false);
  // Whether the view has moved since the whole batch was fitted (by the person, or to a selection), and
  // whether the move under way is that fit itself.
  const movedFromFit = useRef(false);
  const fittingAll = useRef(false);
  /** The whole batch in view, clear of the legend (not a move of the person's). */
  const fitAll = (map: maplibregl.Map, b: Box): void => {
    fittingAll.current = true;
    try {
      map.fitBounds(
        [
          [b[0], b[1]],
          [b[2], b[3]],
        ],
        { padding: fitPadding(map, 30), maxZoom: 16, animate: false },
      );
    } finally {
      fittingAll.current = false;
    }
    movedFromFit.current = false;
  };
  // A new map (the tile URL changed) gets the data and the selection again.
  const [generation, setGeneration] = useState(0);
  // The batch as it is when the map is clicked or a mark chosen (the map's handlers are made once).
  const batchRef = useRef(batch);
  batchRef.current = batch;
  const bounds = useMemo(
    () =>
      lonLatBounds([
        ...data.features.map((f) => f.feature.geometry),
        ...data.points.map((p) => ({ type: 'Point' as const, coordinates: p.point })),
      ]),
    [data],
  );

  useEffect(() => {
    if (!container.current) return;
    const paint = themePaint();
    const map = new maplibregl.Map({
      container: container.current,
      attributionControl: false,
      center: [0, 20],
      zoom: 1,
      style: {
        version: 8,
        sources: {
          land: { type: 'geojson', data: landCollection() },
          fields: { type: 'geojson', data: EMPTY },
          problems: { type: 'geojson', data: EMPTY },
          // The same markers when there are hundreds: MapLibre's clustering, with how many of each
          // severity each cluster holds (its colour).
          'problem-clusters': {
            type: 'geojson',
            data: EMPTY,
            cluster: true,
            clusterRadius: 40,
            clusterMaxZoom: 15,
            clusterProperties: {
              errors: ['+', ['case', ['==', ['get', 'severity'], 'error'], 1, 0]],
              warnings: ['+', ['case', ['==', ['get', 'severity'], 'warning'], 1, 0]],
            },
          },
          'fix-preview': { type: 'geojson', data: EMPTY },
        },
        layers: [
          { id: 'sea', type: 'background', paint: paint.sea },
          { id: 'land', type: 'fill', source: 'land', paint: paint.land },
          {
            id: 'fields-fill',
            type: 'fill',
            source: 'fields',
            filter: ['all', ['!=', ['geometry-type'], 'Point'], ['==', ['get', 'outline'], 0]],
            paint: { ...paint['fields-fill'], 'fill-opacity': 0.45 },
          },
          {
            id: 'fields-line',
            type: 'line',
            source: 'fields',
            filter: ['all', ['!=', ['geometry-type'], 'Point'], ['==', ['get', 'outline'], 1]],
            paint: {
              ...paint['fields-line'],
              'line-width': ['match', ['get', 'worst'], 'error', 2.5, 'warning', 2, 1.5],
            },
          },
          {
            id: 'samples',
            type: 'circle',
            source: 'fields',
            filter: ['==', ['geometry-type'], 'Point'],
            paint: {
              ...paint.samples,
              'circle-radius': 5,
              'circle-stroke-width': ['case', ['==', ['get', 'sample'], 1], 2, 1],
            },
          },
          {
            id: 'selected',
            type: 'line',
            source: 'fields',
            filter: ['==', ['get', 'fid'], -1],
            paint: { ...paint.selected, 'line-width': 4 },
          },
          {
            id: 'selected-points',
            type: 'circle',
            source: 'fields',
            filter: ['==', ['get', 'fid'], -1],
            paint: {
              ...paint['selected-points'],
              'circle-radius': 8,
              'circle-opacity': 0,
              'circle-stroke-width': 4,
            },
          },
          {
            id: 'fix-after-fill',
            type: 'fill',
            source: 'fix-preview',
            filter: ['==', ['get', 'role'], 'after'],
            paint: { ...paint['fix-after-fill'], 'fill-opacity': 0.35 },
          },
          {
            id: 'fix-after-line',
            type: 'line',
            source: 'fix-preview',
            filter: ['==', ['get', 'role'], 'after'],
            paint: { ...paint['fix-after-line'], 'line-width': 3 },
          },
          {
            id: 'fix-before-line',
            type: 'line',
            source: 'fix-preview',
            filter: ['==', ['get', 'role'], 'before'],
            paint: { ...paint['fix-before-line'], 'line-width': 2, 'line-dasharray': [2, 1.5] },
          },
          {
            id: 'problems',
            type: 'circle',
            source: 'problems',
            paint: {
              ...paint.problems,
              'circle-radius': 7,
              'circle-opacity': 0,
              'circle-stroke-width': 2.5,
            },
          },
          {
            id: 'cluster-points',
            type: 'circle',
            source: 'problem-clusters',
            filter: ['!', ['has', 'point_count']],
            paint: {
              ...paint['cluster-points'],
              'circle-radius': 7,
              'circle-opacity': 0,
              'circle-stroke-width': 2.5,
            },
          },
          {
            id: 'clusters',
            type: 'circle',
            source: 'problem-clusters',
            filter: ['has', 'point_count'],
            paint: {
              ...paint.clusters,
              'circle-radius': ['step', ['get', 'point_count'], 14, 100, 18, 1000, 22],
              'circle-opacity': 0.3,
              'circle-stroke-width': 2.5,
            },
          },
        ],
      },
    });
    map.addControl(new maplibregl.NavigationControl({ showCompass: false }));
    if (tileUrl) {
      // Imagery when online, from the user's tile URL, under the fields: the one the page's CSP allows
      // (page-tile-url.ts). Offline, the land basemap still shows.
      map.once('load', () => {
        map.addSource('imagery', { type: 'raster', tiles: [tileUrl], tileSize: 256 });
        map.addLayer({ id: 'imagery', type: 'raster', source: 'imagery' }, 'fields-fill');
      });
    }
    map.on('load', () => {
      loaded.current = true;
      map.fire('fieldgate:data');
    });
    map.on('movestart', () => {
      if (!fittingAll.current) movedFromFit.current = true;
    });
    const choose = (event: maplibregl.MapLayerMouseEvent) => {
      const props = event.features?.[0]?.properties as { fileKey?: string; fid?: number } | undefined;
      if (!props?.fileKey || props.fid === undefined) return;
      chooseFeature(batchRef.current, props.fileKey, props.fid);
    };
    map.on('click', 'fields-fill', choose);
    // A bow-tie has no area to click: its outline has.
    map.on('click', 'fields-line', choose);
    map.on('click', 'samples', choose);
    // A cluster clicked: zoomed in until it splits.
    map.on('click', 'clusters', (event) => {
      const f = event.features?.[0];
      const source = map.getSource('problem-clusters') as maplibregl.GeoJSONSource | undefined;
      if (!f || !source || f.geometry.type !== 'Point') return;
      const center = f.geometry.coordinates as [number, number];
      void source
        .getClusterExpansionZoom(f.properties.cluster_id as number)
        .then((zoom) => map.easeTo({ center, zoom, offset: clearCentreOffset(map) }));
    });
    clusterLabels(map);
    (container.current as MapElement).fieldgateMap = map;
    mapRef.current = map;
    setGeneration((g) => g + 1);
    return () => {
      loaded.current = false;
      map.remove();
      mapRef.current = undefined;
    };
  }, [tileUrl]);

  // New results: new data, fitted.
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const apply = () => {
      (map.getSource('fields') as maplibregl.GeoJSONSource | undefined)?.setData(featureCollection(data));
      // Hundreds of markers go to the clustered source, fewer to the plain one.
      const many = data.points.length >= CLUSTER_FROM;
      (map.getSource('problems') as maplibregl.GeoJSONSource | undefined)?.setData(
        problemCollection(many ? [] : data.points),
      );
      (map.getSource('problem-clusters') as maplibregl.GeoJSONSource | undefined)?.setData(
        problemCollection(many ? data.points : []),
      );
      if (bounds) fitAll(map, bounds);
    };
    if (loaded.current) apply();
    else map.once('fieldgate:data', apply);
  }, [data, bounds, generation]);

  // The legend folded or unfolded with nothing selected: the whole drawing fitted clear of it again (it
  // lies over the map's bottom, and its clusters were left under it), unless the person has moved the map
  // since the batch was fitted (theirs stays).
  const nothingSelected = batch.selection === undefined;
  const legendFitted = useRef(legendHeight);
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !loaded.current || !bounds || legendFitted.current === legendHeight) return;
    legendFitted.current = legendHeight;
    if (!nothingSelected || movedFromFit.current) return;
    fitAll(map, bounds);
  }, [legendHeight, nothingSelected, bounds]);

  // The theme changed: the same map, painted in the new theme's colours.
  const themeChanges = useThemeChanges();
  useEffect(() => {
    const map = mapRef.current;
    if (!map || themeChanges === 0) return;
    const repaint = () => {
      for (const [layer, properties] of Object.entries(themePaint()))
        for (const [name, value] of Object.entries(properties)) map.setPaintProperty(layer, name, value);
    };
    if (loaded.current) repaint();
    else map.once('fieldgate:data', repaint);
  }, [themeChanges, generation]);

  // The selection: outlined, and brought into view.
  const selection = batch.selection;
  // The selected feature, and the features its problem's related places name (in other files too).
  const outlined = useSelectedFeatures();
  const [selectionShown, setSelectionShown] = useState(0);
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    // A map made after the selection (the view switched to MapLibre) shows it once it has its data.
    if (!loaded.current) {
      const later = () => setSelectionShown((n) => n + 1);
      map.once('fieldgate:data', later);
      return () => void map.off('fieldgate:data', later);
    }
    const pairs = [...outlined].map((key) => {
      const at = key.lastIndexOf(':');
      return [
        'all',
        ['==', ['get', 'fileKey'], key.slice(0, at)],
        ['==', ['get', 'fid'], Number(key.slice(at + 1))],
      ];
    });
    map.setFilter(
      'selected',
      (pairs.length > 0
        ? ['all', ['==', ['get', 'outline'], 1], ['any', ...pairs]]
        : ['==', ['get', 'fid'], -1]) as maplibregl.FilterSpecification,
    );
    // A point (a soil sample) has no outline to draw: it is ringed.
    map.setFilter(
      'selected-points',
      (pairs.length > 0
        ? ['all', ['==', ['geometry-type'], 'Point'], ['any', ...pairs]]
        : ['==', ['get', 'fid'], -1]) as maplibregl.FilterSpecification,
    );
    // Every field the selection outlines (both of an overlap or a duplicate), or its problem's point, in
    // view, zoomed in to fill the map when it would be small there (as the SVG map does).
    const b = selectionBounds(data, outlined, selection);
    if (b && !shownWell(map, b)) {
      const padding = fitPadding(map, 80);
      map.fitBounds(spanAtLeast(b), { padding, animate: false });
    }
    // fitPadding reads the legend's height as drawn: legendHeight is here for when it changes.
  }, [selection, outlined, data, generation, selectionShown, legendHeight]);

  // The marks in view for the keyboard, worked out again once the map has settled (a move, new data, the
  // clusters MapLibre made for a zoom); after a cluster is zoomed into, the focus goes to the mark nearest
  // to where it was.
  const [marks, setMarks] = useState<VectorMark[]>([]);
  const focusAfterZoom = useRef<[number, number] | undefined>(undefined);
  const dataRef = useRef(data);
  dataRef.current = data;
  const keys = useMarkKeys(marks, {
    element: (key) =>
      container.current?.parentElement?.querySelector<HTMLElement>(
        `.map-marks [data-mark="${CSS.escape(key)}"]`,
      ) ?? undefined,
    act: (mark) => {
      const map = mapRef.current;
      if (mark.sample) chooseFeature(batchRef.current, mark.sample.fileKey, mark.sample.feature.id);
      else if (mark.point) choosePoint(batchRef.current, mark.point);
      else if (mark.cluster !== undefined && map) {
        const source = map.getSource('problem-clusters') as maplibregl.GeoJSONSource | undefined;
        void source?.getClusterExpansionZoom(mark.cluster).then((zoom) => {
          focusAfterZoom.current = mark.lngLat;
          map.easeTo({ center: mark.lngLat, zoom, offset: clearCentreOffset(map), animate: false });
        });
        return 'later';
      }
    },
    leave: () => mapRef.current?.getCanvas().focus(),
  });
  const focusNear = keys.focusNear;
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const update = () => {
      setMarks(marksInView(map, dataRef.current));
      const near = focusAfterZoom.current;
      if (near) {
        focusAfterZoom.current = undefined;
        focusNear(map.project(near));
      }
    };
    // While the map moves, the marks follow their points (a frame at a time); which are in view, and in
    // what order, is worked out again when it settles.
    let frame = 0;
    const follow = () => {
      frame ||= requestAnimationFrame(() => {
        frame = 0;
        setMarks((shown) => shown.map((m) => ({ ...m, ...map.project(m.lngLat) })));
      });
    };
    map.on('idle', update);
    map.on('move', follow);
    if (loaded.current) update();
    return () => {
      map.off('idle', update);
      map.off('move', follow);
      cancelAnimationFrame(frame);
    };
  }, [generation, data, focusNear]);

  // A fix being previewed: the result over the original.
  const preview = batch.fixPreview;
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const before = preview
      ? data.features.find((f) => f.fileKey === preview.fileKey && f.feature.id === preview.after.id)
      : undefined;
    const show = () =>
      (map.getSource('fix-preview') as maplibregl.GeoJSONSource | undefined)?.setData(
        previewCollection(before?.feature, preview?.after),
      );
    if (loaded.current) show();
    else map.once('fieldgate:data', show);
  }, [preview, data, generation]);

  return (
    <>
      <div
        ref={container}
        className="vector-map"
        style={{ height: `var(--map-height, ${height}px)` }}
        role="region"
        aria-label="Map of the batch (vector): drag to pan, scroll or the + and − buttons to zoom. Tab goes to its problem markers, clusters and soil samples."
      />
      {/* Over the canvas, where each mark is drawn: reached by Tab (one tab stop), arrow keys from one to
          the next, Enter selects a problem or a sample or zooms into a cluster, Escape back to the map. The
          mouse goes through them to the map. */}
      <div className="map-marks" role="group" aria-label="Problems and soil samples on the map">
        {marks.map((m) => (
          <button
            key={m.key}
            type="button"
            className={`map-mark${m.cluster !== undefined ? ' cluster' : ''}`}
            style={{ left: m.x, top: m.y }}
            aria-label={m.name}
            {...keys.markProps(m.key)}
            onKeyDown={(event: KeyboardEvent) => {
              if (keys.onMarkKey(event, m.key)) event.preventDefault();
            }}
          />
        ))}
      </div>
    </>
  );
}
