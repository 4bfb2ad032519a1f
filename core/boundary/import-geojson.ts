/**
 * GeoJSON → boundary features. Accepts a FeatureCollection, a Feature, or a bare Polygon / MultiPolygon /
 * GeometryCollection; RFC 7946 coordinates are WGS 84, and the 2008 spec's "crs" member (a named CRS such
 * as "urn:ogc:def:crs:EPSG::3006") is honoured and reprojected from. Every coordinate keeps its JSON path
 * and character range, so boundary diagnostics can point at the exact [x, y] in the file.
 */

import type { Location, PathSegment } from '../diagnostics/diagnostic.ts';
import type { LineIndex } from '../diagnostics/text-position.ts';
import {
  getProperty,
  toValue,
  type JsonArrayNode,
  type JsonNode,
  type JsonObjectNode,
} from '../json/json-document.ts';
import { locationOf } from '../json/json-location.ts';
import { readJson } from '../json/read-json.ts';
import { featureNotPolygon, geojsonStructure, noBoundaries } from './import-rules.ts';
import { jsonSyntax } from '../json/json-rules.ts';
import type { DiagnosticCollector } from '../rules/reporter.ts';
import type { AttributeValue, BoundaryFeature, BoundaryImport, SkippedFeature } from './boundary-feature.ts';
import { geoJsonWriter, type GeoJsonGeometrySpans } from './geometry-writers.ts';
import { identifySourceCrs, reprojectFeatures } from './reproject-features.ts';
// The sniff lives with the kinds' detection (which must not load this importer); kept importable here.
export { looksLikeGeoJson } from './boundary-kind-info.ts';

const GEOMETRY_TYPES = [
  'Point',
  'MultiPoint',
  'LineString',
  'MultiLineString',
  'Polygon',
  'MultiPolygon',
  'GeometryCollection',
];

interface Walk {
  lines: LineIndex;
  collector: DiagnosticCollector;
  features: BoundaryFeature[];
  skipped: SkippedFeature[];
  attributes: string[];
  attributeSet: Set<string>;
}

function at(walk: Walk, node: JsonNode, path: PathSegment[]): Location {
  return locationOf(walk.lines, node, path);
}

function typeOf(node: JsonNode): string | undefined {
  if (node.kind !== 'object') return undefined;
  const t = getProperty(node, 'type')?.value;
  return t?.kind === 'string' ? t.value : undefined;
}

interface ReadPolygons {
  polygons: Float64Array[][];
  /** [polygon][ring][coordinate] → the position node and its path. */
  nodes: Array<Array<Array<{ node: JsonNode; path: PathSegment[] }>>>;
}

function readRing(
  walk: Walk,
  node: JsonNode,
  path: PathSegment[],
): { ring: Float64Array; nodes: Array<{ node: JsonNode; path: PathSegment[] }> } | undefined {
  if (node.kind !== 'array') {
    walk.collector.report(geojsonStructure, {
      messageId: 'badCoordinates',
      data: { detail: 'a linear ring must be an array of positions' },
      location: at(walk, node, path),
    });
    return undefined;
  }
  const ring = new Float64Array(node.items.length * 2);
  const nodes: Array<{ node: JsonNode; path: PathSegment[] }> = [];
  for (let i = 0; i < node.items.length; i++) {
    const pos = node.items[i] as JsonNode;
    const posPath = [...path, i];
    const x = pos.kind === 'array' ? pos.items[0] : undefined;
    const y = pos.kind === 'array' ? pos.items[1] : undefined;
    if (
      pos.kind !== 'array' ||
      x?.kind !== 'number' ||
      y?.kind !== 'number' ||
      pos.items.slice(2).some((v) => v.kind !== 'number')
    ) {
      walk.collector.report(geojsonStructure, {
        messageId: 'badCoordinates',
        data: { detail: `position ${i} must be an array of two or three numbers [longitude, latitude]` },
        location: at(walk, pos, posPath),
        hint: 'Write each position as [x, y] with numbers, e.g. [13.2949, 55.3421].',
      });
      return undefined;
    }
    ring[2 * i] = x.value;
    ring[2 * i + 1] = y.value;
    nodes.push({ node: pos, path: posPath });
  }
  return { ring, nodes };
}

