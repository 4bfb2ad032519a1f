/**
 * The map, drawn as SVG so it works everywhere (no WebGL needed, nothing fetched): the bundled land, the
 * batch's fields, zones and sample points, problems at their points coloured by severity (clustered by a
 * grid of the view when there are hundreds), Rx zones coloured by rate, a fix's result over the original
 * while it is previewed; a legend for all of it, and the selected Rx's zone table beside the map. Clicking
 * a feature selects it (and its first problem in the table); a problem selected in the table is
 * highlighted here with every field it names, zoomed to show them all. Large batches draw the features
 * with problems first, up to a cap.
 */
import {
  lazy,
  memo,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
  type WheelEvent,
} from 'react';
import { formatCount } from '../../core/index.ts';
import { PartBoundary } from '../screens/part-boundary.tsx';
import { useBatch } from '../state/batch.tsx';
import { inReadingOrder, useMarkKeys, type KeyMark } from './mark-keys.ts';
import { CLUSTER_FROM, gridClusters, type Cluster } from './clusters.ts';
import { flatLandRings } from './land.ts';
import { MapLegend, ZoneTable } from './map-legend.tsx';
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
  type MapFeature,
  type ProblemPoint,
} from './map-data.ts';
import {
  flatProjection,
  geometryPath,
  lonLatBounds,
  pointsOf,
  type Box,
  type Projection,
} from './projection.ts';

/** Features added to the page per animation frame. */
const DRAW_STEP = 150;
/**
 * Fields drawn narrower than this (pixels, the median of those drawn) are crowded: their outlines, a fixed
 * width on screen, would cover them whole (1,400 fields with errors drew one block of the error colour).
 */
const CROWDED_FIELD_PX = 12;
/** Features whose size is measured for that median (enough for it; a million are not measured). */
const MEASURED_FEATURES = 200;

interface View {
  cx: number;
  cy: number;
  w: number;
  h: number;
}

interface Size {
  width: number;
  height: number;
}

