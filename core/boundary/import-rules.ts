/**
 * The rules the boundary imports report, group boundary-import: GeoJSON structure (import-geojson.ts), KML
 * that cannot be read (import-kml.ts), features without a polygon and files without a field (the GeoJSON,
 * KML and shapefile imports), and the field attributes taken from each feature (field-attributes.ts).
 * Defined beside the imports that report them; the registry (core/rules/registry.ts) gathers them.
 */

import { defineRule } from '../rules/rule.ts';

/** Reported by the GeoJSON boundary import (core/boundary/import-geojson.ts). */
export const geojsonStructure = defineRule({
  meta: {
    code: 'IMP001',
    name: 'geojson-structure',
    group: 'boundary-import',
    decidedIn: 'core/boundary/import-geojson.ts',
    severity: 'error',
    messages: {
      notGeoJson: 'Not GeoJSON: {detail}',
      badMember: 'Invalid GeoJSON {member}: {detail}',
      badCoordinates: 'Invalid coordinates: {detail}',
    },
    docs: {
      what: 'Reports GeoJSON that cannot be turned into field boundaries: a top level that is not a FeatureCollection, Feature, Polygon or MultiPolygon, a "features" that is not an array, a feature without "geometry", or coordinates that are not arrays of [x, y] numbers. The location is the JSON path and character range.',
      why: 'The import must know which features are fields and where their rings are; anything it skipped silently would be a field missing from the upload.',
      example: '{"type": "FeatureCollection", "features": {"type": "Feature"}}',
      useInstead:
        '{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {…}, "geometry": {…}}]}',
    },
  },
});

/** Reported by the KML boundary import (core/boundary/import-kml.ts). */
export const kmlUnreadable = defineRule({
  meta: {
    code: 'IMP002',
    name: 'kml-unreadable',
    group: 'boundary-import',
    decidedIn: 'core/boundary/import-kml.ts',
    severity: 'error',
    messages: {
      syntax: 'The KML is not well-formed XML: {detail}',
      doctype:
        'The KML has a document type declaration (<!DOCTYPE>); it is refused, because DTDs and entities can read files or expand without bound',
      notKml: 'The XML root element is <{root}>, not <kml>',
      badCoordinates: 'Invalid KML coordinates: {detail}',
    },
    docs: {
      what: 'Reports a KML file that cannot be read: XML that is not well-formed (at its line and column), a DOCTYPE (refused for safety), a root other than <kml>, or <coordinates> that are not "lon,lat[,alt]" tuples.',
      why: 'Nothing can be imported from a file that does not parse; DTDs are refused outright so that a hostile file cannot expand entities or pull in other files.',
      example:
        '<kml><Placemark><Polygon><outerBoundaryIs><LinearRing><coordinates>13.0,55.3 13.1</coordinates>…',
      useInstead: '<coordinates>13.0,55.3 13.1,55.3 13.1,55.4 13.0,55.3</coordinates>',
    },
  },
});

/** Reported by the boundary imports (core/boundary/) for each feature that has no polygon. */
export const featureNotPolygon = defineRule({
  meta: {
    code: 'IMP003',
    name: 'feature-not-polygon',
    group: 'boundary-import',
    decidedIn: [
      'core/boundary/import-kml.ts',
      'core/boundary/import-geojson.ts',
      'core/boundary/import-shapefile.ts',
    ],
    severity: 'error',
    messages: {
      notPolygon: '{feature} has a {type} geometry; a field boundary must be a Polygon or MultiPolygon',
      noGeometry: '{feature} has no geometry',
    },
    docs: {
      what: 'Reports a feature, placemark or shapefile record whose geometry is not a polygon (a point, a line, null or empty). It is not converted, and the conversion writes nothing unless told to skip such features.',
      why: 'The service accepts only Polygon and MultiPolygon boundaries; a field without one cannot be uploaded.',
      example: '{"type": "Feature", "geometry": {"type": "LineString", …}}',
      useInstead: '{"type": "Feature", "geometry": {"type": "Polygon", …}}',
    },
  },
});

