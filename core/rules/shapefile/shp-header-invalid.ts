import { defineRule } from '../rule.ts';

/** Reported by the shapefile reader (core/shapefile) for the 100-byte .shp/.shx headers. */
export const shpHeaderInvalid = defineRule({
  meta: {
    code: 'RXS001',
    name: 'shp-header-invalid',
    group: 'shapefile',
    severity: 'error',
    messages: {
      tooShort: '{file} is {size} bytes long, shorter than the 100-byte shapefile header',
      fileCode: '{file} starts with file code {value}, not 9994: it is not a shapefile',
      version: '{file} has version {value}, not 1000',
      length: '{file} declares a length of {declared} bytes but is {actual} bytes long',
      shapeType: '{file} declares the unknown shape type {value}',
      shxShapeType: 'The .shx declares shape type {shx}, the .shp {shp}',
    },
    docs: {
      what: 'Reports a .shp or .shx whose fixed header is short, does not start with the shapefile file code 9994 and version 1000, declares a file length other than the real one, or names an unknown shape type.',
      why: 'Readers trust the header: a wrong length cuts records off or reads past the end, and a file that is not a shapefile cannot be imported at all.',
      example: 'A .shp truncated during upload: the header says 106,224 bytes, the file has 65,536.',
      useInstead: 'Export the shapefile again from the GIS or the prescription tool.',
    },
  },
});
