import { describe, expect, it } from 'vitest';
import { DiagnosticCollector } from '../rules/reporter.ts';
import { importKml, looksLikeKml } from './import-kml.ts';

function run(text: string) {
  const collector = new DiagnosticCollector();
  const result = importKml(text, collector);
  return { result, diagnostics: collector.diagnostics };
}

const KML = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2">
<Document><name>Farm</name>
  <Placemark>
    <name>North 40</name>
    <ExtendedData><Data name="farm"><value>Home</value></Data>
      <SchemaData schemaUrl="#s"><SimpleData name="acres">40.2</SimpleData></SchemaData></ExtendedData>
    <Polygon>
      <innerBoundaryIs><LinearRing><coordinates>13.002,55.002 13.004,55.002 13.004,55.004 13.002,55.002</coordinates></LinearRing></innerBoundaryIs>
      <outerBoundaryIs><LinearRing><coordinates>
        13.0,55.0,0 13.01,55.0,0 13.01,55.01,0 13.0,55.01,0 13.0,55.0,0
      </coordinates></LinearRing></outerBoundaryIs>
    </Polygon>
  </Placemark>
  <Placemark><name>Two parts</name><MultiGeometry>
    <Polygon><outerBoundaryIs><LinearRing><coordinates>1,1 2,1 2,2 1,1</coordinates></LinearRing></outerBoundaryIs></Polygon>
    <Polygon><outerBoundaryIs><LinearRing><coordinates>3,3 4,3 4,4 3,3</coordinates></LinearRing></outerBoundaryIs></Polygon>
  </MultiGeometry></Placemark>
  <Placemark><name>Gate</name><Point><coordinates>13.0,55.0</coordinates></Point></Placemark>
</Document></kml>`;

describe('KML boundary import', () => {
  it('reads Placemark polygons (outer ring first), MultiGeometry, names and ExtendedData', () => {
    const { result, diagnostics } = run(KML);
    expect(result.features.map((f) => [f.label, f.multi, f.polygons.length, f.polygons[0]?.length])).toEqual([
      ['placemark "North 40"', false, 1, 2],
      ['placemark "Two parts"', true, 2, 1],
    ]);
    expect(result.features[0]?.properties).toEqual({ name: 'North 40', farm: 'Home', acres: '40.2' });
    expect(result.attributes).toEqual(['name', 'farm', 'acres']);
    expect(Array.from(result.features[0]?.polygons[0]?.[0] ?? []).slice(0, 4)).toEqual([13, 55, 13.01, 55]);
    // A point placemark is not a boundary: IMP003 at its <Placemark> tag, line 19.
    expect(
      diagnostics.map((d) => [
        d.code,
        d.messageId,
        d.location.range?.start.line,
        d.location.range?.start.column,
      ]),
    ).toEqual([['IMP003', 'notPolygon', 19, 3]]);
    // Each coordinate tuple keeps its character range.
    const loc = result.features[0]?.coordinateLocation?.(0, 0, 1);
    expect(KML.slice(loc?.range?.start.offset, loc?.range?.end.offset)).toBe('13.01,55.0,0');
    expect(loc?.range?.start.line).toBe(11);
  });

  it('refuses a DOCTYPE (no DTD or entity processing), at its position', () => {
    const text =
      '<?xml version="1.0"?>\n<!DOCTYPE kml [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<kml><Placemark><name>&x;</name></Placemark></kml>';
    const { result, diagnostics } = run(text);
    expect(result.failed).toBe(true);
    expect(result.features).toEqual([]);
    expect(diagnostics.map((d) => [d.code, d.messageId, d.location.range?.start.line])).toEqual([
      ['IMP002', 'doctype', 2],
    ]);
  });

  it('reports malformed XML at its line, a non-KML root, and bad coordinates', () => {
    const broken = run('<kml>\n<Placemark><name>A</nam></Placemark></kml>');
    expect(broken.diagnostics.map((d) => [d.code, d.messageId, d.location.range?.start.line])).toEqual([
      ['IMP002', 'syntax', 2],
    ]);
    expect(run('<gpx></gpx>').diagnostics.map((d) => [d.code, d.messageId])).toEqual([['IMP002', 'notKml']]);
    const coords = run(
      '<kml><Placemark><Polygon><outerBoundaryIs><LinearRing><coordinates>1,1 2;1 2,2 1,1</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark></kml>',
    );
    expect(coords.diagnostics.map((d) => [d.code, d.messageId])).toEqual([['IMP002', 'badCoordinates']]);
    expect(coords.diagnostics[0]?.message).toContain('"2;1" (point 1)');
  });

  it('reports IMP004 for a KML without placemarks', () => {
    expect(run('<kml><Document/></kml>').diagnostics.map((d) => d.code)).toEqual(['IMP004']);
  });

  it('sniffs KML', () => {
    expect(looksLikeKml('<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2">')).toBe(true);
    expect(looksLikeKml('<ModusResult>')).toBe(false);
  });
});
