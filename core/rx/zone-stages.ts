/**
 * The stages of the prescription zone checks (check-zones.ts) and what each finds, without a word of
 * diagnostics: the .shp header's shape type (found by validate-rx.ts, before the zones are read), each
 * record's geometry, the number of zones, coordinates that cannot be degrees, the rate column, each zone's
 * rate, each pair of overlapping zones, where the zones lie. The checks run the stages in one pass over the
 * shapefile; the rules of the zones (zone-rules.ts) visit their results and decide what is a problem, each
 * rule in one place.
 */
import type { ShapeFamily } from '../shapefile/shape-types.ts';
import type { RateColumnChoice } from './rate-column.ts';

/** A zone's rate value as the .dbf holds it. */
export type RateValue =
  | { kind: 'empty' }
  | { kind: 'number'; value: number }
  /** Not a number: the value as text. */
  | { kind: 'text'; text: string };

/** One stage's result, as the rules of the zones visit it; `shp` and `dbf` are the members' entry names. */
export type ZoneStage =
  /**
   * The shape type of the .shp header: its number and name, its family (undefined for a number the
   * specification does not define) and whether it carries Z values (M ones come with them).
   */
  | {
      stage: 'shapeType';
      shp: string;
      type: number;
      name: string;
      family: ShapeFamily | undefined;
      z: boolean;
    }
  /** A record with readable geometry, and how many polygons with points it has. */
  | { stage: 'record'; shp: string; record: number; polygons: number }
  /** The number of zones (records) and the most the service (or settings.maxZones) accepts. */
  | { stage: 'zones'; shp: string; count: number; limit: number }
  /**
   * Zones said (or, without a .prj, assumed) to be WGS 84 with a coordinate outside longitude/latitude
   * ranges: the one farthest out.
   */
  | { stage: 'notDegrees'; shp: string; crs: 'wgs84' | 'missing'; farthest: [number, number] }
  /** The rate column chosen, or why none was (`setting`: settings.rateColumn; `columns`: every column). */
  | {
      stage: 'rateColumn';
      dbf: string;
      choice: RateColumnChoice;
      setting: string | undefined;
      columns: readonly string[];
    }
  /**
   * One record's rate in the chosen column; `hasRow` is false for a record past the .dbf's last row
   * (that is reported once, as record-count-mismatch, not per zone).
   */
  | { stage: 'rate'; dbf: string; record: number; column: string; value: RateValue; hasRow: boolean }
  /** Two zones overlapping at a point, in longitude/latitude where it can be placed, else undefined. */
  | { stage: 'overlap'; shp: string; record: number; other: number; point: [number, number] | undefined }
  /** A zone that overlaps `limit` zones of lower records: those are `overlap` results, more were not looked for. */
  | { stage: 'overlapCrowded'; shp: string; record: number; limit: number }
  /**
   * Where the placed zones lie: the groups they form (zones within 2 km of each other belong together),
   * the largest distance between two groups, and the size of their extent, in km.
   */
  | { stage: 'extent'; shp: string; groups: number; farthestKm: number; widthKm: number; heightKm: number };
