/**
 * Where the land is: Natural Earth's land at 1:10m (public domain), rasterised by scripts/land-mask.js into
 * cells of 0.1° that are sea, land or coast, and shipped as a small module (land-mask-data.ts, 107 KB of
 * text: each row's runs of one class). Coast means a coastline passes through the cell or next to it, so a
 * box of sea cells is decisively in the sea: a cell's width or more from any coast Natural Earth draws.
 * Nothing is read or fetched: the data is a module the bundler includes; a row is decoded the first time a
 * box touches it (a few microseconds) and kept.
 */
import { landMaskData } from './land-mask-data.ts';

export type Surface = 'sea' | 'land' | 'coast';

/** Boxes over more cells than this are not looked at (a field is a few cells at most). */
const MAX_CELLS = 2500;

/** Character → its 6-bit value in the data's alphabet (base64url's). */
const DIGITS = new Int8Array(128).fill(-1);
'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
  .split('')
  .forEach((c, i) => (DIGITS[c.charCodeAt(0)] = i));

/** One decoded row: the column after each run's last, and each run's class (0 sea, 1 land, 2 coast). */
interface Row {
  ends: Uint16Array;
  classes: Uint8Array;
}

export class LandMask {
  /** Rows decoded so far (a row is decoded when a box first touches it). */
  private readonly decodedRows: Array<Row | undefined>;

  constructor(
    readonly cellsPerDegree: number,
    readonly columns: number,
    readonly rows: number,
    private readonly rowOffsets: string,
    private readonly runs: string,
  ) {
    this.decodedRows = new Array<Row | undefined>(rows);
  }

  private digit(text: string, at: number): number {
    const d = DIGITS[text.charCodeAt(at)] ?? -1;
    if (d < 0) throw new Error(`the land mask data has a stray character at ${at}`);
    return d;
  }

  private row(r: number): Row {
    const cached = this.decodedRows[r];
    if (cached) return cached;
    const offset = (k: number): number =>
      (this.digit(this.rowOffsets, 3 * k) << 12) |
      (this.digit(this.rowOffsets, 3 * k + 1) << 6) |
      this.digit(this.rowOffsets, 3 * k + 2);
    const from = offset(r);
    const to = offset(r + 1);
    // At most one run per character.
    const ends = new Uint16Array(to - from);
    const classes = new Uint8Array(to - from);
    let n = 0;
    let column = 0;
    let value = 0;
    let shift = 0;
    for (let at = from; at < to; at++) {
      const d = this.digit(this.runs, at);
      value += (d & 31) << shift;
      if (d & 32) {
        shift += 5;
        continue;
      }
      column += value >>> 2;
      ends[n] = column;
      classes[n++] = value & 3;
      value = 0;
      shift = 0;
    }
    if (column !== this.columns) throw new Error(`the land mask data's row ${r} is ${column} cells wide`);
    const row = { ends: ends.subarray(0, n), classes: classes.subarray(0, n) };
    this.decodedRows[r] = row;
    return row;
  }

  /** The cell's row and column of a point (clamped to the grid). */
  private cell(lon: number, lat: number): [row: number, column: number] {
    const row = Math.min(this.rows - 1, Math.max(0, Math.floor((90 - lat) * this.cellsPerDegree)));
    const column = Math.min(this.columns - 1, Math.max(0, Math.floor((lon + 180) * this.cellsPerDegree)));
    return [row, column];
  }

  /** The classes found in columns from…to of a row, as bits (1 sea, 2 land, 4 coast). */
  private rowClasses(r: number, from: number, to: number): number {
    const { ends, classes } = this.row(r);
    let lo = 0;
    let hi = ends.length - 1;
    // The first run ending after `from`.
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((ends[mid] as number) <= from) lo = mid + 1;
      else hi = mid;
    }
    let bits = 0;
    for (let k = lo; k < ends.length; k++) {
      bits |= 1 << (classes[k] as number);
      if ((ends[k] as number) > to) break;
    }
    return bits;
  }

  /** What the point's cell is. */
  surfaceAt(lon: number, lat: number): Surface {
    const [row, column] = this.cell(lon, lat);
    const bits = this.rowClasses(row, column, column);
    return bits & 4 ? 'coast' : bits & 2 ? 'land' : 'sea';
  }

  /**
   * What the cells under a longitude/latitude box are: 'sea' when every one is sea, 'land' when every one is
   * land, else 'coast'; undefined for a box that is not a finite box within WGS 84 ranges or is larger than
   * a field can be (over MAX_CELLS cells).
   */
  surfaceOfBox(west: number, south: number, east: number, north: number): Surface | undefined {
    if (!(west >= -180 && east <= 180 && south >= -90 && north <= 90 && west <= east && south <= north))
      return undefined;
    const [top, left] = this.cell(west, north);
    const [bottom, right] = this.cell(east, south);
    if ((bottom - top + 1) * (right - left + 1) > MAX_CELLS) return undefined;
    let bits = 0;
    for (let row = top; row <= bottom; row++) {
      bits |= this.rowClasses(row, left, right);
      if (bits & 4 || (bits & 3) === 3) return 'coast';
    }
    return bits & 2 ? 'land' : 'sea';
  }
}

let mask: LandMask | undefined;

/** The land mask (its rows are decoded as boxes touch them, and kept). */
export function landMask(): LandMask {
  mask ??= new LandMask(
    landMaskData.cellsPerDegree,
    landMaskData.columns,
    landMaskData.rows,
    landMaskData.rowOffsets,
    landMaskData.runs,
  );
  return mask;
}

/** "52.50 E 13.40 N": a place to read, two decimals (about a kilometre). */
export function formatPlace(lon: number, lat: number): string {
  const part = (v: number, positive: string, negative: string): string =>
    `${Math.abs(v).toFixed(2)} ${v < 0 ? negative : positive}`;
  return `${part(lon, 'E', 'W')} ${part(lat, 'N', 'S')}`;
}
