/**
 * KML → boundary features: every Placemark with a Polygon (or a MultiGeometry of Polygons) becomes one
 * feature; its <name> and ExtendedData (Data/value, SchemaData/SimpleData) become attributes. Parsed with
 * saxes, which never fetches anything; a DOCTYPE is refused outright, so no DTD or entity is processed.
 * KML coordinates are WGS 84 "lon,lat[,alt]" tuples; altitudes are dropped.
 */

import { SaxesParser } from 'saxes';
import type { Location } from '../diagnostics/diagnostic.ts';
import { LineIndex } from '../diagnostics/text-position.ts';
import { featureNotPolygon, kmlUnreadable, noBoundaries } from './import-rules.ts';
import type { DiagnosticCollector } from '../rules/reporter.ts';
import type { AttributeValue, BoundaryFeature, BoundaryImport, SkippedFeature } from './boundary-feature.ts';
import { kmlWriter, type KmlGeometrySpans } from './geometry-writers.ts';
// The sniff lives with the kinds' detection (which must not load this importer); kept importable here.
export { looksLikeKml } from './boundary-kind-info.ts';

class Stop extends Error {}

interface RingText {
  coordinates: Float64Array;
  /** Per point: [start, end) offsets of its tuple in the document, when the text had no entities or CDATA. */
  spans?: Uint32Array;
  elementStart: number;
  elementEnd: number;
  /** [start, end) of the text inside <coordinates>, when it had no entities or CDATA. */
  content?: { start: number; end: number };
}

interface OpenPlacemark {
  start: number;
  tagEnd: number;
  name?: string;
  properties: Record<string, AttributeValue>;
  polygons: RingText[][];
  others: string[];
  /** The collector's length when the placemark opened: its diagnostics follow. */
  firstDiagnostic: number;
  /** The geometry elements (<Polygon>, <MultiGeometry>) directly inside the placemark, with their tag names. */
  geometryElements: Array<{ start: number; end: number; tag: string }>;
}

const localName = (name: string): string => name.slice(name.indexOf(':') + 1);

export interface KmlImportResult extends BoundaryImport {
  lines: LineIndex;
}