function readPolygon(walk: Walk, node: JsonNode, path: PathSegment[], into: ReadPolygons): boolean {
  if (node.kind !== 'array') {
    walk.collector.report(geojsonStructure, {
      messageId: 'badCoordinates',
      data: { detail: 'polygon coordinates must be an array of linear rings' },
      location: at(walk, node, path),
    });
    return false;
  }
  const rings: Float64Array[] = [];
  const nodes: Array<Array<{ node: JsonNode; path: PathSegment[] }>> = [];
  for (let r = 0; r < node.items.length; r++) {
    const ring = readRing(walk, node.items[r] as JsonNode, [...path, r]);
    if (!ring) return false;
    rings.push(ring.ring);
    nodes.push(ring.nodes);
  }
  into.polygons.push(rings);
  into.nodes.push(nodes);
  return true;
}

/** Polygons of a geometry object; reports non-areal geometries. undefined = nothing usable. */
function readGeometry(
  walk: Walk,
  geometry: JsonNode,
  path: PathSegment[],
  label: string,
): { read: ReadPolygons; multi: boolean } | undefined {
  const type = typeOf(geometry);
  if (geometry.kind !== 'object' || type === undefined || !GEOMETRY_TYPES.includes(type)) {
    walk.collector.report(geojsonStructure, {
      messageId: 'badMember',
      data: {
        member: 'geometry',
        detail: `expected a geometry object with a "type" of ${GEOMETRY_TYPES.join(', ')}`,
      },
      location: at(walk, geometry, path),
    });
    return undefined;
  }
  const read: ReadPolygons = { polygons: [], nodes: [] };
  if (type === 'GeometryCollection') {
    const members = getProperty(geometry, 'geometries')?.value;
    if (members?.kind !== 'array') {
      walk.collector.report(geojsonStructure, {
        messageId: 'badMember',
        data: { member: 'GeometryCollection', detail: '"geometries" must be an array' },
        location: at(walk, geometry, path),
      });
      return undefined;
    }
    const others: string[] = [];
    for (let i = 0; i < members.items.length; i++) {
      const member = members.items[i] as JsonNode;
      const mType = typeOf(member);
      if (mType === 'Polygon' || mType === 'MultiPolygon') {
        const sub = readGeometry(walk, member, [...path, 'geometries', i], label);
        if (!sub) return undefined;
        read.polygons.push(...sub.read.polygons);
        read.nodes.push(...sub.read.nodes);
      } else others.push(mType ?? 'unknown');
    }
    if (read.polygons.length === 0) {
      walk.collector.report(featureNotPolygon, {
        messageId: 'notPolygon',
        data: { feature: label, type: `GeometryCollection (${others.join(', ') || 'empty'})` },
        location: at(walk, geometry, path),
      });
      return undefined;
    }
    return { read, multi: true };
  }
  if (type !== 'Polygon' && type !== 'MultiPolygon') {
    walk.collector.report(featureNotPolygon, {
      messageId: 'notPolygon',
      data: { feature: label, type },
      location: at(walk, geometry, path),
      hint: 'Only polygons can be field boundaries; remove this feature or draw its boundary.',
    });
    return undefined;
  }
  const coordinates = getProperty(geometry, 'coordinates')?.value;
  const coordPath = [...path, 'coordinates'];
  if (coordinates?.kind !== 'array') {
    walk.collector.report(geojsonStructure, {
      messageId: 'badMember',
      data: { member: type, detail: '"coordinates" must be an array' },
      location: at(walk, coordinates ?? geometry, coordinates ? coordPath : path),
    });
    return undefined;
  }
  if (type === 'Polygon') {
    if (!readPolygon(walk, coordinates, coordPath, read)) return undefined;
    return { read, multi: false };
  }
  for (let p = 0; p < coordinates.items.length; p++) {
    if (!readPolygon(walk, coordinates.items[p] as JsonNode, [...coordPath, p], read)) return undefined;
  }
  return { read, multi: true };
}

