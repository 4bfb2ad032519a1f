/**
 * A self-contained HTML report: counts, an offline map of the checked geometry (inline SVG, no tiles, no
 * script, no network), a table of rows with their status, and every problem linked to its row (and the
 * row's shape on the map to the row). All text from the input is escaped; nothing is fetched.
 */

import type { Diagnostic, Severity } from '../diagnostics/diagnostic.ts';
import { plural } from '../values/plural.ts';
import { describeLocation } from './describe-location.ts';
import { valueAt, type ReportFileLike } from './problems-csv.ts';

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
  summary?: unknown;
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

export function escapeHtml(text: string): string {
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

function worst(diagnostics: readonly Diagnostic[]): Severity | undefined {
  if (diagnostics.some((d) => d.severity === 'error')) return 'error';
  if (diagnostics.some((d) => d.severity === 'warning')) return 'warning';
  return undefined;
}

function rowOf(f: FeatureLike): number | undefined {
  const row = f.properties.row;
  return typeof row === 'number' ? row : undefined;
}

/** The map of one file's features, as inline SVG; '' when none has geometry. */
function svgMap(file: HtmlReportFile, index: number): string {
  const features = (file.features ?? []).filter((f) => rings(f.geometry).length > 0);
  if (features.length === 0) return '';
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const f of features)
    for (const ring of rings(f.geometry))
      for (const p of ring) {
        const [x = 0, y = 0] = p;
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
        minY = Math.min(minY, y);
        maxY = Math.max(maxY, y);
      }
  // Degrees of longitude shrink with latitude: scale x by cos(mid latitude) so shapes keep their form.
  const k =
    Math.abs(minY) <= 90 && Math.abs(maxY) <= 90 ? Math.cos((((minY + maxY) / 2) * Math.PI) / 180) : 1;
  const w = Math.max((maxX - minX) * k, 1e-9);
  const h = Math.max(maxY - minY, 1e-9);
  const scale = Math.min((WIDTH - 20) / w, (HEIGHT - 20) / h);
  const px = (x: number): string => (10 + (x - minX) * k * scale).toFixed(1);
  const py = (y: number): string => (HEIGHT - 10 - (y - minY) * scale).toFixed(1);
  const bySeverity = new Map<number, Diagnostic[]>();
  for (const d of file.diagnostics)
    if (d.location.feature !== undefined) {
      const list = bySeverity.get(d.location.feature) ?? [];
      list.push(d);
      bySeverity.set(d.location.feature, list);
    }
  const shapes = features.map((f) => {
    const severity = worst(bySeverity.get(f.id) ?? []);
    const d = rings(f.geometry)
      .map((ring) => {
        if (ring.length === 1) {
          const [x = 0, y = 0] = ring[0] ?? [];
          return `M${px(x)} ${py(y)}m-3 0a3 3 0 1 0 6 0a3 3 0 1 0 -6 0`;
        }
        return ring.map((p, i) => `${i === 0 ? 'M' : 'L'}${px(p[0] ?? 0)} ${py(p[1] ?? 0)}`).join('') + 'Z';
      })
      .join('');
    const row = rowOf(f);
    const label = String(f.properties.name ?? f.properties.label ?? `feature ${f.id}`);
    const path = `<path class="${severity ?? 'ok'}" d="${d}"><title>${escapeHtml(label)}${row !== undefined ? ` (row ${row})` : ''}</title></path>`;
    return row !== undefined ? `<a href="#f${index}-row-${row}">${path}</a>` : path;
  });
  return `<svg viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img" aria-label="map of the checked geometry">${shapes.join('')}</svg>`;
}

function problemItem(file: HtmlReportFile, d: Diagnostic, index: number): string {
  const row = d.location.row;
  const where = describeLocation(d.location);
  const value = valueAt(file.text, d);
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

const STYLE = `body{font:14px system-ui,sans-serif;margin:2em;color:#222}table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:3px 6px;text-align:left;vertical-align:top}tr.error td:first-child{color:#b00}tr.warning td:first-child{color:#a60}.hint{color:#555;font-size:90%}svg{border:1px solid #ccc;background:#f8f8f4}path{stroke:#333;stroke-width:.8;fill-opacity:.5}path.ok{fill:#4a4}path.warning{fill:#e90}path.error{fill:#d33}:target{background:#ff9}`;

/** The whole report as one HTML document (no scripts, no external resources). */
export function htmlReport(report: HtmlReportInput, title = 'Fieldgate report'): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><h1>${escapeHtml(title)}</h1>${report.files.map((f, i) => fileSection(f, i)).join('')}</body></html>\n`;
}