export function importKml(text: string, collector: DiagnosticCollector): KmlImportResult {
  const lines = new LineIndex(text);
  const skipped: SkippedFeature[] = [];
  const result: KmlImportResult = {
    format: 'kml',
    features: [],
    skipped,
    attributes: [],
    failed: false,
    lines,
  };
  const attributeSet = new Set<string>();
  const addAttribute = (key: string): void => {
    if (!attributeSet.has(key)) {
      attributeSet.add(key);
      result.attributes.push(key);
    }
  };
  const range = (start: number, end: number): Location => ({ range: lines.range(start, end) });

  const parser = new SaxesParser({ position: true });
  const stack: string[] = [];
  let placemark: OpenPlacemark | undefined;
  /** The open <Polygon>: outer boundary first whatever order the file had, then the holes. */
  let polygon: { outer: RingText[]; inner: RingText[] } | undefined;
  let text_ = '';
  let textIsRaw = true;
  let coordinatesStart = -1;
  let coordinatesContentStart = -1;
  let tagStart = 0;
  let dataName: string | undefined;
  let placemarkCount = 0;
  let sawRoot = false;

  const fail = (
    location: Location,
    messageId: 'syntax' | 'doctype' | 'notKml',
    detail = '',
    root = '',
  ): never => {
    collector.report(kmlUnreadable, { messageId, data: { detail, root }, location });
    result.failed = true;
    throw new Stop();
  };

  parser.on('error', (err) => {
    const pos = parser.position;
    const message = err.message.replace(/^\d+:\d+:\s*/, '');
    fail(range(Math.max(0, pos - 1), pos), 'syntax', message);
  });
  parser.on('doctype', () => {
    const start = text.lastIndexOf('<!DOCTYPE', parser.position);
    fail(range(Math.max(0, start), parser.position), 'doctype');
  });
  parser.on('opentagstart', () => {
    tagStart = Math.max(0, text.lastIndexOf('<', parser.position - 1));
  });
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    if (!sawRoot) {
      sawRoot = true;
      if (name !== 'kml') fail(range(tagStart, parser.position), 'notKml', '', tag.name);
    }
    stack.push(name);
    text_ = '';
    textIsRaw = true;
    switch (name) {
      case 'Placemark':
        placemarkCount++;
        placemark = {
          start: tagStart,
          tagEnd: parser.position,
          properties: {},
          polygons: [],
          others: [],
          geometryElements: [],
          firstDiagnostic: collector.diagnostics.length,
        };
        break;
      case 'MultiGeometry':
        if (placemark && stack[stack.length - 2] === 'Placemark')
          placemark.geometryElements.push({ start: tagStart, end: -1, tag: tag.name });
        break;
      case 'Polygon':
        if (placemark && stack[stack.length - 2] === 'Placemark')
          placemark.geometryElements.push({ start: tagStart, end: -1, tag: tag.name });
        polygon = { outer: [], inner: [] };
        break;
      case 'Point':
      case 'LineString':
      case 'Track':
      case 'MultiTrack':
      case 'Model':
        if (placemark && !polygon) placemark.others.push(name);
        break;
      case 'coordinates':
        coordinatesStart = tagStart;
        coordinatesContentStart = parser.position;
        break;
      case 'Data':
      case 'SimpleData': {
        const attr = tag.attributes['name'];
        dataName = typeof attr === 'string' ? attr : undefined;
        break;
      }
      default:
        break;
    }
  });
  parser.on('text', (t) => {
    text_ += t;
  });
  parser.on('cdata', (t) => {
    text_ += t;
    textIsRaw = false;
  });
  parser.on('closetag', (tag) => {
    const name = localName(tag.name);
    stack.pop();
    const parent = stack[stack.length - 1];
    const end = parser.position;
    switch (name) {
      case 'name':
        if (placemark && parent === 'Placemark') {
          placemark.name = text_.trim();
          placemark.properties['name'] = placemark.name;
          addAttribute('name');
        }
        break;
      case 'value':
        if (placemark && parent === 'Data' && dataName !== undefined) {
          placemark.properties[dataName] = text_.trim();
          addAttribute(dataName);
        }
        break;
      case 'SimpleData':
        if (placemark && dataName !== undefined) {
          placemark.properties[dataName] = text_.trim();
          addAttribute(dataName);
        }
        break;
      case 'coordinates': {
        if (!polygon) break;
        const closeStart = text.lastIndexOf('<', end - 1);
        const raw = text.slice(coordinatesContentStart, closeStart);
        const exact = textIsRaw && raw === text_;
        const ring = parseCoordinates(text_, exact ? coordinatesContentStart : undefined);
        if ('error' in ring) {
          collector.report(kmlUnreadable, {
            messageId: 'badCoordinates',
            data: { detail: ring.error },
            location: ring.span ? range(ring.span[0], ring.span[1]) : range(coordinatesStart, end),
            hint: 'Write one "longitude,latitude[,altitude]" tuple per point, separated by spaces or line breaks, with no spaces inside a tuple.',
          });
          result.failed = true;
          polygon = undefined;
          if (placemark) placemark.others.push('invalid coordinates');
          break;
        }
        // A stray second outer ring is kept (after the first) so the validity checks see it.
        const rings = stack.includes('innerBoundaryIs') ? polygon.inner : polygon.outer;
        const ringText: RingText = { ...ring, elementStart: coordinatesStart, elementEnd: end };
        if (exact) ringText.content = { start: coordinatesContentStart, end: closeStart };
        rings.push(ringText);
        break;
      }
      case 'MultiGeometry':
        if (placemark && parent === 'Placemark') {
          const open = placemark.geometryElements[placemark.geometryElements.length - 1];
          if (open && open.end < 0) open.end = end;
        }
        break;
      case 'Polygon':
        if (placemark && parent === 'Placemark') {
          const open = placemark.geometryElements[placemark.geometryElements.length - 1];
          if (open && open.end < 0) open.end = end;
        }
        if (placemark && polygon) placemark.polygons.push([...polygon.outer, ...polygon.inner]);
        polygon = undefined;
        break;
      case 'Placemark': {
        const p = placemark;
        placemark = undefined;
        if (!p) break;
        const label = p.name ? `placemark "${p.name}"` : `placemark ${placemarkCount}`;
        const location = range(p.start, p.tagEnd);
        if (p.polygons.length === 0) {
          if (!p.others.includes('invalid coordinates'))
            collector.report(featureNotPolygon, {
              messageId: p.others.length > 0 ? 'notPolygon' : 'noGeometry',
              data: { feature: label, type: p.others.join(', ') },
              location,
              hint: 'Only polygons can be field boundaries; remove this placemark or draw its boundary.',
            });
          skipped.push({
            after: result.features.length,
            label,
            location,
            properties: p.properties,
            diagnostics: [p.firstDiagnostic, collector.diagnostics.length],
          });
          break;
        }
        result.features.push(makeFeature(p, placemarkCount, label, location, range));
        break;
      }
      default:
        break;
    }
    text_ = '';
    textIsRaw = true;
  });

  const before = collector.diagnostics.length;
  try {
    parser.write(text).close();
  } catch (e) {
    if (!(e instanceof Stop)) throw e;
    // saxes may close open elements before it reports the error: keep only the error (one fault, one
    // diagnostic), not what those premature closes produced.
    const fatal = collector.diagnostics[collector.diagnostics.length - 1];
    collector.diagnostics.splice(before);
    if (fatal?.code === 'IMP002') collector.diagnostics.push(fatal);
    result.features = [];
    skipped.length = 0;
    return result;
  }
  if (!result.failed && placemarkCount === 0) {
    collector.report(noBoundaries, {
      messageId: 'empty',
      data: { what: 'placemarks' },
      location: range(0, 0),
    });
    result.failed = true;
  }
  return result;
}

