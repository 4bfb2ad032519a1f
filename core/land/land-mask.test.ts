import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { landMaskModule, outputPath } from '../../scripts/land-mask.js';
import { landMaskData } from './land-mask-data.ts';
import { formatPlace, landMask } from './land-mask.ts';

describe('the land mask', () => {
  it('is current: made from the installed world-atlas by scripts/land-mask.js, byte for byte', () => {
    const source = readFileSync(createRequire(import.meta.url).resolve('world-atlas/land-10m.json'));
    expect(createHash('sha256').update(source).digest('hex')).toBe(landMaskData.sha256);
    // Regenerated in memory (a third of a second): a change of the script or the data shows here.
    expect(landMaskModule()).toBe(readFileSync(outputPath, 'utf8'));
  });

  it('knows land, open sea and coasts', () => {
    const mask = landMask();
    const at = (lon: number, lat: number): string => mask.surfaceAt(lon, lat);
    expect(at(13.4, 52.5)).toBe('land'); // Brandenburg
    expect(at(-93.26, 45.12)).toBe('land'); // Minnesota
    expect(at(-103.27, 35.85)).toBe('land'); // New Mexico (the CSB sample)
    expect(at(52.5, 13.4)).toBe('sea'); // the Arabian Sea
    expect(at(-30, 40)).toBe('sea'); // the Atlantic, west of the Azores
    expect(at(-140, -50)).toBe('sea'); // the South Pacific
    expect(at(0, 0)).toBe('sea'); // Natural Earth's "Null Island" marker is left out
    expect(at(10.15, 54.35)).toBe('coast'); // Kiel
    expect(at(-25.67, 37.74)).toBe('coast'); // Ponta Delgada, Azores: islands count
    expect(at(45, -89)).toBe('coast'); // south of world-atlas's cut at 85.2° S: not known to be sea
    // The Caspian is sea, the Great Lakes are land (Natural Earth's land has no lakes).
    expect(at(50.5, 42)).toBe('sea');
    expect(at(-87, 44)).toBe('land');
  });

  it('reads a box as sea or land only when every cell under it is, and leaves out boxes no field has', () => {
    const mask = landMask();
    expect(mask.surfaceOfBox(13.3, 52.4, 13.5, 52.6)).toBe('land');
    expect(mask.surfaceOfBox(52.4, 13.3, 52.6, 13.5)).toBe('sea');
    // Across the coast of Skåne.
    expect(mask.surfaceOfBox(13.0, 55.0, 13.5, 55.6)).toBe('coast');
    // Across the antimeridian's edge and over Fiji.
    expect(mask.surfaceOfBox(178.0, -18.0, 179.0, -17.5)).toBe('coast');
    expect(mask.surfaceOfBox(-30, 40, -20, 50)).toBeUndefined(); // 10,000 cells
    expect(mask.surfaceOfBox(10, 50, 9, 51)).toBeUndefined(); // not a box
    expect(mask.surfaceOfBox(10, 50, 181, 51)).toBeUndefined();
    expect(mask.surfaceOfBox(NaN, 50, 10, 51)).toBeUndefined();
  });

  it('writes places to read', () => {
    expect(formatPlace(13.4, 52.5)).toBe('13.40 E 52.50 N');
    expect(formatPlace(-93.265, -45.1)).toBe('93.27 W 45.10 S');
  });
});
