import { attributeMapping } from './attribute-mapping.ts';
import { attributeMissing } from './attribute-missing.ts';
import { featureNotPolygon } from './feature-not-polygon.ts';
import { geojsonStructure } from './geojson-structure.ts';
import { kmlUnreadable } from './kml-unreadable.ts';
import { noBoundaries } from './no-boundaries.ts';

export const boundaryImportRules = [
  geojsonStructure,
  kmlUnreadable,
  featureNotPolygon,
  noBoundaries,
  attributeMissing,
  attributeMapping,
] as const;