interface Padding {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** Pixels kept clear around what is fitted into view: a margin, and at the bottom the legend over the map. */
function paddingOf(size: Size, legendHeight: number): Padding {
  const m = Math.min(24, size.width * 0.1, size.height * 0.1);
  return { top: m, right: m, left: m, bottom: Math.min(m + legendHeight, size.height * 0.45) };
}

/** A lon/lat box in the map's units. */
function projectedBox(b: Box, projection: Projection): Box {
  const [x0, y1] = projection.project(b[0], b[1]);
  const [x1, y0] = projection.project(b[2], b[3]);
  return [x0, y0, x1, y1];
}

/**
 * The view that shows a box (in the map's units, at least `minSpan` across) as large as it fits in the
 * padded part of the element, centred there; in the element's shape, so what it shows is the view.
 */
function fittedView(box: Box, size: Size, padding: Padding, minSpan: number): View {
  const innerWidth = Math.max(size.width - padding.left - padding.right, 1);
  const innerHeight = Math.max(size.height - padding.top - padding.bottom, 1);
  const unitsPerPixel = Math.max(
    Math.max(box[2] - box[0], minSpan) / innerWidth,
    Math.max(box[3] - box[1], minSpan) / innerHeight,
  );
  return {
    cx: (box[0] + box[2]) / 2 + ((padding.right - padding.left) / 2) * unitsPerPixel,
    cy: (box[1] + box[3]) / 2 + ((padding.bottom - padding.top) / 2) * unitsPerPixel,
    w: size.width * unitsPerPixel,
    h: size.height * unitsPerPixel,
  };
}

/**
 * Whether a box is shown well by a view: inside its padded part, and taking `shownShare` of it across (a
 * point, a sample, counts as `MIN_FIT_SPAN`).
 */
function selectionInView(box: Box, v: View, size: Size, padding: Padding): boolean {
  // The view is drawn to fit the element keeping its shape: the longer side sets the scale.
  const u = Math.max(v.w / size.width, v.h / size.height);
  const left = v.cx - (size.width / 2 - padding.left) * u;
  const right = v.cx + (size.width / 2 - padding.right) * u;
  const top = v.cy - (size.height / 2 - padding.top) * u;
  const bottom = v.cy + (size.height / 2 - padding.bottom) * u;
  if (box[0] < left || box[2] > right || box[1] < top || box[3] > bottom) return false;
  const share = Math.max(
    Math.max(box[2] - box[0], MIN_FIT_SPAN) / (right - left),
    Math.max(box[3] - box[1], MIN_FIT_SPAN) / (bottom - top),
  );
  return share >= shownShare(box[2] - box[0], box[3] - box[1]);
}

/** A problem marker, a cluster or a soil sample, as the keyboard goes through them. */
interface Mark extends KeyMark {
  cluster?: Cluster;
  point?: ProblemPoint;
  sample?: MapFeature;
}

const pointKey = (p: ProblemPoint): string =>
  `point:${p.fileKey}:${p.diagnosticId ?? `${p.point[0]},${p.point[1]}`}`;
const clusterKey = (c: Cluster): string => `cluster:${c.box[0]}:${c.box[1]}:${c.count}`;
const sampleKey = (f: MapFeature): string => `sample:${f.fileKey}:${f.feature.id}`;

type MapView = 'vector' | 'svg';
const MAP_VIEW_KEY = 'fieldgate-map-view';
const loadVectorMap = () => import('./vector-map.tsx');

let webGlChecked: boolean | undefined;
/** Whether this browser can draw WebGL (MapLibre); checked once. */
function hasWebGl(): boolean {
  if (webGlChecked === undefined) {
    try {
      const canvas = document.createElement('canvas');
      webGlChecked = Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
    } catch {
      webGlChecked = false;
    }
  }
  return webGlChecked;
}

/** The map of the batch: MapLibre where WebGL works (unless the user chose otherwise), else SVG. */
export function SvgMap({ height = 420 }: { height?: number }) {
  const batch = useBatch();
  const titleId = useId();
  const webGl = hasWebGl();
  const [mapView, setMapView] = useState<MapView>(() => {
    const saved = localStorage.getItem(MAP_VIEW_KEY);
    return webGl && saved !== 'svg' ? 'vector' : 'svg';
  });
  // A new lazy component to try again with: a failed import stays failed in the one it was made for.
  const [VectorMap, setVectorMap] = useState(() => lazy(loadVectorMap));
  const chooseMapView = (view: MapView) => {
    localStorage.setItem(MAP_VIEW_KEY, view);
    setMapView(view);
  };
  const data = useMapData();
  const { features, points, total, rates } = data;

  const bounds: Box = useMemo(() => {
    const b = lonLatBounds([
      ...features.map((f) => f.feature.geometry),
      ...points.map((p) => ({ type: 'Point' as const, coordinates: p.point })),
    ]);
    return b ?? [-170, -60, 170, 80];
  }, [features, points]);
  const lat0 = (bounds[1] + bounds[3]) / 2;
  const projection = useMemo(() => flatProjection(lat0), [lat0]);
  const svg = useRef<SVGSVGElement>(null);
  const [size, setSize] = useState<Size | undefined>();
  // The element's size as drawn, else (a screen not shown) what it will be about.
  const sizeRef = useRef<Size>({ width: 600, height });
  if (size && size.width > 0 && size.height > 0) sizeRef.current = size;
  /** The frame of the element kept clear: the legend lies over the map's bottom. */
  const framePadding = (): Padding => {
    const legend = svg.current?.parentElement?.querySelector('.map-legend');
    return paddingOf(sizeRef.current, legend?.getBoundingClientRect().height ?? 0);
  };
  /** The whole batch in view. */
  const fitAll = (): View =>
    fittedView(projectedBox(bounds, projection), sizeRef.current, framePadding(), MIN_FIT_SPAN);
  const [view, setView] = useState<View>(fitAll);
  // The view as last fitted to the batch: it is fitted again when the map first gets its size (a screen
  // shown), but not once the user has moved it.
  const lastFit = useRef<View | undefined>(undefined);
  const showAll = () => {
    const fitted = fitAll();
    lastFit.current = fitted;
    setView(fitted);
  };
  // eslint-disable-next-line react-hooks/exhaustive-deps -- fitted again for new data, not for each render
  useEffect(showAll, [bounds, projection]);
  useEffect(() => {
    if (size && size.width > 0 && view === lastFit.current) showAll();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new size fits again
  }, [size]);

  const landPath = useMemo(
    () =>
      flatLandRings()
        .map((ring) => geometryPath({ type: 'Polygon', coordinates: [ring] }, projection))
        .join(''),
    [projection],
  );
  // Paths are made as they are first drawn, a step at a time with the drawing below: making all 2,000 in
  // the task that got the result was a third of it.
  const pathOf = useMemo(() => {
    const made = new WeakMap<MapFeature, string>();
    return (f: MapFeature): string => {
      let d = made.get(f);
      if (d === undefined) made.set(f, (d = geometryPath(f.feature.geometry, projection)));
      return d;
    };
  }, [projection]);

  // Drawn a few hundred per frame: a big batch never holds the main thread for long.
  const [progressive, setProgressive] = useState({ of: features, count: DRAW_STEP });
  const drawnCount = progressive.of === features ? progressive.count : DRAW_STEP;
  useEffect(() => {
    if (drawnCount >= features.length) return;
    const frame = requestAnimationFrame(() =>
      setProgressive({ of: features, count: drawnCount + DRAW_STEP }),
    );
    return () => cancelAnimationFrame(frame);
  }, [features, drawnCount]);

  // The legend's height: folded or unfolded (or grown by a line), it changes the clear part of the map, and
  // the selection is fitted into that again.
  const frame = useRef<HTMLDivElement>(null);
  const legendHeight = useLegendHeight(frame);

  const selection = batch.selection;
  // The selected feature, and the features its problem's related places name (in other files too).
  const outlined = useSelectedFeatures();
  // A selection brings its features (every field an overlap or a duplicate names, or its problem's point)
  // into view, clear of the legend, and zooms in until they fill the map when they would be small there.
  useEffect(() => {
    const b = selectionBounds(data, outlined, selection);
    if (!b) return;
    const box = projectedBox(b, projection);
    setView((v) => {
      const padding = framePadding();
      return selectionInView(box, v, sizeRef.current, padding)
        ? v
        : fittedView(box, sizeRef.current, padding, MIN_FIT_SPAN);
    });
    // framePadding reads the legend's height as drawn: legendHeight is here for when it changes.
  }, [selection, data, outlined, projection, legendHeight]);
  // The legend folded or unfolded with nothing selected: the whole batch fitted clear of it again, unless
  // the person has moved the view since it was fitted (theirs stays).
  const legendFitted = useRef(legendHeight);
  useEffect(() => {
    if (legendFitted.current === legendHeight) return;
    legendFitted.current = legendHeight;
    if (selection === undefined && view === lastFit.current) showAll();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fitted again for the legend, not each render
  }, [legendHeight, selection]);

  const zoom = (factor: number) => setView((v) => ({ ...v, w: v.w * factor, h: v.h * factor }));
  const pan = (dx: number, dy: number) =>
    setView((v) => ({ ...v, cx: v.cx + dx * v.w, cy: v.cy + dy * v.h }));
  const drag = useRef<{ x: number; y: number; view: View } | undefined>(undefined);
  useEffect(() => {
    const element = svg.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setSize({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [mapView]);

  function onKeyDown(event: KeyboardEvent) {
    const mark = (event.target as Element).getAttribute('data-mark');
    if (mark !== null && onMarkKey(event, mark)) {
      event.preventDefault();
      return;
    }
    const keys: Record<string, () => void> = {
      ArrowLeft: () => pan(-0.1, 0),
      ArrowRight: () => pan(0.1, 0),
      ArrowUp: () => pan(0, -0.1),
      ArrowDown: () => pan(0, 0.1),
      '+': () => zoom(0.7),
      '=': () => zoom(0.7),
      '-': () => zoom(1 / 0.7),
      '0': showAll,
    };
    const act = keys[event.key];
    if (act) {
      event.preventDefault();
      act();
    }
  }
  function onPointerDown(e: PointerEvent<SVGSVGElement>) {
    drag.current = { x: e.clientX, y: e.clientY, view };
  }
  function onPointerMove(e: PointerEvent<SVGSVGElement>) {
    const start = drag.current;
    const rect = svg.current?.getBoundingClientRect();
    if (!start || !rect || e.buttons !== 1) return;
    const scale = Math.max(start.view.w / rect.width, start.view.h / rect.height);
    setView({
      ...start.view,
      cx: start.view.cx - (e.clientX - start.x) * scale,
      cy: start.view.cy - (e.clientY - start.y) * scale,
    });
  }
  function onWheel(e: WheelEvent) {
    zoom(e.deltaY > 0 ? 1.2 : 1 / 1.2);
  }

  // Markers and clusters keep their size on screen: the map's units per pixel, from the element's size
  // (the view is fitted into it keeping its shape, so the longer side sets the scale).
  const unitsPerPixel =
    size && size.width > 0 && size.height > 0
      ? Math.max(view.w / size.width, view.h / size.height)
      : Math.max(view.w, view.h) / 600;
  const markerRadius = unitsPerPixel * 5;
  // Crowded: the fields are filled by severity instead of outlined, so each shows and the colour is not a block.
  const fieldSpan = useMemo(() => {
    const spans: number[] = [];
    for (const f of features) {
      if (spans.length >= MEASURED_FEATURES) break;
      const g = f.feature.geometry;
      const b = g && g.type !== 'Point' ? lonLatBounds([g]) : undefined;
      if (!b) continue;
      const [x0, y0, x1, y1] = projectedBox(b, projection);
      spans.push(Math.max(x1 - x0, y1 - y0));
    }
    return spans.sort((a, b) => a - b)[Math.floor(spans.length / 2)];
  }, [features, projection]);
  const crowded = fieldSpan !== undefined && fieldSpan / unitsPerPixel < CROWDED_FIELD_PX;
  // One callback for every feature (it reads the batch as it is when clicked): a selection then redraws
  // only the features whose outline changes, not the 2,000 drawn.
  const batchRef = useRef(batch);
  batchRef.current = batch;
  const chooseMapFeature = useCallback(
    (f: MapFeature) => chooseFeature(batchRef.current, f.fileKey, f.feature.id),
    [],
  );
  const selectedPoint = points.find(
    (p) => p.fileKey === selection?.fileKey && p.diagnosticId === selection?.diagnosticId,
  );
  // Markers in the map's units, made once per result; grouped again as the view changes when there are many.
  const markers = useMemo(
    () =>
      points.map((p) => {
        const [x, y] = projection.project(p.point[0], p.point[1]);
        return { x, y, severity: p.severity, point: p };
      }),
    [points, projection],
  );
  const clustered = markers.length >= CLUSTER_FROM;
  const grouped = useMemo(
    () =>
      clustered ? gridClusters(markers, markerRadius * 9) : { singles: markers, clusters: [] as Cluster[] },
    [markers, clustered, markerRadius],
  );
  const zoomTo = (c: Cluster) => {
    const w = Math.max(c.box[2] - c.box[0], view.w / 10) * 1.5;
    const h = Math.max(c.box[3] - c.box[1], view.h / 10) * 1.5;
    const scale = Math.max(w / view.w, h / view.h);
    setView({
      cx: (c.box[0] + c.box[2]) / 2,
      cy: (c.box[1] + c.box[3]) / 2,
      w: view.w * scale,
      h: view.h * scale,
    });
  };
  // The markers, clusters and soil samples in view, for the keyboard (mark-keys.ts): one tab stop, arrows
  // from one to the next in reading order, Enter or Space zooms into a cluster or selects a marker's problem
  // or a sample, Escape goes back to the map. + and − zoom from any of them.
  const extraSelected =
    selectedPoint && !grouped.singles.some((m) => m.point === selectedPoint) ? selectedPoint : undefined;
  const samples = useMemo(
    () =>
      features.slice(0, drawnCount).flatMap((f): Mark[] => {
        const g = f.feature.geometry;
        if (!isSample(f.feature) || g?.type !== 'Point') return [];
        const [x, y] = projection.project(g.coordinates[0], g.coordinates[1]);
        return [{ key: sampleKey(f), x, y, sample: f }];
      }),
    [features, drawnCount, projection],
  );
  const marks = useMemo((): Mark[] => {
    const list: Mark[] = grouped.clusters.map((c) => ({ key: clusterKey(c), x: c.x, y: c.y, cluster: c }));
    for (const m of grouped.singles) list.push({ key: pointKey(m.point), x: m.x, y: m.y, point: m.point });
    if (extraSelected) {
      const [x, y] = projection.project(extraSelected.point[0], extraSelected.point[1]);
      list.push({ key: pointKey(extraSelected), x, y, point: extraSelected });
    }
    list.push(...samples);
    const u = Math.max(view.w / sizeRef.current.width, view.h / sizeRef.current.height);
    const halfW = (sizeRef.current.width / 2) * u;
    const halfH = (sizeRef.current.height / 2) * u;
    return inReadingOrder(
      list.filter((m) => Math.abs(m.x - view.cx) <= halfW && Math.abs(m.y - view.cy) <= halfH),
    );
  }, [grouped, extraSelected, samples, projection, view]);
  const { markProps, onMarkKey } = useMarkKeys(marks, {
    element: (key) => svg.current?.querySelector<SVGElement>(`[data-mark="${CSS.escape(key)}"]`) ?? undefined,
    act: (mark) => {
      if (mark.cluster) zoomTo(mark.cluster);
      else if (mark.sample) chooseMapFeature(mark.sample);
      else if (mark.point) choosePoint(batchRef.current, mark.point);
    },
    leave: () => svg.current?.focus(),
  });

  // A fix being previewed: the feature as it is (dashed) under the feature as the fix makes it (filled).
  const preview = batch.fixPreview;
  const previewBefore =
    preview && features.find((f) => f.fileKey === preview.fileKey && f.feature.id === preview.after.id);

  // What the map shows of the features: those cut by the cap and those with no shape are not drawn.
  const shown = features.length - data.shapeless;
  const countText =
    shown < total
      ? `${formatCount(shown)} of ${formatCount(total)} features drawn` +
        (total > features.length ? ' (problems first)' : '') +
        (data.shapeless > 0
          ? `; ${formatCount(data.shapeless)} with no shape to draw (a boundary that could not be read)`
          : '')
      : `${formatCount(total)} features`;

  return (
    <section className="map" aria-labelledby={titleId}>
      <div className="toolbar map-toolbar">
        <h2 id={titleId}>Map</h2>
        {/* One line at any width: the count gives way (short, cut further when it must; its whole text on
            hover and for screen readers), not the controls. */}
        <span className="count" title={countText}>
          <span aria-hidden="true">
            {shown < total ? `${formatCount(shown)} of ${formatCount(total)} drawn` : countText}
          </span>
          <span className="visually-hidden">{countText}</span>
        </span>
        <label>
          Map view
          <select value={mapView} onChange={(e) => chooseMapView(e.target.value as MapView)}>
            <option value="vector" disabled={!webGl}>
              {webGl ? 'Vector (WebGL)' : 'Vector: needs WebGL'}
            </option>
            <option value="svg">Simple (SVG)</option>
          </select>
        </label>
        {mapView === 'svg' && (
          <>
            <button type="button" onClick={() => zoom(0.7)} aria-label="Zoom in">
              +
            </button>
            <button type="button" onClick={() => zoom(1 / 0.7)} aria-label="Zoom out">
              −
            </button>
            <button type="button" onClick={showAll}>
              Fit
            </button>
          </>
        )}
      </div>
      {data.samples > 0 && data.outlines === 0 && (
        <p className="map-note" role="note" data-testid="map-note">
          No field boundary in the batch: the soil samples are shown by themselves. Add the field&apos;s
          boundary file to see them on their field.
        </p>
      )}
      <div className="map-body">
        <div className="map-frame" ref={frame}>
          {mapView === 'vector' && (
            <PartBoundary
              part="The vector map"
              instead="Choose Simple (SVG) in Map view to see the batch meanwhile."
              onRetry={() => setVectorMap(() => lazy(loadVectorMap))}
            >
              <Suspense fallback={<p role="status">Loading the vector map…</p>}>
                <VectorMap height={height} legendHeight={legendHeight} />
              </Suspense>
            </PartBoundary>
          )}
          {mapView === 'svg' && (
            <svg
              ref={svg}
              className={`map-canvas${crowded ? ' crowded' : ''}`}
              role="group"
              tabIndex={0}
              aria-label="Map of the batch: arrow keys pan, + and − zoom, 0 fits. Tab goes to its problem markers and clusters: arrow keys go from one to the next, Enter selects a problem or zooms into a cluster, Escape comes back here."
              viewBox={`${view.cx - view.w / 2} ${view.cy - view.h / 2} ${view.w} ${view.h}`}
              preserveAspectRatio="xMidYMid meet"
              // The workbench's layout may set it smaller (--map-height) to share the screen.
              style={{ height: `var(--map-height, ${height}px)` }}
              onKeyDown={onKeyDown}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={() => (drag.current = undefined)}
              onWheel={onWheel}
            >
              <rect
                className="sea"
                x={view.cx - view.w}
                y={view.cy - view.h}
                width={view.w * 2}
                height={view.h * 2}
              />
              <path className="land" d={landPath} vectorEffect="non-scaling-stroke" />
              {features.slice(0, drawnCount).map((f) => (
                <FeatureShape
                  key={`${f.fileKey}:${f.feature.id}`}
                  f={f}
                  d={pathOf(f)}
                  selected={outlined.has(`${f.fileKey}:${f.feature.id}`)}
                  fill={f.rate !== undefined && rates ? rateColour(f.rate, rates.min, rates.max) : undefined}
                  projection={projection}
                  // Only points have markers: other features need not be drawn again when the zoom changes.
                  markerRadius={f.feature.geometry?.type === 'Point' ? markerRadius : 0}
                  onChoose={chooseMapFeature}
                />
              ))}
              {preview && (
                <path
                  className="fix-preview-after"
                  data-testid="map-fix-preview"
                  d={geometryPath(preview.after.geometry, projection)}
                  vectorEffect="non-scaling-stroke"
                />
              )}
              {previewBefore && (
                <path
                  className="fix-preview-before"
                  data-testid="map-fix-preview-before"
                  d={pathOf(previewBefore)}
                  vectorEffect="non-scaling-stroke"
                />
              )}
              {/* The soil samples' marks for the keyboard, over their points (the points take the clicks). */}
              {marks.map(
                (m) =>
                  m.sample && (
                    <circle
                      key={m.key}
                      className="sample-mark"
                      cx={m.x}
                      cy={m.y}
                      r={markerRadius * 2}
                      vectorEffect="non-scaling-stroke"
                      role="button"
                      aria-label={sampleName(m.sample)}
                      aria-pressed={outlined.has(`${m.sample.fileKey}:${m.sample.feature.id}`)}
                      {...markProps(m.key)}
                    />
                  ),
              )}
              {grouped.singles.map((m) => (
                <ProblemMarker
                  key={pointKey(m.point)}
                  p={m.point}
                  x={m.x}
                  y={m.y}
                  r={m.point === selectedPoint ? markerRadius * 1.6 : markerRadius}
                  selected={m.point === selectedPoint}
                  role="button"
                  {...markProps(pointKey(m.point))}
                />
              ))}
              {grouped.clusters.map((c) => (
                <g
                  key={clusterKey(c)}
                  className={`problem-cluster sev-${c.worst}`}
                  data-count={c.count}
                  aria-label={clusterName(c.count, c.worst)}
                  onClick={() => zoomTo(c)}
                  role="button"
                  {...markProps(clusterKey(c))}
                >
                  <circle cx={c.x} cy={c.y} r={markerRadius * 2.6} vectorEffect="non-scaling-stroke" />
                  <text
                    x={c.x}
                    y={c.y}
                    fontSize={markerRadius * 2}
                    textAnchor="middle"
                    dominantBaseline="central"
                    aria-hidden="true"
                  >
                    {c.count}
                  </text>
                </g>
              ))}
              {/* Over the clusters: the selected problem's point, wherever it is grouped. */}
              {extraSelected && (
                <ProblemMarker
                  p={extraSelected}
                  x={projection.project(extraSelected.point[0], extraSelected.point[1])[0]}
                  y={projection.project(extraSelected.point[0], extraSelected.point[1])[1]}
                  r={markerRadius * 1.6}
                  selected
                  role="button"
                  {...markProps(pointKey(extraSelected))}
                />
              )}
            </svg>
          )}
          <MapLegend data={data} clustered={clustered} selected={outlined.size > 0} />
        </div>
        <ZoneTable />
      </div>
    </section>
  );
}

/** The height of the legend in a map's frame, as drawn (0 while the screen is not shown). */
function useLegendHeight(frame: RefObject<HTMLDivElement | null>): number {
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const legend = frame.current?.querySelector('.map-legend');
    if (!legend) return;
    const observer = new ResizeObserver(([entry]) => {
      const measured = Math.round(entry?.borderBoxSize[0]?.blockSize ?? 0);
      if (measured > 0) setHeight(measured);
    });
    observer.observe(legend);
    return () => observer.disconnect();
  }, [frame]);
  return height;
}

/** A problem at its point: a ring in its severity's colour, named by its problem (Enter selects it). */
function ProblemMarker({
  p,
  x,
  y,
  r,
  selected = false,
  ...focus
}: {
  p: ProblemPoint;
  x: number;
  y: number;
  r: number;
  selected?: boolean;
  'data-mark': string;
  role: string;
  tabIndex: number;
  onFocus(): void;
}) {
  return (
    <circle
      className={`problem-point sev-${p.severity}${selected ? ' selected' : ''}`}
      cx={x}
      cy={y}
      r={r}
      vectorEffect="non-scaling-stroke"
      aria-label={pointName(p)}
      aria-pressed={selected}
      {...focus}
    />
  );
}

/** One feature of the map: drawn again only when it, its outline or the zoom changes. */
const FeatureShape = memo(function FeatureShape({
  f,
  d,
  selected,
  fill,
  projection,
  markerRadius,
  onChoose,
}: {
  f: MapFeature;
  d: string;
  selected: boolean;
  fill: string | undefined;
  projection: Projection;
  markerRadius: number;
  onChoose(f: MapFeature): void;
}) {
  const sample = isSample(f.feature);
  const cls = `feature${sample ? ' sample' : ''}${f.worst ? ` has-${f.worst}` : ''}${selected ? ' selected' : ''}`;
  return (
    <g data-feature={f.feature.id} className={cls} onClick={() => onChoose(f)}>
      {sample && <title>Sample {String(f.feature.properties.sampleNumber)}</title>}
      {d && <path d={d} vectorEffect="non-scaling-stroke" style={fill ? { fill } : undefined} />}
      {pointsOf(f.feature.geometry).map(([lon, lat], i) => {
        const [x, y] = projection.project(lon, lat);
        return <circle key={i} cx={x} cy={y} r={markerRadius * 0.8} vectorEffect="non-scaling-stroke" />;
      })}
    </g>
  );
});
