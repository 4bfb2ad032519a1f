import { describe, expect, it } from 'vitest';
import { importKml } from '../../boundary/import-kml.ts';
import { DiagnosticCollector } from '../reporter.ts';

function codes(text: string): Array<[string, string, string | undefined]> {
  const collector = new DiagnosticCollector();
  importKml(text, collector);
  return collector.diagnostics.map((d) => [
    d.code,
    d.messageId,
    d.location.range && `${d.location.range.start.line}:${d.location.range.start.column}`,
  ]);
}

const polygon = (coords: string): string =>
  `<kml>\n<Placemark><name>A</name><Polygon><outerBoundaryIs><LinearRing><coordinates>${coords}</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark></kml>`;

describe('IMP002 kml-unreadable', () => {
  it('reports XML that is not well-formed at its line', () => {
    expect(codes('<kml>\n<Placemark>\n<name>A</name>\n</kml>')[0]?.slice(0, 2)).toEqual(['IMP002', 'syntax']);
    expect(codes('<kml>\n<Placemark>\n<name>A</name>\n</kml>')[0]?.[2]).toMatch(/^4:/);
  });

  it('refuses a DOCTYPE, even a harmless one', () => {
    expect(codes('<!DOCTYPE kml>\n<kml></kml>')).toEqual([['IMP002', 'doctype', '1:1']]);
  });

  it('reports a root that is not <kml>, and coordinates that are not tuples', () => {
    expect(codes('<?xml version="1.0"?>\n<gpx/>')).toEqual([['IMP002', 'notKml', '2:1']]);
    expect(codes(polygon('1,1 2 2,2 1,1'))).toEqual([['IMP002', 'badCoordinates', '2:81']]);
  });

  it('does not fire on a well-formed KML polygon', () => {
    expect(codes(polygon('1,1 2,1 2,2 1,1'))).toEqual([]);
  });
});
