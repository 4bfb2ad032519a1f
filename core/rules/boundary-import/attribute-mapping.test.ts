import { describe, expect, it } from 'vitest';
import type { BoundaryImport } from '../../boundary/boundary-feature.ts';
import { toFieldItems } from '../../boundary/field-attributes.ts';
import { DiagnosticCollector } from '../reporter.ts';

const ring = Float64Array.from([0, 0, 1, 0, 1, 1, 0, 0]);
const file: BoundaryImport = {
  format: 'geojson',
  attributes: ['FIELD_NAME', 'Area_ha', 'grower'],
  failed: false,
  features: [
    {
      index: 1,
      label: 'feature 1',
      polygons: [[ring]],
      multi: false,
      properties: { FIELD_NAME: 'North 40', Area_ha: 10, grower: 'Smith' },
      location: { path: ['features', 0] },
      geometryLocation: { path: ['features', 0, 'geometry'] },
    },
  ],
};

describe('IMP006 attribute-mapping', () => {
  it('says which attributes were guessed, converting hectares to acres', () => {
    const collector = new DiagnosticCollector();
    const out = toFieldItems(file, { farmName: 'Home' }, collector, {});
    expect(collector.diagnostics.map((d) => [d.code, d.severity, d.message])).toEqual([
      [
        'IMP006',
        'info',
        'clientName taken from the attribute grower (guessed; set it with --map clientName=ATTRIBUTE)',
      ],
      [
        'IMP006',
        'info',
        'name taken from the attribute FIELD_NAME (guessed; set it with --map name=ATTRIBUTE)',
      ],
      [
        'IMP006',
        'info',
        'acres taken from the attribute Area_ha (hectares × 2.4711) (guessed; set it with --map acres=ATTRIBUTE)',
      ],
    ]);
    expect(out.fields[0]?.item.acres).toBeCloseTo(24.7105, 4);
  });

  it('reports a mapping to an attribute the file lacks, as an error listing the attributes', () => {
    const collector = new DiagnosticCollector();
    const out = toFieldItems(file, { farmName: 'Home', mapping: { name: 'FIELDNAME' } }, collector, {});
    expect(out.complete).toBe(false);
    const d = collector.diagnostics.find((x) => x.messageId === 'unknownAttribute');
    expect([d?.code, d?.severity, d?.message]).toEqual([
      'IMP006',
      'error',
      'The mapping name=FIELDNAME names an attribute the file does not have; its attributes are FIELD_NAME, Area_ha, grower',
    ]);
  });

  it('does not fire when everything is mapped or given', () => {
    const collector = new DiagnosticCollector();
    toFieldItems(
      file,
      { clientName: 'C', farmName: 'F', mapping: { name: 'field_name', acres: 'AREA_HA' } },
      collector,
      {},
    );
    expect(collector.diagnostics).toEqual([]);
  });
});
