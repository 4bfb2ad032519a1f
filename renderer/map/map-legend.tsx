/**
 * The map's legend and an Rx's zone table, for both maps (SVG and MapLibre draw with the same colours):
 * problem markers by severity with their counts, clusters, the selection, a fix's preview (the original
 * dashed, the result filled), and Rx rates with their unit. The zone table lists the selected Rx's zones
 * (zone, rate, acres); choosing one selects it.
 */
import { useEffect, useRef, useState } from 'react';
import { formatCount, type Severity } from '../../core/index.ts';
import { selectionOf, useBatch } from '../state/batch.tsx';
import { RATE_COLOURS, type MapData } from './map-data.ts';
import { rateUnitOf, zoneRows } from './rx-zones.ts';

const SEVERITY_NAMES: Record<Severity, string> = { error: 'Error', warning: 'Warning', info: 'Info' };

/** Rates rounded for people (the file's own digits stay in the grid). */
const rateText = (rate: number): string => formatCount(Math.round(rate * 100) / 100);

/** The Rx files of the batch: their zones carry rates. */
function useRxFiles() {
  const batch = useBatch();
  return batch.files.filter((f) => f.result?.summary?.type === 'rx');
}

/** "Rate (DOSE, lbs/ac)": the rate column and the unit a unit column names, or that none does. */
function useRateTitle(): string {
  const rx = useRxFiles();
  const columns = new Set<string>();
  const units = new Set<string | undefined>();
  for (const file of rx) {
    const summary = file.result?.summary;
    if (summary?.type === 'rx' && summary.rateColumn) columns.add(summary.rateColumn);
    units.add(rateUnitOf(file.result?.features ?? []));
  }
  const unit = units.size === 1 ? [...units][0] : undefined;
  const parts = [
    ...(columns.size === 1 ? [...columns] : []),
    unit ?? (units.size > 1 ? 'units differ between files' : 'no unit in the file'),
  ];
  return `Rate (${parts.join(', ')})`;
}

const LEGEND_KEY = 'fieldgate-map-legend';
/** A map shorter than this (1366×768's workbench: about 215 px) starts with its legend folded. */
const SHORT_MAP = 250;

/**
 * Whether the legend is open: as the user last chose (on any map), else open unless the map is short, where
 * three lines of legend would hide a third of it.
 */
function useLegendOpen() {
  const ref = useRef<HTMLDivElement>(null);
  const [chosen, setChosen] = useState<boolean | undefined>(() => {
    const saved = localStorage.getItem(LEGEND_KEY);
    return saved === 'open' ? true : saved === 'closed' ? false : undefined;
  });
  const [short, setShort] = useState(false);
  useEffect(() => {
    const frame = ref.current?.parentElement;
    if (!frame) return;
    // A screen not shown has no height: it is measured again when shown.
    const observer = new ResizeObserver(([entry]) => {
      const height = entry?.contentRect.height ?? 0;
      if (height > 0) setShort(height < SHORT_MAP);
    });
    observer.observe(frame);
    return () => observer.disconnect();
  }, []);
  const choose = (open: boolean) => {
    localStorage.setItem(LEGEND_KEY, open ? 'open' : 'closed');
    setChosen(open);
  };
  return { ref, open: chosen ?? !short, choose };
}

