/**
 * A self-contained HTML report: counts, an offline map of the checked geometry (inline SVG, no tiles, no
 * script, no network), a table of rows with their status, and every problem linked to its row (and the
 * row's shape on the map to the row). All text from the input is escaped; nothing is fetched.
 */

import type { Diagnostic, Severity } from '../diagnostics/diagnostic.ts';
import { plural } from '../values/plural.ts';
import { describeLocation } from './describe-location.ts';
import { fileValueAt, type ReportFileLike } from './problems-csv.ts';
import { formatCount } from '../values/format-count.ts';

type Position = readonly number[];
interface GeometryLike {
  type: string;
  coordinates: unknown;
}
export interface FeatureLike {
  id: number;
  geometry: GeometryLike | null;
  properties: { [key: string]: unknown };
}
export interface HtmlReportFile extends ReportFileLike {
  features?: readonly FeatureLike[];
}
export interface HtmlReportInput {
  files: readonly HtmlReportFile[];
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** Every ring of a Polygon or MultiPolygon (points and lines as single rings, unclosed). */
function rings(geometry: GeometryLike | null): Position[][] {
  if (!geometry) return [];
  const c = geometry.coordinates;
  if (geometry.type === 'Polygon') return c as Position[][];
  if (geometry.type === 'MultiPolygon') return (c as Position[][][]).flat();
  if (geometry.type === 'LineString') return [c as Position[]];
  if (geometry.type === 'Point') return [[c as Position]];
  return [];
}

const WIDTH = 760;
const HEIGHT = 420;
/** The most features the map draws (those with problems first) and the most vertices its outlines take. */
export const MAP_MAX_FEATURES = 20000;
const MAP_MAX_POINTS = 200000;

function worst(diagnostics: readonly Diagnostic[]): Severity | undefined {
  if (diagnostics.some((d) => d.severity === 'error')) return 'error';
  if (diagnostics.some((d) => d.severity === 'warning')) return 'warning';
  return undefined;
}

function rowOf(f: FeatureLike): number | undefined {
  const row = f.properties.row;
  return typeof row === 'number' ? row : undefined;
}

interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

function boxOf(features: readonly FeatureLike[]): Box {
  const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const f of features)
    for (const ring of rings(f.geometry))
      for (const p of ring) {
        const [x = 0, y = 0] = p;
        if (x < box.minX) box.minX = x;
        if (x > box.maxX) box.maxX = x;
        if (y < box.minY) box.minY = y;
        if (y > box.maxY) box.maxY = y;
      }
  return box;
}

const inside = (b: Box, outer: Box): boolean =>
  b.minX >= outer.minX && b.maxX <= outer.maxX && b.minY >= outer.minY && b.maxY <= outer.maxY;

const SEVERITY_ORDER: Record<string, number> = { error: 0, warning: 1, ok: 2 };

/**
 * The map of one file's features, as inline SVG; '' when none has geometry. The view fits the features
 * whose coordinates are WGS 84 (one with swapped axes or projected coordinates would make every other field
 * a dot); those outside it are listed below the map instead. Outlines are simplified to the pixel (points
 * closer than half a pixel to the last one drawn are left out, a field smaller than that is a dot), and a
 * big file's map is capped: at most MAP_MAX_FEATURES fields (those with problems first) and
 * MAP_MAX_POINTS vertices (fields past that are dots), so its page stays a few megabytes.
 */