function properties(walk: Walk, feature: JsonObjectNode): Record<string, AttributeValue> {
  const out: Record<string, AttributeValue> = {};
  const props = getProperty(feature, 'properties')?.value;
  if (props?.kind === 'object') {
    for (const p of props.properties) {
      const v = p.value;
      out[p.key] =
        v.kind === 'object' || v.kind === 'array'
          ? JSON.stringify(toValue(v))
          : v.kind === 'null'
            ? null
            : v.value;
      if (!walk.attributeSet.has(p.key)) {
        walk.attributeSet.add(p.key);
        walk.attributes.push(p.key);
      }
    }
  }
  return out;
}

function addFeature(walk: Walk, node: JsonNode, path: PathSegment[], index: number): void {
  const from = walk.collector.diagnostics.length;
  const before = walk.features.length;
  readFeature(walk, node, path, index);
  if (walk.features.length === before) {
    walk.skipped.push({
      after: before,
      label: `feature ${index}`,
      location: at(walk, node, path),
      properties: node.kind === 'object' ? properties(walk, node) : {},
      diagnostics: [from, walk.collector.diagnostics.length],
    });
  }
}

function readFeature(walk: Walk, node: JsonNode, path: PathSegment[], index: number): void {
  const label = `feature ${index}`;
  if (node.kind !== 'object' || typeOf(node) !== 'Feature') {
    walk.collector.report(geojsonStructure, {
      messageId: 'badMember',
      data: { member: `features[${index - 1}]`, detail: 'expected an object with "type": "Feature"' },
      location: at(walk, node, path),
    });
    return;
  }
  const props = properties(walk, node);
  const geometry = getProperty(node, 'geometry')?.value;
  if (!geometry || geometry.kind === 'null') {
    walk.collector.report(featureNotPolygon, {
      messageId: 'noGeometry',
      data: { feature: label },
      location: at(walk, geometry ?? node, geometry ? [...path, 'geometry'] : path),
    });
    return;
  }
  const read = readGeometry(walk, geometry, [...path, 'geometry'], label);
  if (!read) return;
  const feature = makeFeature(
    walk,
    index,
    label,
    read,
    props,
    at(walk, node, path),
    at(walk, geometry, [...path, 'geometry']),
    geometry,
  );
  const propsNode = getProperty(node, 'properties')?.value;
  if (propsNode?.kind === 'object') {
    feature.attributeLocation = (name) => {
      const p = [...propsNode.properties].reverse().find((x) => x.key === name);
      return p ? { ...at(walk, p.value, [...path, 'properties', name]), field: name } : undefined;
    };
  }
  walk.features.push(feature);
}

/** Where the geometry's parts are in the text, for writing a fixed geometry back. */
function geometrySpans(geometry: JsonNode): GeoJsonGeometrySpans {
  const spans: GeoJsonGeometrySpans = {
    type: typeOf(geometry) ?? '',
    geometry: { start: geometry.start, end: geometry.end },
  };
  if (geometry.kind === 'object') {
    const type = getProperty(geometry, 'type')?.value;
    const coordinates = getProperty(geometry, 'coordinates')?.value;
    if (type) spans.typeValue = { start: type.start, end: type.end };
    if (coordinates) spans.coordinates = { start: coordinates.start, end: coordinates.end };
  }
  return spans;
}

function makeFeature(
  walk: Walk,
  index: number,
  label: string,
  read: { read: ReadPolygons; multi: boolean },
  props: Record<string, AttributeValue>,
  location: Location,
  geometryLocation: Location,
  geometry: JsonNode,
): BoundaryFeature {
  const nodes = read.read.nodes;
  return {
    writer: geoJsonWriter(walk.lines.text, geometrySpans(geometry)),
    index,
    label,
    polygons: read.read.polygons,
    multi: read.multi,
    properties: props,
    location,
    geometryLocation,
    coordinateLocation: (p, r, c) => {
      const hit = nodes[p]?.[r]?.[c];
      return hit ? at(walk, hit.node, hit.path) : undefined;
    },
  };
}

