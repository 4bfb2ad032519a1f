/** ESRI shapefile shape types (Shapefile Technical Description, 1998). */
export const SHAPE_TYPE_NAMES: Readonly<Record<number, string>> = {
  0: 'Null',
  1: 'Point',
  3: 'PolyLine',
  5: 'Polygon',
  8: 'MultiPoint',
  11: 'PointZ',
  13: 'PolyLineZ',
  15: 'PolygonZ',
  18: 'MultiPointZ',
  21: 'PointM',
  23: 'PolyLineM',
  25: 'PolygonM',
  28: 'MultiPointM',
  31: 'MultiPatch',
};

export type ShapeFamily = 'null' | 'point' | 'multipoint' | 'polyline' | 'polygon' | 'multipatch';

export function shapeTypeName(type: number): string {
  return SHAPE_TYPE_NAMES[type] ?? `unknown (${type})`;
}

export function shapeFamily(type: number): ShapeFamily | undefined {
  switch (type) {
    case 0:
      return 'null';
    case 1:
    case 11:
    case 21:
      return 'point';
    case 8:
    case 18:
    case 28:
      return 'multipoint';
    case 3:
    case 13:
    case 23:
      return 'polyline';
    case 5:
    case 15:
    case 25:
      return 'polygon';
    case 31:
      return 'multipatch';
    default:
      return undefined;
  }
}

export function hasZ(type: number): boolean {
  return type === 11 || type === 13 || type === 15 || type === 18 || type === 31;
}