function svgMap(file: HtmlReportFile, index: number): string {
  const all = (file.features ?? []).filter((f) => rings(f.geometry).length > 0);
  if (all.length === 0) return '';
  // A shape's problems: those of its feature, and those of its row (checks across rows name the row only).
  const byFeature = new Map<number, Diagnostic[]>();
  const byRow = new Map<number, Diagnostic[]>();
  const add = (map: Map<number, Diagnostic[]>, key: number, d: Diagnostic): void => {
    const list = map.get(key);
    if (list) list.push(d);
    else map.set(key, [d]);
  };
  for (const d of file.diagnostics) {
    if (d.location.feature !== undefined) add(byFeature, d.location.feature, d);
    else if (d.location.row !== undefined) add(byRow, d.location.row, d);
  }
  const problemsOf = (f: FeatureLike): Diagnostic[] => {
    const row = rowOf(f);
    const own = byFeature.get(f.id) ?? [];
    const ofRow = row !== undefined ? byRow.get(row) : undefined;
    return ofRow ? [...own, ...ofRow] : own;
  };
  const notWgs84 = (f: FeatureLike): boolean =>
    (byFeature.get(f.id) ?? []).some((d) => d.group === 'wgs84' && d.severity === 'error');
  const fitted = all.filter((f) => !notWgs84(f));
  const box = boxOf(fitted.length > 0 ? fitted : all);
  const { minX, minY, maxX, maxY } = box;
  const shown = fitted.length > 0 ? all.filter((f) => !notWgs84(f) || inside(boxOf([f]), box)) : all;
  const onMap = new Set(shown);
  const left = all.filter((f) => !onMap.has(f));
  // Degrees of longitude shrink with latitude: scale x by cos(mid latitude) so shapes keep their form.
  const k =
    Math.abs(minY) <= 90 && Math.abs(maxY) <= 90 ? Math.cos((((minY + maxY) / 2) * Math.PI) / 180) : 1;
  const w = Math.max((maxX - minX) * k, 1e-9);
  const h = Math.max(maxY - minY, 1e-9);
  const scale = Math.min((WIDTH - 20) / w, (HEIGHT - 20) / h);
  const px = (x: number): number => 10 + (x - minX) * k * scale;
  const py = (y: number): number => HEIGHT - 10 - (y - minY) * scale;
  const severityOf = (f: FeatureLike): string => worst(problemsOf(f)) ?? 'ok';
  // Fields with problems first, so a cap never hides one.
  const ordered = [...shown].sort(
    (a, b) => (SEVERITY_ORDER[severityOf(a)] ?? 2) - (SEVERITY_ORDER[severityOf(b)] ?? 2) || a.id - b.id,
  );
  const drawn = ordered.slice(0, MAP_MAX_FEATURES);
  let points = 0;
  const shapes = drawn.map((f) => {
    const severity = severityOf(f);
    let d = '';
    for (const ring of rings(f.geometry)) {
      const first = ring[0];
      if (!first) continue;
      let lastX = px(first[0] ?? 0);
      let lastY = py(first[1] ?? 0);
      let path = `M${lastX.toFixed(1)} ${lastY.toFixed(1)}`;
      let kept = 1;
      if (ring.length > 1 && points < MAP_MAX_POINTS)
        for (const p of ring) {
          const x = px(p[0] ?? 0);
          const y = py(p[1] ?? 0);
          if (Math.abs(x - lastX) < 0.5 && Math.abs(y - lastY) < 0.5) continue;
          path += `L${x.toFixed(1)} ${y.toFixed(1)}`;
          lastX = x;
          lastY = y;
          kept++;
        }
      points += kept;
      // A point, a field smaller than a pixel, or one past the budget: a dot.
      d +=
        kept < 3
          ? `M${px(first[0] ?? 0).toFixed(1)} ${py(first[1] ?? 0).toFixed(1)}m-1.5 0a1.5 1.5 0 1 0 3 0a1.5 1.5 0 1 0 -3 0`
          : `${path}Z`;
    }
    const row = rowOf(f);
    const label = String(f.properties.name || f.properties.label || `feature ${f.id}`);
    const shape = `<path class="${severity}" d="${d}"><title>${escapeHtml(label)}${row !== undefined ? ` (row ${row})` : ''}</title></path>`;
    return row !== undefined ? `<a href="#f${index}-row-${row}">${shape}</a>` : shape;
  });
  const notes: string[] = [];
  if (drawn.length < shown.length)
    notes.push(
      `The map shows ${formatCount(drawn.length)} of ${formatCount(shown.length)} shapes, those with problems first.`,
    );
  if (left.length > 0) {
    const names = left.slice(0, 20).map((f) => {
      const row = rowOf(f);
      return row !== undefined
        ? `<a href="#f${index}-row-${row}">row ${row}</a>`
        : escapeHtml(`feature ${f.id}`);
    });
    notes.push(
      `Not on the map, their coordinates not being WGS 84 longitude, latitude (see their problems): ${names.join(', ')}${left.length > 20 ? ` and ${left.length - 20} more` : ''}.`,
    );
  }
  return `<svg viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img" aria-label="map of the checked geometry">${shapes.join('')}</svg>${notes.map((n) => `<p class="map-note">${n}</p>`).join('')}`;
}

