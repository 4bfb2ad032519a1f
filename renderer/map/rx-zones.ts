/**
 * What the map says of a prescription (Rx): its zones as a table (zone, rate, acres) and the unit of its
 * rates. A shapefile has no place for a unit; an Rx that names one does it in a column of its own (UNIT,
 * UOM, RATE_UNIT …) holding the same text on every zone, and that is the unit shown. Without one the
 * legend says so, rather than guess.
 */
import type { GeoJsonFeature } from '../../core/index.ts';

/** Column names taken as the rates' unit (compared case-insensitively). */
const UNIT_COLUMN = /^(units?|uom|rate_?units?|rate_?uom|unit_?of_?measure|app_?units?)$/i;

export interface ZoneRow {
  feature: number;
  zone: number;
  rate?: number;
  acres?: number;
}

/** The zones of an Rx, in the file's order: each with its rate and acres (as core read them). */
export function zoneRows(features: readonly GeoJsonFeature[]): ZoneRow[] {
  return features.map((f, i) => {
    const p = f.properties;
    const zone = typeof p.record === 'number' ? p.record : i + 1;
    return {
      feature: f.id,
      zone,
      ...(typeof p.rate === 'number' ? { rate: p.rate } : {}),
      ...(typeof p.acres === 'number' ? { acres: p.acres } : {}),
    };
  });
}

/** The rates' unit, when a unit column gives every zone the same one; else undefined. */
export function rateUnitOf(features: readonly GeoJsonFeature[]): string | undefined {
  let unit: string | undefined;
  for (const f of features) {
    const key = Object.keys(f.properties).find((k) => UNIT_COLUMN.test(k));
    const value = key === undefined ? undefined : f.properties[key];
    if (typeof value !== 'string' || value.trim() === '') return undefined;
    if (unit !== undefined && value.trim() !== unit) return undefined;
    unit = value.trim();
  }
  return unit;
}