function makeFeature(
  p: OpenPlacemark,
  index: number,
  label: string,
  location: Location,
  range: (start: number, end: number) => Location,
): BoundaryFeature {
  const first = p.polygons[0]?.[0];
  const polygons = p.polygons.map((poly) => poly.map((r) => r.coordinates));
  const only = p.geometryElements.length === 1 ? p.geometryElements[0] : undefined;
  const spans: KmlGeometrySpans = {
    rings: p.polygons.map((poly) => poly.map((r) => (r.content ? { content: r.content } : {}))),
    prefix: only ? only.tag.slice(0, only.tag.indexOf(':') + 1) : '',
  };
  if (only && only.end >= 0) spans.element = { start: only.start, end: only.end };
  return {
    writer: kmlWriter(polygons, spans),
    index,
    label,
    polygons,
    // One Polygon in a MultiGeometry stays a POLYGON; two or more are a MULTIPOLYGON either way.
    multi: p.polygons.length > 1,
    properties: p.properties,
    location,
    geometryLocation: first ? range(first.elementStart, first.elementEnd) : location,
    coordinateLocation: (pi, ri, ci) => {
      const ring = p.polygons[pi]?.[ri];
      if (!ring) return undefined;
      const s = ring.spans?.[2 * ci];
      const e = ring.spans?.[2 * ci + 1];
      return s !== undefined && e !== undefined ? range(s, e) : range(ring.elementStart, ring.elementEnd);
    },
  };
}

/** "lon,lat[,alt] lon,lat …" → interleaved lon,lat; or the problem as a sentence (with its place when known). */
function parseCoordinates(
  text: string,
  offset: number | undefined,
): { coordinates: Float64Array; spans?: Uint32Array } | { error: string; span?: [number, number] } {
  const tuples: Array<{ t: string; start: number }> = [];
  const re = /\S+/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) tuples.push({ t: m[0], start: m.index });
  const coordinates = new Float64Array(tuples.length * 2);
  const spans = offset === undefined ? undefined : new Uint32Array(tuples.length * 2);
  for (let i = 0; i < tuples.length; i++) {
    const { t, start } = tuples[i] as { t: string; start: number };
    const parts = t.split(',');
    const numbers = parts.map((s) => (/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(s) ? Number(s) : NaN));
    if (parts.length < 2 || parts.length > 3 || numbers.some((n) => Number.isNaN(n))) {
      const error = `"${t.length > 40 ? `${t.slice(0, 40)}…` : t}" (point ${i}) is not a "longitude,latitude[,altitude]" tuple`;
      return offset === undefined ? { error } : { error, span: [offset + start, offset + start + t.length] };
    }
    coordinates[2 * i] = numbers[0] as number;
    coordinates[2 * i + 1] = numbers[1] as number;
    if (spans && offset !== undefined) {
      spans[2 * i] = offset + start;
      spans[2 * i + 1] = offset + start + t.length;
    }
  }
  return spans ? { coordinates, spans } : { coordinates };
}
