/** The properties of each kind's features, as a report gives them: fields and prescription zones. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validate } from '../engine/every-kind.ts';
import { isFieldFeature, isZoneFeature } from './geojson.ts';

const now = new Date('2026-11-22T12:00:00Z');
const read = (path: string) => ({
  name: path.split('/').pop() ?? path,
  bytes: new Uint8Array(readFileSync(new URL(`../../examples/${path}`, import.meta.url))),
});

describe('feature properties per kind', () => {
  it("a field's: row, label, statedAcres, areaAcres and valid", async () => {
    const report = await validate([read('fields/fields-with-problems.json')], { now });
    const features = report.files[0]?.features ?? [];
    expect(features.length).toBeGreaterThan(1);
    expect(features.filter((f) => !isFieldFeature(f))).toEqual([]);
    expect(features.filter(isZoneFeature)).toEqual([]);
    const measured = features.filter(isFieldFeature).find((f) => f.properties.areaAcres !== null);
    expect(measured?.properties).toMatchObject({ row: expect.any(Number), label: expect.any(String) });
    expect(typeof measured?.properties.areaAcres).toBe('number');
  });

  it("a prescription zone's: record, rate and acres", async () => {
    const report = await validate([read('rx/two-zone-rx.zip')], { now });
    const features = report.files[0]?.features ?? [];
    expect(features).toHaveLength(2);
    const zones = features.filter(isZoneFeature);
    expect(zones).toHaveLength(2);
    expect(features.filter(isFieldFeature)).toEqual([]);
    for (const zone of zones) {
      expect(typeof zone.properties.rate).toBe('number');
      expect(zone.properties.acres).toBeGreaterThan(0);
    }
  });
});