/** Reported by the boundary imports (core/boundary/) when a file holds no field at all. */
export const noBoundaries = defineRule({
  meta: {
    code: 'IMP004',
    name: 'no-boundaries',
    group: 'boundary-import',
    decidedIn: [
      'core/boundary/import-kml.ts',
      'core/boundary/import-geojson.ts',
      'core/boundary/import-shapefile.ts',
    ],
    severity: 'error',
    messages: {
      empty: 'The file has no {what}; there is nothing to convert',
      noShapefile: 'The ZIP holds no shapefile (.shp with its .dbf); entries: {entries}',
      incomplete: 'The shapefile {shp} has no {missing} in the ZIP',
    },
    docs: {
      what: 'Reports a boundary file with nothing to import: a FeatureCollection without features, a KML without placemarks, or a ZIP without a complete shapefile (.shp and .dbf; .shx is optional for reading).',
      why: 'An upload with no fields is a mistake worth stopping for, usually the wrong file or a failed export.',
      example: '{"type": "FeatureCollection", "features": []}',
      useInstead: 'The file with the field boundaries.',
    },
  },
});

/** Reported by the boundary imports (core/boundary/field-attributes.ts), per feature. */
export const attributeMissing = defineRule({
  meta: {
    code: 'IMP005',
    name: 'attribute-missing',
    group: 'boundary-import',
    decidedIn: 'core/boundary/field-attributes.ts',
    severity: 'error',
    messages: {
      noSource: 'No attribute gives the {target} of the fields (looked for {candidates}, …)',
      empty: '{feature} has no value for {target} (attribute {attribute})',
      acresNotNumber: '{feature} has acres "{value}" in {attribute}, which is not a number; acres left out',
    },
    docs: {
      what: 'Reports a field whose clientName, farmName or name cannot be filled from its attributes (no mapped attribute, or an empty value), and acres values that are not numbers (a warning: acres are optional and left out).',
      why: 'The service requires clientName, farmName and name for every field; a field without them is rejected, and guessing a name would file it under the wrong farm.',
      example: 'a shapefile whose .dbf has only ID and AREA columns',
      useInstead:
        'fieldgate convert fields.zip --client "Smith Farms" --farm "Home" --map name=ID --to fields.json',
    },
  },
});

/** Reported by the boundary imports (core/boundary/field-attributes.ts), once per file. */
export const attributeMapping = defineRule({
  meta: {
    code: 'IMP006',
    name: 'attribute-mapping',
    group: 'boundary-import',
    decidedIn: 'core/boundary/field-attributes.ts',
    severity: 'info',
    messages: {
      guessed:
        '{target} taken from the attribute {attribute} (guessed; set it with --map {target}=ATTRIBUTE)',
      defaulted:
        'No attribute gives the {target} of the fields: every field gets {target} "{value}" ({reason}); set it with --{option} NAME or --map {target}=ATTRIBUTE',
      numbered:
        'No attribute gives the names of the fields: they are named "Field 1" … "Field {count}" in file order; set them with --map name=ATTRIBUTE',
      unknownAttribute:
        'The mapping {target}={attribute} names an attribute the file does not have; its attributes are {available}',
    },
    docs: {
      what: 'Says which attribute each field property (clientName, farmName, name, acres) was taken from when the import guessed it (name/NAME/field_name, farm, client, CSBACRES/acres …, case-insensitive), reports a mapping that names an attribute the file lacks (an error), and says which default convert used when nothing gives the farm (the file name without its extension) or the field names (Field 1, Field 2 …).',
      why: 'A guessed mapping can be wrong (a farm ID taken as the field name); saying what was used lets the person check it before the upload.',
      example: 'fieldgate convert fields.zip --map name=FIELDNAME  (the .dbf has FIELD_NAME)',
      useInstead: 'fieldgate convert fields.zip --map name=FIELD_NAME',
    },
  },
});

export const boundaryImportRules = [
  geojsonStructure,
  kmlUnreadable,
  featureNotPolygon,
  noBoundaries,
  attributeMissing,
  attributeMapping,
] as const;
