import type { Location } from '../diagnostics/diagnostic.ts';

/** The location in words, finest parts last: "entry rx/zones.shp, record 12, ring 0, coordinate 5". */
export function describeLocation(location: Location, options: { withFile?: boolean } = {}): string {
  const parts: string[] = [];
  if (options.withFile && location.file) parts.push(location.file);
  if (location.entry) parts.push(`entry ${location.entry}`);
  if (location.range) parts.push(`line ${location.range.start.line}, column ${location.range.start.column}`);
  if (location.row !== undefined) parts.push(`row ${location.row}`);
  if (location.record !== undefined) parts.push(`record ${location.record}`);
  // "field" is a farm field; a CSV or DBF column is a column, a JSON or GeoJSON key a property, and a value
  // an upload sends in its address (a soil test's sampleDate) a query parameter.
  if (location.field)
    parts.push(
      `${location.path?.[0] === 'query' ? 'query parameter' : location.path ? 'property' : 'column'} ${location.field}`,
    );
  if (location.polygon !== undefined) parts.push(`polygon ${location.polygon}`);
  if (location.ring !== undefined) parts.push(`ring ${location.ring}`);
  if (location.coordinate !== undefined) parts.push(`coordinate ${location.coordinate}`);
  if (location.point) parts.push(`at (${location.point[0]}, ${location.point[1]})`);
  if (parts.length === 0 && location.path && location.path.length > 0) parts.push(formatPath(location.path));
  return parts.join(', ');
}

/** A JSON-path-like rendering: fields[3].boundary, ModusResult/Events/Event[0]. */
export function formatPath(path: readonly (string | number)[]): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else out += out === '' ? seg : `.${seg}`;
  }
  return out;
}