export interface GeoJsonImportResult extends BoundaryImport {
  lines: LineIndex;
}

/**
 * Read GeoJSON text into WGS 84 boundary features. Problems go to `collector` (JS001 for JSON syntax,
 * IMP001/IMP003/IMP004, WGS005/WGS006 for the CRS); `failed` is set when nothing trustworthy came out.
 */
export function importGeoJson(text: string, collector: DiagnosticCollector): GeoJsonImportResult {
  const read = readJson(text);
  const lines = read.lines;
  const result: GeoJsonImportResult = {
    format: 'geojson',
    features: [],
    attributes: [],
    failed: false,
    lines,
  };
  if (!read.root) {
    if (collector.isEnabled(jsonSyntax)) collector.diagnostics.push(...read.diagnostics);
    result.failed = true;
    return result;
  }
  const root = read.root;
  const skipped: SkippedFeature[] = [];
  result.skipped = skipped;
  const walk: Walk = {
    lines,
    collector,
    features: result.features,
    skipped,
    attributes: result.attributes,
    attributeSet: new Set(),
  };
  const type = typeOf(root);
  if (type === 'FeatureCollection') {
    const features = getProperty(root as JsonObjectNode, 'features')?.value;
    if (features?.kind !== 'array') {
      collector.report(geojsonStructure, {
        messageId: 'badMember',
        data: { member: 'FeatureCollection', detail: '"features" must be an array of Feature objects' },
        location: at(walk, features ?? root, features ? ['features'] : []),
      });
      result.failed = true;
      return result;
    }
    (features as JsonArrayNode).items.forEach((node, i) => addFeature(walk, node, ['features', i], i + 1));
    if (features.items.length === 0) {
      collector.report(noBoundaries, {
        messageId: 'empty',
        data: { what: 'features' },
        location: at(walk, features, ['features']),
      });
      result.failed = true;
    }
  } else if (type === 'Feature') {
    addFeature(walk, root, [], 1);
  } else if (type !== undefined && GEOMETRY_TYPES.includes(type)) {
    const geometry = readGeometry(walk, root, [], 'the geometry');
    if (geometry)
      walk.features.push(
        makeFeature(walk, 1, 'the geometry', geometry, {}, at(walk, root, []), at(walk, root, []), root),
      );
  } else {
    collector.report(geojsonStructure, {
      messageId: 'notGeoJson',
      data: {
        detail:
          root.kind !== 'object'
            ? `the top level is ${root.kind === 'array' ? 'an array' : `a ${root.kind}`}, not a GeoJSON object`
            : type === undefined
              ? 'the top-level object has no "type"'
              : `"type": "${type}" is not a GeoJSON type`,
      },
      location: at(walk, root, []),
      hint: 'A boundary file is a FeatureCollection of polygon Features, a single Feature, or a Polygon/MultiPolygon.',
    });
    result.failed = true;
    return result;
  }

  // The 2008 GeoJSON "crs" member. RFC 7946 dropped it (coordinates are WGS 84), but GDAL still writes it.
  const crsNode = root.kind === 'object' ? getProperty(root, 'crs')?.value : undefined;
  if (crsNode?.kind === 'object') {
    const props = getProperty(crsNode, 'properties')?.value;
    const name = props?.kind === 'object' ? getProperty(props, 'name')?.value : undefined;
    const location = at(walk, crsNode, ['crs']);
    if (name?.kind === 'string') {
      const identified = identifySourceCrs(name.value, collector, location);
      if (!identified) {
        result.failed = true;
        return result;
      }
      const from = reprojectFeatures(result.features, identified, collector, location);
      if (from) result.reprojectedFrom = from;
    } else {
      collector.report(geojsonStructure, {
        messageId: 'badMember',
        data: {
          member: 'crs',
          detail: 'only a named CRS ({"type": "name", "properties": {"name": "EPSG:…"}}) is understood',
        },
        location,
      });
      result.failed = true;
    }
  }
  return result;
}
