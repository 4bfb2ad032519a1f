/**
 * The map, drawn as SVG so it works everywhere (no WebGL needed, nothing fetched): the bundled land, the
 * batch's fields, zones and sample points, problems at their points, Rx zones coloured by rate with a
 * legend. Clicking a feature selects it (and its first problem in the table); a problem selected in the
 * table is highlighted here. Large batches draw the features with problems first, up to a cap.
 */
import {
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type WheelEvent,
} from 'react';
import type { GeoJsonFeature, Severity } from '../../core/index.ts';
import { selectionOf, useBatch, type BatchFile } from '../state/batch.tsx';
import { landRings } from './land.ts';
import { flatProjection, geometryPath, lonLatBounds, pointsOf, type Box } from './projection.ts';

/** Features drawn at most: SVG stays responsive with a few thousand paths. */
const MAX_FEATURES = 2000;
/** Features added to the page per animation frame. */
const DRAW_STEP = 300;
const RATE_COLOURS = ['#f7fcb9', '#d9f0a3', '#addd8e', '#78c679', '#41ab5d', '#238443', '#005a32'];

interface MapFeature {
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

interface View {
  cx: number;
  cy: number;
  w: number;
  h: number;
}

const resultIds = new WeakMap<object, number>();
let nextResultId = 1;

/** A key that changes when a file is added, removed or gets a new result. */
function resultsKey(files: readonly BatchFile[]): string {
  return files
    .map((f) => {
      if (!f.result) return `${f.key}:-`;
      let id = resultIds.get(f.result);
      if (id === undefined) resultIds.set(f.result, (id = nextResultId++));
      return `${f.key}:${id}`;
    })
    .join(',');
}

const worse = (a: Severity | undefined, b: Severity): Severity =>
  a === 'error' || b === 'error' ? 'error' : a === 'warning' || b === 'warning' ? 'warning' : 'info';

function rateColour(rate: number, min: number, max: number): string {
  const t = max > min ? (rate - min) / (max - min) : 0.5;
  return RATE_COLOURS[Math.min(RATE_COLOURS.length - 1, Math.floor(t * RATE_COLOURS.length))]!;
}

export function SvgMap({ height = 420 }: { height?: number }) {
  const batch = useBatch();
  const { features, points, total, rates } = useMemo(() => {
    const problemFeatures: MapFeature[] = [];
    const otherFeatures: MapFeature[] = [];
    const pts: ProblemPoint[] = [];
    let all = 0;
    for (const file of batch.files) {
      const worst = new Map<number, Severity>();
      for (const d of file.result?.diagnostics ?? []) {
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
    return { features: drawn, points: pts, total: all, rates: rateRange };
    // Only a file's result changes what is drawn, not its progress while it is being checked.
  }, [resultsKey(batch.files)]);

  const bounds: Box = useMemo(() => {
    const b = lonLatBounds([
      ...features.map((f) => f.feature.geometry),
      ...points.map((p) => ({ type: 'Point' as const, coordinates: p.point })),
    ]);
    return b ?? [-170, -60, 170, 80];
  }, [features, points]);
  const lat0 = (bounds[1] + bounds[3]) / 2;
  const projection = useMemo(() => flatProjection(lat0), [lat0]);
  const fitView = useMemo((): View => {
    const [x0, y1] = projection.project(bounds[0], bounds[1]);
    const [x1, y0] = projection.project(bounds[2], bounds[3]);
    const w = Math.max(x1 - x0, 0.002) * 1.15;
    const h = Math.max(y1 - y0, 0.002) * 1.15;
    return { cx: (x0 + x1) / 2, cy: (y0 + y1) / 2, w, h };
  }, [bounds, projection]);
  const [view, setView] = useState<View>(fitView);
  useEffect(() => setView(fitView), [fitView]);

  const landPath = useMemo(
    () =>
      landRings()
        .map((ring) => geometryPath({ type: 'Polygon', coordinates: [ring] }, projection))
        .join(''),
    [projection],
  );
  const paths = useMemo(
    () =>
      features.map((f) => ({
        ...f,
        d: geometryPath(f.feature.geometry, projection),
        dots: pointsOf(f.feature.geometry),
      })),
    [features, projection],
  );

  // Drawn a few hundred per frame: a big batch never holds the main thread for long.
  const [progressive, setProgressive] = useState({ of: paths, count: DRAW_STEP });
  const drawnCount = progressive.of === paths ? progressive.count : DRAW_STEP;
  useEffect(() => {
    if (drawnCount >= paths.length) return;
    const frame = requestAnimationFrame(() => setProgressive({ of: paths, count: drawnCount + DRAW_STEP }));
    return () => cancelAnimationFrame(frame);
  }, [paths, drawnCount]);

  const selection = batch.selection;
  const selectedFeature = selection?.feature;
  // A selection brings its feature (or its problem's point) into view, zooming in when it would be a speck.
  const selectedDiagnostic = selection?.diagnosticId;
  useEffect(() => {
    if (!selection) return;
    const f =
      selectedFeature === undefined
        ? undefined
        : features.find((x) => x.fileKey === selection.fileKey && x.feature.id === selectedFeature);
    const point = points.find(
      (p) => p.fileKey === selection.fileKey && p.diagnosticId === selectedDiagnostic,
    );
    const b =
      (f && lonLatBounds([f.feature.geometry])) ??
      (point ? ([point.point[0], point.point[1], point.point[0], point.point[1]] as Box) : undefined);
    if (!b) return;
    const [x0, y1] = projection.project(b[0], b[1]);
    const [x1, y0] = projection.project(b[2], b[3]);
    setView((v) => {
      const inside =
        x0 >= v.cx - v.w / 2 && x1 <= v.cx + v.w / 2 && y0 >= v.cy - v.h / 2 && y1 <= v.cy + v.h / 2;
      const speck = x1 - x0 < v.w / 25 && y1 - y0 < v.h / 25;
      if (inside && !speck) return v;
      const centred = { ...v, cx: (x0 + x1) / 2, cy: (y0 + y1) / 2 };
      if (!speck) return centred;
      // About a fifth of the view, keeping its shape; a point gets a view about 1 km across.
      const scale = Math.max((x1 - x0) / v.w, (y1 - y0) / v.h, 0.01 / v.h) * 5;
      return { ...centred, w: v.w * scale, h: v.h * scale };
    });
  }, [selection, selectedFeature, selectedDiagnostic, features, points, projection]);

  const zoom = (factor: number) => setView((v) => ({ ...v, w: v.w * factor, h: v.h * factor }));
  const pan = (dx: number, dy: number) =>
    setView((v) => ({ ...v, cx: v.cx + dx * v.w, cy: v.cy + dy * v.h }));
  const drag = useRef<{ x: number; y: number; view: View } | undefined>(undefined);
  const svg = useRef<SVGSVGElement>(null);

  function onKeyDown(event: KeyboardEvent) {
    const keys: Record<string, () => void> = {
      ArrowLeft: () => pan(-0.1, 0),
      ArrowRight: () => pan(0.1, 0),
      ArrowUp: () => pan(0, -0.1),
      ArrowDown: () => pan(0, 0.1),
      '+': () => zoom(0.7),
      '=': () => zoom(0.7),
      '-': () => zoom(1 / 0.7),
      '0': () => setView(fitView),
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

  const markerRadius = Math.max(view.w, view.h) / 120;
  const selectedPoint = points.find(
    (p) => p.fileKey === selection?.fileKey && p.diagnosticId === selection?.diagnosticId,
  );

  return (
    <section className="map" aria-labelledby="map-title">
      <div className="toolbar">
        <h2 id="map-title">Map</h2>
        <span className="count">
          {total > features.length
            ? `${features.length} of ${total} features drawn (problems first)`
            : `${total} features`}
        </span>
        <button type="button" onClick={() => zoom(0.7)} aria-label="Zoom in">
          +
        </button>
        <button type="button" onClick={() => zoom(1 / 0.7)} aria-label="Zoom out">
          −
        </button>
        <button type="button" onClick={() => setView(fitView)}>
          Fit
        </button>
      </div>
      <svg
        ref={svg}
        className="map-canvas"
        role="group"
        tabIndex={0}
        aria-label="Map of the batch: arrow keys pan, + and − zoom, 0 fits. Select features from the problem list."
        viewBox={`${view.cx - view.w / 2} ${view.cy - view.h / 2} ${view.w} ${view.h}`}
        preserveAspectRatio="xMidYMid meet"
        style={{ height }}
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
        {paths.slice(0, drawnCount).map((f) => {
          const selected = f.fileKey === selection?.fileKey && f.feature.id === selectedFeature;
          const cls = `feature${f.worst ? ` has-${f.worst}` : ''}${selected ? ' selected' : ''}`;
          const fill = f.rate !== undefined && rates ? rateColour(f.rate, rates.min, rates.max) : undefined;
          const choose = () => {
            const first = batch.problems.find(
              (p) => p.fileKey === f.fileKey && p.diagnostic.location.feature === f.feature.id,
            );
            batch.select(
              first
                ? selectionOf(f.fileKey, first.diagnostic)
                : { fileKey: f.fileKey, feature: f.feature.id },
            );
          };
          return (
            <g
              key={`${f.fileKey}:${f.feature.id}`}
              data-feature={f.feature.id}
              className={cls}
              onClick={choose}
            >
              {f.d && <path d={f.d} vectorEffect="non-scaling-stroke" style={fill ? { fill } : undefined} />}
              {f.dots.map(([lon, lat], i) => {
                const [x, y] = projection.project(lon, lat);
                return (
                  <circle key={i} cx={x} cy={y} r={markerRadius * 0.8} vectorEffect="non-scaling-stroke" />
                );
              })}
            </g>
          );
        })}
        {points.map((p, i) => {
          const [x, y] = projection.project(p.point[0], p.point[1]);
          return (
            <circle
              key={i}
              className={`problem-point sev-${p.severity}${p === selectedPoint ? ' selected' : ''}`}
              cx={x}
              cy={y}
              r={p === selectedPoint ? markerRadius * 1.6 : markerRadius}
              vectorEffect="non-scaling-stroke"
            />
          );
        })}
      </svg>
      {rates && (
        <div className="legend" aria-label="Rate legend">
          <span>Rate {rates.min}</span>
          {RATE_COLOURS.map((c) => (
            <span key={c} className="swatch" style={{ background: c }} />
          ))}
          <span>{rates.max}</span>
        </div>
      )}
    </section>
  );
}
