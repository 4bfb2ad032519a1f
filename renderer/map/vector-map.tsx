/**
 * The map with MapLibre GL (WebGL), offline: the bundled Natural Earth land as the basemap, the batch's
 * fields, zones and sample points, problems at their points, Rx zones coloured by rate; selection linked
 * with the problem list both ways. Loaded only where WebGL works (the SVG map is the fallback). MapLibre's
 * CSP build runs its worker from a file of the app (the CSP allows no blob: workers) and fetches nothing but
 * the user's imagery tiles, when set (the style has no other remote sources, sprites or glyphs).
 */
import 'maplibre-gl/dist/maplibre-gl.css';
import * as maplibregl from 'maplibre-gl/dist/maplibre-gl-csp.js';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-csp-worker.js?url';
import type { ExpressionSpecification } from 'maplibre-gl';
import { useEffect, useMemo, useRef, useState } from 'react';
import { selectionOf, useBatch } from '../state/batch.tsx';
import { usePageTileUrl } from '../state/page-tile-url.ts';
import { flatLandRings } from './land.ts';
import { rateColour, useMapData, useSelectedFeatures, type MapData } from './map-data.ts';
import { lonLatBounds } from './projection.ts';

maplibregl.setWorkerUrl(new URL(workerUrl, document.baseURI).href);

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
  const bySeverity: ExpressionSpecification = [
    'match',
    ['get', 'severity'],
    'error',
    error,
    'warning',
    warn,
    field,
  ];
  return {
    sea: { 'background-color': cssColour('--sea', '#dbeafe') },
    // Without the feathered outline: where two land rings meet (at the antimeridian, at a tile's edge) it let
    // the sea show through as a faint seam.
    land: { 'fill-color': cssColour('--land', '#ecebe4'), 'fill-antialias': false },
    'fields-fill': { 'fill-color': rateOrField },
    'fields-line': { 'line-color': byWorst },
    samples: { 'circle-color': field },
    selected: { 'line-color': cssColour('--selected', '#c026d3') },
    problems: { 'circle-stroke-color': bySeverity },
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

function featureCollection(data: MapData) {
  return {
    type: 'FeatureCollection' as const,
    features: data.features
      .filter((f) => f.feature.geometry)
      .map((f) => ({
        type: 'Feature' as const,
        geometry: f.feature.geometry!,
        properties: {
          fileKey: f.fileKey,
          fid: f.feature.id,
          worst: f.worst ?? '',
          fill: f.rate !== undefined && data.rates ? rateColour(f.rate, data.rates.min, data.rates.max) : '',
        },
      })),
  };
}

function problemCollection(data: MapData) {
  return {
    type: 'FeatureCollection' as const,
    features: data.points.map((p) => ({
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: p.point },
      properties: { fileKey: p.fileKey, did: p.diagnosticId ?? '', severity: p.severity },
    })),
  };
}

const landCollection = () => ({
  type: 'FeatureCollection' as const,
  features: flatLandRings().map((ring) => ({
    type: 'Feature' as const,
    geometry: { type: 'Polygon' as const, coordinates: [ring] },
    properties: {},
  })),
});

export default function VectorMap({ height }: { height: number }) {
  const batch = useBatch();
  const tileUrl = usePageTileUrl() ?? '';
  const data = useMapData();
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<maplibregl.Map | undefined>(undefined);
  const loaded = useRef(false);
  // A new map (the tile URL changed) gets the data and the selection again.
  const [generation, setGeneration] = useState(0);
  const selectRef = useRef(batch.select);
  selectRef.current = batch.select;
  const problemsRef = useRef(batch.problems);
  problemsRef.current = batch.problems;
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
          fields: { type: 'geojson', data: { type: 'FeatureCollection', features: [] } },
          problems: { type: 'geojson', data: { type: 'FeatureCollection', features: [] } },
        },
        layers: [
          { id: 'sea', type: 'background', paint: paint.sea },
          { id: 'land', type: 'fill', source: 'land', paint: paint.land },
          {
            id: 'fields-fill',
            type: 'fill',
            source: 'fields',
            filter: ['!=', ['geometry-type'], 'Point'],
            paint: { ...paint['fields-fill'], 'fill-opacity': 0.45 },
          },
          {
            id: 'fields-line',
            type: 'line',
            source: 'fields',
            filter: ['!=', ['geometry-type'], 'Point'],
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
              'circle-stroke-width': 1,
              'circle-stroke-color': '#fff',
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
    const choose = (event: maplibregl.MapLayerMouseEvent) => {
      const props = event.features?.[0]?.properties as { fileKey?: string; fid?: number } | undefined;
      if (!props?.fileKey || props.fid === undefined) return;
      const first = problemsRef.current.find(
        (p) => p.fileKey === props.fileKey && p.diagnostic.location.feature === props.fid,
      );
      selectRef.current(
        first ? selectionOf(props.fileKey, first.diagnostic) : { fileKey: props.fileKey, feature: props.fid },
      );
    };
    map.on('click', 'fields-fill', choose);
    map.on('click', 'samples', choose);
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
      (map.getSource('problems') as maplibregl.GeoJSONSource | undefined)?.setData(problemCollection(data));
      if (bounds)
        map.fitBounds(
          [
            [bounds[0], bounds[1]],
            [bounds[2], bounds[3]],
          ],
          { padding: 30, maxZoom: 16, animate: false },
        );
    };
    if (loaded.current) apply();
    else map.once('fieldgate:data', apply);
  }, [data, bounds, generation]);

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
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !loaded.current) return;
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
      (pairs.length > 0 ? ['any', ...pairs] : ['==', ['get', 'fid'], -1]) as maplibregl.FilterSpecification,
    );
    const f = data.features.find(
      (x) => x.fileKey === selection?.fileKey && x.feature.id === selection?.feature,
    );
    const b = f && lonLatBounds([f.feature.geometry]);
    if (b)
      map.fitBounds(
        [
          [b[0], b[1]],
          [b[2], b[3]],
        ],
        { padding: 80, maxZoom: Math.max(map.getZoom(), 14), animate: false },
      );
  }, [selection, outlined, data, generation]);

  return (
    <div
      ref={container}
      className="vector-map"
      style={{ height: `var(--map-height, ${height}px)` }}
      role="region"
      aria-label="Map of the batch (vector): drag to pan, scroll or the + and − buttons to zoom. Select features from the problem list."
    />
  );
}
