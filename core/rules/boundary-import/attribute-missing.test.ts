import { describe, expect, it } from 'vitest';
import type { BoundaryImport } from '../../boundary/boundary-feature.ts';
import { toFieldItems } from '../../boundary/field-attributes.ts';
import { DiagnosticCollector } from '../reporter.ts';

const ring = Float64Array.from([0, 0, 1, 0, 1, 1, 0, 0]);
function imported(properties: Array<Record<string, string | number | null>>): BoundaryImport {
  const attributes = [...new Set(properties.flatMap((p) => Object.keys(p)))];
  return {
    format: 'shapefile',
    attributes,
    failed: false,
    features: properties.map((p, i) => ({
      index: i + 1,
      label: `record ${i + 1} of f.shp`,
      polygons: [[ring]],
      multi: false,
      properties: p,
      location: { entry: 'f.shp', record: i + 1 },
      geometryLocation: { entry: 'f.shp', record: i + 1 },
    })),
  };
}

describe('IMP005 attribute-missing', () => {
  it('reports a target no attribute gives, once for the file, and converts nothing', () => {
    const collector = new DiagnosticCollector();
    const out = toFieldItems(imported([{ NAME: 'North' }]), { clientName: 'C' }, collector, {});
    expect(out).toEqual({ fields: [], complete: false });
    expect(collector.diagnostics.map((d) => [d.code, d.messageId, d.message])).toEqual([
      [
        'IMP005',
        'noSource',
        'No attribute gives the farmName of the fields (looked for farmName, farm, farm_nm, farmname, betrieb, …)',
      ],
      ['IMP006', 'guessed', 'name taken from the attribute NAME (guessed; set it with --map name=ATTRIBUTE)'],
    ]);
  });

  it('reports an empty value at the record and field, and a non-numeric acres as a warning', () => {
    const collector = new DiagnosticCollector();
    const out = toFieldItems(
      imported([
        { NAME: 'North', acres: 'n/a' },
        { NAME: ' ', acres: 12 },
      ]),
      { clientName: 'C', farmName: 'F' },
      collector,
      {},
    );
    expect(out.complete).toBe(false);
    expect(out.fields.map((f) => f.item)).toEqual([
      { clientName: 'C', farmName: 'F', name: 'North', boundary: 'POLYGON ((0 0, 1 0, 1 1, 0 0))' },
    ]);
    expect(
      collector.diagnostics
        .filter((d) => d.code === 'IMP005')
        .map((d) => [d.messageId, d.severity, d.location]),
    ).toEqual([
      ['acresNotNumber', 'warning', { entry: 'f.shp', record: 1, field: 'acres' }],
      ['empty', 'error', { entry: 'f.shp', record: 2, field: 'NAME' }],
    ]);
  });

  it('does not fire when every field has its values', () => {
    const collector = new DiagnosticCollector();
    const out = toFieldItems(
      imported([{ field_name: 'A', FARM: 'Home', Client: 'Smith', CSBACRES: 2.5 }]),
      {},
      collector,
      {},
    );
    expect(out.complete).toBe(true);
    expect(out.fields[0]?.item).toEqual({
      clientName: 'Smith',
      farmName: 'Home',
      name: 'A',
      boundary: 'POLYGON ((0 0, 1 0, 1 1, 0 0))',
      acres: 2.5,
    });
    expect(collector.diagnostics.filter((d) => d.code === 'IMP005')).toEqual([]);
  });
});
