import { defineRule } from '../rule.ts';

/** Reported by the KML boundary import (core/boundary/import-kml.ts). */
export const kmlUnreadable = defineRule({
  meta: {
    code: 'IMP002',
    name: 'kml-unreadable',
    group: 'boundary-import',
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
