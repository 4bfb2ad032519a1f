/** `validate` and `fix` hand over reports whose GeoJSON is plain data: no accessor anywhere in a feature. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fix, validate } from './every-kind.ts';

const now = new Date('2026-11-22T12:00:00Z');
const read = (path: string) => ({
  name: path.split('/').pop() ?? path,
  bytes: new Uint8Array(readFileSync(new URL(`../../examples/${path}`, import.meta.url))),
});

/** Paths (in a feature) of properties read through an accessor. */
function accessors(value: unknown, path = ''): string[] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(Object.getOwnPropertyDescriptors(value)).flatMap(([key, d]) =>
    d.get || d.set ? [`${path}.${key}`] : accessors(d.value, `${path}.${key}`),
  );
}

describe('features of a report', () => {
  it('are plain data: no accessors, and structuredClone and JSON give them back equal', async () => {
    const report = await validate([read('fields/boundaries.wkt'), read('fields/fields-with-problems.json')], {
      now,
    });
    const features = report.files.flatMap((f) => f.features ?? []);
    expect(features.filter((f) => f.geometry?.type === 'Polygon').length).toBeGreaterThan(2);
    expect(features.flatMap((f, i) => accessors(f, `[${i}]`))).toEqual([]);
    expect(structuredClone(features)).toStrictEqual(features);
    expect(JSON.parse(JSON.stringify(features))).toStrictEqual(features);
  });

  it('are plain data after a fix too', async () => {
    const { report } = await fix(read('fields/boundaries.wkt'), { safety: 'safe' }, { now });
    const features = report.files[0]?.features ?? [];
    expect(features.length).toBeGreaterThan(2);
    expect(features.flatMap((f, i) => accessors(f, `[${i}]`))).toEqual([]);
  });
});