export function MapLegend({
  data,
  clustered,
  selected,
}: {
  data: MapData;
  /** Whether the markers are drawn as clusters now. */
  clustered: boolean;
  /** Whether the selection outlines a feature. */
  selected: boolean;
}) {
  const batch = useBatch();
  const rateTitle = useRateTitle();
  const severities = (['error', 'warning', 'info'] as const).filter((s) => data.pointCounts[s] > 0);
  // Outlines drawn in a severity's colour (a feature's worst problem), when some are: fields and zones, not
  // points (a soil sample with a problem is drawn as any sample).
  const outlined = (f: MapData['features'][number]) =>
    f.feature.geometry !== null && f.feature.geometry.type !== 'Point';
  const outlines = (['error', 'warning'] as const).filter((s) =>
    data.features.some((f) => f.worst === s && outlined(f)),
  );
  const { ref, open, choose } = useLegendOpen();
  // Folded, it keeps one line: the problems on the map by severity, and the button that unfolds the rest.
  return (
    <div ref={ref} className="map-legend" role="group" aria-label="Map legend" data-testid="map-legend">
      <button
        type="button"
        className="legend-toggle"
        aria-expanded={open}
        title={open ? 'Fold the legend' : 'Show the whole legend'}
        onClick={() => choose(!open)}
      >
        Legend <span aria-hidden="true">{open ? '▾' : '▸'}</span>
      </button>
      {severities.length > 0 && (
        <ul aria-label="Problems on the map">
          {severities.map((s) => (
            <li key={s} data-severity={s}>
              <span className={`marker sev-${s}`} aria-hidden="true" /> {SEVERITY_NAMES[s]}{' '}
              {formatCount(data.pointCounts[s])}
            </li>
          ))}
          {open && clustered && (
            <li data-legend="cluster">
              <span className="marker cluster" aria-hidden="true" /> Cluster: count, worst severity
            </li>
          )}
        </ul>
      )}
      {open && (
        <ul aria-label="Outlines">
          {data.outlines > 0 && (
            <li data-legend="field">
              <span className="line field" aria-hidden="true" /> Field
            </li>
          )}
          {outlines.map((s) => (
            <li key={s} data-legend={`field-${s}`}>
              <span className={`line sev-${s}`} aria-hidden="true" /> With{' '}
              {s === 'error' ? 'an error' : 'a warning'}
            </li>
          ))}
          {data.samples > 0 && (
            <li data-legend="samples">
              <span className="marker sample" aria-hidden="true" /> Soil sample {formatCount(data.samples)}
            </li>
          )}
          {selected && (
            <li data-legend="selected">
              <span className="line selected" aria-hidden="true" /> Selected
            </li>
          )}
          {batch.fixPreview && (
            <li data-legend="fix-preview">
              <span className="line fix-before" aria-hidden="true" /> Before the fix{' '}
              <span className="line fix-after" aria-hidden="true" /> After it (preview)
            </li>
          )}
        </ul>
      )}
      {open && data.rates && (
        <p className="rate-legend" role="group" aria-label="Rate legend">
          <span>{rateTitle}</span> <span>{rateText(data.rates.min)}</span>
          {RATE_COLOURS.map((c) => (
            <span key={c} className="swatch" style={{ background: c }} />
          ))}
          <span>{rateText(data.rates.max)}</span>
        </p>
      )}
    </div>
  );
}

/** The zones of the selected Rx, beside the map: zone, rate (with its unit) and acres; a row selects its zone. */
export function ZoneTable() {
  const batch = useBatch();
  const rx = useRxFiles();
  const rateTitle = useRateTitle();
  const file = rx.find((f) => f.key === batch.selection?.fileKey);
  if (!file) return null;
  const rows = zoneRows(file.result?.features ?? []);
  const selectedFeature = batch.selection?.feature;
  const choose = (feature: number) => {
    const first = batch.problems.find(
      (p) => p.fileKey === file.key && p.diagnostic.location.feature === feature,
    );
    batch.select(first ? selectionOf(file.key, first.diagnostic) : { fileKey: file.key, feature });
  };
  const totalAcres = rows.reduce((sum, r) => sum + (r.acres ?? 0), 0);
  return (
    <div className="zone-table">
      <table aria-label={`Zones of ${file.name}`}>
        <thead>
          <tr>
            <th scope="col">Zone</th>
            <th scope="col">{rateTitle}</th>
            <th scope="col">Acres</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.feature} className={r.feature === selectedFeature ? 'selected' : undefined}>
              <td>
                <button
                  type="button"
                  aria-current={r.feature === selectedFeature ? 'true' : undefined}
                  aria-label={`Zone ${r.zone}`}
                  onClick={() => choose(r.feature)}
                >
                  {r.zone}
                </button>
              </td>
              <td>{r.rate === undefined ? '—' : rateText(r.rate)}</td>
              <td>{r.acres === undefined ? '—' : rateText(r.acres)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              Total
            </th>
            <td>{rateText(totalAcres)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