function problemItem(file: HtmlReportFile, d: Diagnostic, index: number): string {
  const row = d.location.row;
  const where = describeLocation(d.location);
  const value = fileValueAt(file, d);
  const link = row !== undefined ? `<a href="#f${index}-row-${row}">row ${row}</a>` : '';
  return `<tr class="${d.severity}"><td>${escapeHtml(d.severity)}</td><td>${escapeHtml(d.code)}</td><td>${link}</td><td>${escapeHtml(d.location.field ?? '')}</td><td>${escapeHtml(d.message)}${d.hint ? `<div class="hint">${escapeHtml(d.hint)}</div>` : ''}</td><td><code>${escapeHtml(value)}</code></td><td>${escapeHtml(where)}</td></tr>`;
}

interface RowStatusLike {
  row: number;
  line: number;
  status: string;
  errors: number;
  warnings: number;
}

function rowStatuses(summary: unknown): RowStatusLike[] {
  if (typeof summary !== 'object' || summary === null) return [];
  const rows = (summary as { rowStatus?: unknown }).rowStatus;
  return Array.isArray(rows) ? (rows as RowStatusLike[]) : [];
}

function fileSection(file: HtmlReportFile, index: number): string {
  const counts = { error: 0, warning: 0, info: 0 };
  for (const d of file.diagnostics) counts[d.severity]++;
  const byRow = new Map<number, Diagnostic[]>();
  for (const d of file.diagnostics)
    if (d.location.row !== undefined) byRow.set(d.location.row, [...(byRow.get(d.location.row) ?? []), d]);
  const statuses = rowStatuses(file.summary);
  const rowTable =
    statuses.length > 0
      ? `<h3>Rows</h3><table><tr><th>row</th><th>line</th><th>status</th><th>problems</th></tr>${statuses
          .map(
            (r) =>
              `<tr id="f${index}-row-${r.row}" class="${escapeHtml(r.status)}"><td>${r.row}</td><td>${r.line}</td><td>${escapeHtml(r.status)}</td><td>${(byRow.get(r.row) ?? []).map((d) => `${escapeHtml(d.code)} ${escapeHtml(d.message)}`).join('<br>')}</td></tr>`,
          )
          .join('')}</table>`
      : [...byRow.keys()].map((row) => `<span id="f${index}-row-${row}"></span>`).join('');
  return `<section><h2>${escapeHtml(file.file)} <small>${escapeHtml(file.kind)}</small></h2><p>${plural(counts.error, 'error')}, ${plural(counts.warning, 'warning')}, ${plural(counts.info, 'note')}</p>${svgMap(file, index)}<h3>Problems</h3><table><tr><th>severity</th><th>code</th><th>row</th><th>column</th><th>message</th><th>value</th><th>where</th></tr>${file.diagnostics.map((d) => problemItem(file, d, index)).join('')}</table>${rowTable}</section>`;
}

const STYLE = `body{font:14px system-ui,sans-serif;margin:2em;color:#222}table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:3px 6px;text-align:left;vertical-align:top}tr.error td:first-child{color:#b00}tr.warning td:first-child{color:#a60}.hint{color:#555;font-size:90%}.map-note{color:#555;font-size:90%;margin:.3em 0}svg{border:1px solid #ccc;background:#f8f8f4}path{stroke:#333;stroke-width:.8;fill-opacity:.5}path.ok{fill:#4a4}path.warning{fill:#e90}path.error{fill:#d33}:target{background:#ff9}`;

/** The whole report as one HTML document (no scripts, no external resources). */
export function htmlReport(report: HtmlReportInput, title = 'Fieldgate report'): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><h1>${escapeHtml(title)}</h1>${report.files.map((f, i) => fileSection(f, i)).join('')}</body></html>\n`;
}
